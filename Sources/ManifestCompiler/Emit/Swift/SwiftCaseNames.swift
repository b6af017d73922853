// The Swift case name of every category and action of a manifest, unique within each enum.

/// Case names for one enum (categories or actions), in declaration order.
///
/// Names come from ``SwiftIdentifier/caseName(for:)``. When Swift is emitted, `SwiftNameRule` reports
/// identifiers that have no name (`E322`) or share one (`E320`), so a compiled manifest never reaches the
/// fallback here; it exists so that the emitter stays total for any ``Manifest``: an identifier without a
/// name becomes `unnamed`, and a repeated name gets `_2`, `_3`, … appended.
struct SwiftCaseNames {
    private var names: [String: String] = [:]

    /// Assigns names to `identifiers` (already unique: the validator rejects duplicates).
    init(_ identifiers: [String]) {
        var taken: Set<String> = []
        for identifier in identifiers where names[identifier] == nil {
            let base = SwiftIdentifier.caseName(for: identifier) ?? "unnamed"
            var name = base
            var suffix = 2
            while !taken.insert(name).inserted {
                name = "\(base)_\(suffix)"
                suffix += 1
            }
            names[identifier] = name
        }
    }

    /// The unescaped case name of `identifier`.
    func name(_ identifier: String) -> String { names[identifier] ?? "unnamed" }

    /// The case name of `identifier` as written in source (backticks around keywords).
    func escaped(_ identifier: String) -> String { SwiftIdentifier.escaped(name(identifier)) }
}
