// `notifc:ignore CODE` comments: silencing findings where they are reported, and reporting unused ones.

/// Applies `notifc:ignore` comments: `// notifc:ignore E451` in Swift, Objective-C and manifests,
/// `<!-- notifc:ignore E451 -->` in property lists.
///
/// A comment silences findings with the codes it names on its own line and on the next line that is not
/// blank; in a property list, when that line is a `<key>`, also on the key's value (to the closing
/// `</array>` or `</dict>` of a multi-line value). A comment that silences nothing is warning `W455`.
public enum SuppressionFilter {
    struct Marker {
        var file: SourceFileID
        var range: SourceRange
        var codes: [String]
        var lines: ClosedRange<Int>
        var used = Set<String>()
    }

    /// `diagnostics` without the silenced ones, followed by a warning per unused comment.
    public static func apply(_ diagnostics: [Diagnostic], sources: SourceFileSet) -> [Diagnostic] {
        var markers: [Marker] = []
        var tables: [SourceFileID: LineTable] = [:]
        for file in sources.files where firstOffset(of: Suppressions.marker, in: file.bytes, from: 0) != nil {
            let table = LineTable(file)
            tables[file.id] = table
            markers += findMarkers(in: file, table: table)
        }
        guard !markers.isEmpty else { return diagnostics }
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard let range = diagnostic.range, let table = tables[range.file] else {
                kept.append(diagnostic)
                continue
            }
            let line = table.lineIndex(of: range.start)
            if let index = markers.firstIndex(where: {
                $0.file == range.file && $0.lines.contains(line) && $0.codes.contains(diagnostic.code.rawValue)
            }) {
                markers[index].used.insert(diagnostic.code.rawValue)
            } else {
                kept.append(diagnostic)
            }
        }
        for marker in markers {
            let unused = marker.codes.filter { !marker.used.contains($0) }
            guard !unused.isEmpty || marker.codes.isEmpty else { continue }
            let message = marker.codes.isEmpty
                ? "notifc:ignore names no diagnostic code"
                : "notifc:ignore \(unused.joined(separator: " ")) silences nothing here"
            kept.append(
                Diagnostic(
                    .unusedSuppression, message, at: marker.range,
                    help: ["name the code of a finding on this line or the next, or remove the comment"]))
        }
        return kept
    }

    /// The `notifc:ignore` comments of `file` and the lines each covers.
    private static func findMarkers(in file: SourceFile, table: LineTable) -> [Marker] {
        let isPlist = file.path.hasSuffix(".plist") || file.path.hasSuffix(".stringsdict")
        var markers: [Marker] = []
        for comment in comments(in: file, isPlist: isPlist) {
            let text = file.bytes[comment]
            guard let codes = Suppressions.codes(in: text),
                let markerStart = firstOffset(of: Suppressions.marker, in: file.bytes, from: comment.lowerBound)
            else { continue }
            let line = table.lineIndex(of: comment.lowerBound)
            var last = table.lineIndex(of: max(comment.lowerBound, comment.upperBound - 1))
            if let next = nextNonBlankLine(after: last, in: file, table: table) {
                last = next
                if isPlist, lineText(next, of: file, table: table).contains("<key>") {
                    last = valueEnd(afterKeyLine: next, in: file, table: table)
                }
            }
            var end = comment.upperBound
            if end > markerStart, file.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            markers.append(
                Marker(
                    file: file.id, range: SourceRange(file: file.id, start: markerStart, end: end), codes: codes,
                    lines: line...max(line, last)))
        }
        return markers
    }

    /// The byte ranges of the comments of `file`, found by the lexer of its language, so that `notifc:ignore`
    /// inside a string literal is not taken for a comment: `<!-- … -->` in property lists and `.stringsdict`
    /// files; `//` and `/* … */` in Swift, Objective-C (`.swift`, `.m`, `.mm`, `.h`) and `.strings` tables;
    /// none in String Catalogs (JSON has no comments); `//` in a manifest (any other file), read as Swift when
    /// the manifest's text does not pass screening (invalid UTF-8, a NUL byte), which is itself a finding.
    private static func comments(in file: SourceFile, isPlist: Bool) -> [Range<Int>] {
        if isPlist { return xmlComments(file.bytes) }
        if file.path.hasSuffix(".xcstrings") { return [] }
        if [".swift", ".m", ".mm", ".h", ".strings"].contains(where: { file.path.hasSuffix($0) }) {
            let language = CodeLanguage(path: file.path.hasSuffix(".strings") ? "Localizable.m" : file.path)
            return codeComments(file.bytes, language: language)
        }
        return TokenStream(file.bytes)?.comments ?? codeComments(file.bytes, language: .swift)
    }

    private static func codeComments(_ bytes: [UInt8], language: CodeLanguage) -> [Range<Int>] {
        CodeLexer.tokenize(bytes, language: language).suppressions.map { $0.start..<$0.end }
    }

    /// The `<!-- … -->` comments of an XML document (text inside `<![CDATA[ … ]]>` is not markup).
    private static func xmlComments(_ bytes: [UInt8]) -> [Range<Int>] {
        let open = Array("<!--".utf8), close = Array("-->".utf8)
        let cdataOpen = Array("<![CDATA[".utf8), cdataClose = Array("]]>".utf8)
        var comments: [Range<Int>] = []
        var index = 0
        while let tag = firstOffset(of: [UInt8(ascii: "<")], in: bytes, from: index) {
            if hasPrefix(open, in: bytes, at: tag) {
                let end = firstOffset(of: close, in: bytes, from: tag + open.count).map { $0 + close.count } ?? bytes.count
                comments.append(tag..<end)
                index = end
            } else if hasPrefix(cdataOpen, in: bytes, at: tag) {
                index = firstOffset(of: cdataClose, in: bytes, from: tag).map { $0 + cdataClose.count } ?? bytes.count
            } else {
                index = tag + 1
            }
        }
        return comments
    }

    /// The last line of the value of the `<key>` on line `keyLine`: the line the value starts on (the key's
    /// own line when the value follows `</key>` there, else the next line that is not blank), or, when that
    /// line opens a `<dict>` or `<array>` it does not close, the line that closes it (nested ones counted).
    private static func valueEnd(afterKeyLine keyLine: Int, in file: SourceFile, table: LineTable) -> Int {
        let keyLineBytes = table.byteRange(ofLine: keyLine)
        let closeKey = Array("</key>".utf8)
        let valueStartsOnKeyLine = firstOffset(of: closeKey, in: file.bytes, from: keyLineBytes.lowerBound).map { close in
            close + closeKey.count <= keyLineBytes.upperBound
                && file.bytes[(close + closeKey.count)..<keyLineBytes.upperBound].contains(where: { !isBlank($0) })
        } ?? false
        guard let valueLine = valueStartsOnKeyLine ? keyLine : nextNonBlankLine(after: keyLine, in: file, table: table)
        else { return keyLine }
        for (open, close) in [("<dict>", "</dict>"), ("<array>", "</array>")] {
            var depth = 0
            var line = valueLine
            repeat {
                let text = lineText(line, of: file, table: table)
                depth += occurrences(of: open, in: text) - occurrences(of: close, in: text)
                if line == valueLine, depth <= 0 { break }
                line += 1
            } while depth > 0 && line < table.lineCount
            if line > valueLine { return min(line, table.lineCount) - 1 }
        }
        return valueLine
    }

    private static func nextNonBlankLine(after line: Int, in file: SourceFile, table: LineTable) -> Int? {
        var next = line + 1
        while next < table.lineCount {
            if file.bytes[table.byteRange(ofLine: next)].contains(where: { !isBlank($0) }) { return next }
            next += 1
        }
        return nil
    }

    private static func lineText(_ line: Int, of file: SourceFile, table: LineTable) -> String {
        String(decoding: file.bytes[table.byteRange(ofLine: line)], as: UTF8.self)
    }

    private static func occurrences(of needle: String, in text: String) -> Int {
        let bytes = Array(text.utf8), pattern = Array(needle.utf8)
        var count = 0
        var index = 0
        while let found = firstOffset(of: pattern, in: bytes, from: index) {
            count += 1
            index = found + pattern.count
        }
        return count
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    private static func hasPrefix(_ prefix: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        index + prefix.count <= bytes.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
    }

    /// The offset of the first `needle` in `bytes` at or after `start`.
    private static func firstOffset(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0 else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, hasPrefix(needle, in: bytes, at: index) { return index }
            index += 1
        }
        return nil
    }
}
