// Manifest text in generated Dart: single-quoted string literals and comment-safe text.

/// Writes manifest strings into generated Dart source.
enum DartLiteral {
    /// `text` as a single-quoted Dart string literal, whatever it holds: `\`, `'` and `$` (which would start
    /// an interpolation) are escaped, line feed, carriage return, tab, backspace, form feed and vertical tab
    /// become `\n` `\r` `\t` `\b` `\f` `\v`, and characters that would be invisible or reorder the line (other
    /// controls, line and paragraph separators, bidirectional controls) become `\u{…}`. The one escaping
    /// function of generated Dart.
    static func string(_ text: String) -> String {
        "'" + text.replacingScalars { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "'": "\\'"
            case "$": "\\$"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{8}": "\\b"
            case "\u{C}": "\\f"
            case "\u{B}": "\\v"
            default: scalar.isInvisibleInSource ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : nil
            }
        } + "'"
    }

    /// `text` for a `//` comment: the characters ``Unicode/Scalar/isInvisibleInSource`` names (which could end
    /// the line or hide text) written as `\u{…}`.
    static func commentText(_ text: String) -> String {
        text.replacingScalars { $0.isInvisibleInSource ? "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" : nil }
    }
}
