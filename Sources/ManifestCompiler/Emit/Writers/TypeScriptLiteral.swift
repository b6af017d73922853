// Manifest text in generated TypeScript: single-quoted string literals and property names.

/// Writes manifest strings into generated TypeScript source.
enum TypeScriptLiteral {
    /// `text` as a single-quoted TypeScript string literal: `\` and `'` are escaped, line feed, carriage return
    /// and tab become `\n` `\r` `\t`, and the characters ``Unicode/Scalar/isInvisibleInSource`` names (U+2028 and
    /// U+2029 end a `//` comment in JavaScript) become `\uXXXX`. The one escaping function of generated
    /// TypeScript.
    static func string(_ text: String) -> String {
        "'" + text.replacingScalars { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "'": "\\'"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default:
                scalar.isInvisibleInSource
                    ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).utf8.count)
                        + String(scalar.value, radix: 16, uppercase: true) : nil
            }
        } + "'"
    }

    /// `name` as an object literal's property name: bare when it is a plain identifier, quoted otherwise, and
    /// computed (`['__proto__']`) for the one name a literal key would turn into a prototype.
    static func propertyName(_ name: String) -> String {
        if name == "__proto__" { return "[" + string(name) + "]" }
        return isPlainIdentifier(name) ? name : string(name)
    }

    /// A member access on an object: `.name` for a plain identifier, `['name']` otherwise.
    static func member(_ name: String) -> String {
        isPlainIdentifier(name) ? "." + name : "[" + string(name) + "]"
    }

    /// `[A-Za-z_$][A-Za-z0-9_$]*` (reserved words are valid property names).
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$")
        }
    }
}
