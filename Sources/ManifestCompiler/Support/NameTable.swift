// A hash table from names to integers: open addressing over a fast hash of the names' UTF-8 bytes.

/// Maps names (identifiers) to integers, for the symbol table and the manifest's action index.
///
/// Tens of thousands of names are entered and looked up once or twice each in a large manifest. A
/// `[String: Int]` hashes every key with SipHash through `Hasher`; this table hashes the UTF-8 bytes eight at
/// a time with a multiply-and-mix hash, keeps each entry's hash to skip comparing most non-matches, and probes
/// linearly in a power-of-two array of slots. The hash is seeded once per process, so no input can be made to
/// collide on purpose; nothing ever iterates the table, so the seed never shows in any output.
///
/// Names are the same when their UTF-8 bytes are, as iOS compares identifiers (`isEqualToString:` compares
/// code units, without Unicode normalization): `"é"` written precomposed and written as `e` plus a combining
/// accent are two names, as they are two categories to iOS, where Swift's `==` would call them equal.
struct NameTable: Sendable {
    /// The names, in the order they were first entered.
    private(set) var names: [String] = []
    /// The value of each name.
    private var values: [Int] = []
    /// The hash of each name.
    private var hashes: [UInt64] = []
    /// 1 + the position in ``names`` of the name in each slot, or 0 for an empty slot.
    private var slots: [Int32]
    private var mask: Int

    /// An empty table with room for `capacity` names before it grows.
    init(capacity: Int = 0) {
        var slotCount = 16
        while slotCount < capacity * 2 { slotCount *= 2 }
        slots = [Int32](repeating: 0, count: slotCount)
        mask = slotCount - 1
        names.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// The number of names.
    var count: Int { names.count }

    /// The value of `name`, if it was entered.
    subscript(name: String) -> Int? {
        let hash = Self.hash(name)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            guard entry != 0 else { return nil }
            if hashes[entry - 1] == hash, Self.sameBytes(names[entry - 1], name) { return values[entry - 1] }
            slot = (slot + 1) & mask
        }
    }

    /// Enters `name` with `value` unless it is already there.
    /// - Returns: The value `name` already had, or `nil` when it was entered now.
    @discardableResult
    mutating func insert(_ name: String, value: Int) -> Int? {
        if (names.count + 1) * 2 > slots.count { grow() }
        let hash = Self.hash(name)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { break }
            if hashes[entry - 1] == hash, Self.sameBytes(names[entry - 1], name) { return values[entry - 1] }
            slot = (slot + 1) & mask
        }
        names.append(name)
        values.append(value)
        hashes.append(hash)
        slots[slot] = Int32(truncatingIfNeeded: names.count)
        return nil
    }

    /// Doubles the slots and enters every name again.
    private mutating func grow() {
        let slotCount = slots.count * 2
        slots = [Int32](repeating: 0, count: slotCount)
        mask = slotCount - 1
        for entry in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: entry + 1)
        }
    }

    /// Whether two names have the same UTF-8 bytes.
    private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                guard left.count == right.count else { return false }
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
        return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
    }

    // MARK: - Hashing

    /// This process's seed: random, so the slots a name lands in cannot be predicted from outside.
    private static let seed: UInt64 = UInt64.random(in: .min ... .max) | 1

    /// The hash of `name`'s UTF-8 bytes.
    static func hash(_ name: String) -> UInt64 {
        if let hash = name.utf8.withContiguousStorageIfAvailable({ hash(bytes: $0, seed: seed) }) { return hash }
        var copy = name
        return copy.withUTF8 { hash(bytes: $0, seed: seed) }
    }

    /// Mixes `bytes` eight at a time (the last word padded with zeros) into one 64-bit hash.
    static func hash(bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = seed ^ (UInt64(bytes.count) &* multiplier)
        guard let base = bytes.baseAddress else { return mix(hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            var word: UInt64
            if bytes.count >= 8 {
                // The last eight bytes, overlapping the words already mixed (the length is in the hash).
                word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            } else {
                word = 0
                var shift: UInt64 = 0
                while offset < bytes.count {
                    word |= UInt64(base[offset]) << shift
                    shift += 8
                    offset += 1
                }
            }
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
        }
        return mix(hash)
    }

    /// A final avalanche, so the low bits the slots use depend on every input bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return hash
    }
}
