// LSP positions (line, character in UTF-16 or UTF-8 code units) to and from the byte offsets the compiler uses.
import ManifestCompiler

/// How the client counts a position's `character`.
enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// A zero-based LSP position.
struct Position: Equatable, Sendable {
    var line: Int
    var character: Int
}

/// Converts between byte offsets and positions in one document's text.
struct TextPositions {
    let bytes: [UInt8]
    let lines: LineTable
    let encoding: PositionEncoding
    /// Whether each line is ASCII, where a character is a byte: its positions are found without walking the line
    /// (a long line with many diagnostics or tokens would otherwise cost its length for each).
    private let lineIsASCII: [Bool]
    /// For every ``anchorStride``-th byte of a non-ASCII line longer than that: the start of the character it is in
    /// and the code units from its line's start to there, so that a position there is found by walking at most one
    /// stride (`start` is `Int.min` elsewhere, where a walk from the line's start is as short).
    private let anchors: [(start: Int, units: Int)]
    private static let anchorStride = 256

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        let lines = LineTable(SourceFile(id: SourceFileID(index: 0), path: "", bytes: bytes))
        self.bytes = bytes
        self.lines = lines
        self.encoding = encoding
        var ascii = [Bool](repeating: true, count: lines.lineCount)
        var line = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 } else if byte >= 0x80 { ascii[line] = false }
        }
        lineIsASCII = ascii
        // Only long non-ASCII lines need anchors: a typical document, edited on every keystroke, has none.
        let long = ascii.indices.filter { !ascii[$0] && lines.byteRange(ofLine: $0).count > Self.anchorStride }
        anchors = long.isEmpty ? [] : Self.anchors(in: bytes, lines: long.map { lines.byteRange(ofLine: $0) }, encoding: encoding)
    }

    /// ``anchors`` for the lines of `bytes` at `ranges`.
    private static func anchors(in bytes: [UInt8], lines ranges: [Range<Int>], encoding: PositionEncoding)
        -> [(start: Int, units: Int)]
    {
        var anchors = [(start: Int, units: Int)](repeating: (Int.min, 0), count: bytes.count / anchorStride + 1)
        for range in ranges {
            var units = 0
            var index = range.lowerBound
            while index < range.upperBound {
                let length = characterLength(at: index, in: bytes)
                var anchor = (index + anchorStride - 1) / anchorStride  // the first stride boundary at or after index
                while anchor * anchorStride < index + length {
                    anchors[anchor] = (index, units)
                    anchor += 1
                }
                units += width(ofLength: length, encoding)
                index += length
            }
        }
        return anchors
    }

    /// The position of byte `offset`; an offset inside a character counts from the character's start.
    func position(of offset: Int) -> Position {
        let clamped = max(0, min(offset, bytes.count))
        let line = lines.lineIndex(of: clamped)
        let start = lineStart(line)
        if lineIsASCII[line] { return Position(line: line, character: clamped - start) }
        var units = 0
        var index = start
        let anchor = clamped / Self.anchorStride
        if anchor < anchors.count, anchors[anchor].start >= start, anchors[anchor].start <= clamped {
            (index, units) = anchors[anchor]
        }
        while index < clamped {
            let length = Self.characterLength(at: index, in: bytes)
            if index + length > clamped { break }
            units += Self.width(ofLength: length, encoding)
            index += length
        }
        return Position(line: line, character: units)
    }

    /// The byte offset of `position`; a line past the end is the end of the text, a character past the end of
    /// its line is the line's end (as the protocol says), one inside a character is that character's start.
    func offset(of position: Position) -> Int {
        guard position.line < lines.lineCount else { return bytes.count }
        let range = lines.byteRange(ofLine: max(0, position.line))
        if lineIsASCII[max(0, position.line)] { return min(range.upperBound, range.lowerBound + max(0, position.character)) }
        var units = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let length = Self.characterLength(at: index, in: bytes)
            let width = Self.width(ofLength: length, encoding)
            if units + width > position.character { break }
            units += width
            index = min(range.upperBound, index + length)
        }
        return index
    }

    private func lineStart(_ line: Int) -> Int {
        lines.byteRange(ofLine: line).lowerBound
    }

    /// The code units a character of `length` UTF-8 bytes counts in `encoding` (a surrogate pair in UTF-16 for four).
    private static func width(ofLength length: Int, _ encoding: PositionEncoding) -> Int {
        encoding == .utf8 ? length : (length == 4 ? 2 : 1)
    }

    /// The length of the UTF-8 sequence at `index`: 1 for ASCII, a stray continuation byte, or a lead byte whose
    /// sequence is cut short (so a line break is never inside a character).
    private static func characterLength(at index: Int, in bytes: [UInt8]) -> Int {
        let length: Int
        switch bytes[index] {
        case 0xF0...: length = 4
        case 0xE0...: length = 3
        case 0xC0...: length = 2
        default: return 1
        }
        guard index + length <= bytes.count else { return 1 }
        for next in index + 1..<index + length where bytes[next] & 0xC0 != 0x80 { return 1 }
        return length
    }

    /// Writes `{"start": …, "end": …}` for a byte range.
    func writeRange(_ range: Range<Int>, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("start")
        Self.write(position(of: range.lowerBound), to: &writer)
        writer.key("end")
        Self.write(position(of: range.upperBound), to: &writer)
        writer.endObject()
    }

    static func write(_ position: Position, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("line")
        writer.integer(position.line)
        writer.key("character")
        writer.integer(position.character)
        writer.endObject()
    }
}

extension Params {
    /// A `Position` member.
    func position(_ key: String = "position") throws(InvalidParams) -> Position {
        let value = try object(key)
        return Position(line: try value.integer("line"), character: try value.integer("character"))
    }

    /// A `Range` member, as start and end positions.
    func range(_ key: String = "range") throws(InvalidParams) -> (start: Position, end: Position) {
        let value = try object(key)
        return (try value.position("start"), try value.position("end"))
    }
}
