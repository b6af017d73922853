// A growable buffer of plain values that a stage fills, reads and empties again many times over.

/// An array of plain values (no references) for scratch data reused many times: the parser's entries and
/// values of the declaration being read.
///
/// Unlike an `Array` it is never shared, so appending needs no uniqueness check, emptying it is setting the
/// count, and readers borrow its elements as an `UnsafeBufferPointer` that stays valid until the next change.
struct ScratchBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` elements before it grows.
    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The element at `index`, which must be below ``count``.
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "scratch index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "scratch index out of range")
            base[index] = newValue
        }
    }

    /// Adds `element` at the end.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes every element, keeping the memory.
    mutating func removeAll() {
        count = 0
    }

    /// The elements, valid until the buffer next changes.
    var elements: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base, count: count)
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
