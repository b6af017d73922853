// What one compilation produces: the sources, sorted diagnostics, the syntax trees and the manifest.

/// The outcome of ``Compiler/compile(_:options:)``.
public struct CompilationResult: Sendable {
    /// The inputs, for rendering diagnostics.
    public package(set) var sources: SourceFileSet
    /// Every diagnostic, in reporting order.
    public let diagnostics: [Diagnostic]
    /// The validated manifest; `nil` if and only if there is an error (warnings included under
    /// `warningsAsErrors`).
    public let manifest: Manifest?

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { manifest == nil }
    /// The number of errors.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The number of warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    /// Where the categories and extensions were declared (for checks that point into the manifest); empty
    /// unless ``CompilerOptions/keepsDeclarationLocations`` is set.
    let declarations: CheckedDeclarations
}

/// The checked extensions of a compilation, with their source locations (the actions and categories, the
/// bulk of a large manifest, are not kept).
struct CheckedDeclarations: Sendable {
    let extensions: [CheckedExtension]
}
