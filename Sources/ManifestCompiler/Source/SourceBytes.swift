// An input file's bytes, read-only: in memory of their own, or mapped from the file without a copy.

/// The bytes of an input file, read-only and shared cheaply (copies share one storage).
///
/// A large file is mapped (`mmap`) rather than read: the lexer then reads the kernel's cached copy of the file
/// directly, where reading it would first have the kernel zero fresh pages and copy the whole file into them
/// (on a 5 MB manifest, about a tenth of a whole `notifc build`). Smaller files, and bytes made in memory, live
/// in memory of their own. notifc never writes them; but a mapped file that another process rewrites in place
/// during a run shows the new bytes, as any reader racing a writer would (the lexer and diagnostics read any
/// bytes without trapping, so such a run reports whatever it read; a truncation is handled by
/// ``FileSystem/allowMappedInputs()``).
public struct SourceBytes: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private let storage: Storage

    /// No bytes.
    public init() { storage = Storage.empty }

    /// A copy of `bytes`.
    public init(_ bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty else {
            storage = Storage.empty
            return
        }
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        let copied = UnsafeMutableBufferPointer(start: memory, count: bytes.count).initialize(from: bytes).1
        storage = Storage(bytes: UnsafeBufferPointer(start: memory, count: copied), release: .deallocate)
    }

    public init(arrayLiteral elements: UInt8...) { self.init(elements) }

    /// Takes over a mapping of `count` bytes at `address` made with `mmap`; it is unmapped when no value refers
    /// to it any more.
    init(adoptingMapping address: UnsafeRawPointer, count: Int) {
        let bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
        storage = Storage(bytes: bytes, release: .unmap)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.bytes.count }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < storage.bytes.count, "index out of range")
        return storage.bytes[position]
    }

    /// Calls `body` with the bytes in place.
    public func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(storage.bytes)
    }

    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(storage.bytes)
    }

    /// Whether the bytes are a mapping of a file.
    var isMapped: Bool { storage.release == .unmap }

    public static func == (lhs: SourceBytes, rhs: SourceBytes) -> Bool {
        lhs.storage === rhs.storage || lhs.elementsEqual(rhs)
    }

    /// The memory holding the bytes, released with the last value that refers to it.
    private final class Storage: @unchecked Sendable {  // immutable once made
        enum Release {
            case none
            case deallocate
            case unmap
        }

        static let empty = Storage(bytes: UnsafeBufferPointer(start: nil, count: 0), release: .none)

        let bytes: UnsafeBufferPointer<UInt8>
        let release: Release

        init(bytes: UnsafeBufferPointer<UInt8>, release: Release) {
            self.bytes = bytes
            self.release = release
        }

        deinit {
            guard let base = bytes.baseAddress else { return }
            switch release {
            case .none: break
            case .deallocate: base.deallocate()
            case .unmap: munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
            }
        }
    }
}
