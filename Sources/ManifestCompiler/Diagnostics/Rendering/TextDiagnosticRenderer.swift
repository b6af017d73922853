// Renders diagnostics in the Swift compiler's shape: header, source line, caret, notes and help lines.

/// ANSI styling for the text renderer; `.plain` adds nothing (golden files are always plain).
struct TextStyle {
    let bold: String
    let error: String
    let warning: String
    let note: String
    let gutter: String
    let reset: String

    static let plain = TextStyle(bold: "", error: "", warning: "", note: "", gutter: "", reset: "")
    static let ansi = TextStyle(
        bold: "\u{1B}[1m", error: "\u{1B}[1;31m", warning: "\u{1B}[1;33m", note: "\u{1B}[1;36m",
        gutter: "\u{1B}[34m", reset: "\u{1B}[0m")

    func color(for severity: Severity) -> String {
        switch severity {
        case .error: error
        case .warning: warning
        case .note: note
        }
    }
}

/// Renders:
///
/// ```
/// manifests/app.notif:12:30: error: unknown category 'remindr' [E306]
///  12 |     categories: [invitation, remindr]
///     |                              ^~~~~~~
///     = help: did you mean 'reminder'?
/// ```
///
/// Columns count Unicode scalars; the caret line repeats tabs and widens for East Asian wide
/// characters so it lines up in a terminal. Lines longer than ``maximumSnippetWidth`` are cut around
/// the caret.
struct TextDiagnosticRenderer {
    let style: TextStyle
    static let maximumSnippetWidth = 120

    func render(_ diagnostics: [Diagnostic], locator: inout SourceLocator) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let gutter = gutterWidth(diagnostic, locator: &locator)
            output += header(diagnostic.severity, diagnostic.message, code: diagnostic.code, range: diagnostic.range, locator: &locator)
            if let range = diagnostic.range {
                output += snippet(range, label: diagnostic.label, severity: diagnostic.severity, gutter: gutter, locator: &locator)
            }
            for help in diagnostic.help { output += annotation("help", help, gutter: gutter) }
            for note in diagnostic.notes where note.range == nil { output += annotation("note", note.message, gutter: gutter) }
            for note in diagnostic.notes {
                guard let range = note.range else { continue }
                output += header(.note, note.message, code: nil, range: range, locator: &locator)
                output += snippet(range, label: nil, severity: .note, gutter: gutter, locator: &locator)
            }
        }
        return output
    }

    /// `   = help: …`, with the `=` under the snippet's `|`.
    private func annotation(_ kind: String, _ text: String, gutter: Int) -> String {
        " " + String(repeating: " ", count: gutter) + " \(style.gutter)=\(style.reset) \(style.bold)\(kind):\(style.reset) \(text)\n"
    }

    /// The width of the widest line number among the diagnostic's snippets.
    private func gutterWidth(_ diagnostic: Diagnostic, locator: inout SourceLocator) -> Int {
        let ranges = [diagnostic.range].compactMap { $0 } + diagnostic.notes.compactMap(\.range)
        return ranges.map { String(locator.span($0).start.line).count }.max() ?? 1
    }

    private func header(
        _ severity: Severity, _ message: String, code: DiagnosticCode?, range: SourceRange?, locator: inout SourceLocator
    ) -> String {
        var location = "notifc: "
        if let range {
            let span = locator.span(range)
            location = "\(span.path):\(span.start.line):\(span.start.column): "
        }
        let suffix = code.map { " [\($0.rawValue)]" } ?? ""
        return "\(style.bold)\(location)\(style.reset)\(style.color(for: severity))\(severity.rawValue):\(style.reset) "
            + "\(style.bold)\(message)\(style.reset)\(suffix)\n"
    }

    private func snippet(
        _ range: SourceRange, label: String?, severity: Severity, gutter: Int, locator: inout SourceLocator
    ) -> String {
        let table = locator.table(for: range.file)
        let file = locator.sources[range.file]
        guard range.start <= file.bytes.count, !file.bytes.isEmpty else { return "" }
        let bytes = file.bytes
        let lineIndex = table.lineIndex(of: range.start)
        var lineBytes = table.byteRange(ofLine: lineIndex)
        let markEnd = ByteOrderMark.length(in: bytes)
        if lineIndex == 0, markEnd > 0 {
            lineBytes = markEnd..<max(markEnd, lineBytes.upperBound)  // the byte order mark is not shown
        }
        let start = min(max(range.start, lineBytes.lowerBound), lineBytes.upperBound)
        let end = min(max(range.end, start), lineBytes.upperBound)
        // Decode only a window of the line around the caret, so a diagnostic on a huge one-line file costs
        // the same as on a short line (4 bytes is the longest UTF-8 scalar).
        var windowStart = max(lineBytes.lowerBound, start - 4 * Self.maximumSnippetWidth)
        while windowStart > lineBytes.lowerBound, bytes[windowStart] & 0xC0 == 0x80 { windowStart -= 1 }
        var windowEnd = min(lineBytes.upperBound, max(end, start + 4 * Self.maximumSnippetWidth))
        while windowEnd < lineBytes.upperBound, bytes[windowEnd] & 0xC0 == 0x80 { windowEnd += 1 }
        let scalars = Array(String(decoding: bytes[windowStart..<windowEnd], as: UTF8.self).unicodeScalars)
        let startColumn = LineTable.scalarCount(bytes[windowStart..<start])
        let endColumn = max(startColumn, LineTable.scalarCount(bytes[windowStart..<end]))
        // Cut very long lines (minified or binary-looking input) to a window around the caret.
        var window = 0..<scalars.count
        if scalars.count > Self.maximumSnippetWidth {
            let lower = max(0, min(startColumn - Self.maximumSnippetWidth / 3, scalars.count - Self.maximumSnippetWidth))
            window = lower..<min(scalars.count, lower + Self.maximumSnippetWidth)
        }
        let cutBefore = window.lowerBound > 0 || windowStart > lineBytes.lowerBound
        let cutAfter = window.upperBound < scalars.count || windowEnd < lineBytes.upperBound
        let prefix = cutBefore ? "…" : ""
        let suffix = cutAfter ? "…" : ""
        var text = prefix
        var caretLine = prefix.isEmpty ? "" : " "
        for index in window {
            let scalar = scalars[index]
            let printable = Self.printable(scalar)
            text += printable
            if index < startColumn {
                caretLine += scalar == "\t" ? "\t" : String(repeating: " ", count: Self.displayWidth(printable))
            } else if index < endColumn {
                let width = Self.displayWidth(printable)
                // A combining mark shares its base character's column: it adds no mark of its own.
                if index == startColumn || width > 0 {
                    caretLine += (index == startColumn ? "^" : "~") + String(repeating: "~", count: max(0, width - 1))
                }
            }
        }
        text += suffix
        if endColumn == startColumn || startColumn >= window.upperBound { caretLine += "^" }
        if let label { caretLine += " " + label }
        let digits = String(lineIndex + 1)
        let number = String(repeating: " ", count: max(0, gutter - digits.count)) + digits
        let pad = String(repeating: " ", count: number.count)
        let color = style.color(for: severity)
        return " \(style.gutter)\(number) |\(style.reset) \(text)\n"
            + " \(style.gutter)\(pad) |\(style.reset) \(color)\(caretLine)\(style.reset)\n"
    }

    /// Control characters are shown as their Unicode control pictures, and the line breaks other than line feed
    /// as ␤, so the snippet stays one line in every terminal.
    private static func printable(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x09: "\t"
        case 0x00..<0x20: String(Character(Unicode.Scalar(0x2400 + scalar.value) ?? "?"))
        case 0x7F: "\u{2421}"
        case 0x85, 0x2028, 0x2029: "\u{2424}"
        default: String(Character(scalar))
        }
    }

    /// Terminal columns: 2 for East Asian wide and fullwidth characters, 0 for combining marks, else 1.
    static func displayWidth(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: break
            }
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: break
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
                width += 2
            default: width += 1
            }
        }
        return width
    }
}
