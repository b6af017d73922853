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

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.lines = LineTable(SourceFile(id: SourceFileID(index: 0), path: "", bytes: bytes))
        self.encoding = encoding
        var ascii = [Bool](repeating: true, count: lines.lineCount)
        var line = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 } else if byte >= 0x80 { ascii[line] = false }
        }
        lineIsASCII = ascii
    }

    /// The position of byte `offset`; an offset inside a character counts from the character's start.
    func position(of offset: Int) -> Position {
        let clamped = max(0, min(offset, bytes.count))
        let line = lines.lineIndex(of: clamped)
        let start = lineStart(line)
        if lineIsASCII[line] { return Position(line: line, character: clamped - start) }
        var units = 0
        var index = start
        while index < clamped {
            let length = Self.sequenceLength(bytes[index])
            if index + length > clamped { break }
            units += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
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
            let length = Self.sequenceLength(bytes[index])
            let width = encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            if units + width > position.character { break }
            units += width
            index = min(range.upperBound, index + length)
        }
        return index
    }

    private func lineStart(_ line: Int) -> Int {
        lines.byteRange(ofLine: line).lowerBound
    }

    /// The length of the UTF-8 sequence that starts with `byte` (1 for a stray continuation byte).
    private static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
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
