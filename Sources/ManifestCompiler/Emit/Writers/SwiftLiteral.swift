// Manifest text in Swift source: string literals and comment-safe text, with invisible characters escaped.

/// Writes manifest strings (titles, identifiers, paths) into generated Swift source.
public enum SwiftLiteral {
    /// `text` as a Swift string literal, quotes included: `"` and `\` are escaped, line feed, carriage
    /// return and tab become `\n`, `\r` and `\t`, and characters that would be invisible or reorder the
    /// line (other control characters, line and paragraph separators, bidirectional controls) become
    /// `\u{…}`. Everything else is written as is (`"Top up 500 ₽"`).
    public static func string(_ text: String) -> String {
        if isPlainASCII(text, allowingQuotes: false) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: append(scalar, to: &result)
            }
        }
        return result + "\""
    }

    /// `text` for a `//` comment: unchanged, except that characters that could end the comment line or
    /// hide text (the same ones ``string(_:)`` escapes) are written as `\u{…}` or `\n`.
    public static func commentText(_ text: String) -> String {
        if isPlainASCII(text, allowingQuotes: true) { return text }
        var result = ""
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return result
    }

    /// An identifier for a comment: bare when it is a plain word (`accept`), as a string literal otherwise
    /// (`"com.example.invite"`).
    public static func identifier(_ text: String) -> String {
        SwiftIdentifier.isPlainIdentifier(text) || SwiftIdentifier.reservedWords.contains(text) ? text : string(text)
    }

    /// Whether `text` is printable ASCII that needs no escape (the common case, written as is);
    /// `"` and `\` count as plain only in comments.
    private static func isPlainASCII(_ text: String, allowingQuotes: Bool) -> Bool {
        text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F
                && (allowingQuotes || (byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")))
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if needsEscape(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }

    /// C0 and C1 controls, delete, line and paragraph separators, and bidirectional formatting characters.
    private static func needsEscape(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x61C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
