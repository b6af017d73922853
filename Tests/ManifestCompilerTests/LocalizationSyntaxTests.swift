// The manifest's localization settings and translator comments: checked into the model, formatted, printed by
// import (compiling back to the same manifest), compared by diff, and written into the bundle and read back.
import Foundation
@testable import ManifestCompiler
import Testing

struct LocalizationSyntaxTests {
    static let source = """
        localization   Alerts { bundle: module,
          developmentLanguage: "de" }
        textInputAction reply { title: "Antworten", titleComment: "Button"
            buttonTitle: "Senden"
            buttonTitleComment: "Sends", placeholder: "Nachricht", placeholderComment: "Hint"
        }
        category message {
            actions: [reply]
            categorySummaryFormatComment: "%u is the count"
            categorySummaryFormat: "%u weitere"
        }
        """

    static var manifest: Manifest? { TestCompile.source(source).manifest }

    @Test func settingsAndCommentsReachTheModel() throws {
        let result = TestCompile.source(Self.source)
        #expect(result.diagnostics.isEmpty, "\(TestCompile.rendered(result))")
        let manifest = try #require(result.manifest)
        #expect(manifest.localization == LocalizationSettings(table: "Alerts", developmentLanguage: "de", bundle: .module))
        #expect(manifest.actions[0].comments == [.title: "Button", .buttonTitle: "Sends", .placeholder: "Hint"])
        #expect(manifest.categories[0].comments == [.categorySummaryFormat: "%u is the count"])
        #expect(manifest.localizableStrings.map(\.comment) == ["Button", "Sends", "Hint", "%u is the count"])
    }

    @Test func withoutADeclarationTheDefaultsApply() throws {
        let manifest = try #require(TestCompile.source("action a { title: \"A\" }").manifest)
        #expect(manifest.localization == LocalizationSettings(table: "Notifications", developmentLanguage: "en", bundle: .main))
    }

    @Test func fmtPutsEachCommentAfterItsStringAndIsStable() throws {
        let formatted = try #require(FormatTest.format(Self.source))
        #expect(formatted.contains("localization Alerts {\n    bundle: module\n    developmentLanguage: \"de\"\n}"))
        #expect(FormatTest.format(formatted) == formatted)
        #expect(TestCompile.source(formatted).manifest == Self.manifest)
    }

    @Test func importPrintsWhatCompilesBackToTheSameManifest() throws {
        let manifest = try #require(Self.manifest)
        let printed = ManifestPrinter.text(of: manifest)
        #expect(printed.contains("titleComment: \"Button\""))
        #expect(printed.contains("localization Alerts {"))
        #expect(TestCompile.source(printed).manifest == manifest)
        let plain = try #require(TestCompile.source("action a { title: \"A\" }").manifest)
        #expect(!ManifestPrinter.text(of: plain).contains("localization"), "defaults are not printed")
    }

    @Test func theBundleCarriesKeysCommentsAndSettingsAndReadsBack() throws {
        let manifest = try #require(Self.manifest)
        let bundle = JSONBundleEmitter.document(manifest)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bundle)) as? [String: Any])
        let localization = try #require(json["localization"] as? [String: String])
        #expect(localization == ["table": "Alerts", "developmentLanguage": "de", "bundle": "module"])
        let category = try #require((json["categories"] as? [[String: Any]])?.first)
        let action = try #require((category["actions"] as? [[String: Any]])?.first)
        #expect(action["localizationKeys"] as? [String: String] == [
            "title": "action.reply.title", "buttonTitle": "action.reply.buttonTitle", "placeholder": "action.reply.placeholder",
        ])
        #expect(category["localizationKeys"] as? [String: String] == ["categorySummaryFormat": "category.message.categorySummaryFormat"])
        var diagnostics = DiagnosticBag()
        let file = SourceFile(id: SourceFileID(index: 0), path: "notifications.json", bytes: bundle)
        let read = try #require(BundleReader.read(file, into: &diagnostics))
        #expect(ManifestDiffer.changes(from: manifest, to: read).isEmpty)
    }

    @Test func diffReportsCommentsAsCosmeticAndSettingsAsBehavioral() throws {
        let old = try #require(Self.manifest)
        let changed = Self.source.replacingOccurrences(of: "\"Sends\"", with: "\"Sends it\"")
            .replacingOccurrences(of: "bundle: module", with: "bundle: main")
        let new = try #require(TestCompile.source(changed).manifest)
        let changes = ManifestDiffer.changes(from: old, to: new)
        #expect(changes.map(\.path.description) == ["action[reply].buttonTitleComment", "localization[Alerts].bundle"])
        #expect(changes.map(\.changeClass) == [.cosmetic, .behavioral])
        let renamed = try #require(TestCompile.source(Self.source.replacingOccurrences(of: "Alerts", with: "Push")).manifest)
        #expect(ManifestDiffer.changes(from: old, to: renamed).map(\.kind) == [.removed, .added])
    }

    /// A misspelt or quoted bundle location says what to write.
    @Test func bundleLocationMistakesSayWhatToWrite() {
        let misspelt = TestCompile.source("localization Notifications {\n    bundle: mian\n}\n")
        #expect(misspelt.diagnostics.map(\.code) == [.typeMismatch])
        #expect(misspelt.diagnostics.first?.help == ["did you mean 'main'?"])
        let quoted = TestCompile.source("localization Notifications {\n    bundle: \"module\"\n}\n")
        #expect(quoted.diagnostics.first?.help == ["write module without quotes"])
    }
}
