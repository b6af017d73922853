// Replays inputs the fuzzers found (Fixtures/fuzz/<target>/) through the properties the fuzz targets check.
import Foundation
@testable import ManifestCompiler
import Testing

struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [String] {
        let directory = TestPaths.fixtures.appendingPathComponent("fuzz/\(target)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static func bytes(_ target: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("fuzz/\(target)/\(name)")))
    }

    @Test(arguments: inputs("manifest"))
    func manifest(_ name: String) throws {
        let input = try Self.bytes("manifest", name)
        var sources = SourceFileSet()
        let id = sources.add(path: "fuzz.notif", bytes: input)
        let result = Compiler.compile(sources)
        for format in DiagnosticFormat.allCases {
            _ = DiagnosticRenderer.render(result.diagnostics, sources: result.sources, format: format)
        }
        if let manifest = result.manifest {
            #expect(TestCompile.source(ManifestPrinter.text(of: manifest)).manifest == manifest)
        }
        if case .formatted(let text) = ManifestFormatter.format(sources[id]) {
            guard case .formatted(let again) = ManifestFormatter.format(SourceFile(id: id, path: "f", bytes: Array(text.utf8)))
            else {
                Issue.record("formatted text does not format again")
                return
            }
            #expect(again == text)
            #expect(TestCompile.source(text).manifest == result.manifest)
        }
    }

    @Test(arguments: inputs("plist"))
    func plist(_ name: String) throws {
        var sources = SourceFileSet()
        let id = sources.add(path: "Fuzz/Info.plist", bytes: try Self.bytes("plist", name))
        var diagnostics = DiagnosticBag()
        guard let root = PropertyListReader.read(sources[id], into: &diagnostics) else { return }
        for mode in [ExtensionPlistMode.lint, .importing] {
            var findings = DiagnosticBag()
            _ = ExtensionPlistAnalyzer.analyze(root, mode: mode, isExplicit: true, into: &findings)
        }
        var written = SourceFileSet()
        let writtenID = written.add(path: "w.plist", bytes: PropertyListWriter.document(root.value))
        var again = DiagnosticBag()
        let reread = PropertyListReader.read(written[writtenID], into: &again)
        #expect(reread?.value == root.value)
    }

    @Test(arguments: inputs("payload"))
    func payload(_ name: String) throws {
        var sources = SourceFileSet()
        let id = sources.add(path: "payload.json", bytes: try Self.bytes("payload", name))
        let manifest = try ExampleManifestTests.compileExample("messaging")
        _ = PayloadChecker.check(sources, against: manifest)
        var diagnostics = DiagnosticBag()
        if let bundle = BundleReader.read(sources[id], into: &diagnostics) {
            for format in EmitFormat.defaultFormats { _ = format.emitter.emit(bundle) }
        }
    }
}
