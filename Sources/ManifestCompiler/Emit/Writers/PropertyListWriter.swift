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

    // MARK: - Layout

    // A line is written with one reservation in the buffer: the indentation as whole words of tabs, the
    // tags copied a word at a time, and the content copied while a SIMD test looks for `&`, `<` and `>`.
    // Content with one of them (rare) is rewritten from the end of the opening tag by the byte-by-byte
    // path, which also takes lines that do not fit in one reservation.

    /// `indent` tabs, `open`, the escaped `content`, then `close`.
    private static func element(
        _ open: StaticString, _ content: String, _ close: StaticString, indent: Int, into output: inout ByteBuffer
    ) {
        content.withUTF8Bytes { element(open, $0, close, indent: indent, into: &output) }
    }

    private static func element(
        _ open: StaticString, _ content: UnsafeBufferPointer<UInt8>, _ close: StaticString, indent: Int,
        into output: inout ByteBuffer
    ) {
        open.withUTF8Buffer { open in
            close.withUTF8Buffer { close in
                let room = indent &+ open.count &+ content.count &+ close.count &+ 16
                guard indent >= 0, room <= ByteBuffer.maximumReservation, let openStart = open.baseAddress,
                    let closeStart = close.baseAddress
                else {
                    appendIndent(indent, into: &output)
                    output.append(open)
                    appendEscaped(content, into: &output)
                    output.append(close)
                    return
                }
                let target = output.reserve(room)
                ByteWords.fill(ByteWords.tabs, count: indent, at: target)
                var length = indent
                ByteWords.copy(openStart, count: open.count, to: target + length)
                length &+= open.count
                if let source = content.baseAddress,
                    ByteWords.copy(source, count: content.count, to: target + length, flags: ByteWords.xmlEscapes)
                {
                    output.didWrite(length)
                    appendEscaped(content, into: &output)
                    output.append(close)
                    return
                }
                length &+= content.count
                ByteWords.copy(closeStart, count: close.count, to: target + length)
                output.didWrite(length &+ close.count)
            }
        }
    }

    /// `indent` tabs, then `text`.
    private static func line(_ text: StaticString, indent: Int, into output: inout ByteBuffer) {
        text.withUTF8Buffer { text in
            let room = indent &+ text.count &+ 16
            guard indent >= 0, room <= ByteBuffer.maximumReservation, let start = text.baseAddress else {
                appendIndent(indent, into: &output)
                output.append(text)
                return
            }
            let target = output.reserve(room)
            ByteWords.fill(ByteWords.tabs, count: indent, at: target)
            ByteWords.copy(start, count: text.count, to: target + indent)
            output.didWrite(indent &+ text.count)
        }
    }

    private static func appendIndent(_ count: Int, into output: inout ByteBuffer) {
        output.append(repeating: UInt8(ascii: "\t"), count: count)
    }

    /// Appends `utf8`, escaping exactly what CoreFoundation escapes: `&`, `<` and `>`.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer) {
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
