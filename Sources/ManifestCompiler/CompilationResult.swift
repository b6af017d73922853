// What one compilation produces: the sources, sorted diagnostics, the manifest and where it was written.

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
    /// Where each declaration's parts were written, at the positions of the manifest's arrays (for checks
    /// that point into the manifest, and for editors); empty when ``CompilerOptions/keepsLocations`` is off.
    public let locations: SourceMap
    /// Every named declaration as checked, errors or not, at the positions of ``locations`` (for the language
    /// server, which needs the names and lists of a manifest that does not compile yet); empty when
    /// ``CompilerOptions/keepsLocations`` is off.
    package var checked = CheckedManifest()
}
