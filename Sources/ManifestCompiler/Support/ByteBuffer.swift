// The growable byte buffer the output writers build a file in, front to back.

/// The bytes of one output file as a writer appends them: single bytes, literals, strings and runs.
struct ByteBuffer {
    /// The bytes appended so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty buffer with room for `capacity` bytes (it grows as needed).
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes appended.
    var count: Int { bytes.count }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends the UTF-8 bytes of a literal.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `text`.
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a run of bytes (part of a string's UTF-8, an array).
    mutating func append(contentsOf run: some Sequence<UInt8>) {
        bytes.append(contentsOf: run)
    }

    /// Appends a run of contiguous bytes in one copy (a slice of a string's UTF-8 or of an array).
    mutating func append<Run: Collection<UInt8>>(run: Run) {
        let copied: Void? = run.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: run) }
    }

    /// Appends `byte` `count` times.
    mutating func append(repeating byte: UInt8, count: Int) {
        if byte == UInt8(ascii: " "), count <= Self.spaces.count {
            append(run: Self.spaces[..<count])  // indentation, the common case
        } else {
            for _ in 0..<max(0, count) { bytes.append(byte) }
        }
    }

    /// Runs of spaces for indentation.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Empties the buffer, keeping its storage for the bytes that follow.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    consuming func finish() -> [UInt8] {
        bytes
    }
}
