// Legacy `.strings` tables (`"key" = "value";`), read as CoreFoundation's old-style property-list parser reads
// them, with located errors, plus the one mistake iOS silently accepts: a lowercase `\u` escape.

/// One `"key" = "value";` pair with where its key and value were written.
public struct StringsEntry: Sendable {
    public var key: String
    public var value: String
    public var keyRange: SourceRange
    public var valueRange: SourceRange
}

/// Reads UTF-8 `.strings` files (``utf8Text(of:)`` turns a UTF-16 one into one): quoted (double or single) or
/// unquoted (`A–Z a–z 0–9 _ $ / : . -`) tokens, `/* */` and `//` comments, escapes `\" \\ \n \t \r \a \b \f \v`, up
/// to three octal digits and `\U` with four hex digits. A lowercase `\u` is `E805` (iOS reads it as the letter
/// `u`); a syntax error is `E804` and stops the read; UTF-16 that does not decode is `E804`.
public enum StringsFileReader {
    /// The text of a `.strings` file as the reader takes it: a file that starts with a UTF-16 byte order mark
    /// (iOS reads UTF-16 tables, and older Xcode versions wrote them) as UTF-8 without the mark, since line numbers
    /// and characters are the same in both; any other file, and UTF-16 that does not decode, as it is.
    public static func utf8Text(of bytes: [UInt8]) -> [UInt8] {
        guard let bigEndian = utf16ByteOrder(of: bytes) else { return bytes }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        let failed = transcode(
            utf16Units(of: bytes, bigEndian: bigEndian).makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true
        ) { text.append($0) }
        return failed || bytes.count % 2 != 0 ? bytes : text
    }

    /// Whether a UTF-16 file is big-endian, from its byte order mark; `nil` when it has none.
    private static func utf16ByteOrder(of bytes: [UInt8]) -> Bool? {
        if bytes.starts(with: [0xFE, 0xFF]) { return true }
        if bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return false }  // not UTF-32
        return nil
    }

    /// The UTF-16 code units after the byte order mark (an odd last byte left out).
    private static func utf16Units(of bytes: [UInt8], bigEndian: Bool) -> [UInt16] {
        stride(from: 2, to: bytes.count - 1, by: 2).map { index in
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            return UInt16(high) << 8 | UInt16(low)
        }
    }

    /// Why UTF-16 `bytes` do not decode, with the line it happens on.
    private static func utf16Problem(of bytes: [UInt8], bigEndian: Bool) -> String {
        var line = 1
        var iterator = utf16Units(of: bytes, bigEndian: bigEndian).makeIterator()
        var parser = UTF16.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let units):
                if units.count == 1, units.first == 0x0A { line += 1 }
            case .emptyInput:
                return "it ends in half a UTF-16 code unit (an odd number of bytes)"
            case .error:
                return "line \(line) has a UTF-16 surrogate without its pair"
            }
        }
    }

    public static func read(_ file: SourceFile, limits: Limits = .default, into diagnostics: inout DiagnosticBag)
        -> [StringsEntry]?
    {
        var comments: [Range<Int>] = []
        return read(file, limits: limits, comments: &comments, into: &diagnostics)
    }

    /// The byte ranges of `file`'s comments, as far as the reader got (a syntax error is reported when the file
    /// is read): where `notifc:ignore` comments are looked for.
    package static func comments(of file: SourceFile, limits: Limits = .default) -> [Range<Int>] {
        var comments: [Range<Int>] = []
        var diagnostics = DiagnosticBag()
        _ = read(file, limits: limits, comments: &comments, into: &diagnostics)
        return comments
    }

    private static func read(
        _ file: SourceFile, limits: Limits, comments: inout [Range<Int>], into diagnostics: inout DiagnosticBag
    ) -> [StringsEntry]? {
        let bytes = file.bytes
        func range(_ start: Int, _ end: Int) -> SourceRange { SourceRange(file: file.id, start: start, end: end) }
        if let bigEndian = utf16ByteOrder(of: bytes) {  // UTF-16 that utf8Text(of:) could not decode
            diagnostics.append(
                Diagnostic(
                    .invalidStringsFile,
                    "this .strings file is UTF-16 but does not decode: \(utf16Problem(of: bytes, bigEndian: bigEndian))",
                    at: range(0, 2), help: ["save it again as UTF-8 from Xcode or a text editor"]))
            return nil
        }
        guard TextScreening.screen(file, limits: limits, into: &diagnostics) else { return nil }
        var index = ByteOrderMark.length(in: bytes)
        var entries: [StringsEntry] = []
        func fail(_ message: String, at start: Int, help: [String] = []) -> [StringsEntry]? {
            diagnostics.append(Diagnostic(.invalidStringsFile, message, at: range(start, min(start + 1, bytes.count)), help: help))
            return nil
        }
        func skipTrivia() -> Bool {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    let start = index
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    guard index + 1 < bytes.count else {
                        _ = fail("unterminated comment", at: start)
                        return false
                    }
                    index += 2
                    comments.append(start..<index)
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    let start = index
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                    comments.append(start..<index)
                } else {
                    break
                }
            }
            return true
        }
        func token() -> (String, SourceRange)? {
            let start = index
            guard index < bytes.count else {
                _ = fail("expected a string, found the end of the file", at: max(0, bytes.count - 1))
                return nil
            }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                var text: [UInt8] = []
                while index < bytes.count, bytes[index] != quote {
                    guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                        text.append(bytes[index])
                        index += 1
                        continue
                    }
                    let escape = bytes[index + 1]
                    index += 2
                    switch escape {
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "a"): text.append(0x07)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "v"): text.append(0x0B)
                    case UInt8(ascii: "0")...UInt8(ascii: "7"):
                        var value = UInt32(escape - 0x30)
                        var digits = 1
                        while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                            value = value * 8 + UInt32(bytes[index] - 0x30)
                            index += 1
                            digits += 1
                        }
                        text += Array(String(Unicode.Scalar(value).map(Character.init) ?? " ").utf8)
                    case UInt8(ascii: "U"):
                        // As CoreFoundation reads it: up to four hex digits make one UTF-16 unit, and a high surrogate
                        // followed by `\U` and a low one make one character (`\UD83D\UDE00`).
                        guard let unit = Self.hexUnit(bytes, at: &index) else {
                            return fail("'\\U' needs hexadecimal digits", at: index - 2).map { _ in ("", range(0, 0)) }
                        }
                        var value = UInt32(unit)
                        if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "U")
                        {
                            var next = index + 2
                            if let low = Self.hexUnit(bytes, at: &next), (0xDC00..<0xE000).contains(low) {
                                value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
                                index = next
                            }
                        }
                        text += Array(String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
                    case UInt8(ascii: "u"):
                        diagnostics.append(
                            Diagnostic(
                                .lowercaseUnicodeEscape,
                                "'\\u' in a .strings file is the letter 'u': iOS shows the escape's digits as text",
                                at: range(index - 2, min(index + 4, bytes.count)), help: ["write '\\U' (uppercase)"]))
                        text.append(escape)
                    default: text.append(escape)
                    }
                }
                guard index < bytes.count else {
                    _ = fail("unterminated string", at: start)
                    return nil
                }
                index += 1
                return (String(decoding: text, as: UTF8.self), range(start, index))
            }
            let allowed = Array("_$/:.-".utf8)
            while index < bytes.count,
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index] | 0x20) && bytes[index] >= 0x41
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) || allowed.contains(bytes[index])
            {
                index += 1
            }
            guard index > start else {
                _ = fail("expected a quoted string, found \(describe(bytes[start]))", at: start)
                return nil
            }
            return (String(decoding: bytes[start..<index], as: UTF8.self), range(start, index))
        }
        while true {
            guard skipTrivia() else { return nil }
            if index >= bytes.count { break }
            guard let (key, keyRange) = token() else { return nil }
            guard skipTrivia() else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                index += 1
                entries.append(StringsEntry(key: key, value: key, keyRange: keyRange, valueRange: keyRange))
                continue
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                return fail("expected '=' after the key \(StringEscapes.literal(key))", at: min(index, bytes.count - 1))
            }
            index += 1
            guard skipTrivia(), let (value, valueRange) = token(), skipTrivia() else { return nil }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                return fail(
                    "missing ';' after the value of \(StringEscapes.literal(key))", at: max(0, min(valueRange.end, bytes.count - 1)),
                    help: ["end every pair with ';'"])
            }
            index += 1
            entries.append(StringsEntry(key: key, value: value, keyRange: keyRange, valueRange: valueRange))
        }
        return entries
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
    }

    /// One to four hexadecimal digits at `index` as a UTF-16 unit, `index` moved past them; `nil` when there is none.
    private static func hexUnit(_ bytes: [UInt8], at index: inout Int) -> UInt16? {
        var value: UInt16 = 0
        var digits = 0
        while digits < 4, index < bytes.count, let digit = Lexer.hexValue(bytes[index]) {
            value = value << 4 | UInt16(digit)
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
