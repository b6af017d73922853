// Byte-offset locations: what every token, syntax node and diagnostic carries.

/// A half-open range of UTF-8 byte offsets in one file.
///
/// Stored in 32 bits per field (12 bytes): every token and node carries one, and inputs are far below
/// 4 GiB (``Limits/maxFileSize``). Offsets beyond that are clamped, never trapped on.
public struct SourceRange: Hashable, Sendable {
    private var fileIndex: UInt32
    private var startOffset: UInt32
    private var endOffset: UInt32

    /// The file the range belongs to.
    public var file: SourceFileID {
        get { SourceFileID(index: Int(fileIndex)) }
        set { fileIndex = Self.narrow(newValue.index) }
    }
    /// The offset of the first byte.
    public var start: Int {
        get { Int(startOffset) }
        set { startOffset = Self.narrow(newValue) }
    }
    /// The offset just past the last byte (equal to `start` for an empty range).
    public var end: Int {
        get { Int(endOffset) }
        set { endOffset = Self.narrow(newValue) }
    }

    /// Creates a range; `end` must not precede `start`.
    public init(file: SourceFileID, start: Int, end: Int) {
        self.fileIndex = Self.narrow(file.index)
        self.startOffset = Self.narrow(start)
        self.endOffset = Self.narrow(max(start, end))
    }

    private static func narrow(_ value: Int) -> UInt32 {
        UInt32(clamping: value)
    }

    /// An empty range at `offset`.
    public static func point(_ file: SourceFileID, _ offset: Int) -> SourceRange {
        SourceRange(file: file, start: offset, end: offset)
    }

    /// The smallest range covering both `self` and `other` (same file).
    public func extended(to other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// The number of bytes covered.
    public var length: Int { end - start }
}

/// A value paired with the source range it was written at.
public struct Located<Value> {
    /// The value.
    public var value: Value
    /// Where it was written.
    public var range: SourceRange

    /// Pairs `value` with `range`.
    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
