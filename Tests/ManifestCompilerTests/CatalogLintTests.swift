// `notifc lint` with String Catalogs: each rule at its marked position in the catalog, and through the CLI.
import Foundation
@testable import ManifestCompiler
import NotifcDriver
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

    static func lint(_ text: String, path: String = "Notifications.xcstrings") -> [Diagnostic] {
        let manifest = TestCompile.source(Self.manifest).manifest
        var diagnostics = DiagnosticBag()
        if let manifest {
            CatalogLint.check(
                SourceFile(id: SourceFileID(index: 0), path: path, bytes: Array(text.utf8)),
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

    /// The old spelling of a key (another Unicode normalization) is a key the manifest no longer has, as the merge
    /// treats it; an entry build would refuse is E801 in the manifest's table only (build merges no other).
    @Test func keysCompareByCodePointsAndOnlyTheManifestsTableIsMerged() {
        let manifest = TestCompile.source("action \"caf\u{E9}\" { title: \"Caf\u{E9}\" }\ncategory c { actions: [\"caf\u{E9}\"] }").manifest
        let spellings = Self.catalog("""
            "action.caf\u{E9}.title" : { "extractionState" : "manual" },
            "action.cafe\u{301}.title" : { "extractionState" : "manual" }
            """)
        var diagnostics = DiagnosticBag()
        if let manifest {
            CatalogLint.check(
                SourceFile(id: SourceFileID(index: 0), path: "Notifications.xcstrings", bytes: Array(spellings.utf8)),
                manifest: manifest, into: &diagnostics)
        }
        #expect(manifest != nil)
        #expect(diagnostics.sorted().map(\.code) == [.keyNotInManifest], "\(diagnostics.sorted().map(\.message))")
        let bad = Self.catalog(Self.complete + "\"action.reply.title\" : 1")
        #expect(Self.lint(bad).map(\.code).contains(.invalidStringCatalog))
        #expect(!Self.lint(bad, path: "Localizable.xcstrings").map(\.code).contains(.invalidStringCatalog))
    }

    @Test func messagesNameTheKeyAndTheLanguageInQuotes() {
        let diagnostics = Self.lint(MarkedSource(Self.cases[1].1).text)
        #expect(diagnostics.first?.message.contains("'de'") == true)
        #expect(diagnostics.first?.message.contains("'category.message.categorySummaryFormat'") == true)
    }

    /// Plural cases may leave an argument out, a substitution (`%#@name@`, its cases' `%arg`) takes its
    /// `formatSpecifier`, and a positional argument written twice counts once; a case that takes another type is
    /// still an error, at the case. Titles are not format strings: a `%` in them is not compared.
    @Test func variationsSubstitutionsAndTitlesAreComparedAsIOSFormatsThem() {
        func plural(_ cases: [(String, String)]) -> String {
            "\"variations\" : { \"plural\" : { " + cases.map { "\"\($0.0)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\($0.1)\" } }" }
                .joined(separator: ", ") + " } }"
        }
        let fine = Self.catalog(Self.complete + """
            "action.reply.title" : { "localizations" : { \(Self.unit("de", "\"Antworten, 50 % off\"")), \(Self.unit("fr", "\"Répondre\"")) } },
            "category.message.categorySummaryFormat" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@n@ von %@" },
                "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "u", \(plural([("one", "Noch eine"), ("other", "%arg weitere")])) } } },
              "fr" : { \(plural([("one", "Encore une de %2$@"), ("other", "%1$u de plus de %2$@ (%2$@)")])) }
            } }
            """)
        // ('fr' translates only some strings: its missing ones are W801, not the subject here.)
        func compared(_ text: String) -> [Diagnostic] { Self.lint(text).filter { $0.code != .missingTranslation } }
        #expect(compared(fine).isEmpty, "\(compared(fine).map(\.message))")
        let wrong = MarkedSource(Self.catalog(Self.complete + """
            "action.reply.title" : { "localizations" : { \(Self.unit("de", "\"Antworten\"")), \(Self.unit("fr", "\"Répondre\"")) } },
            "category.message.categorySummaryFormat" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@n@ von %@" },
                "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "u", "variations" : { "plural" : {
                  "other" : { "stringUnit" : { "state" : "translated", "value" : 1️⃣"%arg weitere %d" } } } } } } },
              "fr" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : 2️⃣"Un %@ %@" } } } } }
            } }
            """))
        let diagnostics = compared(wrong.text)
        #expect(diagnostics.map(\.code) == [.formatSpecifierMismatch, .formatSpecifierMismatch])
        #expect(diagnostics.map(\.range?.start) == [wrong.offsets["1️⃣"], wrong.offsets["2️⃣"]])
        #expect(diagnostics.last?.message.contains("(its 'one' form)") == true, "\(diagnostics.map(\.message))")
    }

    /// Arguments are compared by position: a plural case that drops the count but keeps a later `%@` unpositioned
    /// would read the count as the name; the source's own substitutions and nested cases count; an `argNum` no
    /// integer can hold is ignored, not a crash.
    @Test func argumentsAreComparedByPosition() {
        func localization(_ body: String) -> String { "{ \(body) }" }
        func unit(_ value: String) -> String { "\"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(value)\" }" }
        let substituted = unit("%#@n@ more from %@")
            + ", \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"u\", \"variations\" : { \"plural\" : { "
            + "\"one\" : { \(unit("One")) }, \"other\" : { \(unit("%arg")) } } } } }"
        func catalog(_ summary: String) -> String {
            Self.catalog(Self.complete + """
                "action.reply.title" : { "localizations" : { \(Self.unit("de", "\"Antworten\"")) } },
                "category.message.categorySummaryFormat" : { "localizations" : { \(summary) } }
                """)
        }
        func mismatches(_ summary: String) -> [String] {
            Self.lint(catalog(summary)).filter { $0.code == .formatSpecifierMismatch }.map(\.message)
        }
        #expect(mismatches("\"de\" : { \"variations\" : { \"plural\" : { \"one\" : { \(unit("Eine von %2$@")) }, \"other\" : { \(unit("%u von %@")) } } } }").isEmpty)
        #expect(mismatches("\"de\" : { \"variations\" : { \"plural\" : { \"one\" : { \(unit("Eine von %@")) } } } }").count == 1)
        #expect(mismatches("\"de\" : \(localization(unit("%@ weitere %u")))").count == 1, "types at the wrong positions")
        #expect(mismatches("\"de\" : \(localization(unit("%2$@: %1$u")))").isEmpty)
        // The source language varies by plural with a substitution, as Xcode writes it; so does the translation.
        #expect(mismatches("\"de\" : \(localization(substituted)), \"en\" : \(localization(substituted))").isEmpty)
        // A device case that varies by plural is checked too.
        let nested = "\"de\" : { \"variations\" : { \"device\" : { \"iphone\" : { \"variations\" : { \"plural\" : { \"other\" : { \(unit("%d %d %d")) } } } } } } }"
        #expect(mismatches(nested).count == 1 && mismatches(nested).first?.contains("(its 'iphone/other' form)") == true, "\(mismatches(nested))")
        let huge = substituted.replacingOccurrences(of: "\"argNum\" : 1", with: "\"argNum\" : 1e300")
        #expect(mismatches("\"de\" : \(localization(huge))").count <= 1, "no crash")
    }

    /// An entry marked "Don't translate" in Xcode (`shouldTranslate: false`) lacks no translation.
    @Test func anEntryNotToTranslateLacksNothing() {
        let missing = MarkedSource(Self.cases[0].1).text
        let kept = missing.replacingOccurrences(
            of: #""action.reply.title" : { "extractionState" : "manual" }"#,
            with: #""action.reply.title" : { "extractionState" : "manual", "shouldTranslate" : false }"#)
        #expect(kept != missing)
        #expect(Self.lint(missing).map(\.code) == [.missingTranslation])
        #expect(Self.lint(kept).isEmpty, "\(Self.lint(kept).map(\.message))")
    }

    /// The entry an earlier notifc wrote for an empty placeholder (an empty text is not localized now) is named as
    /// such, in a catalog and in a `.strings` table; a key the manifest does not have at all keeps its message.
    @Test func anEntryForAnEmptyTextSaysItIsEmpty() {
        let older = MarkedSource(Self.cases[3].1).text.replacingOccurrences(
            of: "\"action.reply.buttonTitle\"",
            with: #""action.reply.placeholder" : { "extractionState" : "manual", "localizations" : { \#(Self.unit("de", "\"\"")) } },"#
                + "\n\"action.reply.buttonTitle\"")
        let found = Self.lint(older).filter { $0.code == .keyNotInManifest }
        #expect(found.map(\.message) == ["'action.reply.placeholder' is in the table but its text in the manifest is empty, which is not localized"])
        #expect(found.first?.help == ["run 'notifc build --emit xcstrings' to mark it stale or remove it"])
        let stale = older.replacingOccurrences(
            of: #""action.reply.placeholder" : { "extractionState" : "manual""#, with: #""action.reply.placeholder" : { "extractionState" : "stale""#)
        #expect(Self.lint(stale).filter { $0.code == .staleTranslation }.map(\.message).contains(
            "'action.reply.placeholder' is stale: its text in the manifest is empty, which is not localized"))
        let manifest = TestCompile.source(Self.manifest).manifest
        var diagnostics = DiagnosticBag()
        if let manifest {
            CatalogLint.checkStrings(
                SourceFile(
                    id: SourceFileID(index: 0), path: "de.lproj/Notifications.strings",
                    bytes: Array("\"action.reply.placeholder\" = \"\";\n\"action.gone.title\" = \"x\";\n".utf8)),
                manifest: manifest, into: &diagnostics)
        }
        let strings = diagnostics.sorted().filter { $0.code == .keyNotInManifest }
        #expect(strings.map(\.message) == [
            "'action.reply.placeholder' is in the table but its text in the manifest is empty, which is not localized",
            "'action.gone.title' is in the table but the manifest no longer has this string",
        ])
        #expect(strings.first?.help == ["remove the entry: an empty text is shown as it is, in every language"])
    }

    /// A catalog of another table than the manifest's holds other strings: none of the manifest's is missing
    /// there, while a translation it has is still compared.
    @Test func anotherTablesCatalogIsMissingNothing() {
        let missing = MarkedSource(Self.cases[0].1).text
        #expect(Self.lint(missing).map(\.code) == [.missingTranslation])
        #expect(Self.lint(missing, path: "App/Localizable.xcstrings").isEmpty)
        #expect(Self.lint(missing, path: "App/Notifications.XCSTRINGS").map(\.code) == [.missingTranslation], "any letter case")
        let mismatch = MarkedSource(Self.cases[1].1).text
        #expect(Self.lint(mismatch, path: "App/Localizable.xcstrings").map(\.code) == [.formatSpecifierMismatch])
    }

    /// With a manifest, a directory is searched for the manifest's own table: its catalog and its files in
    /// `.lproj` folders, in any letter case. Other tables and dependencies' folders are left alone.
    @Test func lintFindsTheManifestsTableInDirectories() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("app.notif", Self.manifest)
        _ = try directory.write("App/Notifications.xcstrings", MarkedSource(Self.cases[1].1).text)
        _ = try directory.write("App/FR.lproj/NOTIFICATIONS.strings", "\"category.message.categorySummaryFormat\" = \"%@ de plus\";\n")
        _ = try directory.write("App/Localizable.xcstrings", "{ not a catalog")
        _ = try directory.write("App/de.lproj/InfoPlist.strings", "\"a\" = ")
        _ = try directory.write("App/Notifications.strings", "\"a\" = ")  // not in an .lproj folder
        _ = try directory.write("Pods/Lib/de.lproj/Notifications.strings", "\"a\" = ")
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .failure)
        #expect(run.error.contains("App/Notifications.xcstrings:5:"), "\(run.error)")
        #expect(run.error.contains("the 'FR' translation of 'category.message.categorySummaryFormat' has format specifiers"), "\(run.error)")
        for skipped in ["Localizable.xcstrings", "InfoPlist.strings", "App/Notifications.strings", "Pods/"] {
            #expect(!run.error.contains(skipped), "\(skipped): \(run.error)")
        }
        let explicit = runNotifc(["lint", directory.path, directory.path + "/App/Notifications.xcstrings"])
        #expect(explicit.error.components(separatedBy: "[E803]").count == run.error.components(separatedBy: "[E803]").count, "read once")
    }

    /// A folder that holds only strings tables (a project's `Resources`) is not empty: its tables are linted.
    @Test func aFolderOfTablesAloneIsLinted() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("manifests/app.notif", Self.manifest)
        _ = try directory.write("Resources/de.lproj/Notifications.strings", "\"category.message.categorySummaryFormat\" = \"%@ mehr\";\n")
        let run = runNotifc(["lint", directory.path + "/manifests", directory.path + "/Resources"])
        #expect(!run.error.contains("[E007]"), "\(run.error)")
        #expect(run.error.contains("Resources/de.lproj/Notifications.strings:1:44: error"), "\(run.error)")
        // Without a manifest a folder is searched for the table a manifest names by default, for its own problems.
        _ = try directory.write("Resources/fr.lproj/Notifications.strings", "\"a\" = \"b\"\n")
        let alone = runNotifc(["lint", directory.path + "/Resources"])
        #expect(alone.status == .failure && !alone.error.contains("[E007]"), "\(alone.error)")
        #expect(alone.error.contains("Resources/fr.lproj/Notifications.strings:1:10: error: missing ';'"), "\(alone.error)")
        #expect(!alone.error.contains("de.lproj"), "without the manifest's texts there is nothing to compare: \(alone.error)")
        // Other tables are not searched: a folder holding only those is empty, and the help says why.
        let other = try directory.write("Other/en.lproj/Localizable.strings", "\"a\" = \"b\"\n")
        let otherFolder = ((other as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let unsearched = runNotifc(["lint", otherFolder])
        #expect(unsearched.error.contains("no .notif files in directory '\(otherFolder)' [E007]"), "\(unsearched.error)")
        #expect(unsearched.error.contains("help: lint searches folders only for the strings table 'Notifications'"), "\(unsearched.error)")
        let empty = try directory.write("Empty/readme.txt", "")
        let none = runNotifc(["lint", directory.path + "/manifests", (empty as NSString).deletingLastPathComponent])
        #expect(none.error.contains("no .notif files in directory '\(directory.path)/Empty' [E007]"), "\(none.error)")
    }

    @Test func lintTakesCatalogsBesideManifests() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", Self.manifest)
        let catalog = try directory.write("Notifications.xcstrings", MarkedSource(Self.cases[1].1).text)
        let run = runNotifc(["lint", manifest, catalog])
        #expect(run.status == .failure)
        #expect(run.error.contains("Notifications.xcstrings:5:"), "\(run.error)")
        #expect(run.error.contains("[E803]"))
    }

    /// A table's own problems are reported whether the manifest compiles, has errors or is not given, with the same
    /// messages; what needs the manifest (here a missing translation) only when it compiles.
    @Test func lintReportsATablesOwnProblemsWithoutAManifest() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.notif", Self.manifest)
        let bad = try directory.write("bad.notif", Self.manifest.replacingOccurrences(of: "buttonTitle:", with: "buttonTitel:"))
        let tables = [
            try directory.write("Notifications.xcstrings", #"{ "sourceLanguage" : "en", "strings" : [] }"#),
            try directory.write("de.lproj/Notifications.strings", "\"action.reply.title\" = \"Antworten\"\n"),
            try directory.write(
                "de.lproj/Notifications.stringsdict",
                StringsdictLintTests.document(
                    "<dict>\n" + StringsdictLintTests.plural(StringsdictLintTests.summary, "%#@count@", forms: [("one", "%u weitere")])
                        + "\n</dict>")),
            try directory.write("fr.lproj/Notifications.strings", "\"action.reply.title\" = \"Répondre\";\n"),
        ]
        func tableLines(_ run: (status: NotifcDriver.ExitStatus, output: String, error: String)) -> [String] {
            run.error.split(separator: "\n").map(String.init).filter { line in
                tables.contains { line.hasPrefix($0 + ":") }
            }
        }
        let checked = runNotifc(["lint", good] + tables)
        let broken = runNotifc(["lint", bad] + tables)
        let alone = runNotifc(["lint"] + tables)
        #expect(checked.error.contains("has no 'fr' translation [W801]"), "\(checked.error)")
        #expect(broken.error.contains("[E301]"), "\(broken.error)")
        let own = tableLines(checked).filter { !$0.contains("[W801]") }
        #expect(own.count == 3, "one problem in each broken table: \(own)")
        #expect(own.contains { $0.contains("Notifications.xcstrings:1:") && $0.hasSuffix("[E801]") }, "\(own)")
        #expect(own.contains { $0.contains("de.lproj/Notifications.strings:1:") && $0.hasSuffix("[E804]") }, "\(own)")
        #expect(own.contains { $0.contains("de.lproj/Notifications.stringsdict:") && $0.hasSuffix("[E804]") }, "\(own)")
        #expect(tableLines(broken) == own, "\(broken.error)")
        #expect(tableLines(alone) == own, "\(alone.error)")
        for run in [checked, broken, alone] { #expect(run.status == .failure) }
        let valid = runNotifc(["lint", tables[3]])
        #expect(valid.status == .success && valid.error.isEmpty, "\(valid.error)")
    }
}
