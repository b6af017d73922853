// Manifest printer tests: printed text compiles back to the same Manifest, and follows the canonical style.
import Foundation
@testable import ManifestCompiler
import Testing

struct ManifestPrinterTests {
    static func allManifests() throws -> [(String, Manifest)] {
        var manifests = try ExampleManifestTests.names.map { ($0, try ExampleManifestTests.compileExample($0)) }
        for name in FixtureTests.validCases {
            manifests.append((name, try #require(try FixtureTests.compileFixture("valid/\(name)").manifest)))
        }
        return manifests
    }

    @Test func printedManifestsCompileBackToTheSameModel() throws {
        for (name, manifest) in try Self.allManifests() {
            let text = ManifestPrinter.text(of: manifest)
            let result = TestCompile.source(text, path: "\(name).notif")
            #expect(result.diagnostics.isEmpty, "\(name): \(TestCompile.rendered(result))")
            #expect(result.manifest == manifest, "\(name)")
        }
    }

    @Test func canonicalLayout() {
        let manifest = Manifest(
            actions: [
                Action(identifier: "CF_ACTION-open", title: "Open \"now\"", options: [.authenticationRequired, .foreground]),
                Action(
                    identifier: "reply", title: "Reply", icon: .systemImage("bubble"),
                    textInput: TextInput(buttonTitle: "Send", placeholder: "")),
            ],
            categories: [
                Category(identifier: "com.example.invite", actions: ["CF_ACTION-open", "reply"]),
                Category(identifier: "empty"),
            ],
            extensions: [
                NotificationExtension(
                    name: "Content", kind: .content, categories: ["com.example.invite"], initialContentSizeRatio: 1,
                    defaultContentHidden: false, storyboard: "MainInterface")
            ])
        let expected = """
            // Imported.

            action "CF_ACTION-open" {
                title: "Open \\"now\\""
                options: [authenticationRequired, foreground]
            }

            textInputAction reply {
                title: "Reply"
                buttonTitle: "Send"
                icon: systemImage("bubble")
            }

            category "com.example.invite" {
                actions: ["CF_ACTION-open", reply]
            }

            category empty {}

            contentExtension Content {
                categories: ["com.example.invite"]
                initialContentSizeRatio: 1
                defaultContentHidden: false
                storyboard: "MainInterface"
            }

            """
        #expect(ManifestPrinter.text(of: manifest, header: ["Imported."]) == expected)
    }

    @Test func longListsBreakOneElementPerLine() {
        let names = (0..<22).map { "camera\($0)" }
        let entry = CanonicalStyle.listEntry(key: "categories", elements: names)
        #expect(entry.hasPrefix("    categories: [\n        camera0,\n"))
        #expect(entry.hasSuffix("        camera21,\n    ]"))
        #expect(CanonicalStyle.listEntry(key: "actions", elements: ["a", "b"]) == "    actions: [a, b]")
    }

    @Test(arguments: [(1.0, "1"), (0.6, "0.6"), (-0.0, "0"), (0.0001, "0.0001"), (1e-5, "1e-05"), (2.5, "2.5"),
        (Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf")])
    func numbers(_ value: Double, _ text: String) {
        #expect(CanonicalStyle.number(value) == text)
    }
}
