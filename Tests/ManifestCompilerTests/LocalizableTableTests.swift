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
        #expect(table.values["PLAIN"] == ["%@ wrote", "%1$@ schrieb %2$@"])
        #expect(table.values["ISSUES"] == ["%@ issues from %@", "%@ Probleme von %@"])
        #expect(table.values["DEVICE"] == ["%1$@ in %2$@"])
        #expect(table.values["LIKES"] == ["%@: liked %#@count@ posts"])
        #expect(table.values["EXTRACTED %@"] == ["EXTRACTED %@"])
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
                let read = table.values[key] ?? []
                #expect(read.first == expected.first && read.dropFirst().sorted() == expected.dropFirst().sorted(), "\(url.lastPathComponent): \(key)")
            }
            #expect(table.values.count == strings.count, "\(url.lastPathComponent)")
        }
        if !corpus.isEmpty { #expect(varying >= 4, "the corpus has localizations that vary") }
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
