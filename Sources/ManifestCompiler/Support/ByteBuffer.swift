// An append-only byte buffer the output writers build files in.

/// A growable byte buffer for the writers.
///
/// Writers append tens of millions of small pieces (a quote, a comma, an indent, a short name) for a large
/// manifest, and `[UInt8].append` pays a uniqueness check and a generic capacity path on each call. So
/// pieces go first to a small staging block of raw memory (an append is one comparison and a store or
/// `memcpy`), and the block is moved on 64 KB at a time into an array that `finish()` returns.
struct ByteBuffer: ~Copyable {
    /// The bytes moved out of the staging block so far (an in-memory buffer).
    private var storage: [UInt8] = []
    private let staging: UnsafeMutablePointer<UInt8>
    /// The bytes in the staging block.
    private var staged = 0

    private static var stagingCapacity: Int { 1 << 16 }

    /// The number of bytes appended.
    var count: Int { storage.count + staged }

    /// Creates an empty in-memory buffer with room for `capacity` bytes (it grows as needed).
    init(capacity: Int) {
        storage.reserveCapacity(capacity)
        staging = .allocate(capacity: Self.stagingCapacity)
    }

    deinit {
        staging.deallocate()
    }

    /// Moves the staged bytes into the array.
    @inline(never)
    private mutating func flush() {
        storage.append(contentsOf: UnsafeBufferPointer(start: staging, count: staged))
        staged = 0
    }

    /// The most a writer may ask ``reserve(_:)`` for: the staging block's size.
    static var maximumReservation: Int { stagingCapacity }

    /// Makes room for `count` more bytes in the staging block (moving the staged bytes on first when they
    /// do not fit) and returns where the next byte goes. The caller writes at most `count` bytes there and
    /// then calls ``didWrite(_:)`` with the number it keeps; bytes written past that are scratch, so a
    /// writer may store whole words and keep part of them. `count` is at most ``maximumReservation``.
    @inline(__always)
    mutating func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        assert(count <= Self.stagingCapacity, "reservation larger than the staging block")
        if Self.stagingCapacity &- staged < count { flush() }
        return staging + staged
    }

    /// Keeps `count` bytes written at the address the last ``reserve(_:)`` returned (at most the count
    /// reserved).
    @inline(__always)
    mutating func didWrite(_ count: Int) {
        staged &+= count
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if staged == Self.stagingCapacity { flush() }
        staging[staged] = byte
        staged += 1
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        guard bytes.count <= Self.stagingCapacity - staged else {
            appendLarge(source, count: bytes.count)
            return
        }
        (staging + staged).update(from: source, count: bytes.count)
        staged += bytes.count
    }

    /// Appends a piece that does not fit in the staging block's free space, one block at a time.
    @inline(never)
    private mutating func appendLarge(_ source: UnsafePointer<UInt8>, count: Int) {
        var copied = 0
        while copied < count {
            if staged == Self.stagingCapacity { flush() }
            let piece = min(count - copied, Self.stagingCapacity - staged)
            (staging + staged).update(from: source + copied, count: piece)
            staged += piece
            copied += piece
        }
    }

    /// Appends the UTF-8 bytes of a literal.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Appends the UTF-8 bytes of `text`.
    @inline(__always)
    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in text.utf8 { append(byte) }
        }
    }

    /// Appends `byte` `count` times.
    mutating func append(repeating byte: UInt8, count repeats: Int) {
        var remaining = repeats
        while remaining > 0 {
            if staged == Self.stagingCapacity { flush() }
            let piece = min(remaining, Self.stagingCapacity - staged)
            (staging + staged).update(repeating: byte, count: piece)
            staged += piece
            remaining -= piece
        }
    }

    /// The bytes appended, as an array; the buffer is consumed.
    consuming func finish() -> [UInt8] {
        flush()
        let bytes = storage  // shares the array's storage: the deinit releases the buffer's reference
        return bytes
    }
}
