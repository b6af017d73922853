// A JSON value as read from a file: every value and member key keeps its source range.

/// A parsed JSON value with its location, for checks that point at the exact key or value.
public struct JSONNode: Sendable {
    /// The shapes of JSON values.
    public indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        /// A number: its value and its text as written (`1`, `1.0` and `1e0` differ in text).
        case number(Double, text: String)
        case string(String)
        case array([JSONNode])
        /// Members in document order.
        case object([JSONMember])
    }

    /// The value.
    public let kind: Kind
    /// Where it was written.
    public let range: SourceRange

    /// Creates a node.
    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The member named `key` (the first, if repeated), when this is an object.
    public subscript(key: String) -> JSONNode? {
        member(key)?.value
    }

    /// The member named `key`, when this is an object that has it.
    public func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }
    }

    /// The members, when this is an object.
    public var members: [JSONMember]? {
        if case .object(let members) = kind { members } else { nil }
    }

    /// The elements, when this is an array.
    public var elements: [JSONNode]? {
        if case .array(let elements) = kind { elements } else { nil }
    }

    /// The string, when this is a string.
    public var string: String? {
        if case .string(let value) = kind { value } else { nil }
    }

    /// The number, when this is a number.
    public var number: Double? {
        if case .number(let value, _) = kind { value } else { nil }
    }

    /// The boolean, when this is `true` or `false`.
    public var bool: Bool? {
        if case .bool(let value) = kind { value } else { nil }
    }

    /// How the value's type is named in messages: "an object", "a string", ….
    public var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable {
    /// The decoded key.
    public let key: String
    /// Where the key was written, quotes included.
    public let keyRange: SourceRange
    /// The value.
    public let value: JSONNode
}
