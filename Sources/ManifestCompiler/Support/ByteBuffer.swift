// An append-only byte buffer the output writers build files in.

/// A growable byte buffer for the writers.
struct ByteBuffer: ~Copyable {
    private var storage: [UInt8] = []

    /// The number of bytes written.
    var count: Int { storage.count }

    /// Creates an empty buffer with room for `capacity` bytes (it grows as needed).
    init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        storage.append(byte)
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    /// Appends the UTF-8 bytes of a literal.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { storage.append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `text`.
    @inline(__always)
    mutating func append(_ text: String) {
        storage.append(contentsOf: text.utf8)
    }

    /// Appends `byte` `count` times.
    mutating func append(repeating byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        storage.append(contentsOf: repeatElement(byte, count: repeats))
    }

    /// The bytes written, as an array; the buffer is consumed.
    consuming func finish() -> [UInt8] {
        storage
    }
}
