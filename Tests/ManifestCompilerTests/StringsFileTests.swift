// Legacy .strings tables: the reader against Foundation's property-list parser, located errors, and the
// lint and payload checks that take them.
import Foundation
@testable import ManifestCompiler
import Testing

struct StringsFileTests {
    static func read(_ bytes: [UInt8], path: String = "de.lproj/Notifications.strings") -> ([StringsEntry]?, [Diagnostic]) {
        var diagnostics = DiagnosticBag()
        let entries = StringsFileReader.read(SourceFile(id: SourceFileID(index: 0), path: path, bytes: bytes), into: &diagnostics)
        return (entries, diagnostics.sorted())
    }

    static let valid = """
        /* A block
           comment */
        "action.reply.title" = "Antworten"; // trailing
        'single' = 'quoted';
        NSCameraUsageDescription = "Kamera \\"an\\"";
        "escapes" = "tab\\tnew\\nline \\U00E9 \\101 back\\\\slash";
        "surrogates" = "smile \\UD83D\\UDE00, short \\U41 and \\Ue9.";
        "alone";
        "multi" = "two
        lines";
        """

    @Test func readsWhatFoundationReads() throws {
        let (entries, diagnostics) = Self.read(Array(Self.valid.utf8))
        #expect(diagnostics.isEmpty)
        let ours = Dictionary((entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        let foundation = try PropertyListSerialization.propertyList(from: Data(Self.valid.utf8), format: nil) as? [String: String]
        #expect(ours == foundation)
    }

    static let bad: [(String, DiagnosticCode, Int)] = [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", .invalidStringsFile, 9),
        ("\"a\" = \"b", .invalidStringsFile, 6),
        ("\"a\" \"b\";", .invalidStringsFile, 4),
        ("\"a\" = \"\\u203A\";", .lowercaseUnicodeEscape, 7),
        ("/* open", .invalidStringsFile, 0),
        ("\"a\" = @;", .invalidStringsFile, 6),
    ]

    @Test(arguments: bad.indices)
    func badInputIsALocatedError(_ index: Int) {
        let (text, code, offset) = Self.bad[index]
        let (_, diagnostics) = Self.read(Array(text.utf8))
        #expect(diagnostics.map(\.code) == [code], "\(diagnostics.map(\.message))")
        #expect(diagnostics.first?.range?.start == offset)
    }

    @Test func utf16IsAClearError() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("\"a\" = \"b\";".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let (entries, diagnostics) = Self.read(bytes)
        #expect(entries == nil)
        #expect(diagnostics.map(\.code) == [.invalidStringsFile])
        #expect(diagnostics.first?.message.contains("UTF-16") == true)
    }

    @Test func lintChecksALegacyTableAgainstTheManifest() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let table = try directory.write(
            "de.lproj/Notifications.strings",
            "\"action.reply.title\" = \"Antworten\";\n\"category.message.categorySummaryFormat\" = \"%@ mehr\";\n\"action.gone.title\" = \"x\";\n")
        let run = runNotifc(["lint", manifest, table])
        #expect(run.status == .failure)
        for expected in [
            "[W801]", "'action.reply.buttonTitle' has no 'de' translation", "Notifications.strings:2:44: error", "[E803]", "[W802]",
            "help: use the same specifiers as \"%u more from %@\"",
        ] {
            #expect(run.error.contains(expected), "\(expected) in \(run.error)")
        }
    }

    /// The development language's and Base.lproj's tables hold the manifest's own texts (a missing key falls back to
    /// them), so they lack no translation; a title is not a format string, so its `%` is not compared.
    @Test func developmentLanguageAndBaseTablesLackNoTranslation() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let title = "\"action.reply.title\" = \"Antworten, 50 % off\";\n"
        var tables: [String] = []
        for language in ["Base", "en", "EN", "de"] {
            tables.append(try directory.write("\(language).lproj/Notifications.strings", title))
        }
        let run = runNotifc(["lint", manifest] + tables)
        #expect(!run.error.contains("[E803]"), "\(run.error)")
        #expect(run.error.contains("has no 'de' translation [W801]"), "\(run.error)")
        for language in ["Base", "en", "EN"] {
            #expect(!run.error.contains("'\(language)' translation"), "\(language): \(run.error)")
        }
    }

    /// A table outside an `.lproj` folder (read by iOS for every language) is named by its file, not a language.
    @Test func aTableOutsideAnLprojFolderIsNamedByItsFile() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let table = try directory.write(
            "Resources/Notifications.strings", "\"category.message.categorySummaryFormat\" = \"%@ mehr\";\n")
        let run = runNotifc(["lint", manifest, table])
        #expect(run.error.contains("'action.reply.title' has no translation in 'Notifications.strings' [W801]"), "\(run.error)")
        #expect(run.error.contains("the translation of 'category.message.categorySummaryFormat' in 'Notifications.strings' has format specifiers"), "\(run.error)")
        #expect(!run.error.contains("'?'"), "\(run.error)")
    }

    @Test func checkPayloadTakesALegacyLocalizableTable() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let table = try directory.write("en.lproj/Localizable.strings", "\"NEW_MESSAGE\" = \"%@ wrote\";\n")
        let payload = try directory.write("p.json", #"{"aps": {"alert": {"loc-key": "NEW_MESAGE"}}}"#)
        let run = runNotifc(["check-payload", payload, manifest, "--strings", table])
        #expect(run.status == .failure)
        #expect(run.error.contains("[E521]") && run.error.contains("did you mean 'NEW_MESSAGE'?"), "\(run.error)")
        let broken = try directory.write("en.lproj/Broken.strings", "\"a\" = \"b\"")
        let refused = runNotifc(["check-payload", payload, manifest, "--strings", broken])
        #expect(refused.status == .failure)
        #expect(refused.error.contains("Broken.strings:1:9: error"), "\(refused.error)")
    }
}
