// Turns a screened manifest file into tokens, one at a time; reports lexical errors and never throws.

/// The manifest lexer. It works on the file's bytes, produces tokens on demand (``next(into:)``),
/// and keeps comments aside in ``comments`` for the formatter.
///
/// Every call consumes at least one byte until the end of the file, so lexing always terminates.
/// The input must have passed ``TextScreening`` (no NUL bytes, valid UTF-8).
struct Lexer {
    let file: SourceFile
    private let bytes: [UInt8]
    private let limits: Limits
    private var index: Int
    private var isFirstToken = true
    /// The byte ranges of every `//` comment seen so far, in order.
    private(set) var comments: [SourceRange] = []

    init(file: SourceFile, limits: Limits) {
        self.file = file
        self.bytes = file.bytes
        self.limits = limits
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        self.index = bytes.starts(with: bom) ? 3 : 0
    }

    /// Returns the next token, reporting lexical problems into `diagnostics`.
    mutating func next(into diagnostics: inout DiagnosticBag) -> Token {
        var atLineStart = isFirstToken
        isFirstToken = false
        skipTrivia(atLineStart: &atLineStart)
        guard index < bytes.count else {
            return Token(kind: .endOfFile, start: bytes.count, end: bytes.count, isAtLineStart: true)
        }
        let start = index
        let byte = bytes[index]
        let single: TokenKind? =
            switch byte {
            case UInt8(ascii: "{"): .leftBrace
            case UInt8(ascii: "}"): .rightBrace
            case UInt8(ascii: "["): .leftBracket
            case UInt8(ascii: "]"): .rightBracket
            case UInt8(ascii: "("): .leftParen
            case UInt8(ascii: ")"): .rightParen
            case UInt8(ascii: ":"): .colon
            case UInt8(ascii: ","): .comma
            default: nil
            }
        if let single {
            index += 1
            return Token(kind: single, start: start, end: index, isAtLineStart: atLineStart)
        }
        if byte == UInt8(ascii: "\"") {
            return scanString(atLineStart: atLineStart, into: &diagnostics)
        }
        if byte == UInt8(ascii: "."), index + 1 < bytes.count, Self.isIdentifierStart(bytes[index + 1]) {
            // `.foreground`, as in Swift: report the dot, then read the option name.
            diagnostics.append(.leadingDot(SourceRange(file: file.id, start: start, end: start + 1)))
            index = scanWord(from: index + 1)
            return Token(kind: .identifier, start: start + 1, end: index, isAtLineStart: atLineStart)
        }
        if Self.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
            return scanNumber(atLineStart: atLineStart, into: &diagnostics)
        }
        if Self.isIdentifierStart(byte) {
            index = scanWord(from: index)
            if let dotted = scanDottedNameTail(from: index) {
                // `com.example.invite` unquoted: report it, then read it as the quoted name it was meant to be.
                index = dotted
                let range = SourceRange(file: file.id, start: start, end: index)
                diagnostics.append(.unquotedDottedName(range, text: file.text(in: range)))
            }
            let token = Token(kind: .identifier, start: start, end: index, isAtLineStart: atLineStart)
            if token.end - token.start > limits.maxIdentifierLength {
                diagnostics.append(.nameTooLong(range(token), length: token.end - token.start, limits: limits))
            }
            return token
        }
        if byte == UInt8(ascii: "'") || byte >= 0x80,
            let quoted = scanMisquotedString(atLineStart: atLineStart, into: &diagnostics)
        {
            return quoted
        }
        return scanInvalid(atLineStart: atLineStart, into: &diagnostics)
    }

    // MARK: - Trivia

    private mutating func skipTrivia(atLineStart: inout Bool) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                atLineStart = true
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                var end = index
                if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                comments.append(SourceRange(file: file.id, start: start, end: end))
            default:
                return
            }
        }
    }

    // MARK: - Strings

    private mutating func scanString(atLineStart: Bool, into diagnostics: inout DiagnosticBag) -> Token {
        let start = index
        index += 1
        var hasEscapes = false
        while index < bytes.count {
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
        let token = Token(
            kind: .string, start: start, end: index, isAtLineStart: atLineStart,
            hasEscapes: hasEscapes, isUnterminated: true)
        diagnostics.append(.unterminatedString(range(token)))
        checkStringLength(token, into: &diagnostics)
        return token
    }

    private func checkStringLength(_ token: Token, into diagnostics: inout DiagnosticBag) {
        let length = token.end - token.start - (token.isUnterminated ? 1 : 2)
        if length > limits.maxStringLength {
            diagnostics.append(.stringTooLong(range(token), length: length, limits: limits))
        }
    }

    /// Validates the escape sequence starting at the backslash at `position`; returns the offset after it.
    private func scanEscape(at position: Int, into diagnostics: inout DiagnosticBag) -> Int {
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
    private func scanUnicodeEscape(at position: Int, into diagnostics: inout DiagnosticBag) -> Int {
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
    private mutating func scanMisquotedString(
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

    // MARK: - Numbers

    /// Scans `-? digits (. digits)? ([eE] [+-]? digits)?`, or `-inf`, `-infinity`, `-nan`.
    private mutating func scanNumber(atLineStart: Bool, into diagnostics: inout DiagnosticBag) -> Token {
        let start = index
        var problem: String?
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count, Self.isIdentifierStart(bytes[index]) {
                let wordStart = index
                index = scanWord(from: index)
                let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
                if ["inf", "infinity", "nan"].contains(word) {
                    return Token(kind: .number, start: start, end: index, isAtLineStart: atLineStart)
                }
                problem = "'-' must be followed by a digit"
            } else if index >= bytes.count || !Self.isDigit(bytes[index]) && bytes[index] != UInt8(ascii: ".") {
                let token = Token(kind: .invalid, start: start, end: index, isAtLineStart: atLineStart)
                diagnostics.append(.unexpectedCharacter(range(token), scalar: "-", inString: false))
                return token
            }
        }
        if problem == nil, index < bytes.count, bytes[index] == UInt8(ascii: "."),
            index + 1 < bytes.count, Self.isDigit(bytes[index + 1])
        {
            // `.5`: report it, then read it as the 0.5 it means so checking can go on.
            index = skipDigits(from: index + 1)
            let text = file.text(in: SourceRange(file: file.id, start: start, end: index))
            diagnostics.append(
                .invalidNumber(
                    SourceRange(file: file.id, start: start, end: index), text: text,
                    reason: "a number needs a digit before '.'"))
            return Token(kind: .number, start: start, end: index, isAtLineStart: atLineStart, isRepaired: true)
        }
        if problem == nil, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            problem = "a number needs a digit before '.'"
        }
        if problem == nil {
            index = skipDigits(from: index)
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let afterDot = index
                index = skipDigits(from: index)
                if index == afterDot { problem = "expected a digit after '.'" }
            }
            if problem == nil, index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                let exponentStart = index
                index = skipDigits(from: index)
                if index == exponentStart { problem = "expected a digit in the exponent" }
            }
        }
        // A number must not run into a name or another dot ("12px", "1.2.3").
        let tailStart = index
        while index < bytes.count, Self.isIdentifierContinue(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            index += 1
        }
        if problem == nil, index > tailStart { problem = "a number cannot be followed by a letter or '.'" }
        let token = Token(kind: .number, start: start, end: index, isAtLineStart: atLineStart)
        if let problem {
            diagnostics.append(.invalidNumber(range(token), text: file.text(in: range(token)), reason: problem))
            return Token(kind: .invalid, start: start, end: index, isAtLineStart: atLineStart)
        }
        return token
    }

    private func skipDigits(from position: Int) -> Int {
        var cursor = position
        while cursor < bytes.count, Self.isDigit(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    // MARK: - Invalid input

    /// Consumes a run of characters that cannot start a token and reports it once.
    private mutating func scanInvalid(atLineStart: Bool, into diagnostics: inout DiagnosticBag) -> Token {
        let start = index
        let firstEnd = scalarEnd(at: index)
        let scalar = decodeScalar(at: index)
        index = firstEnd
        // Group the rest of a run of non-ASCII or otherwise invalid characters (binary-looking text).
        while index < bytes.count, !Self.canStartTokenOrTrivia(bytes[index]) {
            index = scalarEnd(at: index)
        }
        let token = Token(kind: .invalid, start: start, end: index, isAtLineStart: atLineStart)
        let range = SourceRange(file: file.id, start: start, end: index)
        diagnostics.append(.unexpectedCharacter(range, scalar: scalar, inString: false, run: file.text(in: range)))
        return token
    }

    private static func canStartTokenOrTrivia(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ":"), UInt8(ascii: ","),
            UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "/"):
            true
        default:
            isIdentifierContinue(byte)
        }
    }

    // MARK: - Helpers

    private func range(_ token: Token) -> SourceRange {
        SourceRange(file: file.id, start: token.start, end: token.end)
    }

    /// When a plain word continues with `.` or `-` and more word characters (`com.example.invite`,
    /// `CF_ACTION-open`), returns the end of the whole run.
    private func scanDottedNameTail(from position: Int) -> Int? {
        var cursor = position
        var extended = false
        while cursor + 1 < bytes.count,
            bytes[cursor] == UInt8(ascii: ".") || bytes[cursor] == UInt8(ascii: "-"),
            Self.isIdentifierContinue(bytes[cursor + 1])
        {
            cursor = scanWord(from: cursor + 1)
            extended = true
        }
        return extended ? cursor : nil
    }

    private func scanWord(from position: Int) -> Int {
        var cursor = position
        while cursor < bytes.count, Self.isIdentifierContinue(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    /// The offset after the (valid UTF-8) scalar starting at `position`.
    private func scalarEnd(at position: Int) -> Int {
        var cursor = position + 1
        while cursor < bytes.count, bytes[cursor] & 0xC0 == 0x80 { cursor += 1 }
        return cursor
    }

    private func decodeScalar(at position: Int) -> Unicode.Scalar {
        let slice = bytes[position..<scalarEnd(at: position)]
        return String(decoding: slice, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    static func isIdentifierStart(_ byte: UInt8) -> Bool { byteClasses[Int(byte)] & identifierStartBit != 0 }

    static func isIdentifierContinue(_ byte: UInt8) -> Bool { byteClasses[Int(byte)] & identifierContinueBit != 0 }

    private static let identifierStartBit: UInt8 = 1
    private static let identifierContinueBit: UInt8 = 2

    /// For every byte value: whether it can start (`A-Za-z_`) and continue (also `0-9`) a plain name.
    private static let byteClasses: [UInt8] = (0...255).map { value -> UInt8 in
        let byte = UInt8(value)
        let lower = byte | 0x20
        let isStart = (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        return (isStart ? identifierStartBit : 0) | (isStart || isDigit ? identifierContinueBit : 0)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
