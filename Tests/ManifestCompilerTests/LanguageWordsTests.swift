// The language's words (declaration kinds, keys, options, true/false, icon kinds) are matched exactly, as written
// bare; the same text quoted, or in another case, is a name or a mistake.
@testable import ManifestCompiler
import Testing

struct LanguageWordsTests {
    @Test func quotedLanguageWordsAreNames() throws {
        let result = TestCompile.source(
            """
            action "title" { title: "T" }
            category "category" { actions: ["title"] }
            """)
        #expect(result.diagnostics.isEmpty, "\(TestCompile.rendered(result))")
        #expect(try #require(result.manifest).categories.map(\.identifier) == ["category"])
    }

    @Test(arguments: ["True", "TRUE", "\"true\"", "yes", "1"])
    func onlyBareTrueAndFalseAreBooleans(_ written: String) {
        let result = TestCompile.source(
            "contentExtension C { categories: [c], storyboard: \"M\", initialContentSizeRatio: 1, defaultContentHidden: \(written) }\ncategory c {}")
        #expect(result.diagnostics.map(\.code).contains(.typeMismatch), "\(written)")
    }

    @Test(arguments: ["Title", "titles", "tit"])
    func keysAreMatchedExactly(_ key: String) {
        let result = TestCompile.source("action a { \(key): \"A\" }")
        #expect(result.diagnostics.map(\.code).contains(.unknownKey), "\(key)")
    }

    @Test func optionsOfTheOtherSetAreNamedAsSuch() {
        let result = TestCompile.source("action a { title: \"A\", options: [customDismissAction, Foreground] }\ncategory c { actions: [a] }")
        let messages = result.diagnostics.map(\.message)
        #expect(result.diagnostics.filter { $0.code == .unknownOption }.count == 2)
        #expect(messages.contains { $0.contains("customDismissAction") })
    }

    @Test(arguments: ["Action", "actio", "categoryy"])
    func misspelledDeclarationKindsAreReported(_ kind: String) {
        let result = TestCompile.source("\(kind) a { title: \"A\" }")
        #expect(result.diagnostics.map(\.code).contains(.unknownDeclarationKind), "\(kind)")
    }
}
