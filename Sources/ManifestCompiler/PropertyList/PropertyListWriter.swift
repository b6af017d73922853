// Writes XML property lists byte for byte as CoreFoundation does (Xcode, plutil, PropertyListSerialization).

/// Serialises a ``PropertyListValue`` in CoreFoundation's XML layout: the XML declaration and DOCTYPE,
/// the root at indent 0, one tab per level, dictionary keys sorted by UTF-16 code unit (CFStringCompare),
/// `<true/>`/`<false/>`, empty containers as `<array/>`/`<dict/>`, reals via ``RealFormatting``,
/// only `&`, `<` and `>` escaped, LF line ends and a final newline.
public enum PropertyListWriter {
    /// The complete file for `root`.
    public static func document(_ root: PropertyListValue) -> [UInt8] {
        var output = ByteBuffer(capacity: 1024)
        output.append(header)
        write(root, indent: 0, into: &output)
        output.append("</plist>\n")
        return output.finish()
    }

    static let header: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// Orders keys as CFStringCompare without options does: by UTF-16 code units.
    static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }

    private static func write(_ value: PropertyListValue, indent: Int, into output: inout ByteBuffer) {
        switch value {
        case .string(let text):
            element("<string>", text, "</string>\n", indent: indent, into: &output)
        case .integer(let number):
            element("<integer>", String(number), "</integer>\n", indent: indent, into: &output)
        case .real(let number):
            element("<real>", RealFormatting.propertyList(number), "</real>\n", indent: indent, into: &output)
        case .boolean(let flag):
            line(flag ? "<true/>\n" : "<false/>\n", indent: indent, into: &output)
        case .date(let text):
            element("<date>", text, "</date>\n", indent: indent, into: &output)
        case .data(let bytes):
            appendIndent(indent, into: &output)
            writeData(bytes, indent: indent, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                line("<array/>\n", indent: indent, into: &output)
                return
            }
            line("<array>\n", indent: indent, into: &output)
            for element in elements { write(element, indent: indent + 1, into: &output) }
            line("</array>\n", indent: indent, into: &output)
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                line("<dict/>\n", indent: indent, into: &output)
                return
            }
            line("<dict>\n", indent: indent, into: &output)
            for entry in entries.sorted(by: { keyPrecedes($0.key, $1.key) }) {
                element("<key>", entry.key, "</key>\n", indent: indent + 1, into: &output)
                write(entry.value, indent: indent + 1, into: &output)
            }
            line("</dict>\n", indent: indent, into: &output)
        }
    }

    /// `<data>`, base64 lines as CoreFoundation wraps them (76 columns, a tab counting as 8,
    /// the indent capped at 8 tabs), then `</data>`.
    private static func writeData(_ bytes: [UInt8], indent: Int, into output: inout ByteBuffer) {
        output.append("<data>\n")
        let dataIndent = min(indent, 8)
        let lineLength = max(4, (76 - dataIndent * 8) / 4 * 4)
        let encoded = Array(Base64.encode(bytes).utf8)
        var start = 0
        while start < encoded.count {
            let end = min(start + lineLength, encoded.count)
            appendIndent(dataIndent, into: &output)
            output.append(contentsOf: encoded[start..<end])
            output.append(UInt8(ascii: "\n"))
            start = end
        }
        appendIndent(indent, into: &output)
        output.append("</data>\n")
    }

    /// `indent` tabs, `open`, the escaped `content`, then `close`.
    private static func element(
        _ open: StaticString, _ content: String, _ close: StaticString, indent: Int, into output: inout ByteBuffer
    ) {
        appendIndent(indent, into: &output)
        output.append(open)
        appendEscaped(content, to: &output)
        output.append(close)
    }

    /// `indent` tabs, then `text`.
    private static func line(_ text: StaticString, indent: Int, into output: inout ByteBuffer) {
        appendIndent(indent, into: &output)
        output.append(text)
    }

    private static func appendIndent(_ count: Int, into output: inout ByteBuffer) {
        output.append(repeating: UInt8(ascii: "\t"), count: count)
    }

    /// Appends `text`, escaping exactly what CoreFoundation escapes: `&`, `<` and `>`.
    static func appendEscaped(_ text: String, to output: inout ByteBuffer) {
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let replacement: StaticString
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            default:
                index = utf8.index(after: index)
                continue
            }
            output.append(contentsOf: utf8[runStart..<index])
            output.append(replacement)
            index = utf8.index(after: index)
            runStart = index
        }
        output.append(contentsOf: utf8[runStart...])
    }
}
