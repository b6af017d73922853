// An indentation-aware line builder for generated Swift: blocks, calls with one argument per line, doc comments.

/// Builds source text line by line. Indentation is four spaces per level; lines never end in spaces;
/// the text uses `\n` line ends.
struct CodeWriter {
    /// The UTF-8 text written so far.
    private(set) var bytes: [UInt8] = []
    private var depth = 0

    /// Creates an empty writer with room for `capacity` bytes (it grows as needed).
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The indentation of one level, in spaces.
    static let indentWidth = 4

    /// Writes `content` at the current indentation, then `terminator` (an empty line when both are empty).
    mutating func line(_ content: String = "", terminator: StaticString = "") {
        if !content.isEmpty || terminator.utf8CodeUnitCount > 0 {
            bytes.appendSpaces(depth * Self.indentWidth)
            bytes.append(contentsOf: content.utf8)
            terminator.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes `body` one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes `opener {`, then `body` one level deeper, then `}`.
    mutating func block(_ opener: String, _ body: (inout CodeWriter) -> Void) {
        line(opener + " {")
        indented(body)
        line("}")
    }

    /// Writes `/// line` for each line (`///` alone for an empty one).
    mutating func documentation(_ lines: [String]) {
        for text in lines { line(text.isEmpty ? "///" : "/// " + text) }
    }

    /// Writes `head(`, one argument per line followed by a comma except the last, and `)`:
    /// the layout swift-format uses for calls that do not fit on one line.
    mutating func call(_ head: String, _ arguments: [String]) {
        guard !arguments.isEmpty else {
            line(head + "()")
            return
        }
        line(head + "(")
        indented { writer in
            for (index, argument) in arguments.enumerated() {
                writer.line(argument, terminator: index + 1 < arguments.count ? "," : "")
            }
        }
        line(")")
    }
}

extension [UInt8] {
    /// Appends `count` spaces (indentation), copied from a prepared run in one step for common depths.
    fileprivate mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        if count <= Self.spaces.count {
            append(contentsOf: Self.spaces[..<count])
        } else {
            append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 256)
}
