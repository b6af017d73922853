// An identifier compared as iOS compares identifiers: code unit by code unit.

/// An action, category or extension name as a dictionary key that matches names the way iOS does: by their
/// code units, without Unicode normalization. (`String`'s `==` calls canonically equivalent strings equal, so
/// `"café"` precomposed and decomposed would be one name; to iOS they are two.)
public struct Identifier: Hashable, Sendable {
    /// The name.
    public let text: String

    /// The identifier `text`.
    public init(_ text: String) {
        self.text = text
    }

    public static func == (lhs: Identifier, rhs: Identifier) -> Bool {
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        let same = lhs.text.utf8.withContiguousStorageIfAvailable { left in
            rhs.text.utf8.withContiguousStorageIfAvailable { right in
                !left.indices.contains { left[$0] != right[$0] }  // an indexed loop: elementsEqual is slower
            }
        }
        return (same ?? nil) ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    /// Hashed as the string: names with the same code units are equal strings, so they hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
