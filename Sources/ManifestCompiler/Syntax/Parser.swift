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
    var lexer: Lexer
    var token: Token
    var peeked: Token?
    var previousEnd = 0
    var lastErrorOffset: Int?
    /// Whether the parser is passing over the rest of the line of its last error rather than reading it.
    var isPassingOverErrorLine = false
    var diagnostics: DiagnosticBag
    let limits: Limits
    let file: SourceFile

    /// Parses `file` into a tree with its comments attached, reporting into `diagnostics`. `declarationBudget`
    /// is decremented for every declaration; when it runs out the rest of the input is not read.
    static func parse(
        _ file: SourceFile, limits: Limits, declarationBudget: inout Int, diagnostics: inout DiagnosticBag
    ) -> SyntaxTree {
        var declarations: [DeclarationSyntax] = []
        let comments = parse(file, limits: limits, declarationBudget: &declarationBudget, diagnostics: &diagnostics) {
            declaration, _ in declarations.append(declaration)
        }
        var tree = SyntaxTree(file: file.id, declarations: declarations, comments: comments)
        CommentAttacher.attach(comments, to: &tree, in: file)
        return tree
    }

    /// Parses `file`, handing each declaration to `body` as soon as it is complete, with the diagnostics so
    /// far. The compiler checks each declaration there and keeps none, so a large manifest's syntax is never
    /// held whole; comments are not attached on this path.
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

    /// A parser at the start of `file`.
    private init(file: SourceFile, limits: Limits, diagnostics: DiagnosticBag) {
        self.file = file
        self.limits = limits
        self.diagnostics = diagnostics
        self.lexer = Lexer(file: file, limits: limits)
        self.token = Token(kind: .endOfFile, start: 0, end: 0, isAtLineStart: true)
        self.token = lexer.next(into: &self.diagnostics)
    }

    // MARK: - Declarations

    mutating func parseManifest(budget: inout Int, each body: (DeclarationSyntax, inout DiagnosticBag) -> Void) {
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

    mutating func parseTopLevel() -> DeclarationSyntax? {
        guard token.kind == .identifier else {
            reportExpected("a declaration (\(Self.kindList))")
            skipLine()
            return nil
        }
        if let kind = declarationKind(token) {
            return parseDeclaration(kind)
        }
        let word = text(of: token)
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
        if suggested == nil { isPassingOverErrorLine = true }  // not a declaration's header (`let x = 1`)
        guard next.kind == .identifier || next.kind == .string || next.kind == .leftBrace else {
            skipLine()
            return nil
        }
        let declaration = parseDeclaration(suggested.flatMap(DeclarationKind.init(rawValue:)) ?? .category)
        guard suggested != nil else { return nil }
        return declaration
    }

    /// declaration = kind name "{" { entry separator } "}"
    mutating func parseDeclaration(_ kind: DeclarationKind) -> DeclarationSyntax {
        let keyword = token
        advance()
        var name: NameSyntax?
        switch token.kind {
        case .identifier:
            name = self.name(token)
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
        declaration.entries.reserveCapacity(4)  // most declarations have a few entries: one allocation
        guard token.kind == .leftBrace else {
            recoverBody(of: &declaration, keyword: keyword)
            declaration.range.end = previousEnd
            return declaration
        }
        let openBrace = token
        declaration.openBrace = range(of: openBrace)
        advance()
        parseBody(of: &declaration, openBrace: openBrace)
        declaration.range.end = previousEnd
        return declaration
    }

    /// Reads the body of a declaration whose header does not end in `{`: after stray tokens before a `{`
    /// (`action b: {`), or, when the `{` is missing, from the entries on the next lines (`action b` then
    /// `title: "B"`). Otherwise the declaration has no body, and the checker asks it for no keys.
    mutating func recoverBody(of declaration: inout DeclarationSyntax, keyword: Token) {
        let kind = declaration.kind.value
        if token.isAtLineStart {
            guard token.kind == .identifier || token.kind == .string, peek().kind == .colon else {
                // The next line is read afresh: it may be the next declaration.
                let found = token.kind == .endOfFile ? "end of file" : "the end of the line"
                if declaration.name != nil {
                    report(.expected("'{' to open the \(kind.displayName)", found: found, at: .point(file.id, previousEnd)))
                }
                return
            }
            report(
                .expected(
                    "'{' to open the \(kind.displayName)", found: "the end of the line",
                    at: .point(file.id, previousEnd), help: ["add '{' after the name"]))
            parseBody(of: &declaration, openBrace: nil)
            return
        }
        let header = declaration.name.map { "\(kind.rawValue) \(StringEscapes.name($0.text)) {" }
        reportExpected(
            "'{' to open the \(kind.displayName)",
            help: header.map { ["write the name directly before '{': \($0)"] } ?? [])
        while token.kind != .leftBrace, token.kind != .endOfFile, !token.isAtLineStart { advance() }
        guard token.kind == .leftBrace else { return }
        let openBrace = token
        declaration.openBrace = range(of: openBrace)
        advance()
        parseBody(of: &declaration, openBrace: openBrace)
    }

    mutating func parseBody(of declaration: inout DeclarationSyntax, openBrace: Token?) {
        let kind = declaration.kind.value, name = declaration.name
        while !diagnostics.isFull {
            switch token.kind {
            case .rightBrace:
                declaration.closeBrace = range(of: token)
                advance()
                return
            case .endOfFile:
                reportUnclosedBody(kind, named: name, openBrace: openBrace)
                return
            case .identifier:
                if token.isAtLineStart, startsDeclaration() {
                    reportUnclosedBody(kind, named: name, openBrace: openBrace)
                    return
                }
                parseEntry(into: &declaration)
            case .string where !token.isUnterminated && peek().kind == .colon && !peek().isAtLineStart:
                // `"title": "B"`, as in JSON: reported, then read as the key it names.
                let written = decodeString(token)
                report(
                    .expected(
                        "a key", found: describe(token), at: range(of: token),
                        help: [
                            StringEscapes.name(written) == written && !written.isEmpty
                                ? "keys are written without quotes: \(written):" : "keys are plain words, written without quotes"
                        ]))
                parseEntry(into: &declaration)
            case .invalid:
                advance()
            default:
                reportExpected("an entry ('key: value') or '}'")
                skipLine(stopAtClosingBrace: true, stopAtEntry: true)
            }
        }
    }

    mutating func reportUnclosedBody(_ kind: DeclarationKind, named name: NameSyntax?, openBrace: Token?) {
        let what = name.map { "\(kind.displayName) '\($0.text)'" } ?? "the \(kind.displayName)"
        var diagnostic = Diagnostic.expected(
            "'}' to close \(what)", found: describe(token), at: .point(file.id, previousEnd))
        if let openBrace { diagnostic.notes.append(DiagnosticNote("the body opened here", at: range(of: openBrace))) }
        report(diagnostic)
    }

    /// Whether the current token begins a declaration (`kind name {` or `kind {`). The word is looked at first:
    /// an entry's key is not a declaration kind, so most lines are settled without reading ahead.
    mutating func startsDeclaration() -> Bool {
        guard declarationKind(token) != nil else { return false }
        let next = peek()
        return next.kind == .identifier || next.kind == .string || next.kind == .leftBrace
    }

    // MARK: - Recovery

    /// Skips to the first token of the next line, staying inside brackets opened while skipping;
    /// optionally stops before a `}` that closes the current body, or before the next `key:` on the line.
    mutating func skipLine(stopAtClosingBrace: Bool = false, stopAtEntry: Bool = false) {
        isPassingOverErrorLine = true
        defer { isPassingOverErrorLine = false }
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
            && !(depth == 0 && stopAtEntry && token.kind == .identifier && peek().kind == .colon)
    }

    /// Skips one value, including everything nested in it, without recursion.
    mutating func skipValue() {
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

    mutating func advance() {
        previousEnd = token.end
        if let next = peeked {
            token = next
            peeked = nil
        } else {
            token = lex()
        }
    }

    mutating func peek() -> Token {
        if let peeked { return peeked }
        let next = lex()
        peeked = next
        return next
    }

    /// The next token from the lexer. While the rest of a line with a parse error is being passed over
    /// (``isPassingOverErrorLine``), the lexer's errors there are dropped (`=` in `let x = 1` after the unknown `let`).
    private mutating func lex() -> Token {
        guard isPassingOverErrorLine else { return lexer.next(into: &diagnostics) }
        var found = DiagnosticBag(errorLimit: diagnostics.errorLimit)
        let next = lexer.next(into: &found)
        if next.isAtLineStart { isPassingOverErrorLine = false }
        for diagnostic in found.diagnostics {
            if isPassingOverErrorLine, diagnostic.severity == .error, let offset = diagnostic.range?.start,
                isOnErrorLine(offset)
            {
                continue
            }
            diagnostics.append(diagnostic)
        }
        return next
    }

    /// Whether the parser already reported an error on the line of `offset`.
    private func isOnErrorLine(_ offset: Int) -> Bool {
        guard let last = lastErrorOffset else { return false }
        return !file.bytes[min(last, offset)..<max(last, offset)].contains(10)
    }

    func range(of token: Token) -> SourceRange {
        SourceRange(file: file.id, start: token.start, end: token.end)
    }

    func rangeFrom(_ start: Token) -> SourceRange {
        SourceRange(file: file.id, start: start.start, end: max(start.end, previousEnd))
    }

    /// The declaration kind the word `token` spells, if any, read from the bytes (every entry's key is asked).
    func declarationKind(_ token: Token) -> DeclarationKind? {
        let word = lexer.bytes[token.start..<token.end]
        return Self.kindWords.first { $0.bytes.count == word.count && $0.bytes.elementsEqual(word) }?.kind
    }

    /// Each declaration kind with its word's bytes, for ``declarationKind(_:)``.
    private static let kindWords = DeclarationKind.allCases.map { (kind: $0, bytes: Array($0.rawValue.utf8)) }

    /// The token's text as written.
    func text(of token: Token) -> String {
        SourceText.string(lexer.bytes, token.start, token.end)
    }

    /// A plain word as a name (a key, a callee).
    func name(_ token: Token) -> NameSyntax {
        NameSyntax(text: text(of: token), range: range(of: token), isQuoted: false)
    }

    mutating func quotedName(_ token: Token) -> NameSyntax {
        let text = decodeString(token)
        if text.utf8.count > limits.maxIdentifierLength {
            report(.nameTooLong(range(of: token), length: text.utf8.count, limits: limits))
        }
        return NameSyntax(text: text, range: range(of: token), isQuoted: true)
    }

    /// The decoded contents of a string token (escapes already validated by the lexer).
    func decodeString(_ token: Token) -> String {
        SourceText.decodeString(
            lexer.bytes, start: token.start, end: token.end, hasEscapes: token.hasEscapes, isRepaired: token.isRepaired,
            isUnterminated: token.isUnterminated)
    }

    func numberValue(_ token: Token) -> Double {
        var text = text(of: token)
        if token.isRepaired { text = text.hasPrefix("-") ? "-0" + text.dropFirst() : "0" + text }  // `.5`, reported
        switch text {
        case "-inf", "-infinity": return -.infinity
        case "-nan": return .nan
        default: return Double(text) ?? .nan
        }
    }

    // MARK: - Reporting

    static let kindList = DeclarationKind.allCases.map(\.rawValue).joined(separator: ", ")

    mutating func reportExpected(_ expectation: String, help: [String] = []) {
        // Invalid tokens and unterminated strings were reported by the lexer already.
        if token.kind == .invalid || (token.kind == .string && token.isUnterminated) { return }
        report(.expected(expectation, found: describe(token), at: range(of: token), help: help))
    }

    /// Appends `diagnostic` unless another parse error was already reported on its line.
    mutating func report(_ diagnostic: Diagnostic) {
        let offset = diagnostic.range?.start ?? previousEnd
        if isOnErrorLine(offset) { return }
        lastErrorOffset = offset
        diagnostics.append(diagnostic)
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: "'\(Self.abbreviate(text(of: token)))'"
        case .string: "string \"\(Self.abbreviate(decodeString(token)))\""
        case .number: "number '\(Self.abbreviate(text(of: token)))'"
        default: token.kind.spelling
        }
    }

    static func abbreviate(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
