// Keeps docs/diagnostics.md in step with the DiagnosticCode catalogue (regenerate with UPDATE_GOLDENS=1).
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

/// The subcommands' names (from the overview help).
let allSubcommandNames: [String] = {
    let overview = runNotifc(["--help"]).output
    guard let list = overview.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first
    else { return [] }
    return list.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
}()

struct DocumentationTests {
    @Test func diagnosticsCatalogueIsCurrent() {
        Golden.assertMatches(Self.catalogue(), at: TestPaths.packageRoot.appendingPathComponent("docs/diagnostics.md"))
    }

    @Test func theLanguageReferenceMentionsEveryKeyAndOption() throws {
        let url = TestPaths.packageRoot.appendingPathComponent("docs/language.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        for key in ManifestKey.allCases { #expect(text.contains("`\(key.rawValue)`"), "\(key)") }
        for option in ActionOption.allCases { #expect(text.contains(option.rawValue)) }
        for option in CategoryOption.allCases { #expect(text.contains(option.rawValue)) }
        for kind in DeclarationKind.allCases { #expect(text.contains(kind.rawValue)) }
    }

    @Test func helpTextsInTheCLIReferenceAreCurrent() throws {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Help text").last)
        let blocks = section.components(separatedBy: "\n`notifc ").dropFirst()
        #expect(blocks.count == 1 + allSubcommandNames.count)
        for block in blocks {
            let command = String(block.prefix { $0 != "`" })  // "build --help" or "--help"
            let pasted = try #require(block.components(separatedBy: "```\n").dropFirst().first)
            let actual = runNotifc(command.split(separator: " ").map(String.init)).output
            #expect(pasted == actual, "docs/cli.md: the help of 'notifc \(command)' is out of date")
        }
    }

    /// docs/json-bundle.md's complete example is the bundle `build` writes for manifests/messaging.notif (the golden
    /// that ExampleManifestTests compares with the output).
    @Test func theBundleReferenceShowsTheCurrentBundle() throws {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/json-bundle.md"), encoding: .utf8)
        let example = try #require(text.components(separatedBy: "## A complete example").last?.components(separatedBy: "```json\n").dropFirst().first)
        let golden = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Tests/ManifestCompilerTests/Fixtures/examples/messaging/notifications.json"),
            encoding: .utf8)
        #expect(example.components(separatedBy: "```\n").first == golden, "docs/json-bundle.md: the complete example is out of date")
    }

    /// The generated catalogue: every code with its severity, summary and a real rendered example.
    static func catalogue() -> String {
        var text = """
            # Diagnostics

            Every problem notifc reports has a stable code. Codes are never reused for a different problem.
            Errors (`E…`) stop `notifc build` from writing anything; warnings (`W…`) do not, unless
            `--warnings-as-errors` is given; notes (`N…`) only inform. This file is generated from `DiagnosticCode.swift` by the test
            suite (`UPDATE_GOLDENS=1 swift test` regenerates it); the examples are real output.

            | Band | Stage |
            | --- | --- |
            | `E0xx` | input limits |
            | `E1xx` | lexical (characters, strings, numbers) |
            | `E2xx` | syntax |
            | `E3xx` / `W3xx` | meaning: keys, types, references, Apple's rules |
            | `E4xx` / `W4xx` | extension Info.plist files |
            | `E45x` / `W45x` / `N45x` | registration code (Swift, Objective-C) against Info.plists and manifests |
            | `E5xx` / `W5xx` | JSON documents: APNs payloads and bundles |
            | `E6xx` / `W6xx` | inputs of `fmt` and `diff`: notifications.json bundles read back |
            | `W7xx` | registration code for Flutter and React Native (`--emit flutter,notifee,expo`) |
            | `E8xx` / `W8xx` / `N8xx` | strings tables: String Catalogs (`.xcstrings`), `.strings` and `.stringsdict` files (`N`: notes) |

            Columns count Unicode scalars from 1. The JSON, SARIF and GitHub formats carry the same fields;
            see [cli.md](cli.md).

            | Code | Name | Severity | Meaning |
            | --- | --- | --- | --- |

            """
        for code in DiagnosticCode.allCases {
            text += "| [\(code.rawValue)](#\(code.rawValue.lowercased())) | `\(code.name)` | \(code.defaultSeverity.rawValue) | \(code.summary) |\n"
        }
        let examples = Dictionary(ValidatorTests.cases.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        for code in DiagnosticCode.allCases {
            text += "\n## \(code.rawValue)\n\n`\(code.name)` (\(code.defaultSeverity.rawValue)): \(code.summary).\n"
            if let rendered = PayloadRuleTests.renderedExample(for: code) ?? PlistDiagnosticCases.renderedExample(code)
                ?? CrossPlatformOutputTests.renderedExample(code)
            {
                text += "\n```\n" + rendered + "```\n"
                continue
            }
            guard let example = examples[code], code != .invalidUTF8, code != .binaryFile else { continue }
            let marked = MarkedSource(example.source)
            let result = TestCompile.source(marked.text, path: "example.notif", options: CompilerOptions(limits: example.limits))
            let shown = result.diagnostics.filter { $0.code == code }
            guard !shown.isEmpty else { continue }
            text += "\n```\n" + DiagnosticRenderer.render(shown, sources: result.sources, format: .text) + "```\n"
        }
        return text
    }
}
