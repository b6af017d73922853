// Legacy .stringsdict plural tables in `notifc lint`: each rule at its marked position, the argument model on
// valid entries, Foundation's property-list reader on the same fixtures, and the CLI with .strings beside it.
import Foundation
@testable import ManifestCompiler
import Testing

struct StringsdictLintTests {
    /// A stringsdict document around `body` (the members of the root dictionary).
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    /// A plural entry: `format` with one variable `count` of `valueType` and `forms` (category, text).
    static func plural(
        _ key: String, _ format: String, valueType: String = "u", forms: [(String, String)], marker: String = ""
    ) -> String {
        """
        <key>\(marker)\(key)</key>
        <dict>
        <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
        <key>count</key>
        <dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>
        \(forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined(separator: "\n"))
        </dict>
        </dict>
        """
    }

    static let summary = "category.message.categorySummaryFormat"

    /// A width or device variant entry: `rule` with each variant's value (XML), in key order.
    static func variants(_ key: String, rule: String, _ values: [String: String], marker: String = "") -> String {
        let members = values.keys.sorted().map { "<key>\($0)</key>\(values[$0] ?? "")" }.joined(separator: "\n")
        return "<key>\(marker)\(key)</key>\n<dict>\n<key>\(rule)</key>\n<dict>\n\(members)\n</dict>\n</dict>"
    }

    /// A variant that also varies by plural: a dictionary with its own format key and `count` variable.
    static func nested(_ format: String = "%#@count@ von %@", forms: [(String, String)]) -> String {
        """
        <dict>
        <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
        <key>count</key>
        <dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>u</string>
        \(forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined(separator: "\n"))
        </dict>
        </dict>
        """
    }

    /// Each code with a stringsdict marked where it must be reported (and nothing else reported).
    static let cases: [(DiagnosticCode, String)] = [
        (.formatSpecifierMismatch, document("<dict>\n" + plural(summary, "%#@count@", forms: [("other", "%u weitere")], marker: "1️⃣") + "\n</dict>")),
        (.formatSpecifierMismatch, document("<dict>\n" + plural(summary, "%#@count@ von %@", valueType: "@", forms: [("other", "%@ weitere")], marker: "1️⃣") + "\n</dict>")),
        (.formatSpecifierMismatch, document("<dict>\n" + plural(summary, "%#@count@", forms: [("one", "eine von %@ und %@"), ("other", "%u weitere von %@")], marker: "1️⃣") + "\n</dict>")),
        (.keyNotInManifest, document("<dict>\n" + plural("action.gone.title", "%#@count@", forms: [("other", "%u")], marker: "1️⃣") + "\n</dict>")),
        (.invalidStringsFile, document("<dict>\n<key>1️⃣broken</key>\n<dict><key>count</key><dict/></dict>\n</dict>")),
        (.invalidStringsFile, document("<dict>\n" + plural(summary, "%#@count@ von %@", forms: [("one", "%u")]).replacingOccurrences(of: "<key>count</key>", with: "<key>1️⃣count</key>") + "\n</dict>")),
        (.invalidStringsFile, document("<dict>\n<key>k</key>\n<dict><key>NSStringLocalizedFormatKey</key><string>1️⃣%#@n@</string></dict>\n</dict>")),
        (.invalidStringsFile, document("1️⃣<array/>")),
        (.invalidStringsFile, document("<dict>\n<key>k</key>\n1️⃣<string>x</string>\n</dict>")),
        (.invalidStringsFile, document("<dict>\n" + plural(summary, "%#@count@ von %@", valueType: "", forms: [("other", "%u")]).replacingOccurrences(of: "<key>count</key>", with: "<key>1️⃣count</key>") + "\n</dict>")),
        (.invalidStringsFile, document("<dict>\n" + plural(summary, "%#@count@ von %@", forms: [("other", "%u")]).replacingOccurrences(of: "NSStringPluralRuleType", with: "NSStringGenderRuleType").replacingOccurrences(of: "<key>count</key>", with: "<key>1️⃣count</key>") + "\n</dict>")),
        // Width and device variants: each variant is compared; one that is neither a string nor an entry is E804.
        (.formatSpecifierMismatch, document("<dict>\n" + variants(summary, rule: "NSStringVariableWidthRuleType", ["20": "<string>%u weitere</string>", "50": "<string>%u weitere von %@</string>"], marker: "1️⃣") + "\n</dict>")),
        (.formatSpecifierMismatch, document("<dict>\n" + variants(summary, rule: "NSStringDeviceSpecificRuleType", ["iphone": "<string>%u weitere von %@</string>", "mac": nested(forms: [("one", "eine von %@ und %@"), ("other", "%u weitere")])], marker: "1️⃣") + "\n</dict>")),
        (.invalidStringsFile, document("<dict>\n" + variants(summary, rule: "NSStringDeviceSpecificRuleType", ["iphone": "1️⃣<array/>"]) + "\n</dict>")),
        (.invalidStringsFile, document("<dict>\n<key>k</key>\n<dict><key>NSStringVariableWidthRuleType</key>1️⃣<string>x</string></dict>\n</dict>")),
        (.invalidStringsFile, document("<dict>\n" + variants(summary, rule: "NSStringDeviceSpecificRuleType", ["mac": nested(forms: [("one", "%u")]).replacingOccurrences(of: "<key>count</key>", with: "<key>1️⃣count</key>")]) + "\n</dict>")),
        // XML that does not parse is reported by the property-list reader, with its own code.
        (.malformedPropertyList, document("<dict>\n<key>k</key>\n<dict>1️⃣</plist>")),
    ]

    static func lint(_ text: String, path: String = "de.lproj/Notifications.stringsdict") -> ([Diagnostic], Set<String>) {
        var diagnostics = DiagnosticBag()
        var keys = Set<String>()
        if let manifest = TestCompile.source(CatalogLintTests.manifest).manifest {
            keys = CatalogLint.checkStringsdict(
                SourceFile(id: SourceFileID(index: 0), path: path, bytes: Array(text.utf8)), manifest: manifest,
                into: &diagnostics)
        }
        return (diagnostics.sorted(), keys)
    }

    @Test(arguments: cases.indices)
    func ruleIsReportedAtTheMarker(_ index: Int) {
        let (code, source) = Self.cases[index]
        let marked = MarkedSource(source)
        let (diagnostics, _) = Self.lint(marked.text)
        #expect(diagnostics.map(\.code) == [code], "\(diagnostics.map { "\($0.code.rawValue) \($0.message)" })")
        #expect(diagnostics.first?.range?.start == marked.offsets["1️⃣"])
    }

    /// Foundation reads the same fixtures: it refuses exactly the one that does not parse, and the ones
    /// reported as missing a format key or an `other` form indeed lack it.
    @Test(arguments: cases.indices)
    func foundationAgreesOnTheFixture(_ index: Int) {
        let (code, source) = Self.cases[index]
        let text = MarkedSource(source).text
        let object = try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
        #expect((object == nil) == (code == .malformedPropertyList))
        if code == .invalidStringsFile, let root = object as? [String: Any], let entry = root.values.first as? [String: Any] {
            let count = entry["count"] as? [String: Any]
            let wellFormed = entry["NSStringLocalizedFormatKey"] is String && (count?["other"] is String)
                && count?["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType"
                && (count?["NSStringFormatValueTypeKey"] as? String)?.isEmpty == false
            #expect(!wellFormed, "Foundation reads a well-formed entry in \(text)")
        }
    }

    /// Entries whose arguments match the manifest's `%u more from %@`, in the shapes translators write.
    static let valid: [String] = [
        plural(summary, "%#@count@", forms: [("one", "eine weitere von %@"), ("other", "%u weitere von %@")]),
        plural(summary, "%#@count@ von %@", forms: [("one", "eine weitere"), ("other", "%u weitere")]),
        plural(summary, "%2$@: %1$#@count@", forms: [("other", "%1$u weitere")]),
        plural(summary, "%@ %%: %#@count@", valueType: "u", forms: [("zero", "keine"), ("other", "%u")]),
        "<key>action.reply.title</key><dict><key>NSStringDeviceSpecificRuleType</key><dict><key>iphone</key><string>Antworten</string></dict></dict>",
        variants(summary, rule: "NSStringVariableWidthRuleType", ["20": "<string>%u von %@</string>", "50": "<string>%u weitere von %@</string>"]),
        variants(summary, rule: "NSStringDeviceSpecificRuleType", ["iphone": "<string>%u weitere von %@</string>", "mac": nested(forms: [("one", "eine weitere"), ("other", "%u weitere")])]),
    ]

    @Test(arguments: valid.indices)
    func matchingArgumentsAreAccepted(_ index: Int) throws {
        let text = Self.document("<dict>\n" + Self.valid[index] + "\n</dict>")
        let (diagnostics, keys) = Self.lint(text)
        #expect(diagnostics.isEmpty, "\(diagnostics.map { "\($0.code.rawValue) \($0.message)" })")
        let foundation = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: Any]
        #expect(keys == Set(foundation?.keys.map { $0 } ?? []))
    }

    @Test func messagesNameTheKeyTheLanguageAndTheForm() {
        let (diagnostics, _) = Self.lint(MarkedSource(Self.cases[2].1).text, path: "App/fr.lproj/Notifications.stringsdict")
        let message = diagnostics.first?.message ?? ""
        #expect(message.contains("'fr'") && message.contains("'\(Self.summary)'") && message.contains("'one' form"), "\(message)")
        #expect(diagnostics.first?.notes.count == 1)
        let (width, _) = Self.lint(MarkedSource(Self.cases.first { $0.1.contains("NSStringVariableWidthRuleType") }?.1 ?? "").text)
        #expect(width.first?.message.contains("(its '20' variant)") == true, "\(width.map(\.message))")
        #expect(width.first?.notes.first?.message == "this variant")
        let (device, _) = Self.lint(MarkedSource(Self.cases.first { $0.1.contains("<key>mac</key>") && $0.0 == .formatSpecifierMismatch }?.1 ?? "").text)
        #expect(device.first?.message.contains("(its 'mac' variant's 'one' form)") == true, "\(device.map(\.message))")
    }

    @Test func lintReadsStringsdictBesideStrings() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let strings = try directory.write(
            "de.lproj/Notifications.strings",
            "\"action.reply.title\" = \"Antworten\";\n\"action.reply.buttonTitle\" = \"Senden\";\n\"action.reply.placeholder\" = \"\";\n")
        let plurals = try directory.write(
            "de.lproj/Notifications.stringsdict",
            Self.document("<dict>\n" + Self.plural(Self.summary, "%#@count@", forms: [("other", "%u weitere")]) + "\n</dict>"))
        let run = runNotifc(["lint", manifest, strings, plurals])
        #expect(run.status == .failure)
        #expect(run.error.contains("Notifications.stringsdict:5:6: error: the 'de' translation of '\(Self.summary)'"), "\(run.error)")
        #expect(run.error.contains("[E803]"))
        #expect(!run.error.contains("[W801]"), "the stringsdict's key counts as translated: \(run.error)")
        let alone = runNotifc(["lint", manifest, strings])
        #expect(alone.error.contains("'\(Self.summary)' has no 'de' translation [W801]"), "\(alone.error)")
    }
}
