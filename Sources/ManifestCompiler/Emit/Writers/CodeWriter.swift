// An indentation-aware line writer for generated source (Swift, Dart, TypeScript): lines from fragments, blocks, calls with one argument per line, doc comments.

/// Builds source text line by line. Indentation is four spaces per level; lines never end in spaces;
/// the text uses `\n` line ends. Lines are written from fragments (``SourceFragment``) into one
/// ``ByteBuffer``.
struct CodeWriter {
    private var buffer: ByteBuffer
    private var depth = 0
    /// How many arguments the innermost open ``call(_:_:arguments:)`` has written.
    private var argumentCount = 0

    /// The indentation of one level, in spaces (4 for Swift; 2 for Dart and TypeScript).
    private let indentWidth: Int

    /// Creates an empty writer with room for `capacity` bytes (it grows as needed).
    init(capacity: Int = 0, indentWidth: Int = 4) {
        buffer = ByteBuffer(capacity: capacity)
        self.indentWidth = indentWidth
    }

    /// The text written; the writer is consumed.
    consuming func finish() -> [UInt8] { buffer.finish() }

    /// Writes an empty line (no indentation).
    mutating func line() {
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Writes the fragments as one line at the current indentation.
    mutating func line<First: SourceFragment, each Rest: SourceFragment>(_ first: First, _ rest: repeat each Rest) {
        buffer.append(repeating: UInt8(ascii: " "), count: depth * indentWidth)
        first.write(to: &buffer)
        for fragment in repeat each rest { fragment.write(to: &buffer) }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Writes `body` one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes `opener {` (the opener from fragments), then `body` one level deeper, then `}`.
    mutating func block<First: SourceFragment, each Rest: SourceFragment>(
        _ first: First, _ rest: repeat each Rest, body: (inout CodeWriter) -> Void
    ) {
        line(first, repeat each rest, " {")
        indented(body)
        line("}")
    }

    /// Writes `/// line` for each line (`///` alone for an empty one).
    mutating func documentation(_ lines: [String]) {
        for text in lines {
            if text.isEmpty { line("///") } else { line("/// ", text) }
        }
    }

    /// Writes one doc-comment line, `/// ` and the fragments.
    mutating func documentationLine<First: SourceFragment, each Rest: SourceFragment>(
        _ first: First, _ rest: repeat each Rest
    ) {
        line("/// ", first, repeat each rest)
    }

    /// Writes a call with one argument per line, `head(`, the arguments that `arguments` writes with
    /// ``argument(_:_:)``, each followed by a comma except the last, and `)`; `head()` when it writes none.
    /// This is the layout swift-format uses for calls that do not fit on one line.
    mutating func call<First: SourceFragment, each Rest: SourceFragment>(
        _ first: First, _ rest: repeat each Rest, arguments: (inout CodeWriter) -> Void
    ) {
        buffer.append(repeating: UInt8(ascii: " "), count: depth * indentWidth)
        first.write(to: &buffer)
        for fragment in repeat each rest { fragment.write(to: &buffer) }
        buffer.append(UInt8(ascii: "("))
        let outerCount = argumentCount
        argumentCount = 0
        depth += 1
        arguments(&self)
        depth -= 1
        if argumentCount > 0 {
            buffer.append(UInt8(ascii: "\n"))
            buffer.append(repeating: UInt8(ascii: " "), count: depth * indentWidth)
        }
        buffer.append(")\n" as StaticString)
        argumentCount = outerCount
    }

    /// Writes one argument of the open ``call(_:_:arguments:)`` on its own line (the comma after the previous
    /// argument first).
    mutating func argument<First: SourceFragment, each Rest: SourceFragment>(_ first: First, _ rest: repeat each Rest) {
        if argumentCount > 0 { buffer.append(UInt8(ascii: ",")) }
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(repeating: UInt8(ascii: " "), count: depth * indentWidth)
        first.write(to: &buffer)
        for fragment in repeat each rest { fragment.write(to: &buffer) }
        argumentCount += 1
    }
}
