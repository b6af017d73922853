// The keyword table: every language word is recognised, nothing else is, and each stage's enums map through it.
@testable import ManifestCompiler
import Testing

struct KeywordTests {
    private func lookup(_ word: String) -> Keyword? {
        Keyword.lookup(Array(word.utf8)[...])
    }

    @Test func everyKeywordIsFoundBySpelling() {
        for keyword in Keyword.allCases {
            #expect(lookup(keyword.spelling) == keyword, "\(keyword.spelling)")
        }
        #expect(Set(Keyword.allCases.map(\.spelling)).count == Keyword.allCases.count)
    }

    @Test(arguments: ["", "a", "Action", "actio", "actionx", "titles", "tru", "True", "NaN", "categoryy",
                      "invitation", "reply", String(repeating: "a", count: 200)])
    func otherWordsAreNotKeywords(_ word: String) {
        #expect(lookup(word) == nil)
    }

    @Test func nearMissesOfEveryKeywordAreNotKeywords() {
        // Same length, first and last byte (the hash inputs) but a different middle: probes must compare bytes.
        for keyword in Keyword.allCases where keyword.spelling.utf8.count > 2 {
            var bytes = Array(keyword.spelling.utf8)
            bytes[1] = bytes[1] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
            let word = String(decoding: bytes, as: UTF8.self)
            #expect(lookup(word) == Keyword.allCases.first { $0.spelling == word }, "\(word)")
        }
    }

    @Test func declarationKindsKeysAndOptionsAllHaveKeywords() {
        for kind in DeclarationKind.allCases {
            #expect(DeclarationKind(keyword: lookup(kind.rawValue)) == kind, "\(kind.rawValue)")
        }
        for key in ManifestKey.allCases {
            #expect(ManifestKey(keyword: lookup(key.rawValue)) == key, "\(key.rawValue)")
        }
        for option in ActionOption.allCases {
            #expect(ActionOption(keyword: lookup(option.rawValue)) == option, "\(option.rawValue)")
        }
        for option in CategoryOption.allCases {
            #expect(CategoryOption(keyword: lookup(option.rawValue)) == option, "\(option.rawValue)")
        }
    }

    @Test func keywordsOfOtherKindsMapToNothing() {
        #expect(DeclarationKind(keyword: .title) == nil)
        #expect(ManifestKey(keyword: .category) == nil)
        #expect(ActionOption(keyword: .customDismissAction) == nil)
        #expect(CategoryOption(keyword: .foreground) == nil)
        #expect(ManifestKey(keyword: nil) == nil)
    }

    @Test func lexerTagsPlainWordsButNotQuotedNames() {
        var sources = SourceFileSet()
        let id = sources.add(path: "t.notif", bytes: Array("category \"category\" reply foreground".utf8))
        var diagnostics = DiagnosticBag()
        var keywords: [Keyword?] = []
        Lexer.scan(sources[id], limits: .default) { lexer in
            while true {
                let token = lexer.next(into: &diagnostics)
                if token.kind == .endOfFile { break }
                keywords.append(token.keyword)
            }
        }
        #expect(keywords == [.category, nil, nil, .foreground])
        #expect(diagnostics.diagnostics.isEmpty)
    }
}
