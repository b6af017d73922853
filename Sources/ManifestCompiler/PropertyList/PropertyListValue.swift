// A property-list value tree, as written to XML plists (and, later, read from them).

/// A property-list value. Dictionaries keep their entries as given (the writer sorts keys); two dictionaries
/// are equal when they have the same keys with equal values, in any order. Not `indirect`: the recursion
/// goes through arrays, so a string element is stored in its array, not in a box of its own.
public enum PropertyListValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    /// A date, as the ISO 8601 text CoreFoundation writes (`2024-01-31T12:00:00Z`).
    case date(String)
    /// Raw bytes.
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary([(key: String, value: PropertyListValue)])

    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.real(a), .real(b)): a == b || (a.isNaN && b.isNaN)
        case let (.boolean(a), .boolean(b)): a == b
        case let (.date(a), .date(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.dictionary(a), .dictionary(b)):
            a.count == b.count && a.allSatisfy { entry in b.first { $0.key == entry.key }?.value == entry.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value): hasher.combine(0); hasher.combine(value)
        case .integer(let value): hasher.combine(1); hasher.combine(value)
        case .real(let value): hasher.combine(2); hasher.combine(value.isNaN ? 0 : value)
        case .boolean(let value): hasher.combine(3); hasher.combine(value)
        case .date(let value): hasher.combine(4); hasher.combine(value)
        case .data(let value): hasher.combine(5); hasher.combine(value)
        case .array(let value): hasher.combine(6); hasher.combine(value)
        case .dictionary(let entries):
            hasher.combine(7)
            for entry in entries.sorted(by: { PropertyListWriter.keyPrecedes($0.key, $1.key) }) {
                hasher.combine(entry.key)
                hasher.combine(entry.value)
            }
        }
    }

    /// The value for `key`, when this is a dictionary that has it.
    public subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}
