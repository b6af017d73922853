// The bytes of JSON text, written into a ByteBuffer: line breaks with indentation, keys, and quoted, escaped strings.

/// The byte-level layout ``JSONWriter`` and ``JSONLayout`` share: two spaces per level, `"key": `, and
/// strings that escape `"`, `\` and control characters (as `\n`, `\t`, … or `\u00XX`) and nothing else.
///
/// The `write…(at:)` functions write into space reserved with ``ByteBuffer/reserve(_:)``: whole words
/// (so up to 7 bytes of scratch past what they keep) and return the length they keep.
enum JSONText {
    /// What a quoted string needs in a reservation beyond its bytes: the quotes and a word of scratch.
    static let quotedRoom = 16
    /// `": ` and one byte of scratch, as stored by ``ByteWords/store32(_:at:)``.
    private static let keySuffixWord: UInt32 = 0x0020_3A22
    /// A line feed and seven spaces.
    private static let lineBreakWord: UInt64 = ByteWords.spaces & ~0xFF | 0x0A

    /// Writes a line feed and the indentation of `level` at `target`; stores up to `max(16, 2 * level + 8)`
    /// bytes (whole words), so with a comma before it `2 * level + 16` is enough from level 1.
    @inline(__always)
    static func writeLineBreak(level: Int, at target: UnsafeMutablePointer<UInt8>) -> Int {
        let length = level &* 2 &+ 1
        ByteWords.store(lineBreakWord, at: target)
        ByteWords.store(ByteWords.spaces, at: target + 8)
        if length > 16 { ByteWords.fill(ByteWords.spaces, count: length &- 16, at: target + 16) }
        return length
    }

    /// Writes `"name": ` at `target`; needs the name's length and 8 bytes more.
    @inline(__always)
    static func writeKey(_ name: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) -> Int {
        target[0] = UInt8(ascii: "\"")
        if let source = name.baseAddress { ByteWords.copy(source, count: name.count, to: target + 1) }
        ByteWords.store32(keySuffixWord, at: target + 1 + name.count)
        return name.count &+ 4
    }

    /// Finishes a piece written at `target` (the address ``ByteBuffer/reserve(_:)`` returned) whose
    /// first `length` bytes are in place: appends `"utf8"` and keeps it all. The reservation must have
    /// room for `length`, the string and ``quotedRoom``. The string is copied while a SIMD test looks
    /// for bytes to escape; when it has one (rare), the piece is kept up to the opening quote and the
    /// string escaped a run at a time.
    @inline(__always)
    static func writeQuoted(
        _ utf8: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>, after length: Int,
        into bytes: inout ByteBuffer
    ) {
        target[length] = UInt8(ascii: "\"")
        let start = length &+ 1
        if let source = utf8.baseAddress,
            ByteWords.copy(source, count: utf8.count, to: target + start, flags: ByteWords.jsonEscapes)
        {
            bytes.didWrite(start)
            appendEscaped(utf8, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        target[start &+ utf8.count] = UInt8(ascii: "\"")
        bytes.didWrite(start &+ utf8.count &+ 1)
    }

    /// Appends `"utf8"`, a piece at a time (for strings too long for one reservation).
    static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout ByteBuffer) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(utf8, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `utf8` escaped. Runs of bytes that need no escape are copied in one step.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout ByteBuffer) {
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(byte, to: &bytes)
                runStart = index + 1
            }
            index += 1
        }
        bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    private static func appendEscape(_ byte: UInt8, to bytes: inout ByteBuffer) {
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
