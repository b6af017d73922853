// Properties over generated manifests (ManifestGenerator), at several sizes: fmt is idempotent and keeps the
// meaning, build is deterministic, import(build(m)) gives back m, and the JSON bundle reads back to m.
import Foundation
@testable import ManifestCompiler
import ManifestGenerator
@testable import NotifcDriver
import Testing

struct GeneratedManifestPropertyTests {
    static let sizes = [1, 7, 60, 300]

    static func generated(_ categories: Int) -> (text: String, manifest: Manifest?) {
        let text = ManifestGenerator.manifest(categories: categories)
        return (text, TestCompile.source(text, path: "generated.notif").manifest)
    }

    @Test(arguments: sizes)
    func generatedManifestsCompileCleanly(_ categories: Int) {
        let text = ManifestGenerator.manifest(categories: categories)
        let result = TestCompile.source(text, path: "generated.notif")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3).map(\.message))")
        #expect(result.manifest?.categories.count == categories)
        #expect(result.manifest?.actions.count == 3 * categories)
        #expect(ManifestGenerator.manifest(categories: categories) == text, "the generator is deterministic")
    }

    @Test(arguments: sizes)
    func formattingIsIdempotentAndKeepsTheMeaning(_ categories: Int) throws {
        let (text, manifest) = Self.generated(categories)
        let file = SourceFile(id: SourceFileID(index: 0), path: "generated.notif", bytes: Array(text.utf8))
        guard case .formatted(let formatted) = ManifestFormatter.format(file) else {
            Issue.record("the generated manifest does not format")
            return
        }
        let again = SourceFile(id: file.id, path: file.path, bytes: Array(formatted.utf8))
        guard case .formatted(let twice) = ManifestFormatter.format(again) else {
            Issue.record("the formatted manifest does not format")
            return
        }
        #expect(twice == formatted)
        #expect(TestCompile.source(formatted).manifest == manifest)
    }

    @Test(arguments: sizes)
    func buildIsDeterministic(_ categories: Int) throws {
        let first = try #require(Self.generated(categories).manifest)
        let second = try #require(Self.generated(categories).manifest)
        #expect(first == second)
        let formats = EmitFormat.allCases
        #expect(formats.flatMap { $0.emitter.emit(first) } == formats.flatMap { $0.emitter.emit(second) })
    }

    @Test(arguments: sizes)
    func theBundleReadsBackToTheManifest(_ categories: Int) throws {
        let manifest = try #require(Self.generated(categories).manifest)
        let bundle = JSONBundleEmitter.document(manifest)
        var diagnostics = DiagnosticBag()
        let read = BundleReader.read(SourceFile(id: SourceFileID(index: 0), path: "notifications.json", bytes: bundle), into: &diagnostics)
        #expect(diagnostics.diagnostics.isEmpty)
        #expect(read.map { ManifestDiffer.changes(from: manifest.withoutUnusedActions(), to: $0) }?.isEmpty == true)
        #expect(read?.categories == manifest.categories)
        #expect(read?.extensions == manifest.extensions)
    }

    @Test(arguments: [1, 7, 60])
    func importingWhatBuildWroteGivesBackTheManifest(_ categories: Int) throws {
        let directory = try TemporaryDirectory()
        let (text, expected) = Self.generated(categories)
        let input = try directory.write("generated.notif", text)
        #expect(runNotifc(["build", input, "-o", directory.path + "/out"]).status == .success)
        let output = directory.path + "/imported.notif"
        let run = runNotifc(["import", directory.path + "/out/notifications.json", directory.path + "/out", "-o", output])
        #expect(run.status == .success, "\(run.error)")
        let imported = TestCompile.source(try String(contentsOfFile: output, encoding: .utf8)).manifest
        #expect(imported == expected)
    }

    /// Seeded variations of generated manifests (shuffled declarations, dropped optional keys): the same
    /// properties hold, so they do not depend on the generator's exact layout.
    @Test(arguments: 0..<6)
    func variationsKeepTheProperties(_ seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 99)
        let blocks = ManifestGenerator.manifest(categories: 20).components(separatedBy: "\n\n")
        var shuffled = blocks.dropFirst().shuffled(using: &random)
        shuffled = shuffled.map { block in
            block.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !(line.contains("icon:") || line.contains("Placeholder") || line.contains("SummaryFormat")) || Bool.random(using: &random) }
                .joined(separator: "\n")
        }
        let text = ([blocks[0]] + shuffled).joined(separator: "\n\n")
        let result = TestCompile.source(text)
        let manifest = try #require(result.manifest, "\(result.diagnostics.prefix(2).map(\.message))")
        #expect(TestCompile.source(ManifestPrinter.text(of: manifest)).manifest == manifest)
        var diagnostics = DiagnosticBag()
        let read = BundleReader.read(
            SourceFile(id: SourceFileID(index: 0), path: "n.json", bytes: JSONBundleEmitter.document(manifest)), into: &diagnostics)
        #expect(read?.categories == manifest.categories)
        let file = SourceFile(id: SourceFileID(index: 0), path: "v.notif", bytes: Array(text.utf8))
        if case .formatted(let formatted) = ManifestFormatter.format(file) {
            #expect(TestCompile.source(formatted).manifest == manifest)
        } else {
            Issue.record("the variation does not format")
        }
    }
}
