// Renders diagnostics as a SARIF 2.1.0 log for code scanning (`--diagnostics-format sarif`).

/// One run by the `notifc` driver. Rules are the codes that occur, sorted; columns are Unicode code
/// points (`columnKind: unicodeCodePoints`); notes with a location become `relatedLocations`; help
/// lines are appended to the message text.
enum SARIFDiagnosticRenderer {
    static func render(_ diagnostics: [Diagnostic], locator: inout SourceLocator) -> String {
        let codes = Array(Set(diagnostics.map(\.code))).sorted()
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        writer.field("version", "2.1.0")
        writer.key("runs")
        writer.beginArray()
        writer.beginObject()
        writer.key("tool")
        writer.beginObject()
        writer.key("driver")
        writer.beginObject()
        writer.field("name", "notifc")
        writer.field("version", NotifcVersion.current)
        writer.key("rules")
        writer.beginArray()
        for code in codes {
            writer.beginObject()
            writer.field("id", code.rawValue)
            writer.field("name", code.name)
            writer.key("shortDescription")
            writer.beginObject()
            writer.field("text", code.summary)
            writer.endObject()
            writer.key("defaultConfiguration")
            writer.beginObject()
            writer.field("level", level(code.defaultSeverity))
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.endObject()
        writer.field("columnKind", "unicodeCodePoints")
        writer.key("results")
        writer.beginArray()
        for diagnostic in diagnostics {
            writer.beginObject()
            writer.field("ruleId", diagnostic.code.rawValue)
            writer.key("ruleIndex")
            writer.integer(codes.firstIndex(of: diagnostic.code) ?? 0)
            writer.field("level", level(diagnostic.severity))
            writer.key("message")
            writer.beginObject()
            writer.field("text", ([diagnostic.message] + diagnostic.help.map { "help: " + $0 }).joined(separator: "\n"))
            writer.endObject()
            writer.key("locations")
            writer.beginArray()
            if let range = diagnostic.range {
                writer.beginObject()
                writePhysicalLocation(range, locator: &locator, into: &writer)
                writer.endObject()
            }
            writer.endArray()
            let related = diagnostic.notes.compactMap { note in note.range.map { (note.message, $0) } }
            if !related.isEmpty {
                writer.key("relatedLocations")
                writer.beginArray()
                for (index, (message, range)) in related.enumerated() {
                    writer.beginObject()
                    writer.key("id")
                    writer.integer(index)
                    writePhysicalLocation(range, locator: &locator, into: &writer)
                    writer.key("message")
                    writer.beginObject()
                    writer.field("text", message)
                    writer.endObject()
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.endArray()
        writer.endObject()
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func writePhysicalLocation(
        _ range: SourceRange, locator: inout SourceLocator, into writer: inout JSONWriter
    ) {
        let span = locator.span(range)
        writer.key("physicalLocation")
        writer.beginObject()
        writer.key("artifactLocation")
        writer.beginObject()
        writer.field("uri", uriReference(span.path))
        writer.endObject()
        writer.key("region")
        writer.beginObject()
        for (key, value) in [
            ("startLine", span.start.line), ("startColumn", span.start.column), ("endLine", span.end.line),
            ("endColumn", span.end.column),
        ] {
            writer.key(key)
            writer.integer(value)
        }
        writer.endObject()
        writer.endObject()
    }

    /// A relative URI reference for a path: unreserved characters and `/` as is, everything else
    /// percent-encoded (so spaces and non-ASCII names stay valid URIs).
    static func uriReference(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return result
    }
}
