// The lexer's string literals: escapes, Unicode escapes, and strings in the wrong quotes.

extension Lexer {

    mutating func scanString(atLineStart: Bool, into diagnostics: inout DiagnosticBag) -> Token {
        let start = index
        index += 1
        var hasEscapes = false
        while index < bytes.count {
            // Plain text is the common case: skip it a byte at a time with no other checks.
            var cursor = index
            while cursor < bytes.count, isPlainStringByteFast(bytes[cursor]) { cursor += 1 }
            index = cursor
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                let token = Token(
                    kind: .string, start: start, end: index, isAtLineStart: atLineStart, hasEscapes: hasEscapes)
                checkStringLength(token, into: &diagnostics)
                return token
            }
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index = scanEscape(at: index, into: &diagnostics)
            } else if byte < 0x20 && byte != UInt8(ascii: "\t") || byte == 0x7F {
                diagnostics.append(
                    .unexpectedCharacter(
                        SourceRange(file: file.id, start: index, end: index + 1), scalar: Unicode.Scalar(byte),
                        inString: true))
                index += 1
            } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                // U+FFFE and U+FFFF are not characters XML (and so a property list) can hold.
                diagnostics.append(
                    .unexpectedCharacter(
                        SourceRange(file: file.id, start: index, end: index + 3), scalar: decodeScalar(at: index),
                        inString: true))
                index += 3
            } else {
                index += 1
            }
        }
        let continues = continuedStringEnd(from: index)
        index = continues ?? index
        let token = Token(
            kind: .string, start: start, end: index, isAtLineStart: atLineStart,
            hasEscapes: hasEscapes, isUnterminated: true)
        diagnostics.append(continues == nil ? .unterminatedString(range(token)) : .stringAcrossLines(range(token)))
        checkStringLength(token, into: &diagnostics)
        return token
    }

    /// For a string left open at the line break at `position`: when the next line ends a string (`world"`, its
    /// first `"` followed by nothing but an optional `,` and comment, with no `//` before it), the offset after that
    /// `"`; the string is then reported once, as running across lines.
    func continuedStringEnd(from position: Int) -> Int? {
        guard position < bytes.count, let lineBreak = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else {
            return nil
        }
        var cursor = lineBreak + 1
        var quote: Int?
        while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") {
            if bytes[cursor] == UInt8(ascii: "\\") {
                cursor += 2
                continue
            }
            if bytes[cursor] == UInt8(ascii: "/"), cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "/") {
                return nil  // a comment, not the rest of the string
            }
            if bytes[cursor] == UInt8(ascii: "\"") {
                quote = cursor
                break
            }
            cursor += 1
        }
        guard let quote else { return nil }
        var after = quote + 1
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ",") { after += 1 }
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
        let endsLine = after >= bytes.count || bytes[after] == UInt8(ascii: "\n") || bytes[after] == UInt8(ascii: "\r")
            || (bytes[after] == UInt8(ascii: "/") && after + 1 < bytes.count && bytes[after + 1] == UInt8(ascii: "/"))
        return endsLine ? quote + 1 : nil
    }

    func checkStringLength(_ token: Token, into diagnostics: inout DiagnosticBag) {
        let length = token.end - token.start - (token.isUnterminated ? 1 : 2)
        if length > limits.maxStringLength {
            diagnostics.append(.stringTooLong(range(token), length: length, limits: limits))
        }
    }

    /// Validates the escape sequence starting at the backslash at `position`; returns the offset after it.
    func scanEscape(at position: Int, into diagnostics: inout DiagnosticBag) -> Int {
        let next = position + 1
        guard next < bytes.count, bytes[next] != UInt8(ascii: "\n"), bytes[next] != UInt8(ascii: "\r") else {
            diagnostics.append(.invalidEscape(SourceRange(file: file.id, start: position, end: next), text: "\\"))
            return next
        }
        switch bytes[next] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"):
            return next + 1
        case UInt8(ascii: "u"):
            return scanUnicodeEscape(at: position, into: &diagnostics)
        default:
            let end = scalarEnd(at: next)
            let text = String(decoding: bytes[position..<end], as: UTF8.self)
            diagnostics.append(.invalidEscape(SourceRange(file: file.id, start: position, end: end), text: text))
            return end
        }
    }

    /// Validates `\u{…}` (1 to 8 hex digits naming a scalar that property lists can carry).
    func scanUnicodeEscape(at position: Int, into diagnostics: inout DiagnosticBag) -> Int {
        var cursor = position + 2
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{") else {
            diagnostics.append(
                .invalidEscape(SourceRange(file: file.id, start: position, end: cursor), text: "\\u"))
            return cursor
        }
        cursor += 1
        var value: UInt32 = 0
        var digits = 0
        while cursor < bytes.count, let digit = Self.hexValue(bytes[cursor]) {
            if digits < 9 { value = value &* 16 &+ UInt32(digit) }
            digits += 1
            cursor += 1
        }
        let closed = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "}")
        if closed { cursor += 1 }
        let escapeRange = SourceRange(file: file.id, start: position, end: cursor)
        let text = String(decoding: bytes[position..<cursor], as: UTF8.self)
        if !closed || digits == 0 || digits > 8 {
            diagnostics.append(.invalidEscape(escapeRange, text: text))
        } else if let scalar = Unicode.Scalar(value), Self.isAllowedInPropertyList(scalar) {
            return cursor
        } else {
            diagnostics.append(.invalidScalarEscape(escapeRange, text: text))
        }
        return cursor
    }

    /// Whether a string may hold the scalar: what XML 1.0 (and so a property list) can carry, except
    /// DEL, which is refused like the other control characters.
    static func isAllowedInPropertyList(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: true
        case 0x00..<0x20, 0x7F: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// Reads `“text”`, `‘text’` or `'text'` as a string token after reporting the wrong quotes, so
    /// one mistake gives one error. Returns `nil` when no such string starts here or it is not closed on its line.
    mutating func scanMisquotedString(
        atLineStart: Bool, into diagnostics: inout DiagnosticBag
    ) -> Token? {
        let opening = decodeScalar(at: index)
        let closers: [Unicode.Scalar]
        switch opening {
        case "\u{201C}", "\u{201D}", "\u{201E}": closers = ["\u{201D}", "\u{201C}", "\""]
        case "'", "\u{2018}", "\u{2019}": closers = ["'", "\u{2019}", "\u{2018}"]
        default: return nil
        }
        let start = index
        var cursor = scalarEnd(at: index)
        while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n"), bytes[cursor] != UInt8(ascii: "\\") {
            let end = scalarEnd(at: cursor)
            if closers.contains(decodeScalar(at: cursor)) {
                index = end
                diagnostics.append(
                    .unexpectedCharacter(SourceRange(file: file.id, start: start, end: end), scalar: opening, inString: false))
                return Token(kind: .string, start: start, end: end, isAtLineStart: atLineStart, isRepaired: true)
            }
            cursor = end
        }
        return nil
    }

}
