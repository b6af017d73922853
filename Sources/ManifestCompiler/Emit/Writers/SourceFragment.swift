// Pieces of generated source that write themselves into the output: text, numbers, comma-separated lists.

/// A piece of generated source that writes its UTF-8 bytes straight into the output, so that a line is
/// written without building it as a string first: `writer.line("case .", name, " = ", SwiftLiteral.Quoted(text))`.
protocol SourceFragment {
    /// Appends the fragment's text.
    func write(to buffer: inout ByteBuffer)
}

extension String: SourceFragment {
    func write(to buffer: inout ByteBuffer) { buffer.append(self) }
}

extension Int: SourceFragment {
    func write(to buffer: inout ByteBuffer) { buffer.append(String(self)) }
}

/// Elements written with `, ` between them (`a, b, c`), each as the fragment `fragment` makes of it; with a
/// `limit`, the first `limit` elements and then ` and N more`.
struct CommaSeparated<Element, Fragment: SourceFragment>: SourceFragment {
    let elements: [Element]
    let limit: Int
    let fragment: (Element) -> Fragment

    init(_ elements: [Element], limit: Int = .max, _ fragment: @escaping (Element) -> Fragment) {
        self.elements = elements
        self.limit = limit
        self.fragment = fragment
    }

    func write(to buffer: inout ByteBuffer) {
        for (index, element) in elements.prefix(limit).enumerated() {
            if index > 0 { buffer.append(", " as StaticString) }
            fragment(element).write(to: &buffer)
        }
        if elements.count > limit {
            buffer.append(" and " as StaticString)
            buffer.append(String(elements.count - limit))
            buffer.append(" more" as StaticString)
        }
    }
}

extension CommaSeparated where Element == String, Fragment == String {
    /// The strings as they are.
    init(_ elements: [String], limit: Int = .max) {
        self.init(elements, limit: limit) { $0 }
    }
}

extension Optional: SourceFragment where Wrapped: SourceFragment {
    /// The value's text, or `nil`.
    func write(to buffer: inout ByteBuffer) {
        if let self { self.write(to: &buffer) } else { buffer.append("nil" as StaticString) }
    }
}
