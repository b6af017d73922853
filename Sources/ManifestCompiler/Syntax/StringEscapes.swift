// Decoding string-literal escapes (`\"`, `\\`, `\n`, `\t`, `\u{…}`) and writing literals back.

/// The escape rules of .notif string literals.
public enum StringEscapes {
    /// Decodes the contents of a string literal (between the quotes). Escapes the lexer rejected are kept as written.
    static func decode<Bytes: RandomAccessCollection<UInt8>>(_ content: Bytes) -> String where Bytes.Index == Int {
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < content.endIndex else {
                output.append(byte)
                index += 1
                continue
            }
            switch content[index + 1] {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\"")); index += 2
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\")); index += 2
            case UInt8(ascii: "n"): output.append(UInt8(ascii: "\n")); index += 2
            case UInt8(ascii: "t"): output.append(UInt8(ascii: "\t")); index += 2
            case UInt8(ascii: "u"):
                if let (scalar, end) = unicodeEscape(content, at: index) {
                    output.append(contentsOf: Array(String(Character(scalar)).utf8))
                    index = end
                } else {
                    output.append(byte)
                    index += 1
                }
            default:
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Parses `\u{XXXX}` at `index` (the backslash); returns the scalar and the offset after the brace.
    private static func unicodeEscape<Bytes: RandomAccessCollection<UInt8>>(
        _ content: Bytes, at index: Int
    ) -> (Unicode.Scalar, Int)? where Bytes.Index == Int {
        var cursor = index + 2
        guard cursor < content.endIndex, content[cursor] == UInt8(ascii: "{") else { return nil }
        cursor += 1
        var value: UInt32 = 0
        var digits = 0
        while cursor < content.endIndex, digits < 8, let digit = Lexer.hexValue(content[cursor]) {
            value = value * 16 + UInt32(digit)
            digits += 1
            cursor += 1
        }
        guard digits > 0, cursor < content.endIndex, content[cursor] == UInt8(ascii: "}"),
            let scalar = Unicode.Scalar(value), Lexer.isAllowedInPropertyList(scalar)
        else { return nil }
        return (scalar, cursor + 1)
    }

    /// Writes an identifier as a name: bare when it is a plain word (`accept`), quoted otherwise
    /// (`"com.example.invite"`).
    public static func name(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let isPlainWord =
            !bytes.isEmpty && Lexer.isIdentifierStart(bytes[0]) && bytes.allSatisfy(Lexer.isIdentifierContinue)
        return isPlainWord ? text : literal(text)
    }

    /// Writes `text` as a string literal, quotes included: `"` and `\` are escaped, line feeds and tabs
    /// become `\n` and `\t`, and every other character that would be invisible or could reorder the text
    /// when displayed (control and format characters such as zero-width and bidirectional controls, spaces
    /// other than U+0020, line and paragraph separators) becomes `\u{…}`, so the written text shows what it holds.
    public static func literal(_ text: String) -> String {
        "\"" + text.replacingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\t": "\\t"
            default: isInvisible(scalar) ? unicodeEscape(scalar) : nil
            }
        } + "\""
    }

    /// `\u{…}` with the scalar's hexadecimal value, as the manifest language (and Swift) write it.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// Whether a scalar shows nothing (or reorders what follows) when printed.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        case .spaceSeparator: scalar != " "
        default: false
        }
    }
}
