// The compiler's diagnostics as LSP diagnostics, per file: the same as `notifc lint` reports for the manifests.
import ManifestCompiler

/// One diagnostic as the client sees it (compared with what was last published, so unchanged files are not resent).
struct PublishedDiagnostic: Equatable {
    struct Related: Equatable {
        var uri: String
        var start: Position
        var end: Position
        var message: String
    }

    var start: Position
    var end: Position
    var severity: Int
    var code: String
    var message: String
    var related: [Related]

    /// Converts `diagnostic`, whose range is in the workspace.
    init(_ diagnostic: Diagnostic, range: SourceRange, in analysis: Workspace.Analysis) {
        let positions = analysis.positions(range.file)
        start = positions.position(of: range.start)
        end = positions.position(of: range.end)
        severity = switch diagnostic.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
        code = diagnostic.code.rawValue
        var lines = [diagnostic.message]
        if let label = diagnostic.label, !label.isEmpty { lines.append(label) }
        related = []
        for note in diagnostic.notes {
            if let noteRange = note.range, noteRange.file.index < analysis.uris.count {
                let notePositions = analysis.positions(noteRange.file)
                related.append(Related(
                    uri: analysis.clientURIs[noteRange.file.index], start: notePositions.position(of: noteRange.start),
                    end: notePositions.position(of: noteRange.end), message: note.message))
            } else {
                lines.append("note: \(note.message)")
            }
        }
        lines += diagnostic.help.map { "help: \($0)" }
        message = lines.joined(separator: "\n")
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("range")
        Self.writeRange(start, end, to: &writer)
        writer.key("severity")
        writer.integer(severity)
        writer.field("code", code)
        writer.field("source", "notifc")
        writer.field("message", message)
        if !related.isEmpty {
            writer.key("relatedInformation")
            writer.beginArray()
            for item in related {
                writer.beginObject()
                writer.key("location")
                writer.beginObject()
                writer.field("uri", item.uri)
                writer.key("range")
                Self.writeRange(item.start, item.end, to: &writer)
                writer.endObject()
                writer.field("message", item.message)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
    }

    static func writeRange(_ start: Position, _ end: Position, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("start")
        TextPositions.write(start, to: &writer)
        writer.key("end")
        TextPositions.write(end, to: &writer)
        writer.endObject()
    }

    /// The most diagnostics published for one file (errors first, then warnings, then notes); the rest are summed
    /// up in one more, at the first of them.
    static let perFileLimit = 100

    /// Every file's diagnostics (files without any have an empty list), and the diagnostics that have no file
    /// of the workspace to show in (logged instead).
    static func byFile(_ analysis: Workspace.Analysis) -> (files: [[PublishedDiagnostic]], unplaced: [String]) {
        var all = Array(repeating: [PublishedDiagnostic](), count: analysis.uris.count)
        var unplaced: [String] = []
        for diagnostic in analysis.result.diagnostics {
            guard let range = diagnostic.range, range.file.index < all.count else {
                unplaced.append("\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]")
                continue
            }
            all[range.file.index].append(PublishedDiagnostic(diagnostic, range: range, in: analysis))
        }
        let files = all.map { diagnostics -> [PublishedDiagnostic] in
            guard diagnostics.count > perFileLimit else { return diagnostics }
            // Keep the most severe, in their order in the file.
            let ranked = diagnostics.indices.sorted { (diagnostics[$0].severity, $0) < (diagnostics[$1].severity, $1) }
            let kept = Set(ranked.prefix(perFileLimit))
            guard let first = diagnostics.indices.first(where: { !kept.contains($0) }) else { return diagnostics }
            var notice = diagnostics[first]
            let count = diagnostics.count - perFileLimit
            notice.severity = 3
            notice.code = DiagnosticCode.errorLimitReached.rawValue
            notice.message = "\(count) more problem\(count == 1 ? "" : "s") in this file not shown; fix the ones above first"
            notice.related = []
            return diagnostics.indices.filter(kept.contains).map { diagnostics[$0] } + [notice]
        }
        return (files, unplaced)
    }
}
