// Streams canonical JSON text: two-space indent, `"key": value`, `[]`/`{}` when empty, final newline.

/// Writes pretty-printed JSON without building a value tree. The caller supplies keys in the order
/// they should appear; the writer handles commas, indentation and escaping.
///
/// Strings escape `"`, `\` and control characters (as `\n`, `\t`, … or `\u00XX`); everything else,
/// `/` and non-ASCII included, is written as is. Keys are the program's own literals, so they are
/// written without escaping. Containers nest at most 63 deep (the documents notifc writes need 6).
struct JSONWriter: ~Copyable {
    private var bytes: ByteBuffer
    /// How many containers are open: the indentation level of their elements.
    private(set) var depth = 0
    /// Bit `n` is set when the container at depth `n` has an element (so the next one needs a comma).
    private var hasElements: UInt64 = 0
    private var pendingKey = false

    init(capacity: Int = 4096) {
        bytes = ByteBuffer(capacity: capacity)
    }

    /// The finished document, with its trailing newline.
    consuming func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes.finish()
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
        value.withUTF8Bytes { writeString($0, key: nil) }
    }

    mutating func bool(_ value: Bool) { beginValue(); bytes.append(value ? "true" : "false") }
    mutating func integer(_ value: Int) { beginValue(); bytes.append(String(value)) }
    mutating func null() { beginValue(); bytes.append("null") }

    /// Writes a finite number in its shortest round-trip form.
    mutating func number(_ value: Double) {
        beginValue()
        bytes.append(RealFormatting.json(value))
    }

    /// Writes `"key": "value"`.
    @inline(__always)
    mutating func field(_ name: StaticString, _ value: String) {
        name.withUTF8Buffer { name in
            value.withUTF8Bytes { writeString($0, key: name) }
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

    /// Writes a value whose text `body` appends itself, laid out for the current ``depth`` (its lines
    /// indented one level deeper than the line it starts on, like a container's elements): the writer
    /// writes the comma and line break before it, as for any value. ``JSONLayout`` writes such text.
    mutating func laidOutValue(_ body: (inout ByteBuffer) -> Void) {
        if prefixRoom <= ByteBuffer.maximumReservation {
            let target = bytes.reserve(prefixRoom)
            bytes.didWrite(writeValuePrefix(key: nil, at: target))
        } else {
            beginValue()
        }
        body(&bytes)
    }

    // MARK: - Layout

    // Each call reserves room in the buffer once and writes its piece there: the comma, line break and
    // indentation as whole words of spaces, the key with its quotes and `": `, and a string copied while
    // a SIMD test looks for bytes to escape, 16 at a time (``JSONText``). What does not fit in one
    // reservation (strings near 64 KB, nesting thousands deep) takes the byte-by-byte path. Sizes are
    // bounded by the reservation, so the arithmetic wraps instead of checking for overflow.

    /// The room an element prefix needs at the current depth: a comma, a line feed, the indentation and
    /// a word of scratch.
    private var prefixRoom: Int {
        @inline(__always) get { depth &* 2 &+ 16 }
    }

    /// Writes `"name": ` as a new element of the open object.
    private mutating func writeKey(_ name: UnsafeBufferPointer<UInt8>) {
        let room = prefixRoom &+ name.count &+ 8
        guard room <= ByteBuffer.maximumReservation else {
            newElement()
            appendKey(name)
            return
        }
        let target = bytes.reserve(room)
        let length = writeElementPrefix(at: target)
        bytes.didWrite(length &+ JSONText.writeKey(name, at: target + length))
    }

    /// Writes `utf8` as a string value, as a new element `"key": "…"` when `key` is given.
    @inline(__always)
    private mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>?) {
        let room = prefixRoom &+ (key?.count ?? 0) &+ utf8.count &+ JSONText.quotedRoom &+ 8
        guard room <= ByteBuffer.maximumReservation else {
            writeValuePrefixByteByByte(key: key)
            JSONText.appendQuoted(utf8, to: &bytes)
            return
        }
        let target = bytes.reserve(room)
        let length = writeValuePrefix(key: key, at: target)
        JSONText.writeQuoted(utf8, at: target, after: length, into: &bytes)
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
        let length = JSONText.writeLineBreak(level: depth, at: target)
        target[length] = closer
        bytes.didWrite(length &+ 1)
    }

    /// Writes what comes before a value at `target` and returns its length: the element prefix and
    /// `"key": ` when `key` is given, nothing after ``key(_:)``, else the element prefix. Needs
    /// ``prefixRoom`` bytes and the key's length and 8 more.
    @inline(__always)
    private mutating func writeValuePrefix(key: UnsafeBufferPointer<UInt8>?, at target: UnsafeMutablePointer<UInt8>) -> Int {
        if let key {
            pendingKey = false
            let length = writeElementPrefix(at: target)
            return length &+ JSONText.writeKey(key, at: target + length)
        }
        if pendingKey {
            pendingKey = false
            return 0
        }
        return writeElementPrefix(at: target)
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
        return comma &+ JSONText.writeLineBreak(level: depth, at: target + comma)
    }

    // MARK: - Byte-by-byte paths (very deep nesting, very long strings)

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
        bytes.append("\": ")
    }

    /// A line feed and the indentation of `level`.
    private mutating func lineBreak(level: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(repeating: UInt8(ascii: " "), count: level * 2)
    }
}
