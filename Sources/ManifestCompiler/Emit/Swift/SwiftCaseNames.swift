// The Swift case name of every category and action of a manifest, unique within each enum.

/// Case names for one enum (categories or actions), in declaration order.
///
/// Names come from ``SwiftIdentifier/caseName(for:)``. When Swift is emitted, `SwiftNameRule` reports
/// identifiers that have no name (`E322`) or share one (`E320`), so a compiled manifest never reaches the
/// fallback here; it exists so that the emitter stays total for any ``Manifest``: an identifier without a
/// name becomes `unnamed`, and a repeated name gets `_2`, `_3`, … appended.
struct SwiftCaseNames {
    /// The escaped case name of each identifier, in the order given.
    let escaped: [String]
    /// Identifier → its position in ``escaped`` (the first, for a repeated identifier).
    private let positions: [String: Int]

    /// Assigns names to `identifiers` (already unique: the validator rejects duplicates). Each name is
    /// escaped once here, not where it is written.
    init(_ identifiers: [String]) {
        var taken: Set<String> = []
        var positions: [String: Int] = [:]
        var escaped: [String] = []
        taken.reserveCapacity(identifiers.count)
        positions.reserveCapacity(identifiers.count)
        escaped.reserveCapacity(identifiers.count)
        for identifier in identifiers {
            // One hash for a new identifier; a repeated one (never in a validated manifest) keeps its first name.
            if let earlier = positions.updateValue(escaped.count, forKey: identifier) {
                positions[identifier] = earlier
                escaped.append(escaped[earlier])
                continue
            }
            let base = SwiftIdentifier.caseName(for: identifier) ?? "unnamed"
            var name = base
            var suffix = 2
            while !taken.insert(name).inserted {
                name = "\(base)_\(suffix)"
                suffix += 1
            }
            escaped.append(SwiftIdentifier.escaped(name))
        }
        self.escaped = escaped
        self.positions = positions
    }

    /// The case name of `identifier` as written in source (backticks around keywords).
    func escaped(_ identifier: String) -> String {
        positions[identifier].map { escaped[$0] } ?? "unnamed"
    }
}
