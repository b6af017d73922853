// Bytes a word or 16 at a time for the writers' fast paths: short copies, indentation runs and escape scans.

/// Word-at-a-time helpers on raw bytes. Loads and copies never touch bytes outside the ranges given;
/// ``fill(_:count:at:)`` and the callers' word stores may write up to 7 bytes past the bytes they keep,
/// so they go only into space reserved with ``ByteBuffer/reserve(_:)`` (the scratch beyond what
/// ``ByteBuffer/didWrite(_:)`` keeps).
///
/// The escape scans test 16 bytes at a time with SIMD compares (SSE2 on x86-64: a few instructions per
/// chunk instead of a branch per byte). They only answer "is there such a byte", which is all the writers
/// ask: a string that has one is then escaped byte by byte.
enum ByteWords {
    /// `0x01` in every byte.
    static let ones: UInt64 = 0x0101_0101_0101_0101
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

    /// Copies `count` bytes from `source` to `target`, a word (or less) at a time.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
        if count >= 8 {
            var offset = 0
            while offset < count &- 8 {
                store(load(source + offset), at: target + offset)
                offset &+= 8
            }
            store(load(source + (count &- 8)), at: target + (count &- 8))
        } else if count >= 4 {
            let low = load32(source)
            let high = load32(source + (count &- 4))
            store32(low, at: target)
            store32(high, at: target + (count &- 4))
        } else if count > 0 {
            let first = source[0]
            let middle = source[count >> 1]
            let last = source[count &- 1]
            target[0] = first
            target[count >> 1] = middle
            target[count &- 1] = last
        }
    }

    /// Sixteen bytes, tested in one step by the escape scans.
    typealias Chunk = SIMD16<UInt8>
    /// Which bytes of a ``Chunk`` a scan found.
    typealias ChunkMask = SIMDMask<SIMD16<Int8>>

    /// Copies `count` bytes from `source` to `target` and returns whether `flags` marked a byte of interest in them. `flags` sees 16-byte chunks: whole
    /// chunks of the source, the last one overlapping the one before, and for fewer than 16 bytes the
    /// bytes repeated, or padded with `A` (a byte it must not mark) below 4 bytes.
    @inline(__always)
    static func copy(
        _ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>,
        flags: (Chunk) -> ChunkMask
    ) -> Bool {
        var found: ChunkMask
        if count >= 16 {
            found = ChunkMask(repeating: false)
            var offset = 0
            while offset < count &- 16 {
                let chunk = UnsafeRawPointer(source + offset).loadUnaligned(as: Chunk.self)
                UnsafeMutableRawPointer(target + offset).storeBytes(of: chunk, as: Chunk.self)
                found .|= flags(chunk)
                offset &+= 16
            }
            let last = UnsafeRawPointer(source + (count &- 16)).loadUnaligned(as: Chunk.self)
            UnsafeMutableRawPointer(target + (count &- 16)).storeBytes(of: last, as: Chunk.self)
            found .|= flags(last)
        } else if count >= 8 {
            let first = load(source)
            let last = load(source + (count &- 8))
            store(first, at: target)
            store(last, at: target + (count &- 8))
            found = flags(chunk(first, last))
        } else if count >= 4 {
            let low = load32(source)
            let high = load32(source + (count &- 4))
            store32(low, at: target)
            store32(high, at: target + (count &- 4))
            let word = UInt64(low) | UInt64(high) << 32
            found = flags(chunk(word, word))
        } else if count > 0 {
            let first = source[0]
            let middle = source[count >> 1]
            let last = source[count &- 1]
            target[0] = first
            target[count >> 1] = middle
            target[count &- 1] = last
            let padding = ones &* UInt64(UInt8(ascii: "A")) & ~0xFF_FFFF
            let word = UInt64(first) | UInt64(middle) << 8 | UInt64(last) << 16 | padding
            found = flags(chunk(word, word))
        } else {
            return false
        }
        let lanes = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] != 0
    }

    /// The 16 bytes of `low` then `high`.
    @inline(__always)
    static func chunk(_ low: UInt64, _ high: UInt64) -> Chunk {
        unsafeBitCast(SIMD2<UInt64>(low.littleEndian, high.littleEndian), to: Chunk.self)
    }

    /// Marks the bytes JSON strings escape: control characters (below 0x20), `"` and `\`.
    @inline(__always)
    static func jsonEscapes(_ chunk: Chunk) -> ChunkMask {
        (chunk .< Chunk(repeating: 0x20)) .| (chunk .== Chunk(repeating: 0x22)) .| (chunk .== Chunk(repeating: 0x5C))
    }

    /// Marks the bytes XML property lists escape: `&`, `<` and `>`.
    @inline(__always)
    static func xmlEscapes(_ chunk: Chunk) -> ChunkMask {
        (chunk .== Chunk(repeating: 0x26)) .| (chunk .== Chunk(repeating: 0x3C)) .| (chunk .== Chunk(repeating: 0x3E))
    }
}
