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
        (#"[1]"#, DiagnosticCode.invalidBundle, "a notifications.json bundle is a JSON object, found an array", 0),
        (#"{"schemaVersion": 1, "categories": []}"#, .missingBundleKey, "the bundle has no 'extensions'", 0),
        (#"{"schemaVersion": 1, "categories": [], "extensions": [], "extra": 1}"#, .unknownBundleKey, #"unknown key "extra" in the bundle"#, 57),
        (#"{"schemaVersion": "1", "categories": [], "extensions": []}"#, .invalidBundleValue, #"'schemaVersion' must be a number, found "1""#, 18),
        (#"{"schemaVersion": 1.5, "categories": [], "extensions": []}"#, .unsupportedBundleVersion, "unsupported schemaVersion 1.5; this notifc reads version 1", 18),
        (#"{"schemaVersion": 1, "categories": {}, "extensions": []}"#, .invalidBundleValue, "'categories' must be an array, found an object", 35),
        (#"{"schemaVersion": 1, "categories": [], "extensions": [{"name": "E", "kind": "content", "categories": [], "storyboard": "S", "initialContentSizeRatio": 1e400}]}"#, .invalidBundleValue, "'initialContentSizeRatio' must be a finite number, found 1e400", 151),
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

    // MARK: - Strict and lenient

    /// The lenient reading (`import`) of `text`: its diagnostics, sorted, and the bundle.
    static func importing(_ text: String) -> ([Diagnostic], ImportedBundle?) {
        var diagnostics = DiagnosticBag()
        let file = SourceFile(id: SourceFileID(index: 0), path: "notifications.json", bytes: Array(text.utf8))
        let root = JSONReader.read(file, into: &diagnostics)
        let bundle = root.flatMap { BundleImporter.read($0, into: &diagnostics) }
        return (diagnostics.sorted(), bundle)
    }

    /// A problem both modes report has the same code, message and location in both; an unknown key is an
    /// error for `diff` and a warning for `import`, every other problem an error in both.
    @Test(arguments: [
        #"[]"#,
        #"{"schemaVersion": 2, "categories": [], "extensions": []}"#,
        #"{"schemaVersion": "1", "categories": [], "extensions": []}"#,
        #"{"schemaVersion": 1, "extensions": []}"#,
        #"{"schemaVersion": 1, "categories": [], "extensions": [], "extra": 1}"#,
        #"{"schemaVersion": 1, "categories": [{"actions": [], "intentIdentifiers": [], "options": []}], "extensions": []}"#,
        #"{"schemaVersion": 1, "categories": [{"identifier": "c", "actions": [{"identifier": "a", "title": 1, "options": [], "icon": {}}], "intentIdentifiers": [2], "options": ["foregrond"]}], "extensions": []}"#,
        #"{"schemaVersion": 1, "categories": [{"identifier": "c", "actions": [{"identifier": "a", "title": "A", "options": "x", "textInput": [], "tnit": 0}], "intentIdentifiers": [], "options": []}], "extensions": []}"#,
        #"{"schemaVersion": 1, "categories": [], "extensions": [{"name": "E", "kind": "contents", "categories": []}, {"kind": "service", "principalClass": "P"}, 3]}"#,
    ])
    func bothModesReportAProblemAlike(_ text: String) {
        let (_, strict) = Self.read(text)
        let (lenient, _) = Self.importing(text)
        #expect(!strict.isEmpty)
        #expect(lenient.map(\.code) == strict.map(\.code))
        #expect(lenient.map(\.message) == strict.map(\.message))
        #expect(lenient.map(\.range) == strict.map(\.range))
        #expect(strict.allSatisfy { $0.severity == .error })
        #expect(lenient.allSatisfy { $0.severity == ($0.code == .unknownBundleKey ? .warning : .error) })
    }

    /// What only the strict mode requires: keys the emitter always writes that have an obvious empty value,
    /// one kind's keys only, each entry once, the same copy of an action everywhere, one icon image.
    @Test func theLenientModeFillsDefaultsAndLeavesRepeatsToTheImport() throws {
        let text = """
            {"schemaVersion": 1, "categories": [
              {"identifier": "c", "actions": [
                {"identifier": "a", "title": "A", "textInput": {"buttonTitle": "Send"}},
                {"identifier": "a", "title": "B", "options": ["foreground", "foreground"],
                 "icon": {"systemImageName": "s", "templateImageName": "t"}}]},
              {"identifier": "c", "actions": []}
            ], "extensions": [
              {"name": "S", "kind": "service", "storyboard": "Main"},
              {"name": "C", "kind": "content"},
              {"name": "C", "kind": "content", "categories": ["c"]}
            ]}
            """
        let (_, strict) = Self.read(text)
        #expect(Set(strict.map(\.code)) == [.missingBundleKey, .unknownBundleKey, .duplicateBundleEntry, .invalidBundleValue])
        let (lenient, imported) = Self.importing(text)
        #expect(lenient.isEmpty, "\(lenient.map(\.message))")
        let bundle = try #require(imported)
        #expect(bundle.actions.map(\.value) == [
            Action(identifier: "a", title: "A", textInput: TextInput(buttonTitle: "Send", placeholder: "")),
            Action(identifier: "a", title: "B", options: [.foreground], icon: .systemImage("s")),
        ])
        #expect(bundle.categories.map(\.value) == [Category(identifier: "c", actions: ["a", "a"]), Category(identifier: "c")])
        #expect(bundle.extensions.map(\.value) == [
            NotificationExtension(name: "S", kind: .service, storyboard: "Main"), NotificationExtension(name: "C", kind: .content),
            NotificationExtension(name: "C", kind: .content, categories: ["c"]),
        ])
    }
}
