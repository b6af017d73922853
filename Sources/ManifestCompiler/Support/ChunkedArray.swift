// An append-only array kept in fixed-size chunks: growing it never copies and wastes at most one chunk.

/// A random-access collection that grows by appending whole chunks of `chunkSize` elements.
///
/// A Swift `Array` doubles its storage when it fills up, so a large array can hold almost twice the
/// memory its elements need, and each growth copies every element. The checked declarations of a
/// 50,000-category manifest are large enough for that to matter (the doubling alone cost 21 MB, see
/// `docs/performance.md`); in chunks, spare capacity is at most one chunk and nothing is ever copied.
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    /// Elements per chunk: a power of two, so an index splits into chunk and offset with a shift and a mask.
    private static var chunkShift: Int { 10 }
    private static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        get { chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)] }
        set { chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)] = newValue }
    }

    /// Adds `element` at the end, starting a new chunk (allocated at its full size once) when the last is full.
    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Element...) {
        for element in elements { append(element) }
    }
}
