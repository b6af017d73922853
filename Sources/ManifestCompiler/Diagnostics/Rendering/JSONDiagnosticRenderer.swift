// Renders diagnostics as one JSON document (`--diagnostics-format json`); layout in docs/diagnostics.md.

/// `{"version": 1, "diagnostics": [...], "errorCount": n, "warningCount": n}`. Each diagnostic has
/// `severity`, `code`, `rule`, `message`, location fields (`file`, `line`, `column`, `endLine`,
/// `endColumn`; absent for unlocated diagnostics), `help` and `notes`.
enum JSONDiagnosticRenderer {
    static func render(_ diagnostics: [Diagnostic], locator: inout SourceLocator) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("version")
        writer.integer(1)
        writer.key("diagnostics")
        writer.beginArray()
        for diagnostic in diagnostics {
            writer.beginObject()
            writer.field("severity", diagnostic.severity.rawValue)
            writer.field("code", diagnostic.code.rawValue)
            writer.field("rule", diagnostic.code.name)
            writer.field("message", diagnostic.message)
            if let range = diagnostic.range { writeLocation(range, locator: &locator, into: &writer) }
            writer.field("help", strings: diagnostic.help)
            writer.key("notes")
            writer.beginArray()
            for note in diagnostic.notes {
                writer.beginObject()
                writer.field("message", note.message)
                if let range = note.range { writeLocation(range, locator: &locator, into: &writer) }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.key("errorCount")
        writer.integer(diagnostics.filter(\.countsAsError).count)
        writer.key("warningCount")
        writer.integer(diagnostics.filter { $0.severity == .warning }.count)
        writer.endObject()
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    private static func writeLocation(_ range: SourceRange, locator: inout SourceLocator, into writer: inout JSONWriter) {
        let span = locator.span(range)
        writer.field("file", span.path)
        for (key, value) in [
            ("line", span.start.line), ("column", span.start.column), ("endLine", span.end.line),
            ("endColumn", span.end.column),
        ] {
            writer.key(key)
            writer.integer(value)
        }
    }
}
