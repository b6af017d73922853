// `notifc lint` with String Catalogs: each rule at its marked position in the catalog, and through the CLI.
import Foundation
@testable import ManifestCompiler
import Testing

struct CatalogLintTests {
    static let manifest = """
        textInputAction reply { title: "Reply", buttonTitle: "Send" }
        category message { actions: [reply], categorySummaryFormat: "%u more from %@" }
        """

    /// A catalog with `entries` (the members of `strings`, as written) and `de` as a translation language.
    static func catalog(_ entries: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
        \(entries)
          },
          "version" : "1.0"
        }
        """
    }

    static func unit(_ language: String, _ value: String, state: String = "translated") -> String {
        #""\#(language)" : { "stringUnit" : { "state" : "\#(state)", "value" : \#(value) } }"#
    }

    static let complete = """
        "action.reply.buttonTitle" : { "extractionState" : "manual", "localizations" : { \(unit("de", "\"Senden\"")) } },
        "action.reply.placeholder" : { "extractionState" : "manual", "localizations" : { \(unit("de", "\"\"")) } },
        """

    /// Each code with a catalog marked where it must be reported.
    static let cases: [(DiagnosticCode, String)] = [
        (.missingTranslation, catalog(complete + """
            1️⃣"action.reply.title" : { "extractionState" : "manual" },
            "category.message.categorySummaryFormat" : { "localizations" : { \(unit("de", "\"%u weitere von %@\"")) } }
            """)),
        (.formatSpecifierMismatch, catalog(complete + """
            "action.reply.title" : { "localizations" : { \(unit("de", "\"Antworten\"")) } },
            "category.message.categorySummaryFormat" : { "localizations" : { \(unit("de", "1️⃣\"%@ weitere\"")) } }
            """)),
        (.translationNeedsReview, catalog(complete + """
            "action.reply.title" : { "localizations" : { "de" : { "stringUnit" : { "state" : 1️⃣"needs_review", "value" : "A" } } } },
            "category.message.categorySummaryFormat" : { "localizations" : { \(unit("de", "\"%2$@: %1$u\"")) } }
            """)),
        (.staleTranslation, catalog(complete + """
            "action.reply.title" : { "localizations" : { \(unit("de", "\"Antworten\"")) } },
            1️⃣"action.old.title" : { "extractionState" : "stale", "localizations" : { \(unit("de", "\"Alt\"")) } },
            "category.message.categorySummaryFormat" : { "localizations" : { \(unit("de", "\"%u weitere von %@\"")) } }
            """)),
        (.keyNotInManifest, catalog(complete + """
            "action.reply.title" : { "localizations" : { \(unit("de", "\"Antworten\"")) } },
            1️⃣"action.old.title" : { "extractionState" : "manual" },
            "category.message.categorySummaryFormat" : { "localizations" : { \(unit("de", "\"%u weitere von %@\"")) } }
            """)),
        (.catalogLanguageMismatch, "{ \"sourceLanguage\" : 1️⃣\"de\", \"strings\" : {}, \"version\" : \"1.0\" }"),
        (.invalidStringCatalog, "{ \"sourceLanguage\" : \"en\", \"strings\" : 1️⃣[] }"),
    ]

    static func lint(_ text: String) -> [Diagnostic] {
        let manifest = TestCompile.source(Self.manifest).manifest
        var diagnostics = DiagnosticBag()
        if let manifest {
            CatalogLint.check(
                SourceFile(id: SourceFileID(index: 0), path: "Notifications.xcstrings", bytes: Array(text.utf8)),
                manifest: manifest, into: &diagnostics)
        }
        return diagnostics.sorted()
    }

    @Test(arguments: cases.indices)
    func ruleIsReportedAtTheMarker(_ index: Int) {
        let (code, source) = Self.cases[index]
        let marked = MarkedSource(source)
        let diagnostics = Self.lint(marked.text)
        #expect(diagnostics.map(\.code) == [code], "\(diagnostics.map { "\($0.code.rawValue) \($0.message)" })")
        #expect(diagnostics.first?.range?.start == marked.offsets["1️⃣"])
    }

    @Test func messagesNameTheKeyAndTheLanguageInQuotes() {
        let diagnostics = Self.lint(MarkedSource(Self.cases[1].1).text)
        #expect(diagnostics.first?.message.contains("'de'") == true)
        #expect(diagnostics.first?.message.contains("'category.message.categorySummaryFormat'") == true)
    }

    @Test func lintTakesCatalogsBesideManifests() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", Self.manifest)
        let catalog = try directory.write("Notifications.xcstrings", MarkedSource(Self.cases[1].1).text)
        let run = runNotifc(["lint", manifest, catalog])
        #expect(run.status == .failure)
        #expect(run.error.contains("Notifications.xcstrings:6:"), "\(run.error)")
        #expect(run.error.contains("[E803]"))
    }
}
