// Pre-laid-out JSON: the text between the values of a fixed-shape document, built once and copied around its values.

/// Pieces of JSON text laid out once: commas, line breaks with their indentation, keys with their quotes
/// and `": `, brackets. A writer of a document whose shape it knows (``JSONBundleEmitter``) copies one
/// piece and one value at a time — `",\n      "title": "` then the title — where ``JSONWriter`` works
/// out each comma, line break and key in turn. The bytes are the same: a test (`WriterFastPathTests`) compares
/// the bundle written from pieces with the one ``JSONWriter`` writes alone, on random manifests.
///
/// Pieces are built with ``piece(_:)`` and written inside ``withText(_:)``.
struct JSONLayout {
    /// A run of the layout's text.
    struct Piece {
        fileprivate let start: Int
        fileprivate let count: Int
    }

    /// What a piece is made of.
    enum Part {
        /// Literal text: brackets, a comma.
        case text(StaticString)
        /// A line feed and the indentation of a depth (two spaces a level).
        case line(Int)
        /// `"name": `.
        case key(StaticString)
    }

    private var text: [UInt8] = []

    /// Adds the piece made of `parts`, in order.
    mutating func piece(_ parts: Part...) -> Piece {
        piece(parts)
    }

    /// Adds the piece made of `parts`, in order.
    mutating func piece(_ parts: [Part]) -> Piece {
        let start = text.count
        for part in parts {
            switch part {
            case .text(let literal): literal.withUTF8Buffer { text += $0 }
            case .line(let depth):
                text.append(UInt8(ascii: "\n"))
                text += repeatElement(UInt8(ascii: " "), count: 2 * depth)
            case .key(let name):
                text.append(UInt8(ascii: "\""))
                name.withUTF8Buffer { text += $0 }
                text += "\": ".utf8
            }
        }
        return Piece(start: start, count: text.count - start)
    }

    /// Calls `body` with the text, to write pieces with.
    func withText<Result>(_ body: (Text) -> Result) -> Result {
        // Pieces are copied 16 bytes at a time: the last chunk of a piece may read past its end.
        let padded = text + repeatElement(0, count: Text.chunkSize)
        return padded.withUnsafeBufferPointer { padded in
            if let base = padded.baseAddress { return body(Text(base: base)) }
            var none: UInt8 = 0  // cannot happen: the padding is there
            return withUnsafePointer(to: &none) { body(Text(base: $0)) }
        }
    }

    /// The layout's text while ``withText(_:)`` runs: writes pieces, alone or each followed by a string.
    struct Text {
        fileprivate let base: UnsafePointer<UInt8>
        /// Pieces are copied in chunks of this many bytes (so up to 15 bytes of scratch follow a piece).
        fileprivate static let chunkSize = 16

        /// Appends `piece`.
        @inline(__always)
        func write(_ piece: Piece, into bytes: inout ByteBuffer) {
            let room = piece.count &+ Self.chunkSize
            guard room <= ByteBuffer.maximumReservation else {
                bytes.append(UnsafeBufferPointer(start: base + piece.start, count: piece.count))
                return
            }
            let target = bytes.reserve(room)
            copy(piece, to: target)
            bytes.didWrite(piece.count)
        }

        /// Appends `piece`, then `value` as a JSON string: `"…"`, escaped.
        @inline(__always)
        func write(_ piece: Piece, _ value: String, into bytes: inout ByteBuffer) {
            value.withUTF8Bytes { utf8 in
                let room = piece.count &+ Self.chunkSize &+ utf8.count &+ JSONText.quotedRoom
                guard room <= ByteBuffer.maximumReservation else {
                    bytes.append(UnsafeBufferPointer(start: base + piece.start, count: piece.count))
                    JSONText.appendQuoted(utf8, to: &bytes)
                    return
                }
                let target = bytes.reserve(room)
                copy(piece, to: target)
                JSONText.writeQuoted(utf8, at: target, after: piece.count, into: &bytes)
            }
        }

        /// Copies `piece` to `target` in whole chunks.
        @inline(__always)
        private func copy(_ piece: Piece, to target: UnsafeMutablePointer<UInt8>) {
            let source = UnsafeRawPointer(base + piece.start)
            let destination = UnsafeMutableRawPointer(target)
            var offset = 0
            repeat {
                let chunk = source.loadUnaligned(fromByteOffset: offset, as: ByteWords.Chunk.self)
                destination.storeBytes(of: chunk, toByteOffset: offset, as: ByteWords.Chunk.self)
                offset &+= Self.chunkSize
            } while offset < piece.count
        }

        /// Appends a string array laid out by `array`: `[]` when there are no `elements`, else each
        /// element's string on its own line, then the closing bracket on its line.
        @inline(__always)
        func write<Elements: Collection>(
            _ array: ArrayPieces, _ elements: Elements, into bytes: inout ByteBuffer, string: (Elements.Element) -> String
        ) {
            guard !elements.isEmpty else {
                write(array.empty, into: &bytes)
                return
            }
            var piece = array.first
            for element in elements {
                write(piece, string(element), into: &bytes)
                piece = array.next
            }
            write(array.close, into: &bytes)
        }
    }

    /// The pieces of a string array: what comes before it (`opening`, a key say) and `[]`; the same,
    /// `[` and the first element's line break; a comma and the next element's line break; the closing
    /// line break and `]`.
    struct ArrayPieces {
        let empty: Piece
        let first: Piece
        let next: Piece
        let close: Piece
    }

    /// Adds the pieces of a string array that follows `opening` on a line at `depth` (its elements one
    /// level deeper).
    mutating func array(after opening: [Part], depth: Int) -> ArrayPieces {
        ArrayPieces(
            empty: piece(opening + [.text("[]")]), first: piece(opening + [.text("["), .line(depth + 1)]),
            next: piece([.text(","), .line(depth + 1)]), close: piece([.line(depth), .text("]")]))
    }
}
