// Distinct strings entered once each and known by a small integer id: a compilation's names and repeated texts.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Distinct strings, each with an id: its position in the order strings were first entered.
///
/// The checker keeps two. One holds every identifier (declaration names and the names lists refer to), entered
/// by the bytes that spell them in the source, so a name seen before costs no new `String`, and the symbol
/// table and reference resolution work on ids (array positions) instead of hashing names again. The other holds
/// the longer string values (a placeholder or an icon name repeated on thousands of actions), so a repeated
/// value shares one string's storage instead of allocating its own.
///
/// It is a hash table: open addressing with linear probing over a power-of-two array of slots, keyed by a
/// multiply-and-mix hash of the UTF-8 bytes taken eight at a time (a `[String: Int]` hashes with SipHash
/// through `Hasher`, several times slower on short names). Each slot has a tag byte from its string's hash,
/// so most non-matching slots are passed without comparing bytes, and the tags alone are probed for a new
/// string (see ``Slots``). The hash is seeded once per process, so no input can be made to collide on
/// purpose; no output depends on where strings sit in the slots, so the seed never shows.
///
/// Strings are the same when their UTF-8 bytes are, as iOS compares identifiers (`isEqualToString:` compares
/// code units, without Unicode normalization): `"é"` written precomposed and written as `e` plus a combining
/// accent are two names, as they are two categories to iOS, where Swift's `==` would call them equal.
struct StringPool: Sendable {
    /// The strings, by id.
    private(set) var strings: [String] = []
    private var slots: Slots
    private let seed = StringPool.processSeed

    /// An empty pool with room for `capacity` strings before it grows.
    init(capacity: Int = 0) {
        var slotCount = 16
        while slotCount < capacity * 2 { slotCount *= 2 }
        slots = Slots(count: slotCount)
        strings.reserveCapacity(capacity)
    }
    /// The number of distinct strings.
    var count: Int { strings.count }

    /// The string with id `id`.
    func string(_ id: Int32) -> String { strings[Int(id)] }

    /// The id of `name`, if it was entered.
    func id(of name: String) -> Int32? {
        name.withUTF8Bytes { find($0, hash: hash($0)) }
    }

    /// The id of `name`, entering it if it is new.
    mutating func intern(_ name: String) -> Int32 {
        name.withUTF8Bytes { bytes in
            let hash = hash(bytes)
            return find(bytes, hash: hash) ?? insert(name, hash: hash)
        }
    }

    /// The id of the name whose UTF-8 bytes are `bytes`, entering `text()` (the name those bytes spell) if it is
    /// new; `text` is called only then.
    mutating func intern(bytes: UnsafeBufferPointer<UInt8>, text: () -> String) -> Int32 {
        let hash = hash(bytes)
        return find(bytes, hash: hash) ?? insert(text(), hash: hash)
    }

    /// The id of the name whose UTF-8 bytes are `bytes` (valid UTF-8), and the name, entering it if it is new.
    mutating func intern(bytes: UnsafeBufferPointer<UInt8>) -> (id: Int32, string: String) {
        let id = intern(bytes: bytes) { String(decoding: bytes, as: UTF8.self) }
        return (id, strings[Int(id)])
    }

    // MARK: - Table

    private func find(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        let tag = Slots.tag(of: hash)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots.tags[slot]
            guard entry != 0 else { return nil }
            if entry == tag {
                let id = slots.ids[slot]
                if hasBytes(Int(id), name) { return id }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether name `id` is spelled `name`.
    private func hasBytes(_ id: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        strings[id].withUTF8Bytes { stored in
            guard stored.count == name.count else { return false }
            guard let storedBase = stored.baseAddress, let base = name.baseAddress else { return true }
            return memcmp(storedBase, base, name.count) == 0
        }
    }

    /// Enters `name`, which is not in the pool, with its bytes' hash.
    private mutating func insert(_ name: String, hash: UInt64) -> Int32 {
        if (strings.count + 1) * 2 > slots.count {
            grow()
        } else if !isKnownUniquelyReferenced(&slots) {
            slots = slots.copy()  // a copy of the pool shares the slots until one of them enters a string
        }
        let id = strings.count
        slots.place(Int32(truncatingIfNeeded: id), hash: hash)
        strings.append(name)
        return Int32(truncatingIfNeeded: id)
    }

    /// Doubles the slots and places every string again.
    private mutating func grow() {
        slots = Slots(count: slots.count * 2)
        // The hashes are computed again rather than kept: growing is rare (the checker sizes the pool from the
        // input), and a list of hashes would be as many more pages of memory on every run.
        for id in strings.indices {
            let hash: UInt64 = strings[id].withUTF8Bytes { bytes in self.hash(bytes) }
            slots.place(Int32(truncatingIfNeeded: id), hash: hash)
        }
    }

    // MARK: - Hashing

    /// This process's seed: random, so the slots a name lands in cannot be predicted from outside.
    private static let processSeed: UInt64 = UInt64.random(in: .min ... .max) | 1

    private func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        Self.hash(bytes: bytes, seed: seed)
    }

    /// Mixes `bytes` eight at a time into one 64-bit hash (the length is mixed in first, so a short last word
    /// padded with zeros, or the last eight bytes read again, cannot make two strings alike).
    @inline(__always)
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
                // The last eight bytes, overlapping the words already mixed.
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
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return hash
    }
}

/// The pool's open-addressing table, kept small so probing it stays in cache: per slot one tag byte (0 for an
/// empty slot, otherwise the top seven bits of the string's hash with the high bit set), and beside the tags
/// the id of the string in each used slot. A new string's probe reads only tag bytes (an eighth of the memory
/// of 64-bit slots); ids are read only where a tag matches, and only written slots are ever read.
private final class Slots: @unchecked Sendable {  // mutated only through a uniquely referenced pool
    /// The number of slots, a power of two.
    let count: Int
    let tags: UnsafeMutablePointer<UInt8>
    let ids: UnsafeMutablePointer<Int32>

    init(count: Int) {
        self.count = count
        tags = .allocate(capacity: count)
        tags.initialize(repeating: 0, count: count)
        ids = .allocate(capacity: count)
    }

    deinit {
        tags.deallocate()
        ids.deallocate()
    }

    /// A slot's tag for a string whose hash is `hash` (never 0).
    @inline(__always)
    static func tag(of hash: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: hash >> 57) | 0x80 }

    /// Puts string `id` in the first free slot from its hash's.
    func place(_ id: Int32, hash: UInt64) {
        let mask = count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while tags[slot] != 0 { slot = (slot + 1) & mask }
        tags[slot] = Self.tag(of: hash)
        ids[slot] = id
    }

    /// An independent table with the same contents.
    func copy() -> Slots {
        let copy = Slots(count: count)
        for slot in 0..<count where tags[slot] != 0 {
            copy.tags[slot] = tags[slot]
            copy.ids[slot] = ids[slot]
        }
        return copy
    }
}
