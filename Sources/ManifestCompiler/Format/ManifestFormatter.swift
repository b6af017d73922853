// The formatter's entry point: parse a file, lay it out canonically, and prove the result means the same.

/// What formatting one file gives.
public enum FormatOutcome: Sendable {
    /// The file's canonical text (possibly equal to the file).
    case formatted(String)
    /// The file cannot be read as a manifest (size, encoding, lexical or syntax errors); the bag holds the
    /// diagnostics. It must be left as it is.
    case invalid(DiagnosticBag)
    /// The formatted text would not parse to the same declarations and comments (a formatter bug, never
    /// expected). The file must be left as it is.
    case internalFailure
}

/// Formats manifest files in ``CanonicalStyle``, keeping comments (`notifc fmt`).
///
/// Only syntax matters: a file with semantic errors (an unknown key, a missing reference) is formatted, since
/// it may be one of several files that form a manifest. Declarations, entries and list elements keep their
/// order. Every result is checked before it is returned: it must parse without errors into the same
/// declarations, entries and values, with the same comments in the same order.
public enum ManifestFormatter {
    /// Formats `file`.
    public static func format(_ file: SourceFile, limits: Limits = .default) -> FormatOutcome {
        var diagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
        guard let tree = parse(file, limits: limits, into: &diagnostics), !diagnostics.hasErrors else {
            return .invalid(diagnostics)
        }
        let text = SyntaxPrinter.text(of: tree, source: file)
        let output = SourceFile(id: file.id, path: file.path, bytes: Array(text.utf8))
        var outputDiagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
        guard let outputTree = parse(output, limits: limits, into: &outputDiagnostics), !outputDiagnostics.hasErrors,
            SyntaxEquivalence.sameDeclarations(tree, outputTree),
            comments(of: tree, in: file) == comments(of: outputTree, in: output)
        else { return .internalFailure }
        return .formatted(text)
    }

    private static func parse(_ file: SourceFile, limits: Limits, into diagnostics: inout DiagnosticBag) -> SyntaxTree? {
        guard TextScreening.screen(file, limits: limits, into: &diagnostics) else { return nil }
        var budget = limits.maxDeclarations
        return Parser.parse(file, limits: limits, declarationBudget: &budget, diagnostics: &diagnostics)
    }

    /// The text of every comment without trailing whitespace, in order.
    private static func comments(of tree: SyntaxTree, in file: SourceFile) -> [String] {
        tree.comments.map { CommentAttacher.trimmedComment(file.text(in: $0)) }
    }
}
