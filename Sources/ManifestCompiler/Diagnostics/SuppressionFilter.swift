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
        for file in sources.files where contains(file.bytes, Suppressions.marker) {
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

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    private static func findMarkers(in file: SourceFile, table: LineTable) -> [Marker] {
        let isPlist = file.path.hasSuffix(".plist")
        var markers: [Marker] = []
        for line in 0..<table.lineCount {
            let bytes = table.byteRange(ofLine: line)
            let text = file.bytes[bytes]
            guard let codes = Suppressions.codes(in: text) else { continue }
            // Only in a comment: after `//` or `<!--` on the line.
            let lineText = String(decoding: text, as: UTF8.self)
            guard lineText.contains("//") || lineText.contains("<!--") || lineText.contains("/*") else { continue }
            var last = line
            var next = line + 1
            while next < table.lineCount, isBlank(file.bytes[table.byteRange(ofLine: next)]) { next += 1 }
            if next < table.lineCount {
                last = next
                let nextText = String(decoding: file.bytes[table.byteRange(ofLine: next)], as: UTF8.self)
                if isPlist, nextText.contains("<key>") {
                    var value = next + 1
                    while value < table.lineCount, isBlank(file.bytes[table.byteRange(ofLine: value)]) { value += 1 }
                    last = min(value, table.lineCount - 1)
                    let valueText = String(decoding: file.bytes[table.byteRange(ofLine: last)], as: UTF8.self)
                    for (open, close) in [("<array>", "</array>"), ("<dict>", "</dict>")] where valueText.contains(open) && !valueText.contains(close) {
                        var end = last + 1
                        while end < table.lineCount, !String(decoding: file.bytes[table.byteRange(ofLine: end)], as: UTF8.self).contains(close) { end += 1 }
                        last = min(end, table.lineCount - 1)
                    }
                }
            }
            let markerStart = bytes.lowerBound + (offset(of: Suppressions.marker, in: Array(text)) ?? 0)
            markers.append(
                Marker(
                    file: file.id, range: SourceRange(file: file.id, start: markerStart, end: bytes.upperBound), codes: codes,
                    lines: line...max(line, last)))
        }
        return markers
    }

    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }

    private static func offset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
