// An append-only byte buffer the output writers build files in.

/// A growable byte buffer for the writers.
///
/// Writers append tens of millions of small pieces (a quote, a comma, an indent, a short name) for a large
/// manifest, and `[UInt8].append` pays a uniqueness check and a generic capacity path on each call. So
/// pieces go first to a small staging block of raw memory (an append is one comparison and a store or
/// `memcpy`), and the block is moved into the array 64 KB at a time. The array is what `finish()` returns,
/// so the finished file is never copied whole, nor held twice.
struct ByteBuffer: ~Copyable {
    /// The bytes moved out of the staging block so far.
    private var storage: [UInt8] = []
    private let staging: UnsafeMutablePointer<UInt8>
    /// The bytes in the staging block.
    private var staged = 0

    private static var stagingCapacity: Int { 1 << 16 }

    /// The number of bytes written.
    var count: Int { storage.count + staged }

    /// Creates an empty buffer with room for `capacity` bytes (it grows as needed).
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
        if bytes.count > Self.stagingCapacity - staged {
            flush()
            if bytes.count > Self.stagingCapacity {
                storage.append(contentsOf: bytes)
                return
            }
        }
        (staging + staged).update(from: source, count: bytes.count)
        staged += bytes.count
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
        guard repeats > 0 else { return }
        if repeats > Self.stagingCapacity - staged {
            flush()
            if repeats > Self.stagingCapacity {
                storage.append(contentsOf: repeatElement(byte, count: repeats))
                return
            }
        }
        (staging + staged).update(repeating: byte, count: repeats)
        staged += repeats
    }

    /// The bytes written, as an array; the buffer is consumed.
    consuming func finish() -> [UInt8] {
        flush()
        let bytes = storage  // shares the array's storage: the deinit releases the buffer's reference
        return bytes
    }
}
