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
        appendIndent(indent, into: &output)
        switch value {
        case .string(let text):
            element("<string>", text, "</string>\n", into: &output)
        case .integer(let number):
            element("<integer>", String(number), "</integer>\n", into: &output)
        case .real(let number):
            element("<real>", RealFormatting.propertyList(number), "</real>\n", into: &output)
        case .boolean(let flag):
            output.append(flag ? "<true/>\n" : "<false/>\n")
        case .date(let text):
            element("<date>", text, "</date>\n", into: &output)
        case .data(let bytes):
            writeData(bytes, indent: indent, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append("<array/>\n")
                return
            }
            output.append("<array>\n")
            for element in elements { write(element, indent: indent + 1, into: &output) }
            appendIndent(indent, into: &output)
            output.append("</array>\n")
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                output.append("<dict/>\n")
                return
            }
            output.append("<dict>\n")
            for entry in entries.sorted(by: { keyPrecedes($0.key, $1.key) }) {
                appendIndent(indent + 1, into: &output)
                element("<key>", entry.key, "</key>\n", into: &output)
                write(entry.value, indent: indent + 1, into: &output)
            }
            appendIndent(indent, into: &output)
            output.append("</dict>\n")
        }
    }

    /// `<data>`, base64 lines as CoreFoundation wraps them (76 columns, a tab counting as 8,
    /// the indent capped at 8 tabs), then `</data>`.
    private static func writeData(_ bytes: [UInt8], indent: Int, into output: inout ByteBuffer) {
        output.append("<data>\n")
        let dataIndent = min(indent, 8)
        let lineLength = max(4, (76 - dataIndent * 8) / 4 * 4)
        let encoded = Array(Base64.encode(bytes).utf8)
        encoded.withUnsafeBufferPointer { encoded in
            var start = 0
            while start < encoded.count {
                let end = min(start + lineLength, encoded.count)
                appendIndent(dataIndent, into: &output)
                output.append(UnsafeBufferPointer(rebasing: encoded[start..<end]))
                output.append(UInt8(ascii: "\n"))
                start = end
            }
        }
        appendIndent(indent, into: &output)
        output.append("</data>\n")
    }

    /// `open`, the escaped `content`, then `close`.
    private static func element(
        _ open: StaticString, _ content: String, _ close: StaticString, into output: inout ByteBuffer
    ) {
        output.append(open)
        appendEscaped(content, into: &output)
        output.append(close)
    }

    private static func appendIndent(_ count: Int, into output: inout ByteBuffer) {
        output.append(repeating: UInt8(ascii: "\t"), count: count)
    }

    /// Appends `text`, escaping exactly what CoreFoundation escapes: `&`, `<` and `>`.
    private static func appendEscaped(_ text: String, into output: inout ByteBuffer) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let replacement: StaticString
                switch utf8[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                default: continue
                }
                output.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                output.append(replacement)
                runStart = index + 1
            }
            output.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }
}
