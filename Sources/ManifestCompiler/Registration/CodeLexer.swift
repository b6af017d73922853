// Tokenizes Swift and Objective-C source for the registration scanner: comments skipped, strings decoded.

/// Splits Swift or Objective-C source into ``CodeToken``s.
///
/// It knows what the scanner must not misread: line comments, block comments (nested in Swift, as the
/// Swift compiler reads them; not nested in Objective-C), string literals with their escapes, Swift's
/// multi-line `"""` and raw `#"…"#` strings and interpolation, Objective-C `@"…"` and character
/// literals, and preprocessor lines. Of conditional compilation (`#if`, `#else`, `#endif`), the branches not
/// built for iOS are dropped (``CodeConditions``). It never fails: a literal left open ends at the end of the file.
struct CodeLexer {
    private let bytes: [UInt8]
    private let language: CodeLanguage
    private var position = 0
    private var tokens: [CodeToken] = []
    private var sawLineBreak = true
    private var inDefine = false
    private var conditions: CodeConditions
    private(set) var suppressions: [SuppressionComment] = []
    /// How many tokens there were after the last conditional directive (to tell an include guard's `#define`).
    private var tokensAtDirective = -1

    init(bytes: [UInt8], language: CodeLanguage) {
        self.bytes = bytes
        self.language = language
        conditions = CodeConditions(language: language)
    }

    /// The tokens of `bytes`, the `notifc:ignore` comments found, and the code under conditions notifc cannot decide.
    static func tokenize(_ bytes: [UInt8], language: CodeLanguage)
        -> (tokens: [CodeToken], suppressions: [SuppressionComment], undecided: [UndecidedRegion])
    {
        var lexer = CodeLexer(bytes: bytes, language: language)
        lexer.run()
        lexer.conditions.finish(at: bytes.count)
        let undecided = lexer.conditions.undecidedRegions.map { region in
            var region = region
            region.text = directiveText(bytes[region.directive])
            return region
        }
        return (lexer.tokens, lexer.suppressions, undecided)
    }

    private func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    private mutating func run() {
        while position < bytes.count {
            let c = bytes[position]
            switch c {
            case 0x0A:
                if inDefine { endDefine() }
                sawLineBreak = true
                position += 1
            case 0x20, 0x09, 0x0D, 0x0C, 0x0B:
                position += 1
            case 0x5C where inDefine && (byte(position + 1) == 0x0A || byte(position + 1) == 0x0D):
                position += byte(position + 1) == 0x0D && byte(position + 2) == 0x0A ? 3 : 2  // line continuation
            case 0x2F where byte(position + 1) == 0x2F:
                lineComment()
            case 0x2F where byte(position + 1) == 0x2A:
                blockComment()
            case 0x22:
                string(start: position, hashes: 0, objC: false)
            case 0x27 where language == .objectiveC:
                characterLiteral()
            case 0x40 where language == .objectiveC && byte(position + 1) == 0x22:
                position += 1
                string(start: position - 1, hashes: 0, objC: true)
            case 0x40 where [0x5B, 0x7B, 0x28].contains(byte(position + 1)):
                emit(.punctuation, String(decoding: bytes[position..<position + 2], as: UTF8.self), position, position + 2)
                position += 2
            case 0x23:
                hash()
            case 0x60:
                backquotedIdentifier()
            default:
                if Self.isIdentifierStart(c) {
                    identifier()
                } else if Self.isDigit(c) {
                    number()
                } else {
                    punctuation()
                }
            }
        }
        if inDefine { endDefine() }
    }

    private mutating func emit(_ kind: CodeToken.Kind, _ text: String, _ start: Int, _ end: Int, value: String? = nil) {
        guard !conditions.isSkipping else { return }
        tokens.append(CodeToken(kind: kind, text: text, value: value, start: start, end: end, startsLine: sawLineBreak))
        sawLineBreak = false
    }

    private mutating func endDefine() {
        inDefine = false
        emit(.endOfDirective, "", position, position)
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24 || c >= 0x80
    }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isIdentifierByte(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }

    private mutating func identifier() {
        let start = position
        while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
        emit(.identifier, String(decoding: bytes[start..<position], as: UTF8.self), start, position)
    }

    private mutating func backquotedIdentifier() {
        let start = position
        position += 1
        let nameStart = position
        while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        if byte(position) == 0x60 { position += 1 }
        if name.isEmpty { emit(.punctuation, "`", start, position) } else { emit(.identifier, name, start, position) }
    }

    private mutating func number() {
        let start = position
        while position < bytes.count, Self.isIdentifierByte(bytes[position]) || bytes[position] == 0x2E && Self.isDigit(byte(position + 1)) {
            position += 1
        }
        emit(.number, String(decoding: bytes[start..<position], as: UTF8.self), start, position)
    }

    private static let compound: [String] = ["...", "->", "==", "!=", "&&", "||", "??", "+=", "|=", "<=", ">="]

    private mutating func punctuation() {
        let start = position
        for candidate in Self.compound {
            let utf8 = Array(candidate.utf8)
            if position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 {
                position += utf8.count
                emit(.punctuation, candidate, start, position)
                return
            }
        }
        position += 1
        emit(.punctuation, String(decoding: bytes[start..<position], as: UTF8.self), start, position)
    }

    private mutating func lineComment() {
        let start = position
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        noteSuppression(start, position)
    }

    private mutating func blockComment() {
        let start = position
        position += 2
        var depth = 1
        while position < bytes.count {
            if bytes[position] == 0x2A, byte(position + 1) == 0x2F {
                position += 2
                depth -= 1
                if depth == 0 { break }
            } else if language == .swift, bytes[position] == 0x2F, byte(position + 1) == 0x2A {
                position += 2
                depth += 1
            } else {
                if bytes[position] == 0x0A { sawLineBreak = true }
                position += 1
            }
        }
        noteSuppression(start, position)
    }

    /// Records a `notifc:ignore CODE…` comment.
    private mutating func noteSuppression(_ start: Int, _ end: Int) {
        guard let codes = Suppressions.codes(in: bytes[start..<end]) else { return }
        suppressions.append(SuppressionComment(codes: codes, start: start, end: end))
    }

    private mutating func characterLiteral() {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != 0x27, bytes[position] != 0x0A {
            position += bytes[position] == 0x5C ? 2 : 1
        }
        if byte(position) == 0x27 { position += 1 }
        emit(.number, String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self), start, min(position, bytes.count))
    }

    /// `#`: a Swift raw string, a preprocessor line, or a Swift `#keyword`.
    private mutating func hash() {
        let start = position
        var hashes = 0
        while byte(position + hashes) == 0x23 { hashes += 1 }
        if language == .swift, byte(position + hashes) == 0x22 {
            position += hashes
            string(start: start, hashes: hashes, objC: false)
            return
        }
        var nameStart = position + 1
        while byte(nameStart) == 0x20 || byte(nameStart) == 0x09 { nameStart += 1 }
        var nameEnd = nameStart
        while nameEnd < bytes.count, Self.isIdentifierByte(bytes[nameEnd]) { nameEnd += 1 }
        let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
        if language == .objectiveC, name == "define" {
            if let candidate = conditions.guardCandidate, tokens.count == tokensAtDirective {
                // `#ifndef NAME` (or `#if !defined(NAME)`) then at once `#define NAME`: an include guard.
                var macroStart = nameEnd
                while byte(macroStart) == 0x20 || byte(macroStart) == 0x09 { macroStart += 1 }
                var macroEnd = macroStart
                while macroEnd < bytes.count, Self.isIdentifierByte(bytes[macroEnd]) { macroEnd += 1 }
                if String(decoding: bytes[macroStart..<macroEnd], as: UTF8.self) == candidate { conditions.markIncludeGuard() }
            }
            position = nameEnd
            emit(.define, "#define", start, nameEnd)
            inDefine = true
            return
        }
        let conditional: Set<String> = ["if", "elseif", "else", "endif", "ifdef", "ifndef", "elif", "sourceLocation"]
        if conditional.contains(name) || language == .objectiveC {
            // The directive's line is dropped; a conditional one decides which code after it is read.
            position = nameEnd
            while position < bytes.count, bytes[position] != 0x0A {
                if bytes[position] == 0x5C, byte(position + 1) == 0x0A { position += 1 }
                if bytes[position] == 0x5C, byte(position + 1) == 0x0D, byte(position + 2) == 0x0A { position += 2 }
                if bytes[position] == 0x2F, byte(position + 1) == 0x2A { blockComment(); continue }
                if bytes[position] == 0x2F, byte(position + 1) == 0x2F { break }
                position += 1
            }
            var conditionEnd = position
            while conditionEnd > nameEnd, [0x20, 0x09, 0x0D].contains(bytes[conditionEnd - 1]) { conditionEnd -= 1 }
            conditions.directive(name, bytes[nameEnd..<position], at: start..<conditionEnd)
            tokensAtDirective = tokens.count
            return
        }
        position = nameEnd
        emit(.identifier, "#" + name, start, nameEnd)
    }

    /// A directive as messages quote it (`#if DEBUG`): its words with one space between them (a condition continued
    /// on the next line with `\` included), at most 200 bytes.
    static func directiveText(_ bytes: ArraySlice<UInt8>) -> String {
        var text: [UInt8] = []
        var pendingSpace = false
        for byte in bytes.prefix(200) {
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A || byte == 0x5C {
                pendingSpace = !text.isEmpty
                continue
            }
            if pendingSpace { text.append(0x20) }
            pendingSpace = false
            text.append(byte)
        }
        return String(decoding: text, as: UTF8.self) + (bytes.count > 200 ? "…" : "")
    }

    /// A string literal starting at `start` whose opening quote is at `position`.
    private mutating func string(start: Int, hashes: Int, objC: Bool) {
        let multiline = language == .swift && byte(position + 1) == 0x22 && byte(position + 2) == 0x22
        let quoteLength = multiline ? 3 : 1
        position += quoteLength
        let bodyStart = position
        var bodyEnd = bytes.count
        var interpolated = false
        scan: while position < bytes.count {
            let c = bytes[position]
            if c == 0x0A, !multiline { bodyEnd = position; break }
            if c == 0x5C, language == .swift || objC || true {
                var hashCount = 0
                while hashCount < hashes, byte(position + 1 + hashCount) == 0x23 { hashCount += 1 }
                if hashCount == hashes {
                    let next = position + 1 + hashes
                    if language == .swift, byte(next) == 0x28 {
                        interpolated = true
                        position = skipInterpolation(from: next)
                        continue scan
                    }
                    position = next + 1
                    continue scan
                }
            }
            if c == 0x22 {
                let closesQuotes = !multiline || (byte(position + 1) == 0x22 && byte(position + 2) == 0x22)
                if closesQuotes {
                    var hashCount = 0
                    while hashCount < hashes, byte(position + quoteLength + hashCount) == 0x23 { hashCount += 1 }
                    if hashCount == hashes {
                        bodyEnd = position
                        position += quoteLength + hashes
                        break scan
                    }
                }
            }
            position += 1
        }
        if bodyEnd == bytes.count { position = bytes.count }
        if bodyEnd < bodyStart { bodyEnd = bodyStart }
        let body = Array(bytes[bodyStart..<bodyEnd])
        let value = interpolated ? nil : StringDecoding.decode(body, hashes: hashes, multiline: multiline, swift: language == .swift)
        let end = min(position, bytes.count)
        emit(.string, String(decoding: bytes[start..<end], as: UTF8.self), start, end, value: value)
    }

    /// Skips `(…)` of an interpolation, with strings inside; returns the offset after `)`.
    private func skipInterpolation(from open: Int) -> Int {
        var offset = open + 1
        var depth = 1
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x28: depth += 1
            case 0x29:
                depth -= 1
                if depth == 0 { return offset + 1 }
            case 0x22:
                offset += 1
                while offset < bytes.count, bytes[offset] != 0x22, bytes[offset] != 0x0A {
                    offset += bytes[offset] == 0x5C ? 2 : 1
                }
            case 0x0A where depth > 64: return offset
            default: break
            }
            offset += 1
        }
        return bytes.count
    }
}

/// Decodes the body of a string literal: escapes, and a multi-line literal's indentation.
enum StringDecoding {
    static func decode(_ body: [UInt8], hashes: Int, multiline: Bool, swift: Bool) -> String {
        var text = body
        if multiline { text = stripIndentation(body) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let c = text[index]
            guard c == 0x5C else { out.append(c); index += 1; continue }
            var hashCount = 0
            while hashCount < hashes, index + 1 + hashCount < text.count, text[index + 1 + hashCount] == 0x23 { hashCount += 1 }
            guard hashCount == hashes, index + 1 + hashes < text.count else { out.append(c); index += 1; continue }
            let escape = text[index + 1 + hashes]
            index += 2 + hashes
            switch escape {
            case 0x6E: out.append(0x0A)
            case 0x74: out.append(0x09)
            case 0x72: out.append(0x0D)
            case 0x30 where swift: out.append(0x00)
            case 0x0A where multiline: break  // line continuation
            case _ where !swift:
                index = decodeC(escape, at: index, in: text, into: &out)
            case 0x75 where swift && index < text.count && text[index] == 0x7B:
                var end = index + 1
                while end < text.count, text[end] != 0x7D { end += 1 }
                let hex = String(decoding: text[min(index + 1, end)..<end], as: UTF8.self)
                if let scalarValue = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(scalarValue) {
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
                index = min(end + 1, text.count)
            default: out.append(escape)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// C's other escapes, after the backslash and `escape` (Objective-C `@"…"`): `\u2026` and `\U0001F600`
    /// (universal character names), `\x41` and `\101` (a byte of the UTF-8 text), `\a \b \f \v \e`; any other
    /// character stands for itself (`\"`, `\\`, `\?`). Returns where the text goes on.
    private static func decodeC(_ escape: UInt8, at start: Int, in text: [UInt8], into out: inout [UInt8]) -> Int {
        /// The value of up to `limit` digits in `radix` from `start`, and where they end.
        func digits(from start: Int, limit: Int, radix: UInt32) -> (value: UInt32, end: Int) {
            var value: UInt32 = 0, end = start
            while end < text.count, end - start < limit, let digit = Character(Unicode.Scalar(text[end])).hexDigitValue,
                UInt32(digit) < radix
            {
                value = value &* radix &+ UInt32(digit)
                end += 1
            }
            return (value, end)
        }
        switch escape {
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = escape == UInt8(ascii: "u") ? 4 : 8
            let (value, end) = digits(from: start, limit: count, radix: 16)
            guard end - start == count, let scalar = Unicode.Scalar(value) else {
                out.append(escape)
                return start
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            return end
        case UInt8(ascii: "x"):
            let (value, end) = digits(from: start, limit: 2, radix: 16)
            guard end > start else {
                out.append(escape)
                return start
            }
            out.append(UInt8(truncatingIfNeeded: value))
            return end
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            let (value, end) = digits(from: start - 1, limit: 3, radix: 8)
            out.append(UInt8(truncatingIfNeeded: value))
            return end
        case UInt8(ascii: "a"): out.append(0x07)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "v"): out.append(0x0B)
        case UInt8(ascii: "e"): out.append(0x1B)  // a GNU extension clang accepts
        default: out.append(escape)
        }
        return start
    }

    /// A `"""` literal's lines without the first line break and without the closing line's indentation.
    static func stripIndentation(_ body: [UInt8]) -> [UInt8] {
        var lines = body.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        if let first = lines.first, first.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { lines.removeFirst() }
        var indentation: [UInt8] = []
        if let last = lines.last, last.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            indentation = last
            lines.removeLast()
        }
        let stripped = lines.map { line -> [UInt8] in
            let trimmed = line.last == 0x0D ? Array(line.dropLast()) : line
            return trimmed.starts(with: indentation) ? Array(trimmed.dropFirst(indentation.count)) : trimmed
        }
        return Array(stripped.joined(separator: [0x0A]))
    }
}
