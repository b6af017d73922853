// Quick fixes: every "did you mean", removing an unused action, adding a missing storyboard or principal class.
import ManifestCompiler

extension LanguageServer {
    mutating func codeActions(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let uri = try params.object("textDocument").uri("uri")
        let requested = try params.range()
        let analysis = analysis()
        guard let file = analysis.file(uri) else { return Outgoing.response(id: id) { $0.null() } }
        let positions = analysis.positions(file)
        let start = positions.offset(of: requested.start)
        let end = positions.offset(of: requested.end)
        // Every action here is a quick fix: none when the client asks only for other kinds (`refactor`, `source`).
        let only = params.optionalObject("context")?.optionalArray("only")?.compactMap { $0.node?.string }
        guard only.map({ $0.contains { Self.includesQuickFixes($0) } }) ?? true else {
            return Outgoing.response(id: id) { writer in
                writer.beginArray()
                writer.endArray()
            }
        }
        let fixes = analysis.result.diagnostics.flatMap { diagnostic -> [QuickFix] in
            guard let range = diagnostic.range, range.file == file, range.start <= end, start <= range.end else {
                return []
            }
            return Self.quickFixes(for: diagnostic, at: range, analysis)
        }
        return Outgoing.response(id: id) { writer in
            writer.beginArray()
            for fix in fixes {
                writer.beginObject()
                writer.field("title", fix.title)
                writer.field("kind", "quickfix")
                writer.key("diagnostics")
                writer.beginArray()
                PublishedDiagnostic(fix.diagnostic, range: fix.range, in: analysis).write(to: &writer)
                writer.endArray()
                if fix.isPreferred {
                    writer.key("isPreferred")
                    writer.bool(true)
                }
                writer.key("edit")
                writer.beginObject()
                writer.key("changes")
                writer.beginObject()
                writer.key(analysis.clientURIs[fix.edit.file.index])
                writer.beginArray()
                writeTextEdit(fix.edit, fix.newText, analysis: analysis, to: &writer)
                writer.endArray()
                writer.endObject()
                writer.endObject()
                writer.endObject()
            }
            writer.endArray()
        }
    }

    /// One fix: a single edit in the diagnostic's file.
    struct QuickFix {
        var title: String
        var diagnostic: Diagnostic
        var range: SourceRange
        var edit: SourceRange
        var newText: String
        var isPreferred = false
    }

    static func quickFixes(for diagnostic: Diagnostic, at range: SourceRange, _ analysis: Workspace.Analysis) -> [QuickFix] {
        var fixes: [QuickFix] = []
        let bytes = analysis.bytes(range.file)
        let written = String(decoding: bytes[min(range.start, bytes.count)..<min(range.end, bytes.count)], as: UTF8.self)
        for help in diagnostic.help {
            guard let suggestion = suggestedName(in: help), !written.isEmpty, !written.contains("\n") else { continue }
            // An intent identifier is a string value (`intentIdentifiers: ["INSendMessageIntent"]`); a name, key or
            // word is quoted only when it is not a plain word.
            let isStringValue = diagnostic.code == .unknownIntent || diagnostic.code == .identifierWhitespace
            let text = isStringValue ? StringEscapes.literal(suggestion) : StringEscapes.name(suggestion)
            fixes.append(QuickFix(
                title: "Replace '\(written)' with '\(text)'", diagnostic: diagnostic, range: range, edit: range,
                newText: text, isPreferred: true))
        }
        let checked = analysis.result.checked
        switch diagnostic.code {
        case .unusedAction:
            if let index = checked.locations.actions.firstIndex(where: { $0.name == range }) {
                let declaration = checked.locations.actions[index].range
                fixes.append(QuickFix(
                    title: "Remove unused action '\(checked.actions[index].identifier)'", diagnostic: diagnostic,
                    range: range, edit: wholeLines(declaration, bytes), newText: ""))
            }
        case .missingEntryPoint, .missingRequiredKey:
            guard let index = checked.locations.extensions.firstIndex(where: {
                $0.range.file == range.file && $0.range.start <= range.start && range.end <= $0.range.end
            }) else { break }
            let location = checked.locations.extensions[index]
            guard !location.wrote(.storyboard), !location.wrote(.principalClass) else { break }
            // While the body is not closed yet there is no `}` to insert before: no fix until it is.
            let end = min(location.range.end, bytes.count)
            guard end > location.range.start, bytes[end - 1] == UInt8(ascii: "}") else { break }
            let isContent = checked.extensions[index].kind == .content
            var entries: [(ManifestKey, String)] = []
            if isContent { entries.append((.storyboard, "MainInterface")) }
            entries.append((.principalClass, isContent ? "$(PRODUCT_MODULE_NAME).NotificationViewController"
                : "$(PRODUCT_MODULE_NAME).NotificationService"))
            for (key, value) in entries {
                let (edit, text) = insertion(of: "\(key.rawValue): \"\(value)\"", before: location.range, bytes)
                fixes.append(QuickFix(
                    title: "Add \(key.rawValue): \"\(value)\"", diagnostic: diagnostic, range: range, edit: edit,
                    newText: text))
            }
        default: break
        }
        return fixes
    }

    /// Whether the code action kind `kind` includes `quickfix`: it is `quickfix` or empty (every kind).
    static func includesQuickFixes(_ kind: String) -> Bool {
        kind.isEmpty || kind == "quickfix"
    }

    /// The name in a help line `did you mean 'name'?`.
    static func suggestedName(in help: String) -> String? {
        let prefix = "did you mean '"
        guard help.hasPrefix(prefix), help.hasSuffix("'?") else { return nil }
        let name = help.dropFirst(prefix.count).dropLast(2)
        return name.isEmpty ? nil : String(name)
    }

    /// What removing the declaration at `range` removes: its whole lines, with the line break after them and one
    /// blank line before them, when nothing else is on them; otherwise the declaration and the blanks after it,
    /// so that another declaration or a comment on the same line stays.
    static func wholeLines(_ range: SourceRange, _ bytes: [UInt8]) -> SourceRange {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = min(range.start, bytes.count)
        while start > 0, isBlank(bytes[start - 1]) { start -= 1 }
        var end = min(range.end, bytes.count)
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        let aloneBefore = start == 0 || bytes[start - 1] == UInt8(ascii: "\n")
        let aloneAfter = end == bytes.count || bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r")
        guard aloneBefore, aloneAfter else {
            // The blanks on one side go with it: before it when it ends the line, else after it (the line's
            // indentation stays).
            return SourceRange(file: range.file, start: aloneAfter ? start : min(range.start, bytes.count), end: end)
        }
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end < bytes.count { end += 1 }
        // One blank line before it goes too (its line break, LF or CRLF).
        if start >= 2, bytes[start - 1] == UInt8(ascii: "\n") {
            if bytes[start - 2] == UInt8(ascii: "\n") {
                start -= 1
            } else if start >= 4, bytes[start - 2] == UInt8(ascii: "\r"), bytes[start - 3] == UInt8(ascii: "\n"),
                bytes[start - 4] == UInt8(ascii: "\r")
            {
                start -= 2
            }
        }
        return SourceRange(file: range.file, start: start, end: end)
    }

    /// The file's line break: CRLF when its first line ends in one, else LF.
    static func lineBreak(in bytes: [UInt8]) -> String {
        guard let first = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
        return first > 0 && bytes[first - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    /// Where and what to insert so that `entry` becomes the last entry of the declaration at `declaration`,
    /// on a line of its own, indented as `fmt` indents, with the file's line breaks.
    static func insertion(of entry: String, before declaration: SourceRange, _ bytes: [UInt8]) -> (SourceRange, String) {
        let closing = max(declaration.start, min(declaration.end, bytes.count) - 1)  // the `}`
        var lineStart = closing
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") {
            lineStart -= 1
        }
        let newline = lineBreak(in: bytes)
        if lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: "\n") {
            return (SourceRange.point(declaration.file, lineStart), "    \(entry)\(newline)")
        }
        return (SourceRange.point(declaration.file, closing), "\(newline)    \(entry)\(newline)")
    }
}
