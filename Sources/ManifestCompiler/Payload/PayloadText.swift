// The payload rules' shared wording: how keys and JSON values are named in messages.

/// Naming payload keys and values in diagnostics.
enum PayloadText {
    /// A key or other user text in single quotes, with control characters and quotes escaped.
    static func quoted(_ text: String) -> String {
        "'" + String(StringEscapes.literal(text).dropFirst().dropLast()) + "'"
    }

    /// How a value is named after "found": `true`, `null`, `the number 2`, `the string "1"`, `an array`.
    static func describe(_ node: JSONNode) -> String {
        switch node.kind {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(_, let text): return "the number \(text)"
        case .string(let text):
            return text.unicodeScalars.count <= 40 ? "the string \(StringEscapes.literal(text))" : "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A number as written (`1.0`), or `true`/`false`; `nil` for other values.
    static func scalarText(_ node: JSONNode) -> String? {
        switch node.kind {
        case .number(_, let text): text
        case .bool(let value): value ? "true" : "false"
        default: nil
        }
    }

    /// The range to point at for a value: all of a scalar, the opening bracket of an array or object
    /// (a caret under a whole document helps nobody).
    static func head(of node: JSONNode) -> SourceRange {
        switch node.kind {
        case .array, .object: SourceRange(file: node.range.file, start: node.range.start, end: node.range.start + 1)
        default: node.range
        }
    }

    /// `a, b, c and d`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
