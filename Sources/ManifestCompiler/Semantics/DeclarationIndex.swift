// Name → position of the first declaration with that name, by way of the compilation's name ids.

/// Name → position of the first declaration with that name, in one namespace (actions, categories or
/// extensions), by way of the compilation's ``StringPool``.
struct DeclarationIndex: Sendable {
    private let pool: StringPool
    /// For each name id, the position of the first declaration with that name, or -1.
    private let positions: [Int32]

    /// An index over `pool` whose names with id `id` are first declared at `positions[id]` (-1: not at all).
    init(pool: StringPool, positions: [Int32]) {
        self.pool = pool
        self.positions = positions
    }

    /// The index of `names`: the first position of each.
    init(names: [String]) {
        var pool = StringPool(capacity: names.count)
        var positions = [Int32]()
        positions.reserveCapacity(names.count)
        for (position, name) in names.enumerated() where Int(pool.intern(name)) == positions.count {
            positions.append(Int32(truncatingIfNeeded: position))
        }
        self.init(pool: pool, positions: positions)
    }

    /// The position of the first declaration named `name`, if any.
    subscript(name: String) -> Int? {
        pool.id(of: name).flatMap { position(ofID: $0) }
    }

    /// The position of the first declaration whose name has id `id`, if any.
    func position(ofID id: Int32) -> Int? {
        let index = Int(id)
        guard index >= 0, index < positions.count, positions[index] >= 0 else { return nil }
        return Int(positions[index])
    }
}
