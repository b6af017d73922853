// The diagnostic output formats and the one entry point that renders a list in any of them.

/// How diagnostics are printed (`--diagnostics-format`).
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// The Swift compiler's layout with source snippets (to standard error).
    case text
    /// A JSON document (to standard output).
    case json
    /// SARIF 2.1.0 for code scanning (to standard output).
    case sarif
    /// GitHub Actions workflow commands, `::error file=…::` (to standard output).
    case github

    /// Whether the rendering goes to standard output rather than standard error.
    public var writesToStandardOutput: Bool { self != .text }
}

/// Renders diagnostics in the requested format.
public enum DiagnosticRenderer {
    /// The rendered text for `diagnostics` (empty when there are none, except for JSON and SARIF,
    /// which always produce a document).
    ///
    /// - Parameters:
    ///   - diagnostics: The diagnostics, in reporting order.
    ///   - sources: The files they point into.
    ///   - format: The output format.
    ///   - useColor: Whether to add ANSI colours (text only).
    public static func render(
        _ diagnostics: [Diagnostic], sources: SourceFileSet, format: DiagnosticFormat, useColor: Bool = false
    ) -> String {
        var locator = SourceLocator(sources: sources)
        switch format {
        case .text:
            return TextDiagnosticRenderer(style: useColor ? .ansi : .plain).render(diagnostics, locator: &locator)
        case .json:
            return JSONDiagnosticRenderer.render(diagnostics, locator: &locator)
        case .sarif:
            return SARIFDiagnosticRenderer.render(diagnostics, locator: &locator)
        case .github:
            return GitHubDiagnosticRenderer.render(diagnostics, locator: &locator)
        }
    }
}
