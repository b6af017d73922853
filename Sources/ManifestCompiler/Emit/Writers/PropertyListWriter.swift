// Writes XML property lists byte for byte as CoreFoundation does (Xcode, plutil, PropertyListSerialization).

/// Serialises a ``PropertyListValue`` in CoreFoundation's XML layout: the XML declaration and DOCTYPE,
/// the root at indent 0, one tab per level, dictionary keys sorted by UTF-16 code unit (CFStringCompare),
/// `<true/>`/`<false/>`, empty containers as `<array/>`/`<dict/>`, reals via ``RealFormatting``,
/// only `&`, `<` and `>` escaped, LF line ends and a final newline.
public enum PropertyListWriter {
    /// The complete file for `root`.
    public static func document(_ root: PropertyListValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        output.append(contentsOf: Array(header.utf8))
        write(root, indent: 0, into: &output)
        output.append(contentsOf: Array("</plist>\n".utf8))
        return output
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// Orders keys as CFStringCompare without options does: by UTF-16 code units.
    static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }

    private static func write(_ value: PropertyListValue, indent: Int, into output: inout [UInt8]) {
        appendIndent(indent, into: &output)
        switch value {
        case .string(let text):
            element("string", escaped(text), into: &output)
        case .integer(let number):
            element("integer", String(number), into: &output)
        case .real(let number):
            element("real", RealFormatting.propertyList(number), into: &output)
        case .boolean(let flag):
            output.append(contentsOf: Array((flag ? "<true/>\n" : "<false/>\n").utf8))
        case .date(let text):
            element("date", text, into: &output)
        case .data(let bytes):
            writeData(bytes, indent: indent, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: Array("<array/>\n".utf8))
                return
            }
            output.append(contentsOf: Array("<array>\n".utf8))
            for element in elements { write(element, indent: indent + 1, into: &output) }
            appendIndent(indent, into: &output)
            output.append(contentsOf: Array("</array>\n".utf8))
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                output.append(contentsOf: Array("<dict/>\n".utf8))
                return
            }
            output.append(contentsOf: Array("<dict>\n".utf8))
            for entry in entries.sorted(by: { keyPrecedes($0.key, $1.key) }) {
                appendIndent(indent + 1, into: &output)
                element("key", escaped(entry.key), into: &output)
                write(entry.value, indent: indent + 1, into: &output)
            }
            appendIndent(indent, into: &output)
            output.append(contentsOf: Array("</dict>\n".utf8))
        }
    }

    /// `<data>`, base64 lines as CoreFoundation wraps them (76 columns, a tab counting as 8,
    /// the indent capped at 8 tabs), then `</data>`.
    private static func writeData(_ bytes: [UInt8], indent: Int, into output: inout [UInt8]) {
        output.append(contentsOf: Array("<data>\n".utf8))
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
        output.append(contentsOf: Array("</data>\n".utf8))
    }

    private static func element(_ name: String, _ content: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
        output.append(contentsOf: content.utf8)
        output.append(contentsOf: Array("</".utf8))
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: Array(">\n".utf8))
    }

    private static func appendIndent(_ count: Int, into output: inout [UInt8]) {
        for _ in 0..<count { output.append(UInt8(ascii: "\t")) }
    }

    /// Escapes exactly what CoreFoundation escapes: `&`, `<` and `>`.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        return text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            default: nil
            }
        }
    }
}
