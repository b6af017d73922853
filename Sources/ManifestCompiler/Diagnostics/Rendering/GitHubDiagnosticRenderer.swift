// Renders diagnostics as GitHub Actions workflow commands (`--diagnostics-format github`).

/// One line per diagnostic: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=notifc E306::message`.
/// Warnings use `::warning`, notes `::notice`. Help lines are appended to the message after
/// line breaks (`%0A`); located notes become their own `::notice` lines.
enum GitHubDiagnosticRenderer {
    static func render(_ diagnostics: [Diagnostic], locator: inout SourceLocator) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let message = ([diagnostic.message] + diagnostic.help.map { "help: " + $0 }).joined(separator: "\n")
            output += line(
                command(diagnostic.severity), range: diagnostic.range, title: "notifc \(diagnostic.code.rawValue)",
                message: message, locator: &locator)
            for note in diagnostic.notes where note.range != nil {
                output += line("notice", range: note.range, title: "notifc note", message: note.message, locator: &locator)
            }
        }
        return output
    }

    private static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    private static func line(
        _ command: String, range: SourceRange?, title: String, message: String, locator: inout SourceLocator
    ) -> String {
        var properties: [String] = []
        if let range {
            let span = locator.span(range)
            properties = [
                "file=\(escape(span.path, inProperty: true))", "line=\(span.start.line)", "col=\(span.start.column)",
                "endLine=\(span.end.line)", "endColumn=\(span.end.column)",
            ]
        }
        properties.append("title=\(escape(title, inProperty: true))")
        return "::\(command) \(properties.joined(separator: ","))::\(escape(message, inProperty: false))\n"
    }

    /// Workflow-command escaping: `%`, CR and LF, and in a property value (`inProperty`) also `:` and `,`.
    static func escape(_ text: String, inProperty: Bool) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case ":" where inProperty: "%3A"
            case "," where inProperty: "%2C"
            default: nil
            }
        }
    }
}
