// Reading notifications.json back: every emitted bundle reads back to its manifest, and every problem is located.
import Foundation
@testable import ManifestCompiler
import Testing

struct BundleReaderTests {
    static func read(_ text: String, path: String = "notifications.json") -> (Manifest?, [Diagnostic]) {
        var diagnostics = DiagnosticBag()
        let file = SourceFile(id: SourceFileID(index: 0), path: path, bytes: Array(text.utf8))
        let manifest = BundleReader.read(file, into: &diagnostics)
        return (manifest, diagnostics.sorted())
    }

    /// The emitter's output for every example and valid fixture reads back to the registered part of its manifest
    /// (actions come in order of first use in the bundle, so they compare as a set).
    @Test func everyEmittedBundleReadsBack() throws {
        for (name, manifest) in try ManifestPrinterTests.allManifests() {
            let bundle = String(decoding: JSONBundleEmitter.document(manifest), as: UTF8.self)
            let (read, diagnostics) = Self.read(bundle)
            #expect(diagnostics.isEmpty, "\(name): \(diagnostics.map(\.message))")
            let expected = manifest.withoutUnusedActions()
            #expect(read?.categories == expected.categories, "\(name)")
            #expect(read?.extensions == expected.extensions, "\(name)")
            #expect(Set(read?.actions ?? []) == Set(expected.actions), "\(name)")
            #expect(read?.actions.count == expected.actions.count, "\(name)")
            #expect(ManifestDiffer.changes(from: expected, to: try #require(read)).isEmpty, "\(name)")
        }
    }

    @Test func everyProblemIsReportedWithItsLocation() throws {
        let url = TestPaths.fixtures.appendingPathComponent("diff/bad-bundle.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        var sources = SourceFileSet()
        sources.add(path: "bad-bundle.json", bytes: Array(text.utf8))
        var diagnostics = DiagnosticBag()
        #expect(BundleReader.read(sources.files[0], into: &diagnostics) == nil)
        let sorted = diagnostics.sorted()
        Golden.assertMatches(DiagnosticRenderer.render(sorted, sources: sources, format: .text), "diff/bad-bundle.diagnostics")
        let bundleCodes = DiagnosticCode.allCases.filter { $0.rawValue.hasPrefix("E6") }
        #expect(Set(sorted.map(\.code)) == Set(bundleCodes))
    }

    @Test(arguments: [
        (#"[1]"#, DiagnosticCode.invalidBundleValue, "expected an object for the bundle, found an array", 0),
        (#"{"schemaVersion": 1, "categories": []}"#, .missingBundleKey, "the bundle has no 'extensions'", 0),
        (#"{"schemaVersion": 1, "categories": [], "extensions": [], "extra": 1}"#, .unknownBundleKey, #"unknown key "extra" in the bundle"#, 57),
        (#"{"schemaVersion": "1", "categories": [], "extensions": []}"#, .invalidBundleValue, "expected a number for 'schemaVersion', found a string", 18),
        (#"{"schemaVersion": 1.5, "categories": [], "extensions": []}"#, .unsupportedBundleVersion, "unsupported schemaVersion 1.5; this notifc reads version 1", 18),
        (#"{"schemaVersion": 1, "categories": {}, "extensions": []}"#, .invalidBundleValue, "expected an array for 'categories', found an object", 35),
        (#"{"schemaVersion": 1, "categories": [], "extensions": [{"name": "E", "kind": "service", "principalClass": "P", "storyboard": "S"}]}"#, .unknownBundleKey, #"unknown key "storyboard" in a service extension"#, 110),
        (#"{"schemaVersion": 1, "categories": [{"identifier": "c", "actions": [], "intentIdentifiers": [], "options": ["destructive"]}], "extensions": []}"#, .unknownBundleName, #"unknown category option "destructive" in category 'c'"#, 108),
    ])
    func singleProblems(_ text: String, _ code: DiagnosticCode, _ message: String, _ offset: Int) {
        let (manifest, diagnostics) = Self.read(text)
        #expect(manifest == nil)
        #expect(diagnostics.map(\.code) == [code])
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.range?.start == offset)
    }

    @Test func jsonSyntaxErrorsStopBeforeTheShapeIsChecked() {
        let (manifest, diagnostics) = Self.read("{\"schemaVersion\": 1,}")
        #expect(manifest == nil)
        #expect(diagnostics.map(\.code) == [.invalidJSON])
    }

    @Test func optionsAreReadInAppleBitOrderAndActionsOnce() throws {
        let text = """
            {"schemaVersion": 1, "categories": [
              {"identifier": "a", "actions": [{"identifier": "x", "title": "X", "options": ["foreground", "authenticationRequired"]}],
               "intentIdentifiers": [], "options": ["allowInCarPlay", "customDismissAction"]},
              {"identifier": "b", "actions": [{"identifier": "x", "title": "X", "options": ["foreground", "authenticationRequired"]}],
               "intentIdentifiers": ["I"], "options": []}
            ], "extensions": []}
            """
        let (manifest, diagnostics) = Self.read(text)
        #expect(diagnostics.isEmpty)
        let read = try #require(manifest)
        #expect(read.actions == [Action(identifier: "x", title: "X", options: [.authenticationRequired, .foreground])])
        #expect(read.categories.map(\.options) == [[.customDismissAction, .allowInCarPlay], []])
        #expect(read.categories.map(\.actions) == [["x"], ["x"]])
    }
}
