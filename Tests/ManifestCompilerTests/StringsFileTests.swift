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

    /// A UTF-8 byte order mark is skipped (Xcode reads such tables); an error after it is located by its byte offset.
    @Test func aUTF8ByteOrderMarkIsSkipped() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(Self.valid.utf8)
        let (entries, diagnostics) = Self.read(bytes)
        #expect(diagnostics.isEmpty)
        let foundation = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: String]
        #expect(entries.map { Dictionary($0.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }) } == foundation)
        let (_, errors) = Self.read([0xEF, 0xBB, 0xBF] + Array("\"a\" = @;".utf8))
        #expect(errors.map(\.code) == [.invalidStringsFile])
        #expect(errors.first?.range?.start == 9)
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

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        let mark: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        return mark + text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// iOS reads UTF-16 tables (older Xcode versions wrote them): the reader takes their UTF-8 text, and reads what
    /// Foundation reads from the UTF-16 bytes.
    @Test(arguments: [false, true])
    func utf16ReadsWhatFoundationReads(bigEndian: Bool) throws {
        let text = Self.valid + "\n\"emoji\" = \"😀 é\";\n"
        let bytes = Self.utf16(text, bigEndian: bigEndian)
        #expect(StringsFileReader.utf8Text(of: bytes) == Array(text.utf8))
        let (entries, diagnostics) = Self.read(StringsFileReader.utf8Text(of: bytes))
        #expect(diagnostics.isEmpty)
        let ours = Dictionary((entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        let foundation = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: String]
        #expect(ours == foundation)
        #expect(ours["emoji"] == "😀 é")
        #expect(StringsFileReader.utf8Text(of: Array(text.utf8)) == Array(text.utf8), "UTF-8 is left as it is")
    }

    @Test(arguments: [
        (utf16("\"a\" = \"b\";\n\"c\" = \"\u{1F600}\";", bigEndian: false).dropLast(4) + [0x3D, 0xD8] + [0x22, 0x00, 0x3B, 0x00], "line 2 has a UTF-16 surrogate without its pair"),
        (utf16("\"a\" = \"b\";", bigEndian: true) + [0x0A], "it ends in half a UTF-16 code unit"),
    ])
    func undecodableUTF16IsAClearError(_ bytes: [UInt8], _ problem: String) {
        #expect(StringsFileReader.utf8Text(of: bytes) == bytes)
        let (entries, diagnostics) = Self.read(StringsFileReader.utf8Text(of: bytes))
        #expect(entries == nil)
        #expect(diagnostics.map(\.code) == [.invalidStringsFile])
        #expect(diagnostics.first?.message.contains(problem) == true, "\(diagnostics.map(\.message))")
    }

    /// lint and check-payload read a UTF-16 table as the same table in UTF-8: the same findings at the same places.
    @Test func aUTF16TableIsCheckedAsItsUTF8Text() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let text = "/* Übersetzung 😀 */\n\"action.reply.title\" = \"Antworten 😀\";\n\"category.message.categorySummaryFormat\" = \"😀 %@ mehr\";\n"
        let table = try directory.write("de.lproj/Notifications.strings", text)
        let utf8 = runNotifc(["lint", manifest, table])
        #expect(utf8.status == .failure && utf8.error.contains("Notifications.strings:3:"), "\(utf8.error)")
        for bigEndian in [false, true] {
            try Data(Self.utf16(text, bigEndian: bigEndian)).write(to: URL(fileURLWithPath: table))
            let run = runNotifc(["lint", manifest, table])
            #expect(run.status == utf8.status && run.error == utf8.error, "\(run.error)")
        }
        let localizable = try directory.write("en.lproj/Localizable.strings", "")
        try Data(Self.utf16("\"NEW_MESSAGE\" = \"%@ schrieb 😀\";\n", bigEndian: false)).write(to: URL(fileURLWithPath: localizable))
        let payload = try directory.write("p.json", #"{"aps": {"alert": {"loc-key": "NEW_MESAGE"}}}"#)
        let check = runNotifc(["check-payload", payload, manifest, "--strings", localizable])
        #expect(check.error.contains("[E521]") && check.error.contains("did you mean 'NEW_MESSAGE'?"), "\(check.error)")
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
