// The settings of one compilation.

/// How a compilation runs.
public struct CompilerOptions: Sendable {
    /// The input limits.
    public var limits: Limits
    /// Whether warnings count as errors (`--warnings-as-errors`).
    public var warningsAsErrors: Bool
    /// Rules that run only for some outputs (for example Swift name collisions when Swift is emitted).
    package var extraRules: [any ValidationRule] = []

    /// Creates options.
    public init(limits: Limits = .default, warningsAsErrors: Bool = false) {
        self.limits = limits
        self.warningsAsErrors = warningsAsErrors
    }
}
