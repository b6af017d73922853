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

    @inline(__always) mutating func beginObject() { beginContainer(key: nil, UInt8(ascii: "{")) }
    @inline(__always) mutating func endObject() { endContainer(UInt8(ascii: "}")) }
    @inline(__always) mutating func beginArray() { beginContainer(key: nil, UInt8(ascii: "[")) }
    @inline(__always) mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    /// Writes `"name": {`: the same as ``key(_:)`` then ``beginObject()``, in one step.
    @inline(__always)
    mutating func beginObject(key name: StaticString) {
        name.withUTF8Buffer { beginContainer(key: $0, UInt8(ascii: "{")) }
    }

    /// Writes `"name": [`: the same as ``key(_:)`` then ``beginArray()``, in one step.
    @inline(__always)
    mutating func beginArray(key name: StaticString) {
        name.withUTF8Buffer { beginContainer(key: $0, UInt8(ascii: "[")) }
    }

    /// Writes an object key; the next value call writes its value.
    mutating func key(_ name: StaticString) {
        name.withUTF8Buffer { writeKey($0) }
        pendingKey = true
    }

    @inline(__always)
    mutating func string(_ value: String) {
        withUTF8(of: value) { $0.writeString($1, key: nil) }
    }

    mutating func bool(_ value: Bool) { beginValue(); appendLiteral(value ? "true" : "false") }
    mutating func integer(_ value: Int) { beginValue(); bytes.append(String(value)) }
    mutating func null() { beginValue(); appendLiteral("null") }

    /// Writes a finite number in its shortest round-trip form.
    mutating func number(_ value: Double) {
        beginValue()
        bytes.append(RealFormatting.json(value))
    }

    /// Writes `"key": "value"`.
    @inline(__always)
    mutating func field(_ name: StaticString, _ value: String) {
        name.withUTF8Buffer { name in
            withUTF8(of: value) { $0.writeString($1, key: name) }
        }
    }

    /// Writes `"key": [ "a", "b" ]`.
    @inline(__always)
    mutating func field(_ name: StaticString, strings: [String]) {
        guard !strings.isEmpty else {
            name.withUTF8Buffer { writeEmptyArray(key: $0) }
            return
        }
        beginArray(key: name)
        for value in strings { string(value) }
        endArray()
    }

    /// Writes `"key": [ "a", "b" ]` from option names (no intermediate array of strings).
    @inline(__always)
    mutating func field<Option: RawRepresentable>(_ name: StaticString, options: [Option]) where Option.RawValue == String {
        guard !options.isEmpty else {
            name.withUTF8Buffer { writeEmptyArray(key: $0) }
            return
        }
        beginArray(key: name)
        for option in options { string(option.rawValue) }
        endArray()
    }

    // MARK: - Layout

    // Each call reserves room in the buffer once and writes its piece there: the comma, line break and
    // indentation as whole words of spaces, the key with its quotes and `": `, and a string copied while
    // a SIMD test looks for bytes to escape, 16 at a time. A string with such a byte (rare) is
    // rewritten from its opening quote on by the byte-by-byte path, which also takes what does not fit
    // in one reservation (strings near 64 KB, nesting thousands deep). Sizes are bounded by the
    // reservation, so the arithmetic wraps instead of checking for overflow.

    /// `": ` and one byte of scratch, as stored by ``ByteWords/store32(_:at:)``.
    private static let keySuffixWord: UInt32 = 0x0020_3A22
    /// A line feed and seven spaces.
    private static let lineBreakWord: UInt64 = ByteWords.spaces & ~0xFF | 0x0A

    /// The room an element prefix needs at the current depth: a comma, a line feed, the indentation and
    /// a word of scratch.
    private var prefixRoom: Int {
        @inline(__always) get { depth &* 2 &+ 16 }
    }

    /// Calls `body` with the UTF-8 bytes of `value` (small strings are copied to the stack first).
    @inline(__always)
    private mutating func withUTF8(of value: String, _ body: (inout JSONWriter, UnsafeBufferPointer<UInt8>) -> Void) {
        if value.utf8.withContiguousStorageIfAvailable({ body(&self, $0) }) == nil {
            var copy = value
            copy.withUTF8 { body(&self, $0) }
        }
    }

    /// Writes `"name": ` as a new element of the open object.
    private mutating func writeKey(_ name: UnsafeBufferPointer<UInt8>) {
        let room = prefixRoom &+ name.count &+ 16
        guard room <= ByteBuffer.maximumReservation else {
            newElement()
            appendKey(name)
            return
        }
        let target = bytes.reserve(room)
        let length = writeElementPrefix(at: target)
        bytes.didWrite(length &+ Self.writeKey(name, at: target + length))
    }

    /// Writes `utf8` as a string value, as a new element `"key": "…"` when `key` is given.
    @inline(__always)
    private mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>?) {
        let room = prefixRoom &+ (key?.count ?? 0) &+ utf8.count &+ 32
        guard room <= ByteBuffer.maximumReservation else {
            writeValuePrefixByteByByte(key: key)
            appendString(utf8)
            return
        }
        let target = bytes.reserve(room)
        var length = writeValuePrefix(key: key, at: target)
        target[length] = UInt8(ascii: "\"")
        length &+= 1
        var escapes = false
        if let source = utf8.baseAddress {
            escapes = ByteWords.copy(source, count: utf8.count, to: target + length, flags: ByteWords.jsonEscapes)
        }
        guard !escapes else {
            bytes.didWrite(length)
            appendEscaped(utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        target[length &+ utf8.count] = UInt8(ascii: "\"")
        bytes.didWrite(length &+ utf8.count &+ 1)
    }

    /// Opens a container, as a new element `"key": {` when `key` is given.
    @inline(__always)
    private mutating func beginContainer(key: UnsafeBufferPointer<UInt8>?, _ opener: UInt8) {
        let room = prefixRoom &+ (key?.count ?? 0) &+ 16
        guard room <= ByteBuffer.maximumReservation else {
            writeValuePrefixByteByByte(key: key)
            bytes.append(opener)
            openContainer()
            return
        }
        let target = bytes.reserve(room)
        let length = writeValuePrefix(key: key, at: target)
        target[length] = opener
        bytes.didWrite(length &+ 1)
        openContainer()
    }

    /// Writes `"key": []` as a new element: what ``beginArray(key:)`` and ``endArray()`` write for an
    /// empty array, in one step.
    private mutating func writeEmptyArray(key: UnsafeBufferPointer<UInt8>) {
        let room = prefixRoom &+ key.count &+ 16
        guard room <= ByteBuffer.maximumReservation else {
            writeValuePrefixByteByByte(key: key)
            bytes.append(UInt8(ascii: "["))
            bytes.append(UInt8(ascii: "]"))
            return
        }
        let target = bytes.reserve(room)
        let length = writeValuePrefix(key: key, at: target)
        ByteWords.store32(UInt32(UInt8(ascii: "[")) | UInt32(UInt8(ascii: "]")) << 8, at: target + length)
        bytes.didWrite(length &+ 2)
    }

    @inline(__always)
    private mutating func openContainer() {
        depth &+= 1
        hasElements &= ~(1 &<< UInt64(depth & 63))
    }

    @inline(__always)
    private mutating func endContainer(_ closer: UInt8) {
        guard depth > 0 else { return }
        let hadElements = hasElements & (1 &<< UInt64(depth & 63)) != 0
        depth &-= 1
        guard hadElements, prefixRoom <= ByteBuffer.maximumReservation else {
            if hadElements { lineBreak(level: depth) }
            bytes.append(closer)
            return
        }
        let target = bytes.reserve(prefixRoom)
        let length = Self.writeLineBreak(level: depth, at: target)
        target[length] = closer
        bytes.didWrite(length &+ 1)
    }

    /// Writes what comes before a value at `target` and returns its length: the element prefix and
    /// `"key": ` when `key` is given, nothing after ``key(_:)``, else the element prefix. Needs
    /// ``prefixRoom`` bytes and the key's length and a word more.
    @inline(__always)
    private mutating func writeValuePrefix(key: UnsafeBufferPointer<UInt8>?, at target: UnsafeMutablePointer<UInt8>) -> Int {
        if let key {
            pendingKey = false
            let length = writeElementPrefix(at: target)
            return length &+ Self.writeKey(key, at: target + length)
        }
        if pendingKey {
            pendingKey = false
            return 0
        }
        return writeElementPrefix(at: target)
    }

    /// Writes `"name": ` at `target` (with a word of scratch after it) and returns its length.
    @inline(__always)
    private static func writeKey(_ name: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) -> Int {
        target[0] = UInt8(ascii: "\"")
        if let source = name.baseAddress { ByteWords.copy(source, count: name.count, to: target + 1) }
        ByteWords.store32(keySuffixWord, at: target + 1 + name.count)
        return name.count &+ 4
    }

    /// Writes what starts a new element of the open container at `target` (a comma after an earlier
    /// element, a line break and the indentation; nothing at the top level) and returns its length.
    /// Needs ``prefixRoom`` bytes.
    @inline(__always)
    private mutating func writeElementPrefix(at target: UnsafeMutablePointer<UInt8>) -> Int {
        guard depth > 0 else { return 0 }
        let bit: UInt64 = 1 &<< UInt64(depth & 63)
        let comma = hasElements & bit != 0 ? 1 : 0
        target[0] = UInt8(ascii: ",")
        hasElements |= bit
        return comma &+ Self.writeLineBreak(level: depth, at: target + comma)
    }

    /// Writes a line feed and the indentation of `level` at `target` (a word of scratch follows) and
    /// returns its length.
    @inline(__always)
    private static func writeLineBreak(level: Int, at target: UnsafeMutablePointer<UInt8>) -> Int {
        let length = level &* 2 &+ 1
        ByteWords.store(lineBreakWord, at: target)
        ByteWords.store(ByteWords.spaces, at: target + 8)
        if length > 16 { ByteWords.fill(ByteWords.spaces, count: length &- 16, at: target + 16) }
        return length
    }

    // MARK: - Byte-by-byte paths (very deep nesting, very long strings, strings with escapes)

    private static let keySuffix: StaticString = "\": "
    private mutating func appendLiteral(_ literal: StaticString) {
        bytes.append(literal)
    }

    /// What ``writeValuePrefix(key:at:)`` writes, a piece at a time.
    private mutating func writeValuePrefixByteByByte(key: UnsafeBufferPointer<UInt8>?) {
        guard let key else {
            beginValue()
            return
        }
        pendingKey = false
        newElement()
        appendKey(key)
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

    /// `"name": `.
    private mutating func appendKey(_ name: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(name)
        bytes.append(Self.keySuffix)
    }

    /// A line feed and the indentation of `level`.
    private mutating func lineBreak(level: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(repeating: UInt8(ascii: " "), count: level * 2)
    }

    /// Appends `utf8` as a JSON string. Runs of bytes that need no escape are copied in one step.
    private mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(utf8)
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
