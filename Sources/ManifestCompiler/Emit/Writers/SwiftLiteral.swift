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

    /// Appends `text` with the escapes of ``string(_:)`` (`"` and `\` only when `escapingQuotes`): the one
    /// escaping function of generated Swift.
    static func appendEscaped(_ text: String, escapingQuotes: Bool, to buffer: inout ByteBuffer) {
        for scalar in text.unicodeScalars {
            if escapingQuotes, scalar == "\"" || scalar == "\\" {
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(UInt8(scalar.value))
            } else if scalar.isInvisibleInSource {
                appendEscape(scalar.value, to: &buffer)
            } else {
                UTF8.encode(scalar) { buffer.append($0) }
            }
        }
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
