// Recursive-descent parser for .notif files: tokens → SyntaxTree, with recovery; never throws.
//
// Grammar (EBNF; docs/language.md explains it):
//
//   manifest    = { declaration } ;
//   declaration = kind name "{" [ entry { separator entry } [ separator ] ] "}" ;
//   kind        = "action" | "textInputAction" | "category" | "contentExtension" | "serviceExtension" ;
//   name        = word | string ;
//   entry       = word ":" value ;                 (key, colon and the value's start share a line)
//   separator   = line-break | "," [ line-break ] ;  (a comma before "}" or "]" must end its line)
//   value       = string | number | word | list | call ;
//   list        = "[" [ value { "," value } [ "," line-break ] ] "]" ;
//   call        = word "(" [ value { "," value } [ "," line-break ] ] ")" ;
//
// Recovery: every expectation either consumes a token or reports an error, an error skips to the next
// line (bracket-aware) or closing brace, at most one parse error is reported per line, nesting deeper
// than `Limits.maxNestingDepth` is reported once and skipped iteratively, so no input can recurse
// without bound or loop.

/// Parses one manifest file.
struct Parser {
    private var lexer: Lexer
    private var token: Token
    private var peeked: Token?
    private var previousEnd = 0
    private var lastErrorOffset: Int?
    private var diagnostics: DiagnosticBag
    private let limits: Limits
    private let file: SourceFile

    /// Parses `file` into a tree, reporting into `diagnostics`. `declarationBudget` is decremented for every
    /// declaration; when it runs out the rest of the input is not read.
    static func parse(
        _ file: SourceFile, limits: Limits, declarationBudget: inout Int, diagnostics: inout DiagnosticBag
    ) -> SyntaxTree {
        var declarations: [DeclarationSyntax] = []
        let comments = parse(file, limits: limits, declarationBudget: &declarationBudget, diagnostics: &diagnostics) {
            declaration, _ in declarations.append(declaration)
        }
        return SyntaxTree(file: file.id, declarations: declarations, comments: comments)
    }

    /// Parses `file`, handing each declaration to `body` as soon as it is complete, with the diagnostics so
    /// far (the compiler checks it there and keeps no syntax, so the whole tree never exists at once).
    /// - Returns: The ranges of the file's comments.
    @discardableResult
    static func parse(
        _ file: SourceFile, limits: Limits, declarationBudget: inout Int, diagnostics: inout DiagnosticBag,
        each body: (DeclarationSyntax, inout DiagnosticBag) -> Void
    ) -> [SourceRange] {
        var parser = Parser(file: file, limits: limits, diagnostics: diagnostics)
        parser.parseManifest(budget: &declarationBudget, each: body)
        diagnostics = parser.diagnostics
        return parser.lexer.comments
    }

    private init(file: SourceFile, limits: Limits, diagnostics: DiagnosticBag) {
        self.file = file
        self.limits = limits
        self.diagnostics = diagnostics
        self.lexer = Lexer(file: file, limits: limits)
        self.token = Token(kind: .endOfFile, start: 0, end: 0, isAtLineStart: true)
        self.token = lexer.next(into: &self.diagnostics)
    }

    // MARK: - Declarations

    private mutating func parseManifest(budget: inout Int, each body: (DeclarationSyntax, inout DiagnosticBag) -> Void) {
        defer { if token.kind != .endOfFile { diagnostics.noteStoppedEarly() } }
        while token.kind != .endOfFile, !diagnostics.isFull {
            let before = token.start
            if let declaration = parseTopLevel() {
                budget -= 1
                if budget < 0 {
                    diagnostics.append(.tooManyDeclarations(declaration.range, limits: limits))
                    break
                }
                body(declaration, &diagnostics)
            }
            if token.start == before, token.kind != .endOfFile { advance() }
        }
    }

    private mutating func parseTopLevel() -> DeclarationSyntax? {
        guard token.kind == .identifier else {
            reportExpected("a declaration (\(Self.kindList))")
            skipLine()
            return nil
        }
        let word = text(of: token)
        if let kind = DeclarationKind(rawValue: word) {
            return parseDeclaration(kind)
        }
        let next = peek()
        if next.kind == .colon {
            report(
                .expected(
                    "a declaration", found: "entry '\(word):' outside any declaration", at: range(of: token),
                    help: ["entries go inside a declaration's braces"]))
            skipLine()
            return nil
        }
        report(.unknownDeclarationKind(word, at: range(of: token)))
        // Read the declaration anyway so its body is checked and the parser stays in step; keep it
        // only when the misspelling has an obvious intended kind.
        let suggested = NameSuggester.suggestion(for: word, among: DeclarationKind.allCases.map(\.rawValue))
        guard next.kind == .identifier || next.kind == .string || next.kind == .leftBrace else {
            skipLine()
            return nil
        }
        let declaration = parseDeclaration(suggested.flatMap(DeclarationKind.init(rawValue:)) ?? .category)
        return suggested == nil ? nil : declaration
    }

    /// declaration = kind name "{" { entry separator } "}"
    private mutating func parseDeclaration(_ kind: DeclarationKind) -> DeclarationSyntax {
        let keyword = token
        advance()
        var name: NameSyntax?
        switch token.kind {
        case .identifier:
            name = NameSyntax(text: text(of: token), range: range(of: token), isQuoted: false)
            advance()
        case .string:
            name = quotedName(token)
            advance()
        default:
            reportExpected("a name after '\(kind.rawValue)'")
        }
        var declaration = DeclarationSyntax(
            kind: Located(kind, at: range(of: keyword)), name: name, entries: [],
            range: SourceRange(file: file.id, start: keyword.start, end: previousEnd))
        guard token.kind == .leftBrace else {
            reportExpected("'{' to open the \(kind.displayName)")
            skipLine()
            declaration.range.end = previousEnd
            return declaration
        }
        let openBrace = token
        advance()
        declaration.entries.reserveCapacity(6)  // declarations have at most 7 keys
        parseBody(into: &declaration, openBrace: openBrace)
        declaration.range.end = previousEnd
        return declaration
    }

    private mutating func parseBody(into declaration: inout DeclarationSyntax, openBrace: Token) {
        while !diagnostics.isFull {
            switch token.kind {
            case .rightBrace:
                advance()
                return
            case .endOfFile:
                reportUnclosedBody(declaration, openBrace: openBrace)
                return
            case .identifier:
                if token.isAtLineStart, startsDeclaration() {
                    reportUnclosedBody(declaration, openBrace: openBrace)
                    return
                }
                declaration.entries.append(parseEntry())
                switch token.kind {
                case .comma:
                    advance()
                    if token.kind == .rightBrace, !token.isAtLineStart { reportTrailingComma() }
                case .rightBrace, .endOfFile:
                    break
                default:
                    if token.isAtLineStart { break }
                    reportExpected("a line break or ',' after the entry")
                    // `a: 1 b: 2` on one line: the next entry is intact, so read it rather than skip it.
                    if !(token.kind == .identifier && peek().kind == .colon) {
                        skipLine(stopAtClosingBrace: true)
                    }
                }
            case .invalid:
                advance()
            default:
                reportExpected("an entry ('key: value') or '}'")
                skipLine(stopAtClosingBrace: true)
            }
        }
    }

    private mutating func reportUnclosedBody(_ declaration: DeclarationSyntax, openBrace: Token) {
        let what = declaration.name.map { "\(declaration.kind.value.displayName) '\($0.text)'" }
            ?? "the \(declaration.kind.value.displayName)"
        var diagnostic = Diagnostic.expected(
            "'}' to close \(what)", found: describe(token), at: .point(file.id, previousEnd))
        diagnostic.notes.append(DiagnosticNote("the body opened here", at: range(of: openBrace)))
        report(diagnostic)
    }

    /// Whether the current token begins a declaration (`kind name {` or `kind {`). The next token is looked at
    /// first: an entry's key is followed by ':', so most lines are settled without reading the word.
    private mutating func startsDeclaration() -> Bool {
        let next = peek()
        guard next.kind == .identifier || next.kind == .string || next.kind == .leftBrace else { return false }
        return DeclarationKind(rawValue: text(of: token)) != nil
    }

    // MARK: - Entries and values

    /// entry = word ":" value
    private mutating func parseEntry() -> EntrySyntax {
        let key = NameSyntax(text: text(of: token), range: range(of: token), isQuoted: false)
        advance()
        if token.kind == .colon, token.isAtLineStart {
            // `title` then `: "x"` on the next line: one mistake, reported once; read the rest as the entry.
            report(.missingValue(for: key.text, at: .point(file.id, key.range.end)))
            advance()
            let value = token.isAtLineStart ? nil : parseValue(depth: 1)
            return EntrySyntax(key: key, value: value, range: SourceRange(file: file.id, start: key.range.start, end: previousEnd))
        }
        if token.kind == .colon {
            advance()
        } else if token.kind == .invalid, text(of: token) == "=" {
            advance()  // `title = "x"`: the lexer reported the '='; read on as if it were ':'.
        } else {
            reportExpected("':' after '\(key.text)'")
            if token.isAtLineStart || token.kind == .rightBrace || token.kind == .endOfFile {
                return EntrySyntax(key: key, value: nil, range: key.range)
            }
        }
        let valueStartsHere =
            !token.isAtLineStart && token.kind != .rightBrace && token.kind != .endOfFile && token.kind != .comma
        guard valueStartsHere else {
            report(.missingValue(for: key.text, at: .point(file.id, previousEnd)))
            return EntrySyntax(key: key, value: nil, range: SourceRange(file: file.id, start: key.range.start, end: previousEnd))
        }
        let value = parseValue(depth: 1)
        return EntrySyntax(
            key: key, value: value, range: SourceRange(file: file.id, start: key.range.start, end: previousEnd))
    }

    /// value = string | number | word | list | call
    private mutating func parseValue(depth: Int) -> ValueSyntax? {
        let start = token
        let opensContainer = token.kind == .leftBracket || (token.kind == .identifier && peek().kind == .leftParen)
        if opensContainer && depth > limits.maxNestingDepth {
            report(.nestingTooDeep(range(of: token), limits: limits))
            skipValue()
            return nil
        }
        switch token.kind {
        case .string:
            advance()
            // An unterminated string was reported; its text is not what was meant, so don't check it further.
            if start.isUnterminated { return nil }
            return ValueSyntax(.string(decodeString(start)), range: range(of: start))
        case .number:
            advance()
            return ValueSyntax(.number(numberValue(start)), range: range(of: start))
        case .identifier:
            let next = peek()
            if next.kind == .leftParen, !next.isAtLineStart {
                let callee = NameSyntax(text: text(of: start), range: range(of: start), isQuoted: false)
                advance()
                let arguments = parseSequence(closer: .rightParen, depth: depth)
                return ValueSyntax(.call(callee, arguments), range: rangeFrom(start))
            }
            advance()
            return ValueSyntax(.word(text(of: start)), range: range(of: start))
        case .leftBracket:
            let elements = parseSequence(closer: .rightBracket, depth: depth)
            return ValueSyntax(.list(elements), range: rangeFrom(start))
        case .leftBrace:
            reportExpected("a value", help: ["lists are written in square brackets: [a, b]"])
            skipValue()
            return nil
        case .invalid:
            advance()
            return nil
        default:
            reportExpected("a value")
            return nil
        }
    }

    /// The elements of `[…]` or `(…)`; the current token is the opener.
    private mutating func parseSequence(closer: TokenKind, depth: Int) -> [ValueSyntax] {
        let opener = token
        advance()
        var elements: [ValueSyntax] = []
        elements.reserveCapacity(4)  // most lists are short: one allocation instead of growing 1, 2, 4
        while !diagnostics.isFull {
            switch token.kind {
            case closer:
                advance()
                return elements
            case .endOfFile, .rightBrace, .rightBracket, .rightParen:
                reportUnclosed(opener, closer: closer)
                return elements
            case .comma:
                reportExpected("a value")
                advance()
                continue
            default:
                break
            }
            if token.isAtLineStart, token.kind == .identifier, peek().kind == .colon {
                reportUnclosed(opener, closer: closer)  // the next entry began: the list was never closed
                return elements
            }
            let before = token.start
            if let element = parseValue(depth: depth + 1) { elements.append(element) }
            if token.start == before, token.kind != .endOfFile { advance() }
            switch token.kind {
            case .comma:
                advance()
                if token.kind == closer, !token.isAtLineStart { reportTrailingComma() }
            case closer, .endOfFile, .rightBrace, .rightBracket, .rightParen:
                break
            default:
                if !(token.isAtLineStart && token.kind == .identifier && peek().kind == .colon) {
                    reportExpected("',' or \(closer.spelling)")
                }
            }
        }
        return elements
    }

    /// A comma separates items on a line; one may end a line (so multi-line lists diff cleanly), but a
    /// comma directly before the closing bracket on the same line is an error (`[a, ]`).
    private mutating func reportTrailingComma() {
        report(
            Diagnostic(
                .expectedToken, "expected a value after ',', found \(token.kind.spelling)",
                at: .point(file.id, previousEnd),
                help: ["remove the ','; a trailing comma is allowed only at the end of a line"]))
    }

    private mutating func reportUnclosed(_ opener: Token, closer: TokenKind) {
        var diagnostic = Diagnostic.expected(
            "\(closer.spelling) to close \(opener.kind.spelling)", found: describe(token),
            at: .point(file.id, previousEnd))
        diagnostic.notes.append(DiagnosticNote("\(opener.kind.spelling) opened here", at: range(of: opener)))
        report(diagnostic)
    }

    // MARK: - Recovery

    /// Skips to the first token of the next line, staying inside brackets opened while skipping;
    /// optionally stops before a `}` that closes the current body.
    private mutating func skipLine(stopAtClosingBrace: Bool = false) {
        var depth = 0
        repeat {
            switch token.kind {
            case .leftBrace, .leftBracket, .leftParen: depth += 1
            case .rightBrace, .rightBracket, .rightParen:
                if depth == 0, stopAtClosingBrace, token.kind == .rightBrace { return }
                depth = max(0, depth - 1)
            default: break
            }
            advance()
        } while token.kind != .endOfFile
            && !(depth == 0 && token.isAtLineStart)
            && !(depth == 0 && stopAtClosingBrace && token.kind == .rightBrace)
    }

    /// Skips one value, including everything nested in it, without recursion.
    private mutating func skipValue() {
        if token.kind == .identifier, peek().kind == .leftParen { advance() }  // a call: skip its name, then its group
        var depth = 0
        repeat {
            switch token.kind {
            case .leftBrace, .leftBracket, .leftParen: depth += 1
            case .rightBrace, .rightBracket, .rightParen: depth -= 1
            default: break
            }
            advance()
        } while depth > 0 && token.kind != .endOfFile
    }

    // MARK: - Tokens

    private mutating func advance() {
        previousEnd = token.end
        if let next = peeked {
            token = next
            peeked = nil
        } else {
            token = lexer.next(into: &diagnostics)
        }
    }

    private mutating func peek() -> Token {
        if let peeked { return peeked }
        let next = lexer.next(into: &diagnostics)
        peeked = next
        return next
    }

    private func range(of token: Token) -> SourceRange {
        SourceRange(file: file.id, start: token.start, end: token.end)
    }

    private func rangeFrom(_ start: Token) -> SourceRange {
        SourceRange(file: file.id, start: start.start, end: max(start.end, previousEnd))
    }

    /// The token's text; the language's own words (keys, options, …) come from ``KnownWords`` without decoding.
    private func text(of token: Token) -> String {
        let bytes = file.bytes[token.start..<token.end]
        if token.kind == .identifier, let word = KnownWords.word(spelledBy: bytes) { return word }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func quotedName(_ token: Token) -> NameSyntax {
        let text = decodeString(token)
        if text.utf8.count > limits.maxIdentifierLength {
            report(.nameTooLong(range(of: token), length: text.utf8.count, limits: limits))
        }
        return NameSyntax(text: text, range: range(of: token), isQuoted: true)
    }

    /// The decoded contents of a string token (escapes already validated by the lexer).
    private func decodeString(_ token: Token) -> String {
        let bytes = file.bytes
        if token.isRepaired {
            // A string in the wrong quotes (already reported): drop the one-scalar quotes at both ends.
            let scalars = String(decoding: bytes[token.start..<token.end], as: UTF8.self).unicodeScalars
            return String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
        }
        let contentEnd = token.isUnterminated ? token.end : token.end - 1
        let content = bytes[(token.start + 1)..<max(token.start + 1, contentEnd)]
        return token.hasEscapes ? StringEscapes.decode(content) : String(decoding: content, as: UTF8.self)
    }

    private func numberValue(_ token: Token) -> Double {
        var text = text(of: token)
        if token.isRepaired { text = text.hasPrefix("-") ? "-0" + text.dropFirst() : "0" + text }  // `.5`, reported
        switch text {
        case "-inf", "-infinity": return -.infinity
        case "-nan": return .nan
        default: return Double(text) ?? .nan
        }
    }

    // MARK: - Reporting

    private static let kindList = DeclarationKind.allCases.map(\.rawValue).joined(separator: ", ")

    private mutating func reportExpected(_ expectation: String, help: [String] = []) {
        // Invalid tokens and unterminated strings were reported by the lexer already.
        if token.kind == .invalid || (token.kind == .string && token.isUnterminated) { return }
        report(.expected(expectation, found: describe(token), at: range(of: token), help: help))
    }

    /// Appends `diagnostic` unless another parse error was already reported on its line.
    private mutating func report(_ diagnostic: Diagnostic) {
        let offset = diagnostic.range?.start ?? previousEnd
        if let last = lastErrorOffset, !file.bytes[min(last, offset)..<max(last, offset)].contains(10) {
            return
        }
        lastErrorOffset = offset
        diagnostics.append(diagnostic)
    }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: "'\(Self.abbreviate(text(of: token)))'"
        case .string: "string \"\(Self.abbreviate(decodeString(token)))\""
        case .number: "number '\(Self.abbreviate(text(of: token)))'"
        default: token.kind.spelling
        }
    }

    private static func abbreviate(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
