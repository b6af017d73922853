// Robustness: deleting any token of any example gives a diagnostic; random mutations never crash or hang.
import Foundation
@testable import ManifestCompiler
import Testing

struct RobustnessTests {
    /// The byte ranges of every token of `bytes`.
    static func tokenRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var sources = SourceFileSet()
        let id = sources.add(path: "t", bytes: bytes)
        var diagnostics = DiagnosticBag()
        return Lexer.scan(sources[id], limits: .default) { lexer in
            var ranges: [Range<Int>] = []
            while true {
                let token = lexer.next(into: &diagnostics)
                if token.kind == .endOfFile { return ranges }
                ranges.append(token.start..<token.end)
            }
        }
    }

    @Test(arguments: ExampleManifestTests.names)
    func deletingAnyTokenGivesADiagnostic(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: TestPaths.manifests.appendingPathComponent("\(name).notif")))
        let ranges = Self.tokenRanges(bytes)
        #expect(ranges.count > 10)
        for range in ranges {
            var mutated = bytes
            mutated.removeSubrange(range)
            let result = TestCompile.bytes(mutated)
            #expect(
                !result.diagnostics.isEmpty,
                "deleting '\(String(decoding: bytes[range], as: UTF8.self))' at \(range.lowerBound) of \(name) went unnoticed")
        }
    }

    @Test(arguments: 0..<8)
    func randomMutationsNeverCrash(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1000)
        let fragments: [[UInt8]] = ["{", "}", "[", "]", "(", ")", ":", ",", "\"", "\\", "\n", "//", "-", ".", "é", "\u{0}",
            "category", "action", "contentExtension", "nan", "1e999", "[[[[", "\u{201C}"].map { Array($0.utf8) }
        for name in ExampleManifestTests.names {
            let original = Array(try Data(contentsOf: TestPaths.manifests.appendingPathComponent("\(name).notif")))
            for _ in 0..<40 {
                var mutated = original
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let position = Int.random(in: 0...mutated.count, using: &generator)
                    switch Int.random(in: 0...2, using: &generator) {
                    case 0:
                        mutated.insert(contentsOf: fragments.randomElement(using: &generator) ?? [], at: position)
                    case 1:
                        let end = min(mutated.count, position + Int.random(in: 1...20, using: &generator))
                        mutated.removeSubrange(position..<end)
                    default:
                        if position < mutated.count { mutated[position] = UInt8.random(in: 0...255, using: &generator) }
                    }
                }
                let result = TestCompile.bytes(mutated)
                // Either it is still a manifest, or every problem is reported with a location or a code.
                if result.manifest == nil { #expect(result.diagnostics.contains { $0.severity == .error }) }
                for format in DiagnosticFormat.allCases {
                    _ = DiagnosticRenderer.render(result.diagnostics, sources: result.sources, format: format)
                }
            }
        }
    }

    @Test func everyEmittedOutputIsDeterministic() throws {
        for name in ExampleManifestTests.names {
            let manifest = try ExampleManifestTests.compileExample(name)
            let again = try ExampleManifestTests.compileExample(name)
            #expect(manifest == again)
            let first = EmitFormat.allCases.flatMap { $0.emitter.emit(manifest) }
            let second = EmitFormat.allCases.flatMap { $0.emitter.emit(again) }
            #expect(first == second)
        }
    }

    @Test func pathologicalInputsFinishWithDiagnostics() {
        let inputs: [[UInt8]] = [
            Array(repeating: UInt8(ascii: "["), count: 100_000),
            Array(repeating: UInt8(ascii: "{"), count: 100_000),
            Array(repeating: UInt8(ascii: "\""), count: 100_001),
            Array(repeating: UInt8(ascii: "}"), count: 100_000),
            Array(String(repeating: "category ", count: 50_000).utf8),
            Array(String(repeating: "a: ", count: 50_000).utf8),
            Array(("category a { actions: [" + String(repeating: "x, ", count: 100_000) + "] }").utf8),
            Array(String(repeating: "é", count: 100_000).utf8),
            Array(String(repeating: "\n", count: 100_000).utf8),
        ]
        for bytes in inputs {
            let result = TestCompile.bytes(bytes)
            #expect(!result.diagnostics.isEmpty || result.manifest != nil)
            #expect(result.diagnostics.count <= Limits.default.maxReportedErrors + 1 + result.diagnostics.filter { $0.severity == .warning }.count)
        }
    }
}
