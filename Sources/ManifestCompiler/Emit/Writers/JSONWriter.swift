// Writes JSON text: two-space indent, `"key": value`, `[]`/`{}` when empty, final newline.

/// Writes pretty-printed JSON without building a value tree; every JSON document notifc writes goes through
/// it (the bundle, JSON and SARIF diagnostics, `diff --format json`). The caller supplies keys in the order
/// they should appear; the writer handles commas, indentation and escaping (``appendQuoted(_:to:)``).
package struct JSONWriter {
    private var bytes: ByteBuffer
    /// Whether the innermost open container has an element yet (the next one needs a comma).
    private var innermostHasElements = false
    /// The same for each enclosing container, outermost first (empty at the top level and in the outermost one).
    private var enclosingHaveElements: [Bool] = []
    /// How many containers are open.
    private var depth = 0
    /// Whether a key was just written, so the next value is its value.
    private var pendingKey = false
    /// Foundation's layout (`JSONSerialization` with `.prettyPrinted`), which Xcode writes String Catalogs in:
    /// `"key" : value`, an empty container as an opening bracket, an empty line and the closing bracket.
    private let foundationLayout: Bool

    package init(capacity: Int = 4096) {
        bytes = ByteBuffer(capacity: capacity)
        foundationLayout = false
    }

    /// A writer in Foundation's pretty-printed layout; ``finishWithoutNewline()`` ends its documents.
    init(foundationLayoutCapacity capacity: Int) {
        bytes = ByteBuffer(capacity: capacity)
        foundationLayout = true
    }

    /// The finished document without a final newline (as `JSONSerialization` writes it).
    mutating func finishWithoutNewline() -> [UInt8] {
        bytes.bytes
    }

    /// Writes `node` with its members in their order (no sorting); numbers are written as they were read.
    mutating func value(_ node: JSONNode) {
        switch node.kind {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(_, let text): number(text: text)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                value(member.value)
            }
            endObject()
        }
    }

    /// The number of bytes written since the start or the last ``flush(to:)``.
    var count: Int { bytes.count }

    /// Hands the bytes written so far to `sink` and starts over with an empty buffer; the document goes on where
    /// it was (a document written in pieces: the pieces, in order, are the document).
    mutating func flush(to sink: ([UInt8]) -> Void) {
        sink(bytes.bytes)
        bytes.removeAll()  // the storage is reused in place when the sink kept no copy
    }

    /// The finished document, with its trailing newline.
    package mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))  // in place: the buffer is the writer's own, so it is not copied
        return bytes.bytes
    }

    package mutating func beginObject() { beginContainer(UInt8(ascii: "{")) }
    package mutating func endObject() { endContainer(UInt8(ascii: "}")) }
    package mutating func beginArray() { beginContainer(UInt8(ascii: "[")) }
    package mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    /// Writes an object key; the next value call writes its value.
    package mutating func key(_ name: String) {
        newElement()
        bytes.append(UInt8(ascii: "\""))
        Self.appendEscaped(name, to: &bytes)
        bytes.append(foundationLayout ? "\" : " : "\": " as StaticString)
        pendingKey = true
    }

    package mutating func string(_ value: String) {
        beginValue()
        Self.appendQuoted(value, to: &bytes)
    }

    package mutating func bool(_ value: Bool) {
        beginValue()
        bytes.append(value ? "true" : "false" as StaticString)
    }

    package mutating func integer(_ value: Int) {
        beginValue()
        bytes.append(String(value))
    }

    package mutating func null() {
        beginValue()
        bytes.append("null" as StaticString)
    }

    /// Writes a number as a JSON reader read it (its text, which the reader checked is a JSON number).
    package mutating func number(text: String) {
        beginValue()
        bytes.append(text)
    }

    /// Writes a finite number in its shortest round-trip form.
    package mutating func number(_ value: Double) {
        beginValue()
        bytes.append(RealFormatting.json(value))
    }

    /// Writes `"key": "value"`.
    package mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes `"key": "<prefix><middle><suffix>"`, where `prefix` and `suffix` need no escape: a string
    /// built from parts (a localization key) without building it first.
    mutating func field(_ name: String, _ prefix: StaticString, _ middle: String, _ suffix: StaticString) {
        key(name)
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(prefix)
        Self.appendEscaped(middle, to: &bytes)
        bytes.append(suffix)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `"key": [ "a", "b" ]`.
    package mutating func field(_ name: String, strings: some Sequence<String>) {
        key(name)
        beginArray()
        for value in strings { string(value) }
        endArray()
    }

    private mutating func beginContainer(_ opener: UInt8) {
        beginValue()
        bytes.append(opener)
        if depth > 0 { enclosingHaveElements.append(innermostHasElements) }
        innermostHasElements = false
        depth += 1
    }

    private mutating func endContainer(_ closer: UInt8) {
        guard depth > 0 else { return }
        let hadElements = innermostHasElements
        depth -= 1
        innermostHasElements = depth > 0 ? enclosingHaveElements.popLast() ?? false : false
        if hadElements {
            lineBreak()
        } else if foundationLayout {
            bytes.append(UInt8(ascii: "\n"))
            lineBreak()
        }
        bytes.append(closer)
    }

    /// What comes before a value: nothing after a key, else what starts a new element.
    private mutating func beginValue() {
        if pendingKey {
            pendingKey = false
        } else {
            newElement()
        }
    }

    /// A comma after an earlier element of the open container, a line break and the indentation (nothing
    /// at the top level).
    private mutating func newElement() {
        guard depth > 0 else { return }
        lineBreak(afterComma: innermostHasElements)
        innermostHasElements = true
    }

    /// A line feed and two spaces for each open container, after a comma when `afterComma`: one copy of part
    /// of ``separator`` (nesting deeper than it reaches is written a byte at a time).
    private mutating func lineBreak(afterComma: Bool = false) {
        let end = 2 + 2 * depth
        if end <= Self.separator.count {
            bytes.append(run: Self.separator[(afterComma ? 0 : 1)..<end])
        } else {
            if afterComma { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(repeating: UInt8(ascii: " "), count: 2 * depth)
        }
    }

    /// A comma, a line feed and the indentation of 31 levels.
    private static let separator: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 62)

    // MARK: - Escaping

    /// Appends `text` as a JSON string, quotes included: `"`, `\` and control characters are escaped (as
    /// `\n`, `\t`, … or `\u00XX`); everything else, `/` and non-ASCII included, is written as is.
    static func appendQuoted(_ text: String, to bytes: inout ByteBuffer) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` with JSON's escapes, without quotes.
    private static func appendEscaped(_ text: String, to bytes: inout ByteBuffer) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &bytes) }
        if appended == nil { appendEscaped(Array(text.utf8), to: &bytes) }  // a string without contiguous UTF-8
    }

    /// Appends `utf8` with JSON's escapes: runs that need none are copied whole.
    private static func appendEscaped<UTF8: RandomAccessCollection<UInt8>>(_ utf8: UTF8, to bytes: inout ByteBuffer)
    where UTF8.Index == Int {
        var runStart = utf8.startIndex
        for index in utf8.indices where needsEscape(utf8[index]) {
            bytes.append(run: utf8[runStart..<index])
            if let escape = escapes[Int(utf8[index])] { bytes.append(escape) }
            runStart = index + 1
        }
        bytes.append(run: utf8[runStart...])
    }

    /// The escape JSON strings write `byte` as (`\n`, `\u001f`, `\"`), or `nil` when it is written as is.
    static func escape(of byte: UInt8) -> String? {
        Int(byte) < escapes.count ? escapes[Int(byte)] : nil
    }

    /// Whether JSON strings escape `byte`: `"`, `\` and control characters.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The escape of each byte up to `\` that JSON strings escape, `nil` for the others.
    private static let escapes: [String?] = (0...0x5C).map { byte in
        switch byte {
        case 0x22: "\\\""
        case 0x5C: "\\\\"
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        case 0x08: "\\b"
        case 0x0C: "\\f"
        case 0..<0x20: "\\u00" + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        default: nil
        }
    }
}
