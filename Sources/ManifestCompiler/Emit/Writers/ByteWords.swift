// Eight bytes at a time for the writers' fast paths: short copies, indentation runs and escape scans.

/// Word-at-a-time helpers on raw bytes. Loads never read outside the source range; stores may write up
/// to 7 bytes past the bytes a caller keeps, so they go only into space reserved with
/// ``ByteBuffer/reserve(_:)`` (the scratch beyond what ``ByteBuffer/didWrite(_:)`` keeps).
///
/// The escape tests are the classic SWAR ones (a byte below `n`: `(w - n·0x01…) & ~w & 0x80…`; a byte
/// equal to `c`: the same test on `w ^ c·0x01…` with `n = 1`). Each is exact for "is there such a byte
/// in the word" (a borrow only starts at a byte that matches), which is all the writers ask.
enum ByteWords {
    /// `0x01` in every byte.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// `0x80` in every byte.
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    /// Eight spaces.
    static let spaces: UInt64 = 0x2020_2020_2020_2020
    /// Eight tabs.
    static let tabs: UInt64 = 0x0909_0909_0909_0909

    /// The 8 bytes at `source`, first byte lowest.
    @inline(__always)
    static func load(_ source: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(source).loadUnaligned(as: UInt64.self))
    }

    /// The 4 bytes at `source`, first byte lowest.
    @inline(__always)
    static func load32(_ source: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(source).loadUnaligned(as: UInt32.self))
    }

    /// Stores `word` at `target`, lowest byte first.
    @inline(__always)
    static func store(_ word: UInt64, at target: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(target).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// Stores `word` at `target`, lowest byte first.
    @inline(__always)
    static func store32(_ word: UInt32, at target: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(target).storeBytes(of: word.littleEndian, as: UInt32.self)
    }

    /// Writes `count` copies of the byte in `fill` (eight copies of one byte) at `target`, in whole words:
    /// up to 7 bytes of scratch follow.
    @inline(__always)
    static func fill(_ fill: UInt64, count: Int, at target: UnsafeMutablePointer<UInt8>) {
        var offset = 0
        while offset < count {
            store(fill, at: target + offset)
            offset &+= 8
        }
    }

    /// Copies `count` bytes from `source` to `target` (up to 7 bytes of scratch may follow at `target`)
    /// and returns the OR of `flags` over the words copied: nonzero when `flags` found a byte of
    /// interest. `flags` sees a word of fewer than 4 bytes padded with `A` (a byte it must ignore).
    @inline(__always)
    static func copy(
        _ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>,
        flags: (UInt64) -> UInt64
    ) -> UInt64 {
        if count >= 8 {
            var found: UInt64 = 0
            var offset = 0
            while offset < count &- 8 {
                let word = load(source + offset)
                store(word, at: target + offset)
                found |= flags(word)
                offset &+= 8
            }
            let last = load(source + (count &- 8))
            store(last, at: target + (count &- 8))
            return found | flags(last)
        }
        if count >= 4 {
            let low = load32(source)
            let high = load32(source + (count &- 4))
            store32(low, at: target)
            store32(high, at: target + (count &- 4))
            return flags(UInt64(low) | UInt64(high) << 32)
        }
        guard count > 0 else { return 0 }
        let first = source[0]
        let middle = source[count >> 1]
        let last = source[count &- 1]
        target[0] = first
        target[count >> 1] = middle
        target[count &- 1] = last
        let padding = ones &* UInt64(UInt8(ascii: "A")) & ~0xFF_FFFF
        return flags(UInt64(first) | UInt64(middle) << 8 | UInt64(last) << 16 | padding)
    }

    /// Copies `count` bytes from `source` to `target` (up to 7 bytes of scratch may follow at `target`).
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
        _ = copy(source, count: count, to: target) { _ in 0 }
    }

    /// Nonzero when `word` has a byte JSON strings escape: a control character (below 0x20), `"` or `\`.
    @inline(__always)
    static func jsonEscapes(_ word: UInt64) -> UInt64 {
        let control = word &- ones &* 0x20
        let quote = (word ^ ones &* 0x22) &- ones
        let backslash = (word ^ ones &* 0x5C) &- ones
        return (control | quote | backslash) & ~word & highBits
    }

    /// Nonzero when `word` has a byte XML property lists escape: `&`, `<` or `>`.
    @inline(__always)
    static func xmlEscapes(_ word: UInt64) -> UInt64 {
        let ampersand = (word ^ ones &* 0x26) &- ones
        let less = (word ^ ones &* 0x3C) &- ones
        let greater = (word ^ ones &* 0x3E) &- ones
        return (ampersand | less | greater) & ~word & highBits
    }
}
