// The Localizable table that `check-payload --strings` reads from a String Catalog: plain values, values that vary
// by plural or device, substitutions, extracted keys; end to end through the command; the corpus catalogs
// against Foundation's reading of them.
import Foundation
@testable import ManifestCompiler
import NotifcDriver
import Testing

struct LocalizableTableTests {
    /// A catalog with each shape a localization can take (string-catalog-facts.md §5.3–5.5).
    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "DEVICE" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "device" : {
                      "ipad" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ in %2$@" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%@" } }
                    }
                  }
                }
              }
            },
            "EXTRACTED %@" : {

            },
            "ISSUES" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "1 Problem" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%@ Probleme von %@" } }
                    }
                  }
                },
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "1 issue" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%@ issues from %@" } },
                      "zero" : { "stringUnit" : { "state" : "translated", "value" : "No issues" } }
                    }
                  }
                }
              }
            },
            "LIKES" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%@: liked %#@count@ posts" },
                  "substitutions" : {
                    "count" : {
                      "argNum" : 2,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } }
                        }
                      }
                    }
                  }
                }
              }
            },
            "PLAIN" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ schrieb %2$@" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%@ wrote" } }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    static func table(_ text: String, path: String = "Localizable.xcstrings") -> LocalizableTable? {
        var diagnostics = DiagnosticBag()
        let file = SourceFile(id: SourceFileID(index: 0), path: path, bytes: Array(text.utf8))
        return LocalizableTable.catalog(file, into: &diagnostics)
    }

    /// One value per language, the source's first; a varying language is its case with the most arguments; a
    /// substitution's cases are not values of their own; an extracted key is its own source text.
    @Test func eachLanguageIsTheCaseThatTakesTheMostArguments() throws {
        let table = try #require(Self.table(Self.catalog))
        #expect(table.name == "Localizable")
        #expect(table.values[Identifier("PLAIN")]?.map(\.text) == ["%@ wrote", "%1$@ schrieb %2$@"])
        #expect(table.values[Identifier("ISSUES")]?.map(\.text) == ["%@ issues from %@", "%@ Probleme von %@"])
        #expect(table.values[Identifier("DEVICE")]?.map(\.text) == ["%1$@ in %2$@"])
        #expect(table.values[Identifier("LIKES")]?.map(\.text) == ["%@: liked %#@count@ posts"])
        #expect(table.values[Identifier("EXTRACTED %@")]?.map(\.text) == ["EXTRACTED %@"])
        #expect(table.values.count == 5)
    }

    /// `check-payload --strings Localizable.xcstrings`: a key whose strings vary by plural takes the arguments of
    /// its widest case, in the source and in every translation; an unknown key gets "did you mean".
    @Test func checkPayloadReadsVaryingStringsOfACatalog() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let strings = try directory.write("Localizable.xcstrings", Self.catalog)
        func check(_ alert: String) throws -> (status: NotifcDriver.ExitStatus, output: String, error: String) {
            let payload = try directory.write("p.json", #"{"aps": {"alert": "# + alert + #"}}"#)
            return runNotifc(["check-payload", payload, manifest, "--strings", strings])
        }
        let fits = try check(#"{"loc-key": "ISSUES", "loc-args": ["3", "Ann"]}"#)
        #expect(fits.status == .success, "\(fits.error)")
        let short = try check(#"{"loc-key": "ISSUES", "loc-args": ["3"]}"#)
        #expect(short.status == .failure)
        #expect(short.error.contains("'loc-args' supplies 1 argument but the source string of 'ISSUES' takes 2 [E522]"), "\(short.error)")
        #expect(short.error.contains("the source string: '%@ issues from %@'"), "\(short.error)")
        let device = try check(#"{"title-loc-key": "DEVICE", "title-loc-args": ["Ann"]}"#)
        #expect(device.error.contains("but the source string of 'DEVICE' takes 2 [E522]"), "\(device.error)")
        let unknown = try check(#"{"loc-key": "ISSUE"}"#)
        #expect(unknown.error.contains("[E521]") && unknown.error.contains("did you mean 'ISSUES'?"), "\(unknown.error)")
        // A substitution formatted as a number ('formatSpecifier': 'lld') would format its string argument as one.
        let substituted = try check(#"{"loc-key": "LIKES", "loc-args": ["Ann", "3"]}"#)
        #expect(
            substituted.error.contains("warning: the source string of 'LIKES' formats a substitution with '%lld', but 'loc-args' are strings; iOS fills only '%@' from them [W503]"),
            "\(substituted.error)")
        #expect(!substituted.error.contains("[E522]"), "\(substituted.error)")
    }

    /// Every key of the real catalogs (../shared/corpus/xcstrings) is read as Foundation reads the file: the
    /// source language's value (its widest case when it varies), else the key, then each translation's.
    @Test func corpusCatalogsAgreeWithFoundation() throws {
        let corpus = StringCatalogTests.corpus
        if corpus.isEmpty { print("skipping the corpus table test: ../shared/corpus/xcstrings is not present") }
        var varying = 0
        for url in corpus {
            let data = try Data(contentsOf: url)
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let source = try #require(root["sourceLanguage"] as? String)
            let strings = root["strings"] as? [String: [String: Any]] ?? [:]
            let table = try #require(Self.table(String(decoding: data, as: UTF8.self), path: url.path), "\(url.lastPathComponent)")
            for (key, entry) in strings {
                let localizations = entry["localizations"] as? [String: [String: Any]] ?? [:]
                varying += localizations.values.filter { $0["variations"] != nil }.count
                var expected = [localizations[source].flatMap(Self.widest) ?? key]
                for (language, localization) in localizations.sorted(by: { $0.key < $1.key }) where language != source {
                    if let text = Self.widest(localization) { expected.append(text) }
                }
                // The reader keeps the file's order of languages; compare the translations as a multiset.
                let read = table.values[Identifier(key)]?.map(\.text) ?? []
                #expect(read.first == expected.first && read.dropFirst().sorted() == expected.dropFirst().sorted(), "\(url.lastPathComponent): \(key)")
            }
            #expect(table.values.count == strings.count, "\(url.lastPathComponent)")
        }
        if !corpus.isEmpty { #expect(varying >= 4, "the corpus has localizations that vary") }
    }

    /// A legacy plural table: a form that leaves the number out still takes it; a form may add arguments; a
    /// positional token; a width variant entry; a device variant entry with a variant that varies by plural.
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(entry("NEW_MESSAGES", "%#@messages@", variable: "messages", type: "d", forms: [("one", "A new message from %@"), ("other", "%d new messages from %@")]))
        \(entry("MORE", "%#@count@ von %@", variable: "count", type: "u", forms: [("one", "eine weitere"), ("other", "%u weitere")]))
        \(entry("LIKED", "%1$@ liked %2$#@posts@", variable: "posts", type: "lld", forms: [("other", "%2$lld posts")]))
        \(entry("WIDEST_ONE", "%#@n@", variable: "n", type: "d", forms: [("one", "%d from %@ and %@"), ("other", "%d")]))
        \(entry("POSITIONS", "%2$@: %1$#@n@", variable: "n", type: "d", forms: [("other", "%1$d from %2$@")]))
        \(entry("SECOND", "%2$#@n@", variable: "n", type: "d", forms: [("other", "%d")]))
            <key>WIDTH</key>
            <dict>
                <key>NSStringVariableWidthRuleType</key>
                <dict><key>20</key><string>%@ wrote</string><key>50</key><string>%@ wrote to %@</string></dict>
            </dict>
            <key>DEVICE</key>
            <dict>
                <key>NSStringDeviceSpecificRuleType</key>
                <dict>
                    <key>iphone</key>
                    <string>Tap to see %@</string>
        \(entry("mac", "%#@n@", variable: "n", type: "d", forms: [("one", "%d from %@ and %@"), ("other", "%d")]))
                </dict>
            </dict>
        </dict>
        </plist>
        """

    /// One `.stringsdict` entry with one plural variable.
    static func entry(_ key: String, _ format: String, variable: String, type: String, forms: [(String, String)]) -> String {
        """
            <key>\(key)</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>\(format)</string>
                <key>\(variable)</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>\(type)</string>
        \(forms.map { "            <key>\($0.0)</key>\n            <string>\($0.1)</string>" }.joined(separator: "\n"))
                </dict>
            </dict>
        """
    }

    /// Each entry's value is its format key, taking the arguments of its widest form; the keys and format keys are
    /// those Foundation's property-list reader finds.
    @Test func aStringsdictEntryTakesTheArgumentsOfItsWidestForm() throws {
        var diagnostics = DiagnosticBag()
        let file = SourceFile(id: SourceFileID(index: 0), path: "en.lproj/Localizable.stringsdict", bytes: Array(Self.stringsdict.utf8))
        let table = try #require(LocalizableTable.stringsdict(file, into: &diagnostics), "\(diagnostics.diagnostics)")
        #expect(diagnostics.diagnostics.isEmpty)
        #expect(table.name == "Localizable")
        #expect(table.values[Identifier("NEW_MESSAGES")]?.map { [$0.text, String($0.argumentCount)] } == [["%#@messages@", "2"]])
        #expect(table.values[Identifier("MORE")]?.map { [$0.text, String($0.argumentCount)] } == [["%#@count@ von %@", "2"]])
        #expect(table.values[Identifier("LIKED")]?.map { [$0.text, String($0.argumentCount)] } == [["%1$@ liked %2$#@posts@", "2"]])
        #expect(table.values[Identifier("WIDEST_ONE")]?.map { [$0.text, String($0.argumentCount)] } == [["%#@n@", "3"]])
        // Positions count as for any format: the highest position (a form's `%2$@` is the format's `%2$@`).
        #expect(table.values[Identifier("POSITIONS")] == [LocalizedValue(text: "%2$@: %1$#@n@", argumentCount: 2, language: "en")])
        #expect(table.values[Identifier("SECOND")] == [LocalizedValue(text: "%2$#@n@", argumentCount: 2, language: "en")])
        // A variant entry takes what its widest variant takes, a variant that varies by plural its widest form.
        #expect(table.values[Identifier("WIDTH")] == [LocalizedValue(text: "%@ wrote to %@", argumentCount: 2, language: "en")])
        #expect(table.values[Identifier("DEVICE")] == [LocalizedValue(text: "%#@n@", argumentCount: 3, language: "en")])
        let foundation = try #require(
            try PropertyListSerialization.propertyList(from: Data(Self.stringsdict.utf8), format: nil) as? [String: [String: Any]])
        #expect(Set(foundation.keys) == Set(table.values.keys.map(\.text)))
        for (key, entry) in foundation {
            // A variant entry's text is one of its variants: a string, or a nested entry's format key.
            let variants = (entry["NSStringVariableWidthRuleType"] ?? entry["NSStringDeviceSpecificRuleType"]) as? [String: Any]
            let texts = variants.map { $0.values.compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["NSStringLocalizedFormatKey"] as? String) } }
            let expected = texts ?? [entry["NSStringLocalizedFormatKey"] as? String].compactMap { $0 }
            #expect(expected.contains(table.values[Identifier(key)]?.first?.text ?? "-"), "\(key)")
        }
    }

    /// A legacy table is its `.strings` and `.stringsdict` together, whichever is named; the `.stringsdict` wins
    /// where both have a key, as on iOS. A malformed entry stops the check with lint's located `E804`.
    @Test func checkPayloadReadsBothFilesOfALegacyTable() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let strings = try directory.write(
            "en.lproj/Localizable.strings", "\"NEW_MESSAGES\" = \"New messages\";\n\"WROTE\" = \"%@ wrote\";\n")
        let plurals = try directory.write("en.lproj/Localizable.stringsdict", Self.stringsdict)
        func check(_ alert: String, table: String) throws -> (status: NotifcDriver.ExitStatus, output: String, error: String) {
            let payload = try directory.write("p.json", #"{"aps": {"alert": "# + alert + #"}}"#)
            return runNotifc(["check-payload", payload, manifest, "--strings", table])
        }
        for table in [strings, plurals] {
            let plural = try check(#"{"loc-key": "NEW_MESSAGES", "loc-args": ["3", "Ann"]}"#, table: table)
            #expect(plural.status == .success, "\(plural.error)")
            let plain = try check(#"{"loc-key": "WROTE", "loc-args": ["Ann"]}"#, table: table)
            #expect(plain.status == .success, "\(plain.error)")
        }
        let short = try check(#"{"loc-key": "NEW_MESSAGES", "loc-args": ["3"]}"#, table: strings)
        #expect(short.error.contains("'loc-args' supplies 1 argument but the source string of 'NEW_MESSAGES' takes 2 [E522]"), "\(short.error)")
        #expect(short.error.contains("the source string: '%#@messages@'"), "\(short.error)")
        let width = try check(#"{"loc-key": "WIDTH", "loc-args": ["x"]}"#, table: plurals)
        #expect(width.error.contains("the source string of 'WIDTH' takes 2 [E522]"), "\(width.error)")
        #expect(width.error.contains("the source string: '%@ wrote to %@'"), "\(width.error)")
        let device = try check(#"{"loc-key": "DEVICE", "loc-args": ["3", "Ann", "Bo"]}"#, table: plurals)
        #expect(device.status == .success, "\(device.error)")
        // A sibling that is not a file is not part of the table.
        let alone = try directory.write("fr.lproj/Localizable.strings", "\"WROTE\" = \"%@ a écrit\";\n")
        try FileManager.default.createDirectory(
            atPath: directory.path + "/fr.lproj/Localizable.stringsdict", withIntermediateDirectories: true)
        let french = try check(#"{"loc-key": "WROTE", "loc-args": ["Ann"]}"#, table: alone)
        #expect(french.status == .success, "\(french.error)")

        _ = try directory.write(
            "en.lproj/Localizable.stringsdict",
            Self.stringsdict.replacingOccurrences(of: "<key>other</key>\n            <string>%u weitere</string>", with: ""))
        let malformed = try check(#"{"loc-key": "WROTE", "loc-args": ["Ann"]}"#, table: strings)
        #expect(malformed.status == .failure)
        #expect(malformed.error.contains("Localizable.stringsdict:") && malformed.error.contains("the variable 'count' of 'MORE' has no 'other' form [E804]"), "\(malformed.error)")
    }

    /// A legacy table in an `.lproj` folder is read in every language beside it: the named folder's values are the
    /// source, the other folders' (both files of the table) translations, whose arguments are checked too.
    @Test func checkPayloadReadsEveryLanguageOfALegacyTable() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("a.notif", CatalogLintTests.manifest)
        let english = try directory.write("Resources/en.lproj/Localizable.strings", "\"WROTE\" = \"%@ wrote\";\n")
        _ = try directory.write("Resources/de.lproj/Localizable.strings", "\"WROTE\" = \"%1$@ schrieb %2$@\";\n")
        _ = try directory.write("Resources/fr.lproj/Localizable.stringsdict", Self.stringsdict)
        _ = try directory.write("Resources/it.lproj/Other.strings", "\"WROTE\" = \"%@ %@ %@\";\n")  // another table
        func check(_ alert: String) throws -> (status: NotifcDriver.ExitStatus, output: String, error: String) {
            let payload = try directory.write("p.json", #"{"aps": {"alert": "# + alert + #"}}"#)
            return runNotifc(["check-payload", payload, manifest, "--strings", english])
        }
        let short = try check(#"{"loc-key": "WROTE", "loc-args": ["Ann"]}"#)
        #expect(short.status == .failure)
        #expect(short.error.contains("'loc-args' supplies 1 argument but the 'de' translation of 'WROTE' takes 2 [E522]"), "\(short.error)")
        #expect(short.error.contains("the 'de' translation: '%1$@ schrieb %2$@'"), "\(short.error)")
        // Two arguments fill the German string; the English one ignores the second, as Foundation's formatting
        // does (the strings disagree, which lint reports as E803, not the payload).
        let fits = try check(#"{"loc-key": "WROTE", "loc-args": ["Ann", "Bo"]}"#)
        #expect(!fits.error.contains("[E522]"), "\(fits.error)")
        let long = try check(#"{"loc-key": "WROTE", "loc-args": ["Ann", "Bo", "Cy"]}"#)
        #expect(long.error.contains("'loc-args' supplies 3 arguments but the 'de' translation of 'WROTE' takes 2 [E522]"), "\(long.error)")
        #expect(long.error.contains("help: pass exactly 2 strings in 'loc-args'"), "\(long.error)")
        // A key only a translation has is not in the table: iOS shows the key where the source language lacks it.
        let translated = try check(#"{"loc-key": "NEW_MESSAGES", "loc-args": ["3", "Ann"]}"#)
        #expect(translated.error.contains("[E521]"), "\(translated.error)")

        _ = try directory.write("Resources/de.lproj/Localizable.strings", "\"WROTE\" = \"x\"")
        let broken = try check(#"{"loc-key": "WROTE", "loc-args": ["Ann"]}"#)
        #expect(broken.status == .failure)
        #expect(broken.error.contains("de.lproj/Localizable.strings:1:"), "\(broken.error)")
    }

    /// The expected value of one localization, from Foundation's objects.
    private static func widest(_ localization: [String: Any]) -> String? {
        if let unit = localization["stringUnit"] as? [String: Any], let value = unit["value"] as? String { return value }
        let kinds = localization["variations"] as? [String: [String: [String: Any]]] ?? [:]
        var best: String?
        for kind in kinds.keys.sorted() {
            for name in (kinds[kind] ?? [:]).keys.sorted() {
                guard let text = (kinds[kind]?[name]).flatMap(widest) else { continue }
                if FormatSpecifiers.argumentCount(of: text) > best.map(FormatSpecifiers.argumentCount(of:)) ?? -1 { best = text }
            }
        }
        return best
    }
}
