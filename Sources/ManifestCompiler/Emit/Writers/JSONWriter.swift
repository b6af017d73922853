// Streams canonical JSON text: two-space indent, `"key": value`, `[]`/`{}` when empty, final newline.

/// Writes pretty-printed JSON without building a value tree. The caller supplies keys in the order
/// they should appear; the writer handles commas, indentation and escaping.
///
/// Strings escape `"`, `\` and control characters (as `\n`, `\t`, … or `\u00XX`); everything else,
/// `/` and non-ASCII included, is written as is. Keys are the program's own literals, so they are
/// written without escaping. Containers nest at most 63 deep (the documents notifc writes need 6).
struct JSONWriter: ~Copyable {
    private var bytes: ByteBuffer
    /// How many containers are open.
    private var depth = 0
    /// Bit `n` is set when the container at depth `n` has an element (so the next one needs a comma).
    private var hasElements: UInt64 = 0
    private var pendingKey = false

    init(capacity: Int = 4096) {
        bytes = ByteBuffer(capacity: capacity)
    }

    /// Creates a writer that appends to `buffer` (in memory or streaming into a file).
    init(appendingTo buffer: consuming ByteBuffer) {
        bytes = buffer
    }

    /// The finished document, with its trailing newline.
    consuming func finish() -> [UInt8] {
        finishBuffer().finish()
    }

    /// The buffer with the finished document, its trailing newline included; the writer is consumed.
    consuming func finishBuffer() -> ByteBuffer {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    mutating func beginObject() { beginContainer(UInt8(ascii: "{")) }
    mutating func endObject() { endContainer(UInt8(ascii: "}")) }
    mutating func beginArray() { beginContainer(UInt8(ascii: "[")) }
    mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    /// Writes an object key; the next value call writes its value.
    mutating func key(_ name: StaticString) {
        newElement()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(name)
        bytes.append(Self.keySuffix)
        pendingKey = true
    }

    mutating func string(_ value: String) { beginValue(); appendString(value) }
    mutating func bool(_ value: Bool) { beginValue(); appendLiteral(value ? "true" : "false") }
    mutating func integer(_ value: Int) { beginValue(); bytes.append(String(value)) }
    mutating func null() { beginValue(); appendLiteral("null") }

    /// Writes a finite number in its shortest round-trip form.
    mutating func number(_ value: Double) {
        beginValue()
        bytes.append(RealFormatting.json(value))
    }

    /// Writes `"key": "value"`.
    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        pendingKey = false
        appendString(value)
    }

    /// Writes `"key": [ "a", "b" ]`.
    mutating func field(_ name: StaticString, strings: [String]) {
        key(name)
        beginArray()
        for value in strings { string(value) }
        endArray()
    }

    /// Writes `"key": [ "a", "b" ]` from option names (no intermediate array of strings).
    mutating func field<Option: RawRepresentable>(_ name: StaticString, options: [Option]) where Option.RawValue == String {
        key(name)
        beginArray()
        for option in options { string(option.rawValue) }
        endArray()
    }

    // MARK: - Layout

    private static let keySuffix: StaticString = "\": "
    private mutating func appendLiteral(_ literal: StaticString) {
        bytes.append(literal)
    }

    private mutating func beginContainer(_ opener: UInt8) {
        beginValue()
        bytes.append(opener)
        depth += 1
        hasElements &= ~(1 &<< UInt64(depth & 63))
    }

    private mutating func beginValue() {
        if pendingKey {
            pendingKey = false
        } else if depth > 0 {
            newElement()
        }
    }

    private mutating func newElement() {
        guard depth > 0 else { return }
        let bit: UInt64 = 1 &<< UInt64(depth & 63)
        if hasElements & bit != 0 { bytes.append(UInt8(ascii: ",")) }
        hasElements |= bit
        lineBreak(level: depth)
    }

    private mutating func endContainer(_ closer: UInt8) {
        guard depth > 0 else { return }
        let hadElements = hasElements & (1 &<< UInt64(depth & 63)) != 0
        depth -= 1
        if hadElements { lineBreak(level: depth) }
        bytes.append(closer)
    }

    /// A line feed and the indentation of `level`.
    private mutating func lineBreak(level: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(repeating: UInt8(ascii: " "), count: level * 2)
    }

    /// Appends `value` as a JSON string. Runs of bytes that need no escape are copied in one step.
    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        if value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var copy = value
            copy.withUTF8 { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(byte)
                runStart = index + 1
            }
            index += 1
        }
        bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
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
            let hexDigits: StaticString = "0123456789abcdef"
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            hexDigits.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
    }
}
