// Parser unit tests: tree shape, recovery positions, the one-error-per-line rule and the limits.
@testable import ManifestCompiler
import Testing

struct ParserTests {
    private func parse(_ text: String, limits: Limits = .default) -> (tree: SyntaxTree, diagnostics: [Diagnostic]) {
        var sources = SourceFileSet()
        let id = sources.add(path: "t.notif", bytes: Array(text.utf8))
        var diagnostics = DiagnosticBag()
        var budget = limits.maxDeclarations
        let tree = Parser.parse(sources[id], limits: limits, declarationBudget: &budget, diagnostics: &diagnostics)
        return (tree, diagnostics.diagnostics)
    }

    @Test func declarationsEntriesAndValues() throws {
        let (tree, diagnostics) = parse(
            """
            category "com.example.invite" {
                actions: [accept, "CF_ACTION-open",
                ]
                options: [customDismissAction], hiddenPreviewsBodyPlaceholder: "%u"
            }
            textInputAction reply { icon: systemImage("bell") }
            """)
        #expect(diagnostics.isEmpty)
        #expect(tree.declarations.count == 2)
        let category = tree.declarations[0]
        #expect(category.kind.value == .category)
        #expect(category.name?.text == "com.example.invite")
        #expect(category.name?.isQuoted == true)
        #expect(category.entries.map(\.key.text) == ["actions", "options", "hiddenPreviewsBodyPlaceholder"])
        guard case .list(let elements) = try #require(category.entries[0].value).kind else {
            Issue.record("actions is not a list")
            return
        }
        #expect(elements.count == 2)
        guard case .call(let callee, let arguments) = try #require(tree.declarations[1].entries[0].value).kind else {
            Issue.record("icon is not a call")
            return
        }
        #expect(callee.text == "systemImage")
        #expect(arguments.count == 1)
    }

    @Test func rangesCoverWhatWasWritten() throws {
        let text = "action a {\n    title: \"Go\"\n}\n"
        let (tree, _) = parse(text)
        let declaration = try #require(tree.declarations.first)
        #expect(declaration.range.start == 0)
        #expect(declaration.range.end == text.utf8.count - 1)
        let entry = try #require(declaration.entries.first)
        #expect(Array(Array(text.utf8)[entry.range.start..<entry.range.end]) == Array("title: \"Go\"".utf8))
    }

    @Test func braceOnTheNextLineIsAccepted() {
        let (tree, diagnostics) = parse("category a\n{\n}\n")
        #expect(diagnostics.isEmpty)
        #expect(tree.declarations.count == 1)
    }

    @Test func aValueMustStartOnItsKeysLine() {
        let source = MarkedSource("action a {\n    title:1️⃣\n    \"Go\"\n}")
        let (_, diagnostics) = parse(source.text)
        #expect(diagnostics.first?.code == .missingValue)
        #expect(diagnostics.first?.range?.start == source.offsets["1️⃣"])
    }

    @Test func theColonMustBeOnTheKeysLine() {
        let source = MarkedSource("action a {\n    title1️⃣\n    : \"Go\"\n}")
        let (tree, diagnostics) = parse(source.text)
        #expect(diagnostics.map(\.code) == [.missingValue])
        #expect(diagnostics.first?.range?.start == source.offsets["1️⃣"])
        #expect(tree.declarations.first?.entries.count == 1)
    }

    @Test func unclosedListEndsAtTheNextEntry() {
        let source = MarkedSource("category a {\n    actions: [x, y1️⃣\n    options: [customDismissAction]\n}")
        let (tree, diagnostics) = parse(source.text)
        #expect(diagnostics.map(\.code) == [.expectedToken])
        #expect(diagnostics.first?.range?.start == source.offsets["1️⃣"])
        #expect(tree.declarations.first?.entries.map(\.key.text) == ["actions", "options"])
    }

    @Test func unclosedBodyEndsAtTheNextDeclaration() {
        let (tree, diagnostics) = parse("category a {\n    actions: [x]\n\ncategory b {}\n")
        #expect(diagnostics.map(\.code) == [.expectedToken])
        #expect(diagnostics.first?.notes.count == 1)
        #expect(tree.declarations.compactMap(\.name?.text) == ["a", "b"])
    }

    /// `action b: {`: one error at the stray token, then the body is read.
    @Test func strayTokensBeforeTheBraceAreSkipped() {
        let source = MarkedSource("action b1️⃣: {\n    title: \"B\"\n}\ncategory c {}")
        let (tree, diagnostics) = parse(source.text)
        #expect(diagnostics.map(\.code) == [.expectedToken])
        #expect(diagnostics.first?.range?.start == source.offsets["1️⃣"])
        #expect(diagnostics.first?.help == ["write the name directly before '{': action b {"])
        #expect(tree.declarations.map { $0.entries.map(\.key.text) } == [["title"], []])
        #expect(tree.declarations.first?.openBrace != nil)
    }

    /// A header without `{` followed by entries: reported at the end of the header, the entries read.
    @Test func aMissingBraceReadsTheEntriesBelow() {
        let source = MarkedSource("action a1️⃣\n    title: \"A\"\n}\naction b {\n    title: \"B\"\n}")
        let (tree, diagnostics) = parse(source.text)
        #expect(diagnostics.map(\.code) == [.expectedToken])
        #expect(diagnostics.first?.range?.start == source.offsets["1️⃣"])
        #expect(diagnostics.first?.message == "expected '{' to open the action, found the end of the line")
        #expect(tree.declarations.map { $0.entries.map(\.key.text) } == [["title"], ["title"]])
        // Also when the first entry's key is quoted; an unclosed body then has no note about a '{'.
        let quoted = parse("action a\n    \"title\": \"A\"\n")
        #expect(quoted.diagnostics.map(\.message) == [
            "expected '{' to open the action, found the end of the line", "expected a key, found string \"title\"",
        ])
        #expect(quoted.diagnostics.allSatisfy { $0.notes.isEmpty })
        #expect(quoted.tree.declarations.first?.entries.map(\.key.text) == ["title"])
    }

    /// A header alone on its line leaves the next line to be read afresh: the next declaration is not skipped.
    @Test func aHeaderWithoutBodyDoesNotSwallowTheNextDeclaration() {
        let (tree, diagnostics) = parse("action a\naction b { title: \"B\" }\naction c")
        #expect(diagnostics.map(\.message) == [
            "expected '{' to open the action, found the end of the line",
            "expected '{' to open the action, found end of file",
        ])
        #expect(tree.declarations.compactMap(\.name?.text) == ["a", "b", "c"])
        #expect(tree.declarations[1].entries.count == 1)
    }

    /// `"title": "B"`, as in JSON: one error per key, read as the key; separators as after any entry.
    @Test func quotedKeysAreReportedAndRead() {
        let (tree, diagnostics) = parse("action b {\n    \"title\": \"B\",\n    \"options\": [foreground]\n}")
        #expect(diagnostics.map(\.code) == [.expectedToken, .expectedToken])
        #expect(diagnostics.first?.message == "expected a key, found string \"title\"")
        #expect(diagnostics.first?.help == ["keys are written without quotes: title:"])
        #expect(tree.declarations.first?.entries.map(\.key.text) == ["title", "options"])
        #expect(tree.declarations.first?.entries.first?.comma != nil)
        // A string that is not followed by ':' is still no entry.
        #expect(parse("action b {\n    \"title\"\n}").diagnostics.first?.message
            == "expected an entry ('key: value') or '}', found string \"title\"")
    }

    /// `options: foreground, destructive`: one error with the list as it should be written, read as that list;
    /// a comma before the next entry on the line still separates entries.
    @Test func aListWithoutBracketsIsReadAsTheList() throws {
        let (tree, diagnostics) = parse("action b { title: \"B\", options: foreground, destructive, icon: systemImage(\"x\") }")
        #expect(diagnostics.map(\.message) == ["expected '[' before a list"])
        #expect(diagnostics.first?.help == ["a list is written in square brackets: [foreground, destructive]"])
        let entries = try #require(tree.declarations.first?.entries)
        #expect(entries.map(\.key.text) == ["title", "options", "icon"])
        guard case .list(let elements) = entries[1].value?.kind else {
            Issue.record("options is not a list")
            return
        }
        #expect(elements.count == 2)
    }

    /// `initialContentSizeRatio: 0,6`: one error, read as 0.6.
    @Test func aDecimalCommaIsReadAsThePoint() throws {
        let (tree, diagnostics) = parse("contentExtension E { initialContentSizeRatio: 0,6 }")
        #expect(diagnostics.map(\.help) == [["write 0.6"]])
        guard case .number(let ratio) = try #require(tree.declarations.first?.entries.first?.value).kind else {
            Issue.record("not a number")
            return
        }
        #expect(ratio == 0.6)
        #expect(parse("contentExtension E { initialContentSizeRatio: 0, storyboard: \"S\" }").diagnostics.isEmpty)
        // The entry after it on the line is still read; a number that is not plain digits is not joined.
        let followed = parse("contentExtension E { initialContentSizeRatio: 0,6, categories: [c], principalClass: \"P\" }")
        #expect(followed.tree.declarations.first?.entries.map(\.key.text) == ["initialContentSizeRatio", "categories", "principalClass"])
        let exponent = parse("contentExtension E { initialContentSizeRatio: 1e3,5, categories: [c] }")
        #expect(exponent.diagnostics.map(\.message) == ["expected an entry ('key: value') or '}', found number '5'"])
        #expect(exponent.tree.declarations.first?.entries.map(\.key.text) == ["initialContentSizeRatio", "categories"])
    }

    /// `title:` with the value on the next line: one error (E203); the value is read, not taken for an entry.
    @Test func aValueOnTheNextLineIsOneError() {
        let (tree, diagnostics) = parse("action b {\n    title:\n        \"B\"\n    options: [foreground]\n}")
        #expect(diagnostics.map(\.code) == [.missingValue])
        #expect(tree.declarations.first?.entries.map(\.key.text) == ["title", "options"])
        #expect(tree.declarations.first?.entries.first?.value != nil)
    }

    /// A key without ':' at the end of its line is reported there, not at the next line's key.
    @Test func aMissingColonIsReportedAtTheEndOfTheKey() {
        let source = MarkedSource("action b {\n    title1️⃣\n    options: [foreground]\n}")
        let (tree, diagnostics) = parse(source.text)
        #expect(diagnostics.map(\.message) == ["expected ':' after 'title', found the end of the line"])
        #expect(diagnostics.first?.range?.start == source.offsets["1️⃣"])
        #expect(tree.declarations.first?.entries.map(\.key.text) == ["title", "options"])
    }

    /// Lines ended by a carriage return alone run together; the error says why.
    @Test func classicMacLineEndingsAreNamed() {
        let (_, diagnostics) = parse("action a {\r    title: \"A\"\r    options: [foreground]\r}\r")
        #expect(diagnostics.first?.help.first?.hasPrefix("the lines end in a carriage return alone") == true)
    }

    @Test func sameLineEntriesWithoutSeparatorAreBothRead() {
        let (tree, diagnostics) = parse("action a { title: \"A\" options: [foreground] }")
        #expect(diagnostics.map(\.code) == [.expectedToken])
        #expect(tree.declarations.first?.entries.map(\.key.text) == ["title", "options"])
    }

    /// A character a string cannot hold gets help for a string, not the advice to quote a name.
    @Test func aNoncharacterInAStringIsNotAdvisedToBeQuoted() {
        let (_, inString) = parse("action a { title: \"x\u{FFFE}\" }")
        #expect(inString.map(\.code) == [.unexpectedCharacter])
        #expect(inString.first?.help == ["a property list cannot hold this character; remove it"])
        let (_, inName) = parse("action a\u{2192}b { title: \"x\" }")
        let unexpected = inName.first { $0.code == .unexpectedCharacter }
        #expect(unexpected?.help.first?.hasPrefix("names that are not plain ASCII words are written as strings") == true)
    }

    /// Swift registration code pasted into a manifest is named as such, with the way to convert it.
    @Test func swiftCodeIsRecognised() {
        let (_, diagnostics) = parse("let reply = UNTextInputNotificationAction(identifier: \"r\", title: \"R\")\n")
        #expect(diagnostics.first?.message == "unknown declaration kind 'let'; this looks like Swift code")
        #expect(diagnostics.first?.help.last == "'notifc import' reads registration code and writes the manifest it declares")
    }

    /// The rest of a line that is not a declaration is passed over: `=` is not reported a second time.
    @Test func aSwiftLineIsOneError() {
        let (_, diagnostics) = parse("let x = \"a\"\naction b { title: \"=\" }\nlet y = 1 }")
        #expect(diagnostics.map(\.code) == [.unknownDeclarationKind, .unknownDeclarationKind])
        #expect(diagnostics.map(\.range?.start) == [0, 36])
    }

    /// Errors the parser reads on to after an error on the same line are still reported (`.5` after a missing
    /// separator).
    @Test func anEntryReadAfterAnErrorKeepsItsOwnError() {
        let (_, diagnostics) = parse("contentExtension E { categories: [a] initialContentSizeRatio: .5 }")
        #expect(diagnostics.map(\.code) == [.expectedToken, .invalidNumber])
    }

    /// A list of names without brackets may go on after a line break; it is one error with the whole list.
    @Test func aListWithoutBracketsMayContinueOnTheNextLine() throws {
        let (tree, diagnostics) = parse("category c {\n    actions: a,\n        b,\n        c\n    options: [customDismissAction]\n}")
        #expect(diagnostics.map(\.message) == ["expected '[' before a list"])
        #expect(diagnostics.first?.help == ["a list is written in square brackets: [a, b, c]"])
        let entries = try #require(tree.declarations.first?.entries)
        #expect(entries.map(\.key.text) == ["actions", "options"])
        // A comma at the end of an entry's line still ends the entry when the next line holds an entry, or a key
        // without its colon.
        let (_, separated) = parse("category c {\n    actions: [a],\n    options: [customDismissAction]\n}")
        #expect(separated.isEmpty)
        let (_, keyWithoutColon) = parse("category c {\n    actions: a,\n    intentIdentifiers\n}")
        #expect(keyWithoutColon.map(\.message) == ["expected ':' after 'intentIdentifiers', found the end of the line"])
    }

    @Test func misspelledDeclarationKindIsReadAsTheSuggestion() {
        let (tree, diagnostics) = parse("categroy a {}\nnotification b {}\ncategory c {}")
        #expect(diagnostics.map(\.code) == [.unknownDeclarationKind, .unknownDeclarationKind])
        #expect(diagnostics.first?.help == ["did you mean 'category'?"])
        #expect(tree.declarations.compactMap(\.name?.text) == ["a", "c"])
    }

    @Test(arguments: ["category a { actions: [x, ] }", "action a { title: \"A\", }", "action a { icon: systemImage(\"b\", ) }"])
    func aTrailingCommaMustEndItsLine(_ text: String) {
        #expect(parse(text).diagnostics.map(\.code) == [.expectedToken])
    }

    @Test func trailingCommasAtLineEndsAreFine() {
        #expect(parse("category a {\n    actions: [\n        x,\n        y,\n    ],\n}").diagnostics.isEmpty)
    }

    @Test func onlyOneParseErrorPerLine() {
        let (_, diagnostics) = parse("category a { actions: [, , , ] ] ] }")
        #expect(diagnostics.count == 1)
    }

    @Test func deepNestingIsReportedOnceAndDoesNotRecurse() {
        let text = "category a { actions: " + String(repeating: "[", count: 200_000) + " }\ncategory b {}"
        let (tree, diagnostics) = parse(text)
        #expect(diagnostics.filter { $0.code == .nestingTooDeep }.count == 1)
        #expect(tree.declarations.first?.name?.text == "a")
    }

    @Test func nestingUpToTheLimitIsFine() {
        var limits = Limits.default
        limits.maxNestingDepth = 3
        #expect(parse("category a { x: [[[a]]] }", limits: limits).diagnostics.isEmpty)
        #expect(parse("category a { x: [[[[a]]]] }", limits: limits).diagnostics.map(\.code) == [.nestingTooDeep])
    }

    @Test func declarationBudgetStopsParsing() {
        var limits = Limits.default
        limits.maxDeclarations = 2
        let result = TestCompile.source(
            "category a {}\ncategory b {}\ncategory c {}\ncategory d {}", options: CompilerOptions(limits: limits))
        #expect(result.codes == [.tooManyDeclarations])
    }

    @Test(arguments: [
        "category",
        "category a",
        "category a {",
        "category a { actions",
        "category a { actions:",
        "category a { actions: [",
        "category a { actions: [x",
        "category a { actions: [x,",
        "action a { icon: systemImage(",
        "action a { icon: systemImage(\"x\"",
        "}",
        "]]]",
        "{ { {",
        ": : :",
        ",,,",
    ])
    func truncatedInputGivesADiagnosticAndNoCrash(_ text: String) {
        let result = TestCompile.source(text)
        #expect(result.hasErrors)
        #expect(!result.diagnostics.isEmpty)
    }
}
