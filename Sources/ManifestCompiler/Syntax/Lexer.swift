// Turns a screened manifest file into tokens, one at a time; reports lexical errors and never throws.

/// The manifest lexer. It works on the file's bytes, produces tokens on demand (``next(into:)``),
/// and keeps comments aside in ``comments`` for the formatter.
///
/// Every call consumes at least one byte until the end of the file, so lexing always terminates.
/// The input must have passed ``TextScreening`` (no NUL bytes, valid UTF-8).
struct Lexer {
    let file: SourceFile
    /// The file's bytes.
    let bytes: [UInt8]
    let limits: Limits
    var index: Int
    var isFirstToken = true
    /// The byte ranges of every `//` comment seen so far, in order.
    private(set) var comments: [SourceRange] = []
    /// An offset after which no `*/` follows (``blockCommentEnd(from:)``).
    private var noCloserAfter: Int?
    /// Where each `/*` of the file closes when comments nest as in Swift, found at the first block comment.
    private var nestedCommentEnds: [Int: Int]?
    /// ``ByteClass`` flags for every byte value.
    private let classes = ByteClass.table

    /// Runs `body` with a lexer at the start of `file`.
    static func scan<Result>(_ file: SourceFile, limits: Limits, _ body: (inout Lexer) -> Result) -> Result {
        var lexer = Lexer(file: file, limits: limits)
        return body(&lexer)
    }

    /// A lexer at the start of `file`.
    init(file: SourceFile, limits: Limits) {
        self.file = file
        self.bytes = Array(file.bytes)
        self.limits = limits
        self.index = ByteOrderMark.length(in: bytes)
    }

    @inline(__always)
    func isWordByte(_ byte: UInt8) -> Bool { classes[Int(byte)] & ByteClass.word != 0 }

    /// Returns the next token, reporting lexical problems into `diagnostics`.
    ///
    /// Names, punctuation and strings, nearly every token of a manifest, are read here; numbers and the
    /// mistakes the lexer repairs are read by ``scanOther(from:atLineStart:into:)``.
    @inline(__always)
    mutating func next(into diagnostics: inout DiagnosticBag) -> Token {
        var atLineStart = isFirstToken
        isFirstToken = false
        skipTrivia(atLineStart: &atLineStart, into: &diagnostics)
        guard index < bytes.count else {
            return Token(kind: .endOfFile, start: bytes.count, end: bytes.count, isAtLineStart: true)
        }
        let start = index
        let byte = bytes[start]
        let flags = classes[Int(byte)]
        if flags & ByteClass.wordStart != 0 {
            return scanName(from: start, atLineStart: atLineStart, into: &diagnostics)
        }
        if flags & ByteClass.punctuation != 0 {
            index = start + 1
            return Token(kind: Self.punctuationKind(byte), start: start, end: index, isAtLineStart: atLineStart)
        }
        if byte == UInt8(ascii: "\"") {
            return scanString(atLineStart: atLineStart, into: &diagnostics)
        }
        return scanOther(from: start, atLineStart: atLineStart, into: &diagnostics)
    }

    /// The kind of a one-byte token (a byte with the ``ByteClass/punctuation`` flag).
    @inline(__always)
    static func punctuationKind(_ byte: UInt8) -> TokenKind {
        switch byte {
        case UInt8(ascii: "{"): .leftBrace
        case UInt8(ascii: "}"): .rightBrace
        case UInt8(ascii: "["): .leftBracket
        case UInt8(ascii: "]"): .rightBracket
        case UInt8(ascii: "("): .leftParen
        case UInt8(ascii: ")"): .rightParen
        case UInt8(ascii: ":"): .colon
        default: .comma
        }
    }

    /// A plain name starting at `start` (a letter or `_`), tagged with the keyword it spells.
    @inline(__always)
    private mutating func scanName(from start: Int, atLineStart: Bool, into diagnostics: inout DiagnosticBag) -> Token {
        var end = start + 1
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        index = end
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "-") || bytes[end] >= 0x80 {
            return scanNameWithTail(from: start, atLineStart: atLineStart, into: &diagnostics)
        }
        let token = Token(kind: .identifier, start: start, end: end, isAtLineStart: atLineStart)
        if end - start > limits.maxIdentifierLength {
            diagnostics.append(.nameTooLong(range(token), length: end - start, limits: limits))
        }
        return token
    }

    /// A name followed by `.`, `-` or a letter outside ASCII: `com.example.invite` or `café` unquoted is reported,
    /// then read as the quoted name it was meant to be; otherwise the name ends before the `.` or `-`.
    @inline(never)
    private mutating func scanNameWithTail(
        from start: Int, atLineStart: Bool, into diagnostics: inout DiagnosticBag
    ) -> Token {
        var cursor = start
        var isASCII = true
        var isDotted = false
        while cursor < bytes.count {
            if isWordByte(bytes[cursor]) {
                cursor = scanWord(from: cursor)
            } else if bytes[cursor] >= 0x80, Self.isNameLetter(decodeScalar(at: cursor), continuing: cursor > start) {
                cursor = scalarEnd(at: cursor)
                isASCII = false
            } else if bytes[cursor] == UInt8(ascii: ".") || bytes[cursor] == UInt8(ascii: "-"), cursor > start,
                cursor + 1 < bytes.count,
                Self.isIdentifierContinue(bytes[cursor + 1])
                    || (bytes[cursor + 1] >= 0x80 && Self.isNameLetter(decodeScalar(at: cursor + 1), continuing: false))
            {
                cursor += 1
                isDotted = true
            } else {
                break
            }
        }
        index = cursor
        let written = SourceRange(file: file.id, start: start, end: index)
        if !isASCII || isDotted {
            diagnostics.append(.unquotedName(written, text: file.text(in: written), hasNonASCII: !isASCII))
        }
        let token = Token(kind: .identifier, start: start, end: index, isAtLineStart: atLineStart)
        if token.end - token.start > limits.maxIdentifierLength {
            diagnostics.append(.nameTooLong(range(token), length: token.end - token.start, limits: limits))
        }
        return token
    }

    /// The tokens ``next(into:)`` leaves to a closer look: `.foreground`, numbers, strings in the wrong
    /// quotes, and characters that cannot start a token.
    @inline(never)
    private mutating func scanOther(from start: Int, atLineStart: Bool, into diagnostics: inout DiagnosticBag) -> Token {
        let byte = bytes[start]
        if byte == UInt8(ascii: "."), index + 1 < bytes.count, Self.isIdentifierStart(bytes[index + 1]) {
            // `.foreground`, as in Swift: report the dot, then read the option name.
            index = scanWord(from: index + 1)
            let name = SourceText.string(bytes, start + 1, index)
            diagnostics.append(.leadingDot(SourceRange(file: file.id, start: start, end: start + 1), name: name))
            return Token(kind: .identifier, start: start + 1, end: index, isAtLineStart: atLineStart)
        }
        if Self.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
            return scanNumber(atLineStart: atLineStart, into: &diagnostics)
        }
        if byte == UInt8(ascii: "'") || byte >= 0x80,
            let quoted = scanMisquotedString(atLineStart: atLineStart, into: &diagnostics)
        {
            return quoted
        }
        if byte >= 0x80, Self.isNameLetter(decodeScalar(at: start), continuing: false) {
            return scanNameWithTail(from: start, atLineStart: atLineStart, into: &diagnostics)  // `ébauche`
        }
        return scanInvalid(atLineStart: atLineStart, into: &diagnostics)
    }

    // MARK: - Trivia

    mutating func skipTrivia(atLineStart: inout Bool, into diagnostics: inout DiagnosticBag) {
        var cursor = index
        defer { index = cursor }
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if classes[Int(byte)] & ByteClass.space != 0 {
                cursor += 1
            } else if byte == UInt8(ascii: "\n") {
                atLineStart = true
                cursor += 1
            } else if byte == UInt8(ascii: "/") || byte >= 0xC2,
                let end = commentOrSpaceEnd(at: cursor, atLineStart: &atLineStart, into: &diagnostics)
            {
                cursor = end
            } else {
                return
            }
        }
    }

    /// The end of the comment, or of the run of characters read as spaces, at `start`, if one is there: a `//`
    /// comment (kept in ``comments``); a `/* … */` comment, as in Swift, or a no-break or zero-width space (pasted
    /// from a web page or chat), each reported, then passed over so the code around it is read.
    @inline(never)
    mutating func commentOrSpaceEnd(
        at start: Int, atLineStart: inout Bool, into diagnostics: inout DiagnosticBag
    ) -> Int? {
        if bytes[start] == UInt8(ascii: "/"), start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "/") {
            var cursor = start
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
            var end = cursor
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            comments.append(SourceRange(file: file.id, start: start, end: end))
            return cursor
        }
        if bytes[start] == UInt8(ascii: "/"), start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "*"),
            let end = blockCommentEnd(from: start)
        {
            diagnostics.append(.blockComment(SourceRange(file: file.id, start: start, end: end)))
            if bytes[start..<end].contains(UInt8(ascii: "\n")) { atLineStart = true }
            return end
        }
        if bytes[start] >= 0xC2, let end = invisibleSpacesEnd(from: start) {
            let range = SourceRange(file: file.id, start: start, end: end)
            diagnostics.append(.unexpectedCharacter(range, scalar: decodeScalar(at: start), inString: false))
            if String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars.contains(where: Self.isLineSeparator) {
                atLineStart = true
            }
            return end
        }
        return nil
    }

    /// The end of the run of invisible spaces (``isInvisibleSpace(_:)``) starting at `start`, if one starts there.
    func invisibleSpacesEnd(from start: Int) -> Int? {
        var cursor = start
        while cursor < bytes.count, bytes[cursor] >= 0xC2, Self.isInvisibleSpace(decodeScalar(at: cursor)) {
            cursor = scalarEnd(at: cursor)
        }
        return cursor > start ? cursor : nil
    }

    /// Spaces other than U+0020 (U+00A0, U+2009, U+3000…), the zero-width space and word joiner, U+FEFF, and the
    /// line breaks other than line feed (``isLineSeparator(_:)``, read as one).
    static func isInvisibleSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{200B}" || scalar == "\u{2060}"
            || scalar == "\u{FEFF}" || isLineSeparator(scalar)
    }

    /// U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR and U+0085 NEXT LINE.
    static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
    }

    /// The offset after the `*/` that closes the block comment at `start`, if one does: the one that matches it
    /// when comments nest, as Swift reads `/* a /* b */ c */` (so the whole comment is reported once), else the
    /// first one after it, as C reads `/* a /* b */`. A search that found none is remembered, so a file of unclosed
    /// `/*` is not searched to its end once for each.
    mutating func blockCommentEnd(from start: Int) -> Int? {
        if nestedCommentEnds == nil { nestedCommentEnds = Self.nestedCommentEnds(in: bytes) }
        if let end = nestedCommentEnds?[start] { return end }
        if let noCloserAfter, start >= noCloserAfter { return nil }
        var cursor = start + 2
        while cursor + 1 < bytes.count {
            if bytes[cursor] == UInt8(ascii: "*"), bytes[cursor + 1] == UInt8(ascii: "/") { return cursor + 2 }
            cursor += 1
        }
        noCloserAfter = start
        return nil
    }

    /// The end of the `*/` matching each `/*` in `bytes`, pairing them as nested brackets in one pass. Strings are
    /// passed over, in comments too (so an unclosed comment does not run to a `*/` in a later title), and so are
    /// `//` comments outside block comments.
    static func nestedCommentEnds(in bytes: [UInt8]) -> [Int: Int] {
        var ends: [Int: Int] = [:]
        var opened: [Int] = []
        var cursor = 0
        while cursor + 1 < bytes.count {
            if bytes[cursor] == UInt8(ascii: "\"") {
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\""), bytes[cursor] != UInt8(ascii: "\n") {
                    cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
                }
                cursor += 1
            } else if opened.isEmpty, bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "/") {
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
            } else if bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "*") {
                opened.append(cursor)
                cursor += 2
            } else if bytes[cursor] == UInt8(ascii: "*"), bytes[cursor + 1] == UInt8(ascii: "/"), let start = opened.popLast() {
                ends[start] = cursor + 2
                cursor += 2
            } else {
                cursor += 1
            }
        }
        return ends
    }

    // MARK: - Invalid input

    /// Consumes a run of characters that cannot start a token and reports it once.
    mutating func scanInvalid(atLineStart: Bool, into diagnostics: inout DiagnosticBag) -> Token {
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

    static func canStartTokenOrTrivia(_ byte: UInt8) -> Bool {
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

    func range(_ token: Token) -> SourceRange {
        SourceRange(file: file.id, start: token.start, end: token.end)
    }

    func scanWord(from position: Int) -> Int {
        var cursor = position
        while cursor < bytes.count, isWordByte(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    /// The offset after the (valid UTF-8) scalar starting at `position`.
    func scalarEnd(at position: Int) -> Int {
        var cursor = position + 1
        while cursor < bytes.count, bytes[cursor] & 0xC0 == 0x80 { cursor += 1 }
        return cursor
    }

    func decodeScalar(at position: Int) -> Unicode.Scalar {
        let slice = bytes[position..<scalarEnd(at: position)]
        return String(decoding: slice, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// `A-Za-z_`: can start a plain name (the lexer reads it through the ``ByteClass`` table built from it).
    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") }

    /// A letter or digit outside ASCII (`é`, `ß`, `中`), or a combining mark `continuing` a name: part of a name
    /// someone forgot to quote. A mark alone starts nothing.
    static func isNameLetter(_ scalar: Unicode.Scalar, continuing: Bool) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark: return continuing
        case .decimalNumber: return true
        default: return properties.isAlphabetic
        }
    }

    /// `A-Za-z_0-9`: can continue a plain name.
    @inline(__always)
    static func isIdentifierContinue(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    /// Bytes a string literal's scan passes over without a closer look: printable ASCII other than `"` and
    /// `\`, tab, and non-ASCII bytes other than 0xEF (which may begin U+FFFE or U+FFFF).
    @inline(__always)
    static func isPlainStringByte(_ byte: UInt8) -> Bool {
        if byte &- 0x20 < 0x5F { return byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
        return byte >= 0x80 ? byte != 0xEF : byte == UInt8(ascii: "\t")
    }

    /// The plain-string flag of `byte` (``isPlainStringByte(_:)``) from the table.
    @inline(__always)
    func isPlainStringByteFast(_ byte: UInt8) -> Bool { classes[Int(byte)] & ByteClass.plainString != 0 }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Byte classes the lexer's loops test with one table load instead of a chain of comparisons.
enum ByteClass {
    /// `A-Za-z0-9_`: ``Lexer/isIdentifierContinue(_:)``.
    static let word: UInt8 = 1
    /// Space, tab and carriage return: trivia within a line.
    static let space: UInt8 = 2
    /// ``Lexer/isPlainStringByte(_:)``.
    static let plainString: UInt8 = 4
    /// `A-Za-z_`: ``Lexer/isIdentifierStart(_:)``.
    static let wordStart: UInt8 = 8
    /// `{ } [ ] ( ) : ,`: a token of its own (``Lexer/punctuationKind(_:)``).
    static let punctuation: UInt8 = 16

    /// The flags of every byte value, computed from the lexer's predicates.
    static let table: [UInt8] = (0..<256).map { value in
        let byte = UInt8(value)
        var flags: UInt8 = 0
        if Lexer.isIdentifierContinue(byte) { flags |= word }
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { flags |= space }
        if Lexer.isPlainStringByte(byte) { flags |= plainString }
        if Lexer.isIdentifierStart(byte) { flags |= wordStart }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: ":"), UInt8(ascii: ","):
            flags |= punctuation
        default: break
        }
        return flags
    }
}

/// The tokens of one manifest as written, with the byte ranges of its comments: for tools that read text
/// still being typed, which the parser's recovered tree describes too roughly (the language server's completion).
package struct TokenStream {
    /// Every token, in order, the end of file last.
    package var tokens: [Token]
    /// The byte range of every `//` comment, in order.
    package var comments: [Range<Int>]

    /// The tokens of `bytes`; `nil` when the text does not pass screening (invalid UTF-8, a NUL byte, too
    /// large), which the compiler reports.
    package init?(_ bytes: [UInt8], limits: Limits = .default) {
        let file = SourceFile(id: SourceFileID(index: 0), path: "", bytes: bytes)
        var diagnostics = DiagnosticBag()
        guard TextScreening.screen(file, limits: limits, into: &diagnostics) else { return nil }
        var lexer = Lexer(file: file, limits: limits)
        tokens = []
        repeat {
            tokens.append(lexer.next(into: &diagnostics))
        } while tokens[tokens.count - 1].kind != .endOfFile
        comments = lexer.comments.map { $0.start..<$0.end }
    }
}
