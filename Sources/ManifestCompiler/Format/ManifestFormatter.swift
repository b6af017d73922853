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
        let overLimits = limitsExceeded(by: tree, printedAs: text, in: file, limits: limits)
        guard !overLimits.hasErrors else { return .invalid(overLimits) }
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

    /// The limits the formatted text would break though the file keeps them: escapes (`\t`, `\u{A0}`) make a
    /// string longer than it was written, and one entry per line makes a file longer.
    private static func limitsExceeded(
        by tree: SyntaxTree, printedAs text: String, in file: SourceFile, limits: Limits
    ) -> DiagnosticBag {
        var diagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
        let escapesHelp = "fmt writes tabs, line breaks and invisible characters as escapes such as '\\t' and '\\u{A0}'"
        func check(_ string: String, at range: SourceRange) {
            let length = StringEscapes.literal(string).utf8.count - 2
            guard length > limits.maxStringLength else { return }
            diagnostics.append(
                Diagnostic(
                    .tokenTooLong,
                    "string would be too long once formatted (\(length) bytes with its escapes; the limit is "
                        + "\(limits.maxStringLength))", at: range, help: [escapesHelp + "; shorten the string"]))
        }
        func check(_ value: ValueSyntax) {
            switch value.kind {
            case .string(let string): check(string, at: value.range)
            case .number, .word: break
            case .list(let elements): elements.forEach(check)
            case .call(let callee, let arguments):
                check(callee.text, at: callee.range)
                arguments.forEach(check)
            }
        }
        for declaration in tree.declarations {
            if let name = declaration.name { check(name.text, at: name.range) }
            for entry in declaration.entries {
                check(entry.key.text, at: entry.key.range)
                if let value = entry.value { check(value) }
            }
        }
        if text.utf8.count > limits.maxManifestFileSize {
            diagnostics.append(
                Diagnostic(
                    .fileTooLarge,
                    "file would be too large once formatted (\(text.utf8.count) bytes; the limit is "
                        + "\(limits.maxManifestFileSize))", at: .point(file.id, 0),
                    help: ["fmt writes one entry and one list element per line; split the manifest into several files"]))
        }
        return diagnostics
    }

    /// The text of every comment without trailing whitespace, in order.
    private static func comments(of tree: SyntaxTree, in file: SourceFile) -> [String] {
        tree.comments.map { CommentAttacher.trimmedComment(file.text(in: $0)) }
    }
}
