// The settings of one compilation.

/// How a compilation runs.
public struct CompilerOptions: Sendable {
    /// The input limits.
    public var limits: Limits
    /// Whether warnings count as errors (`--warnings-as-errors`).
    public var warningsAsErrors: Bool
    /// Rules that run only for some outputs (for example Swift name collisions when Swift is emitted).
    package var extraRules: [any ValidationRule] = []
    /// Whether the result keeps where each declaration was written (``CompilationResult/locations``). A caller
    /// that only emits (`notifc build`) turns it off, so a large manifest's locations are freed before its
    /// outputs are built.
    public var keepsLocations = true
    /// The strings table the outputs use in place of the manifest's (`build --strings-table`); the checks that
    /// depend on the table's name (an extension folder named like its String Catalog) see this one.
    public var stringsTable: String?

    /// Creates options.
    public init(limits: Limits = .default, warningsAsErrors: Bool = false) {
        self.limits = limits
        self.warningsAsErrors = warningsAsErrors
    }
}
