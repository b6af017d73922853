// Manifest text in Swift source: string literals and comment-safe text, with invisible characters escaped.

/// Writes manifest strings (titles, identifiers, paths) into generated Swift source.
///
/// The emitter writes through the fragments (``Quoted``, ``Identifier``), which escape straight into the
/// output; the `String` functions render the same fragments.
public enum SwiftLiteral {
    /// `text` as a Swift string literal, quotes included: `"` and `\` are escaped, line feed, carriage
    /// return and tab become `\n`, `\r` and `\t`, and characters that would be invisible or reorder the
    /// line (other control characters, line and paragraph separators, bidirectional controls) become
    /// `\u{…}`. Everything else is written as is (`"Top up 500 ₽"`).
    public static func string(_ text: String) -> String {
        rendered(Quoted(text))
    }

    /// `text` for a `//` comment: unchanged, except that characters that could end the comment line or
    /// hide text (the same ones ``string(_:)`` escapes) are written as `\u{…}` or `\n`.
    public static func commentText(_ text: String) -> String {
        rendered(CommentText(text))
    }

    /// An identifier for a comment: bare when it is a plain word (`accept`), as a string literal otherwise
    /// (`"com.example.invite"`).
    public static func identifier(_ text: String) -> String {
        rendered(Identifier(text))
    }

    private static func rendered(_ fragment: some SourceFragment) -> String {
        var buffer = ByteBuffer(capacity: 64)
        fragment.write(to: &buffer)
        return String(decoding: buffer.finish(), as: UTF8.self)
    }

    /// Appends `text` with the escapes of ``string(_:)`` (`"` and `\` only when `escapingQuotes`). Runs of
    /// bytes that need no escape (all of a typical title) are copied in one step.
    static func appendEscaped(_ text: String, escapingQuotes: Bool, to buffer: inout ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Printable ASCII other than the quotes: nothing to decide.
                if byte &- 0x20 < 0x5F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                let value = scalarValue(bytes, at: index, length: length)
                let isQuote = escapingQuotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\"))
                guard isQuote || needsEscape(value) else {
                    index += length
                    continue
                }
                buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if isQuote {
                    buffer.append(UInt8(ascii: "\\"))
                    buffer.append(byte)
                } else {
                    appendEscape(value, to: &buffer)
                }
                index += length
                runStart = index
            }
            buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }

    /// The scalar encoded by the `length` bytes at `index` (the text is valid UTF-8, so the lead byte
    /// gives the length).
    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        guard length > 1, index + length <= bytes.count else { return lead }
        var value = lead & (0x7F >> length)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }

    /// `\n`, `\r`, `\t`, or `\u{…}` with uppercase hex digits.
    private static func appendEscape(_ value: UInt32, to buffer: inout ByteBuffer) {
        switch value {
        case 0x0A: buffer.append("\\n" as StaticString)
        case 0x0D: buffer.append("\\r" as StaticString)
        case 0x09: buffer.append("\\t" as StaticString)
        default:
            buffer.append("\\u{" as StaticString)
            buffer.append(String(value, radix: 16, uppercase: true))
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// C0 and C1 controls, delete, line and paragraph separators, and bidirectional formatting characters.
    private static func needsEscape(_ value: UInt32) -> Bool {
        if value < 0x7F { return value < 0x20 }
        return value <= 0x9F || value == 0x61C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

extension SwiftLiteral {
    /// ``SwiftLiteral/string(_:)`` as a ``SourceFragment``, escaped straight into the output.
    struct Quoted: SourceFragment {
        let text: String

        init(_ text: String) { self.text = text }

        func write(to buffer: inout ByteBuffer) {
            buffer.append(UInt8(ascii: "\""))
            SwiftLiteral.appendEscaped(text, escapingQuotes: true, to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        }
    }

    /// ``SwiftLiteral/commentText(_:)`` as a ``SourceFragment``.
    struct CommentText: SourceFragment {
        let text: String

        init(_ text: String) { self.text = text }

        func write(to buffer: inout ByteBuffer) {
            SwiftLiteral.appendEscaped(text, escapingQuotes: false, to: &buffer)
        }
    }

    /// ``SwiftLiteral/identifier(_:)`` as a ``SourceFragment``: bare when it has the form of a Swift
    /// identifier (keywords included: a comment is no place to escape them), quoted otherwise.
    struct Identifier: SourceFragment {
        let text: String

        init(_ text: String) { self.text = text }

        func write(to buffer: inout ByteBuffer) {
            if SwiftIdentifier.hasIdentifierForm(text) && text != "_" {
                buffer.append(text)
            } else {
                Quoted(text).write(to: &buffer)
            }
        }
    }
}
