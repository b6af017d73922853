// Fixture-driven tests: valid/ cases against golden outputs, invalid/ cases against golden diagnostics.
import Foundation
import ManifestCompiler
import Testing

struct FixtureTests {
    /// Each directory under Fixtures/valid: its .notif files compile as one manifest.
    static let validCases: [String] = directories(in: "valid")
    /// Each .notif file or directory under Fixtures/invalid.
    static let invalidCases: [String] = {
        let base = TestPaths.fixtures.appendingPathComponent("invalid")
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        return entries.filter { $0.hasSuffix(".notif") || !$0.contains(".") }.sorted()
    }()

    static func directories(in folder: String) -> [String] {
        let base = TestPaths.fixtures.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Compiles the .notif files at `relative` (a file, or a directory searched recursively), with paths
    /// relative to Fixtures/ so goldens do not depend on where the repository is.
    static func compileFixture(_ relative: String, options: CompilerOptions = CompilerOptions()) throws -> CompilationResult {
        let url = TestPaths.fixtures.appendingPathComponent(relative)
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let urls = isDirectory.boolValue ? TestPaths.files(in: url, withExtension: "notif") : [url]
        var sources = SourceFileSet()
        for file in urls {
            sources.add(path: TestPaths.relativePath(file, to: TestPaths.fixtures), bytes: Array(try Data(contentsOf: file)))
        }
        return Compiler.compile(sources, options: options)
    }

    @Test func thereAreFixtures() {
        #expect(Self.validCases.count >= 5)
        #expect(Self.invalidCases.count >= 10)
    }

    @Test(arguments: validCases)
    func validFixture(_ name: String) throws {
        let result = try Self.compileFixture("valid/\(name)")
        #expect(result.diagnostics.isEmpty, "\(TestCompile.rendered(result))")
        let manifest = try #require(result.manifest)
        let files = EmitFormat.defaultFormats.flatMap { $0.emitter.emit(manifest) }
        for file in files {
            Golden.assertMatches(String(decoding: file.contents, as: UTF8.self), "valid/\(name)/expected/\(file.path)")
            if let declared = manifest.extensions.first(where: { "\($0.name)/Info.plist" == file.path }) {
                try OutputCrossCheck.checkPlist(file.contents, for: declared)
            }
        }
        try OutputCrossCheck.checkBundle(
            try #require(files.first { $0.path == "notifications.json" }).contents, manifest: manifest)
        // No stale goldens: every expected file is still produced.
        let expectedDirectory = TestPaths.fixtures.appendingPathComponent("valid/\(name)/expected")
        let goldens = TestPaths.files(in: expectedDirectory, withExtension: "plist")
            + TestPaths.files(in: expectedDirectory, withExtension: "json")
        #expect(Set(goldens.map { TestPaths.relativePath($0, to: expectedDirectory) }) == Set(files.map(\.path)))
    }

    @Test(arguments: invalidCases)
    func invalidFixture(_ name: String) throws {
        let result = try Self.compileFixture("invalid/\(name)")
        #expect(!result.diagnostics.isEmpty)
        let stem = name.hasSuffix(".notif") ? String(name.dropLast(6)) : name
        Golden.assertMatches(TestCompile.rendered(result), "invalid/\(stem).diagnostics")
        if result.diagnostics.contains(where: { $0.severity == .error }) { #expect(result.manifest == nil) }
    }

    @Test(arguments: [DiagnosticFormat.json, .sarif, .github])
    func machineReadableFormats(_ format: DiagnosticFormat) throws {
        let result = try Self.compileFixture("invalid/many-mistakes.notif")
        let rendered = DiagnosticRenderer.render(result.diagnostics, sources: result.sources, format: format)
        Golden.assertMatches(rendered, "invalid/many-mistakes.\(format.rawValue)")
    }
}
