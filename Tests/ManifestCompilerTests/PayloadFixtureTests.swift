// Payload fixtures: valid payloads for manifests/messaging.notif pass cleanly; realistic bad ones match golden diagnostics.
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct PayloadFixtureTests {
    /// `payloads/valid/…` and `payloads/invalid/…` files (payloads only, not goldens), sorted.
    static func fixtures(in folder: String) -> [String] {
        let base = TestPaths.fixtures.appendingPathComponent("payloads/\(folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        return names.filter { CheckPayloadCommand.isPayloadPath($0) }.sorted().map { "payloads/\(folder)/\($0)" }
    }

    static let validFixtures = fixtures(in: "valid")
    static let invalidFixtures = fixtures(in: "invalid")

    @Test func thereAreFixtures() {
        #expect(Self.validFixtures.count >= 6)
        #expect(Self.invalidFixtures.count >= 10)
        #expect(!TestPayload.messaging.categories.isEmpty)
    }

    @Test(arguments: validFixtures)
    func validFixtureIsClean(_ name: String) throws {
        let run = try TestPayload.checkFixtures([name])
        #expect(run.diagnostics.isEmpty, "\(run.rendered)")
        // An independent reader agrees that it is a JSON object with an 'aps' dictionary, within APNs's limit.
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["aps"] is [String: Any])
        #expect(data.count <= PayloadCheckOptions.standardSizeLimit)
    }

    @Test(arguments: invalidFixtures)
    func invalidFixtureMatchesItsGolden(_ name: String) throws {
        let run = try TestPayload.checkFixtures([name])
        #expect(run.diagnostics.contains { $0.severity == .error || $0.severity == .warning })
        let stem = name.split(separator: ".").dropLast().joined(separator: ".")
        Golden.assertMatches(run.rendered, "\(stem).diagnostics")
    }

    @Test func noStaleGoldens() {
        let base = TestPaths.fixtures.appendingPathComponent("payloads/invalid")
        let goldens = TestPaths.files(in: base, withExtension: "diagnostics").map { $0.deletingPathExtension().lastPathComponent }
        let payloads = Self.invalidFixtures.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
        #expect(Set(goldens) == Set(payloads))
    }

    @Test func checkingIsDeterministic() throws {
        let all = Self.validFixtures + Self.invalidFixtures
        let first = try TestPayload.checkFixtures(all)
        let second = try TestPayload.checkFixtures(all)
        #expect(first.diagnostics == second.diagnostics)
        for format in DiagnosticFormat.allCases {
            #expect(
                DiagnosticRenderer.render(first.diagnostics, sources: first.sources, format: format)
                    == DiagnosticRenderer.render(second.diagnostics, sources: second.sources, format: format))
        }
    }

    /// Random edits of every fixture never crash, and every diagnostic points inside its file.
    @Test(arguments: 0..<6)
    func randomMutationsNeverCrash(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 5000)
        let fragments: [[UInt8]] = [
            "{", "}", "[", "]", ":", ",", "\"", "\\", "\n", "-", ".", "é", "\u{0}", "\"aps\"", "\"alert\"",
            "\"mutable-content\"", "1e999", "true", "null", "[[[[", "\"category\": 1",
        ].map { Array($0.utf8) }
        for name in Self.validFixtures + Self.invalidFixtures {
            let original = Array(try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name)))
            for _ in 0..<30 {
                var mutated = original
                for _ in 0..<Int.random(in: 1...5, using: &generator) {
                    let position = Int.random(in: 0...mutated.count, using: &generator)
                    switch Int.random(in: 0...2, using: &generator) {
                    case 0: mutated.insert(contentsOf: fragments.randomElement(using: &generator) ?? [], at: position)
                    case 1: mutated.removeSubrange(position..<min(mutated.count, position + Int.random(in: 1...12, using: &generator)))
                    default: if position < mutated.count { mutated[position] = UInt8.random(in: 0...255, using: &generator) }
                    }
                }
                let run = TestPayload.check(bytes: mutated, manifest: TestPayload.messaging)
                for diagnostic in run.diagnostics {
                    if let range = diagnostic.range { #expect(range.start >= 0 && range.end <= mutated.count && range.start <= range.end) }
                }
                for format in DiagnosticFormat.allCases {
                    _ = DiagnosticRenderer.render(run.diagnostics, sources: run.sources, format: format)
                }
            }
        }
    }

    /// `"mutablecontent"` with the letters whose bit is set in `mask` uppercased, as a member: `"mUtablecontent": 1`.
    static func caseVariant(of word: String, mask: Int) -> String {
        let letters = word.enumerated().map { mask & (1 << $0.offset) != 0 ? $0.element.uppercased() : String($0.element) }
        return "\"" + letters.joined() + "\": 1"
    }

    @Test func pathologicalPayloadsFinish() {
        let inputs: [String] = [
            String(repeating: "[", count: 100_000),
            "{\"aps\": {" + (0..<20_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}}",
            "{\"aps\": {" + (0..<16_384).map { Self.caseVariant(of: "mutablecontent", mask: $0) }.joined(separator: ", ") + "}}",
            "{\"aps\": {\"alert\": {\"loc-args\": [" + (0..<50_000).map(String.init).joined(separator: ",") + "]}}}",
            "{" + (0..<20_000).map { "\"c\($0)\": {\"category\": 1}" }.joined(separator: ", ") + "}",
            "{\"aps\": {\"category\": \"message\", " + (0..<8_192).map { Self.caseVariant(of: "category", mask: $0 | 1) }
                .joined(separator: ", ") + "}}",
        ]
        for text in inputs {
            let run = TestPayload.check(text)
            #expect(!run.diagnostics.isEmpty)
            // Errors stop at the error limit; unknown keys are listed up to the cap, then summed up.
            #expect(run.diagnostics.filter { $0.severity == .error }.count <= Limits.default.maxReportedErrors + 1)
            #expect(run.diagnostics.filter { $0.code == .unknownPayloadKey }.count <= PayloadKeyRule.maximumIgnoredKeysListed + 1)
        }
    }

    @Test func unknownKeysBeyondTheCapAreSummedUp() throws {
        let keys = (0..<25).map { "\"custom\($0)\": \($0)" }.joined(separator: ", ")
        let run = TestPayload.check("{\"aps\": {\(keys)}}")
        #expect(run.codes == Array(repeating: .unknownPayloadKey, count: 21))
        #expect(run.diagnostics.last?.message == "'custom20' and 4 more keys after it in 'aps' are ignored by APNs")
        // One key over the cap is listed itself, not summed up as "0 more keys".
        let oneOver = TestPayload.check("{\"aps\": {" + (0..<21).map { "\"custom\($0)\": \($0)" }.joined(separator: ", ") + "}}")
        #expect(oneOver.codes == Array(repeating: .unknownPayloadKey, count: 21))
        #expect(oneOver.diagnostics.last?.message == "unknown key 'custom20' in 'aps'; APNs ignores it", "\(oneOver.rendered)")
    }
}
