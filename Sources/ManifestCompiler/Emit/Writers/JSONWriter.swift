// Streams canonical JSON text: two-space indent, `"key": value`, `[]`/`{}` when empty, final newline.

/// Writes pretty-printed JSON without building a value tree. The caller supplies keys in the order
/// they should appear; the writer handles commas, indentation and escaping.
///
/// Strings escape `"`, `\` and control characters (as `\n`, `\t`, … or `\u00XX`); everything else,
/// `/` and non-ASCII included, is written as is.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// For each open container: whether it has an element yet.
    private var hasElements: [Bool] = []
    private var pendingKey = false

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// The finished document, with its trailing newline.
    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    mutating func beginObject() { beginValue(); bytes.append(UInt8(ascii: "{")); hasElements.append(false) }
    mutating func endObject() { endContainer(UInt8(ascii: "}")) }
    mutating func beginArray() { beginValue(); bytes.append(UInt8(ascii: "[")); hasElements.append(false) }
    mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    /// Writes an object key; the next value call writes its value.
    mutating func key(_ name: String) {
        newElement()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
        pendingKey = true
    }

    mutating func string(_ value: String) { beginValue(); appendString(value) }
    mutating func bool(_ value: Bool) { beginValue(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func integer(_ value: Int) { beginValue(); bytes.append(contentsOf: String(value).utf8) }
    mutating func null() { beginValue(); bytes.append(contentsOf: "null".utf8) }

    /// Writes a finite number in its shortest round-trip form.
    mutating func number(_ value: Double) {
        beginValue()
        bytes.append(contentsOf: RealFormatting.json(value).utf8)
    }

    /// Writes `"key": "value"`.
    mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes `"key": [ "a", "b" ]`.
    mutating func field(_ name: String, strings: [String]) {
        key(name)
        beginArray()
        for value in strings { string(value) }
        endArray()
    }

    /// Writes `"key": [ "a", "b" ]` from option names (no intermediate array of strings).
    mutating func field<Option: RawRepresentable>(_ name: String, options: [Option]) where Option.RawValue == String {
        key(name)
        beginArray()
        for option in options { string(option.rawValue) }
        endArray()
    }

    // MARK: - Layout

    private mutating func beginValue() {
        if pendingKey {
            pendingKey = false
        } else if !hasElements.isEmpty {
            newElement()
        }
    }

    private mutating func newElement() {
        guard let last = hasElements.indices.last else { return }
        if hasElements[last] { bytes.append(UInt8(ascii: ",")) }
        hasElements[last] = true
        lineBreak(level: hasElements.count)
    }

    private mutating func endContainer(_ closer: UInt8) {
        let hadElements = hasElements.popLast() ?? false
        if hadElements { lineBreak(level: hasElements.count) }
        bytes.append(closer)
    }

    /// A line feed and the indentation of `level`, in one append.
    private mutating func lineBreak(level: Int) {
        let count = 1 + level * 2
        if count <= Self.lineBreakAndSpaces.count {
            bytes.append(contentsOf: Self.lineBreakAndSpaces[..<count])
        } else {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
        }
    }

    private static let lineBreakAndSpaces = [UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Appends `value` as a JSON string. Runs of bytes that need no escape are copied in one step.
    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
