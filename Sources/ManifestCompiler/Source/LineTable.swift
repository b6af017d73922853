// Maps byte offsets to 1-based lines and columns, built lazily when diagnostics are printed.

/// A 1-based line and column. Columns count Unicode scalars (code points), not bytes.
public struct LineColumn: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in Unicode scalars from the start of the line.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// The start offset of every line of a file (32-bit: inputs are far below 2 GiB by ``Limits``). A line ends at `\n`; a `\r` before it is not part
/// of the line's text.
public struct LineTable: Sendable {
    private let bytes: [UInt8]
    private let lineStarts: [Int32]

    /// Scans `file` for line breaks.
    public init(_ file: SourceFile) {
        bytes = file.bytes
        var starts: [Int32] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(Int32(truncatingIfNeeded: offset + 1))
        }
        lineStarts = starts
    }

    /// The number of lines (a file ending in `\n` has an empty last line).
    public var lineCount: Int { lineStarts.count }

    /// The 0-based index of the line containing `offset`.
    public func lineIndex(of offset: Int) -> Int {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= clamped { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The line and column of `offset`.
    public func position(of offset: Int) -> LineColumn {
        let clamped = max(0, min(offset, bytes.count))
        let index = lineIndex(of: clamped)
        let column = Self.scalarCount(bytes[Int(lineStarts[index])..<clamped]) + 1
        return LineColumn(line: index + 1, column: column)
    }

    /// The byte range of line `index` (0-based) without its line break.
    public func byteRange(ofLine index: Int) -> Range<Int> {
        let start = Int(lineStarts[index])
        var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    /// The text of line `index` (0-based), without its line break.
    public func text(ofLine index: Int) -> String {
        String(decoding: bytes[byteRange(ofLine: index)], as: UTF8.self)
    }

    /// Counts the Unicode scalars in UTF-8 bytes (every byte that is not a continuation byte).
    static func scalarCount(_ slice: some Collection<UInt8>) -> Int {
        var count = 0
        for byte in slice where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
