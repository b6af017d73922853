// Keeps docs/diagnostics.md in step with the DiagnosticCode catalogue (regenerate with UPDATE_GOLDENS=1).
import Foundation
@testable import ManifestCompiler
import Testing

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

    /// The generated catalogue: every code with its severity, summary and a real rendered example.
    static func catalogue() -> String {
        var text = """
            # Diagnostics

            Every problem notifc reports has a stable code. Codes are never reused for a different problem.
            Errors (`E…`) stop `notifc build` from writing anything; warnings (`W…`) do not, unless
            `--warnings-as-errors` is given. This file is generated from `DiagnosticCode.swift` by the test
            suite (`UPDATE_GOLDENS=1 swift test` regenerates it); the examples are real output.

            | Band | Stage |
            | --- | --- |
            | `E0xx` | input limits |
            | `E1xx` | lexical (characters, strings, numbers) |
            | `E2xx` | syntax |
            | `E3xx` / `W3xx` | meaning: keys, types, references, Apple's rules |
            | `E4xx` / `W4xx` | extension Info.plist files |
            | `E5xx` / `W5xx` | JSON documents: APNs payloads and bundles |

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
            if let rendered = PlistDiagnosticCases.renderedExample(code) {
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
