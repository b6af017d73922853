// A property-list value as read from a file: every value and every dictionary key keeps its source range.

/// A parsed property-list value with its location, for checks that point at the exact key or value.
///
/// ``range`` covers the whole element (`<string>YES</string>`); ``contentRange`` covers what is
/// between the tags (`YES`), or is empty right after the start tag of an empty element.
public struct PropertyListNode: Sendable {
    /// The shapes of property-list values.
    public indirect enum Kind: Sendable {
        case string(String)
        case integer(Int)
        case real(Double)
        case boolean(Bool)
        /// A date, as the text CoreFoundation writes for it (`2024-01-31T12:00:00Z`).
        case date(String)
        case data([UInt8])
        case array([PropertyListNode])
        /// Entries in document order; a repeated key is kept (and was reported).
        case dictionary([PropertyListEntry])
        /// A value that could not be read; the reader reported why. It keeps the value's place, so that
        /// checks do not also call it missing.
        case invalid
    }

    /// The value.
    public let kind: Kind
    /// The whole element, from `<` of the start tag to `>` of the end tag.
    public let range: SourceRange
    /// The text between the tags (empty for `<string/>`, `<true/>` and containers' children are not text).
    public let contentRange: SourceRange

    /// Creates a node.
    public init(_ kind: Kind, range: SourceRange, contentRange: SourceRange) {
        self.kind = kind
        self.range = range
        self.contentRange = contentRange
    }

    /// The entries, when this is a dictionary.
    public var entries: [PropertyListEntry]? {
        if case .dictionary(let entries) = kind { entries } else { nil }
    }

    /// The elements, when this is an array.
    public var elements: [PropertyListNode]? {
        if case .array(let elements) = kind { elements } else { nil }
    }

    /// The string, when this is a `<string>`.
    public var string: String? {
        if case .string(let value) = kind { value } else { nil }
    }

    /// The entry for `key` (the last one, as CoreFoundation keeps the last of repeated keys), when this
    /// is a dictionary that has it.
    public func entry(_ key: String) -> PropertyListEntry? {
        entries?.last { $0.key == key }
    }

    /// The value for `key`, as ``entry(_:)`` finds it.
    public subscript(key: String) -> PropertyListNode? {
        entry(key)?.value
    }

    /// Whether the value was read (it is not ``Kind/invalid``).
    public var isReadable: Bool {
        if case .invalid = kind { false } else { true }
    }

    /// How the value's type is named in messages: "a string", "a dictionary", ….
    public var typeDescription: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .invalid: "an unreadable value"
        }
    }

    /// The value without locations, as CoreFoundation would read it: a repeated dictionary key keeps its
    /// first position and its last value. Unreadable values (only in documents with errors) are left out,
    /// and an unreadable root is an empty string.
    public var value: PropertyListValue {
        switch kind {
        case .invalid: return .string("")
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .boolean(let flag): return .boolean(flag)
        case .date(let text): return .date(text)
        case .data(let bytes): return .data(bytes)
        case .array(let elements): return .array(elements.filter(\.isReadable).map(\.value))
        case .dictionary(let entries):
            var result: [(key: String, value: PropertyListValue)] = []
            var positions: [String: Int] = [:]
            for entry in entries where entry.value.isReadable {
                if let position = positions[entry.key] {
                    result[position].value = entry.value.value
                } else {
                    positions[entry.key] = result.count
                    result.append((entry.key, entry.value.value))
                }
            }
            return .dictionary(result)
        }
    }
}

/// One `<key>…</key>` and its value in a dictionary.
public struct PropertyListEntry: Sendable {
    /// The decoded key.
    public let key: String
    /// The key's text between `<key>` and `</key>` (the whole element when the key is empty).
    public let keyRange: SourceRange
    /// The value.
    public let value: PropertyListNode

    /// Creates an entry.
    public init(key: String, keyRange: SourceRange, value: PropertyListNode) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}
