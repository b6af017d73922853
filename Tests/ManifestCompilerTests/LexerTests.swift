// Lexer unit tests: token kinds and ranges, line starts, comments, and every lexical error.
@testable import ManifestCompiler
import Testing

struct LexerTests {
    /// Lexes `text`, returning the tokens (without end of file) and the diagnostics' codes.
    private func lex(_ text: String) -> (tokens: [Token], texts: [String], codes: [DiagnosticCode], comments: Int) {
        var sources = SourceFileSet()
        let id = sources.add(path: "t.notif", bytes: Array(text.utf8))
        var diagnostics = DiagnosticBag()
        var tokens: [Token] = []
        let comments = Lexer.scan(sources[id], limits: .default) { lexer in
            while true {
                let token = lexer.next(into: &diagnostics)
                if token.kind == .endOfFile { break }
                tokens.append(token)
            }
            return lexer.comments.count
        }
        let texts = tokens.map { String(decoding: Array(text.utf8)[$0.start..<$0.end], as: UTF8.self) }
        return (tokens, texts, diagnostics.diagnostics.map(\.code), comments)
    }

    @Test(arguments: [
        ("category a {}", [TokenKind.identifier, .identifier, .leftBrace, .rightBrace]),
        ("actions: [a, \"b c\"]", [.identifier, .colon, .leftBracket, .identifier, .comma, .string, .rightBracket]),
        ("icon: systemImage(\"bell\")", [.identifier, .colon, .identifier, .leftParen, .string, .rightParen]),
        ("r: 0.6 s: -1 t: 1e-4 u: 2E+3", [.identifier, .colon, .number, .identifier, .colon, .number, .identifier, .colon, .number, .identifier, .colon, .number]),
        ("x: -inf y: -infinity z: -nan", [.identifier, .colon, .number, .identifier, .colon, .number, .identifier, .colon, .number]),
        ("// only a comment", []),
        ("a // trailing\nb", [.identifier, .identifier]),
    ])
    func tokenKinds(_ input: String, _ expected: [TokenKind]) {
        let result = lex(input)
        #expect(result.tokens.map(\.kind) == expected)
        #expect(result.codes.isEmpty)
    }

    @Test func lineStartsSeparateEntries() {
        let result = lex("a: 1\n  b: 2 c\r\nd")
        #expect(result.tokens.map(\.isAtLineStart) == [true, false, false, true, false, false, false, true])
    }

    @Test func commentsAreKeptAsideWithoutCarriageReturns() {
        let text = "// one\r\ncategory a {} // two\n"
        var sources = SourceFileSet()
        let id = sources.add(path: "t", bytes: Array(text.utf8))
        var diagnostics = DiagnosticBag()
        let comments = Lexer.scan(sources[id], limits: .default) { lexer in
            while lexer.next(into: &diagnostics).kind != .endOfFile {}
            return lexer.comments
        }
        #expect(comments.map { sources[id].text(in: $0) } == ["// one", "// two"])
    }

    /// `/* … */` is one error, then passed over like trivia (the token after it starts a line when the comment
    /// spans one); an unclosed `/*` is an unexpected character.
    @Test func blockCommentsAreOneErrorAndPassedOver() {
        let spanning = lex("a /* one\n two */ b /* c */ d")
        #expect(spanning.texts == ["a", "b", "d"])
        #expect(spanning.tokens.map(\.isAtLineStart) == [true, true, false])
        #expect(spanning.codes == [.unexpectedCharacter, .unexpectedCharacter])
        #expect(spanning.comments == 0)
        let unclosed = lex("a /* b")
        #expect(unclosed.texts == ["a", "/*", "b"])
        #expect(unclosed.codes == [.unexpectedCharacter])
    }

    /// Comments nest as in Swift, so a nested comment is one error passed over whole; a `/*` whose nesting never
    /// closes ends at the first `*/`, as in C.
    @Test func nestedBlockCommentsAreOneError() {
        let nested = lex("a /* one /* two */ three */ b /*/ c */ d")
        #expect(nested.texts == ["a", "b", "d"])
        #expect(nested.codes == [.unexpectedCharacter, .unexpectedCharacter])
        let unbalanced = lex("a /* one /* two */ b")
        #expect(unbalanced.texts == ["a", "b"])
        #expect(unbalanced.codes == [.unexpectedCharacter])
        // A `*/` in a later string does not close an unclosed nested comment; nor does a `/*` in a string or a
        // `//` comment open one.
        let laterString = lex("/* old /* inner */\nb \"x */ y\"")
        #expect(laterString.texts == ["b", "\"x */ y\""])
        #expect(laterString.codes == [.unexpectedCharacter])
        let openers = lex("\"/*\" // /*\nb /* c */ d")
        #expect(openers.texts == ["\"/*\"", "b", "d"])
    }

    /// A no-break, narrow or zero-width space outside a string is reported once per run and read as a space; in a
    /// string it is text.
    @Test func invisibleSpacesAreReportedAndReadAsSpaces() {
        let lexed = lex("action\u{A0}\u{202F}a {\u{200B}title: \"x\u{A0}y\" }")
        #expect(lexed.texts == ["action", "a", "{", "title", ":", "\"x\u{A0}y\"", "}"])
        #expect(lexed.codes == [.unexpectedCharacter, .unexpectedCharacter])
        // A line or paragraph separator is read as a line break.
        let separated = lex("a\u{2028}b\u{85}c")
        #expect(separated.texts == ["a", "b", "c"])
        #expect(separated.tokens.map(\.isAtLineStart) == [true, true, true])
    }

    /// A string left open whose next line closes it (an odd number of quotes there) is one error and one token;
    /// otherwise the string ends at its line.
    @Test func aStringRunningOntoTheNextLineIsOneToken() {
        let continued = lex("title: \"Hello\n  world\"\nx")
        #expect(continued.texts == ["title", ":", "\"Hello\n  world\"", "x"])
        #expect(continued.codes == [.unterminatedString])
        #expect(continued.tokens[3].isAtLineStart)
        let separate = lex("title: \"Hello\nsubtitle: \"x\"")
        #expect(separate.texts == ["title", ":", "\"Hello", "subtitle", ":", "\"x\""])
        // A next line whose quote does not end it, or a comment, is not the rest of the string.
        #expect(lex("a: \"b\n c\" d\n").texts == ["a", ":", "\"b", "c", "\" d"])
        #expect(lex("a: \"b\n// a \"quote\n").texts == ["a", ":", "\"b"])
        #expect(lex("a: \"b\n c\", // end\n").texts == ["a", ":", "\"b\n c\"", ","])
    }

    /// Unclosed `/*`, many of them: each is one error, and the file is read once (a search for `*/` that found
    /// none is not repeated; 20,000 of them took minutes).
    @Test func manyUnclosedBlockCommentsAreEachOneError() {
        let lexed = lex(String(repeating: "/*a ", count: 20_000))
        #expect(lexed.codes == Array(repeating: .unexpectedCharacter, count: 100))  // the default error limit
        #expect(lexed.texts.count == 40_000)
    }

    @Test func byteOrderMarkIsSkipped() {
        let result = lex("\u{FEFF}category a {}")
        #expect(result.texts.first == "category")
        #expect(result.codes.isEmpty)
    }

    @Test func stringsKeepTheirQuotesAndEscapeFlags() {
        let result = lex(#""plain" "with \"escape\"" "tab\tand \u{1F600}""#)
        #expect(result.tokens.map(\.hasEscapes) == [false, true, true])
        #expect(result.codes.isEmpty)
    }

    @Test func escapesDecode() {
        let content = Array(#"a\"b\\c\nd\te\u{E9}\u{1F600}"#.utf8)
        #expect(StringEscapes.decode(content[...]) == "a\"b\\c\nd\te\u{E9}\u{1F600}")
    }

    @Test func literalEscapesInvisibleCharacters() {
        #expect(StringEscapes.literal("a\u{A0}b\u{200B}c\u{202E}d\u{FEFF}e\u{2028}f") == #""a\u{A0}b\u{200B}c\u{202E}d\u{FEFF}e\u{2028}f""#)
        #expect(StringEscapes.literal("plain 稍 ₽ 😀 é") == "\"plain 稍 ₽ 😀 é\"")
    }

    @Test func literalRoundTripsThroughTheLexer() {
        for text in ["plain", "quote \" and \\ backslash", "line\nbreak\ttab", "bell \u{7}", "稍後提醒 ₽ 😀", "nbsp\u{A0}rtl\u{202E}"] {
            let literal = StringEscapes.literal(text)
            let result = TestCompile.source("action a { title: \(literal) }\ncategory c { actions: [a] }")
            #expect(result.codes.isEmpty == !text.contains("\u{7}"), "\(literal)")
            if !text.contains("\u{7}") { #expect(result.manifest?.actions.first?.title == text) }
        }
    }

    @Test(arguments: [
        ("\"unterminated\n", DiagnosticCode.unterminatedString),
        ("\"bad \\q\"", .invalidEscape),
        ("\"bad \\u{110000}\"", .invalidEscape),
        ("\"bad \\u{1}\"", .invalidEscape),
        ("\"bad \\u{}\"", .invalidEscape),
        ("\"bad \\u{12\"", .invalidEscape),
        ("\"bad \\r\"", .invalidEscape),
        ("\"trailing \\", .invalidEscape),
        ("\"raw \u{1} control\"", .unexpectedCharacter),
        ("\"raw \u{FFFE} noncharacter\"", .unexpectedCharacter),
        ("\"raw \u{FFFF} noncharacter\"", .unexpectedCharacter),
        ("\"raw \u{7F} delete\"", .unexpectedCharacter),
        ("\"escaped \\u{7F} delete\"", .invalidEscape),
        ("\"escaped \\u{FFFE}\"", .invalidEscape),
        ("1.", .invalidNumber),
        ("1e", .invalidNumber),
        ("12px", .invalidNumber),
        ("1.2.3", .invalidNumber),
        (".5", .invalidNumber),
        ("-x", .invalidNumber),
        ("- 1", .unexpectedCharacter),
        ("=", .unexpectedCharacter),
        ("\u{A0}", .unexpectedCharacter),
        ("café", .unexpectedCharacter),
        ("com.example.invite", .unexpectedCharacter),
        (".foreground", .unexpectedCharacter),
        ("“curly”", .unexpectedCharacter),
        ("'single'", .unexpectedCharacter),
    ])
    func lexicalErrors(_ input: String, _ code: DiagnosticCode) {
        let result = lex(input)
        #expect(result.codes.first == code, "\(input): \(result.codes)")
    }

    @Test func aRunOfGarbageIsOneError() {
        let result = lex("category a { §§§§¤¤😀 }")
        #expect(result.codes == [.unexpectedCharacter])
    }

    /// A name with letters outside ASCII is one error and one identifier token, read as the quoted name; a run
    /// of other characters right after it is an error of its own.
    @Test func anUnquotedNonASCIINameIsOneNameToken() {
        let name = lex("category ébauche-été {}")
        #expect(name.codes == [.unexpectedCharacter])
        #expect(name.tokens[1].kind == .identifier && name.texts[1] == "ébauche-été", "\(name.texts)")
        // A combining mark starts no name: typed after a closing quote, it is one unexpected character.
        let mark = lex("action \"cafe\"\u{301} {}")
        #expect(mark.codes == [.unexpectedCharacter], "\(mark.codes)")
        #expect(mark.tokens.filter { $0.kind == .identifier }.count == 1, "\(mark.texts)")
        let mixed = lex("category a { ééééé§§§§ }")
        #expect(mixed.codes == [.unexpectedCharacter, .unexpectedCharacter])
        #expect(mixed.texts[3] == "ééééé", "\(mixed.texts)")
    }

    @Test func repairedTokensCarryTheMeantValue() {
        let dotted = lex("category com.example.invite {}")
        #expect(dotted.tokens[1].kind == .identifier)
        #expect(dotted.texts[1] == "com.example.invite")
        let option = lex(".foreground")
        #expect(option.tokens.first?.kind == .identifier)
        #expect(option.texts.first == "foreground")
        let curly = lex("“Accept”")
        #expect(curly.tokens.first?.kind == .string)
        #expect(curly.tokens.first?.isRepaired == true)
        let half = lex(".5")
        #expect(half.tokens.first?.kind == .number)
        #expect(half.tokens.first?.isRepaired == true)
    }

    @Test func overlongNamesAndStringsAreReported() {
        #expect(lex(String(repeating: "a", count: 1001)).codes == [.tokenTooLong])
        #expect(lex("\"" + String(repeating: "b", count: 10_001) + "\"").codes == [.tokenTooLong])
        #expect(lex(String(repeating: "a", count: 1000)).codes.isEmpty)
    }

    /// The byte predicates are computed with arithmetic for speed; check every byte value against the
    /// definitions they implement, written the obvious way.
    @Test func bytePredicatesMatchTheirDefinitionsForEveryByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            let scalar = Character(Unicode.Scalar(byte))
            let isLetter = byte < 0x80 && scalar.isLetter
            let isDigit = byte < 0x80 && scalar.isNumber
            #expect(Lexer.isIdentifierStart(byte) == (isLetter || scalar == "_"), "byte \(value)")
            #expect(Lexer.isIdentifierContinue(byte) == (isLetter || isDigit || scalar == "_"), "byte \(value)")
            let isPrintableASCII = byte >= 0x20 && byte < 0x7F
            let isPlain =
                (isPrintableASCII && scalar != "\"" && scalar != "\\") || scalar == "\t" || (byte >= 0x80 && byte != 0xEF)
            #expect(Lexer.isPlainStringByte(byte) == isPlain, "byte \(value)")
            // The table the lexer's loops read must say the same.
            let flags = ByteClass.table[value]
            #expect((flags & ByteClass.word != 0) == (isLetter || isDigit || scalar == "_"), "byte \(value)")
            #expect((flags & ByteClass.plainString != 0) == isPlain, "byte \(value)")
            #expect((flags & ByteClass.space != 0) == (scalar == " " || scalar == "\t" || scalar == "\r"), "byte \(value)")
            #expect((flags & ByteClass.wordStart != 0) == (isLetter || scalar == "_"), "byte \(value)")
            #expect((flags & ByteClass.punctuation != 0) == "{}[]():,".contains(scalar), "byte \(value)")
        }
    }
}
