// The payload size limit: the exact edges, VoIP, where the caret goes, and the minified size cross-checked with Foundation.
import Foundation
@testable import ManifestCompiler
import Testing

struct PayloadSizeTests {
    /// A payload of exactly `size` bytes (no marker).
    static func payload(ofSize size: Int) -> String {
        MarkedSource(PayloadRuleTests.payload(ofSize: size)).text
    }

    @Test(arguments: [
        (4095, false, false), (4096, false, false), (4097, false, true),
        (4097, true, false), (5120, true, false), (5121, true, true), (5121, false, true),
    ])
    func theLimitIsExact(_ size: Int, _ voip: Bool, _ tooLarge: Bool) {
        let text = Self.payload(ofSize: size)
        #expect(text.utf8.count == size)
        let run = TestPayload.check(text, options: PayloadCheckOptions(isVoIP: voip))
        #expect(run.codes == (tooLarge ? [.payloadTooLarge] : []), "\(run.rendered)")
        if tooLarge {
            let limit = voip ? 5120 : 4096
            #expect(run.diagnostics.first?.range?.start == limit)
            #expect(run.diagnostics.first?.message == "payload is \(size) bytes; APNs accepts at most \(limit) for \(voip ? "VoIP notifications" : "notifications")")
        }
    }

    @Test func aCharacterAcrossTheLimitIsMarkedWhole() {
        // "é" is two bytes: the 4096th and 4097th bytes of the file.
        let prefix = #"{"aps":{"content-available":1},"data":""#
        let text = prefix + String(repeating: "a", count: 4095 - prefix.utf8.count) + "é\"}"
        #expect(text.utf8.count == 4099)
        let range = TestPayload.check(text).diagnostics.first?.range
        #expect(range?.start == 4095)
        #expect(range?.end == 4097)
    }

    @Test func whitespaceCountsButTheHelpGivesTheMinifiedSize() throws {
        let entries = (0..<100).map { "        {\"id\": \"m-\($0)\", \"text\": \"Message \($0)\"}" }.joined(separator: ",\n")
        let text = "{\n    \"aps\": {\n        \"content-available\": 1\n    },\n    \"recent\": [\n" + entries + "\n    ]\n}\n"
        let run = TestPayload.check(text)
        let diagnostic = try #require(run.diagnostics.first)
        #expect(run.codes == [.payloadTooLarge])
        let minified = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: Data(text.utf8)), options: [.withoutEscapingSlashes])
        #expect(minified.count < 4096)
        #expect(diagnostic.help.last == "without whitespace between tokens it is \(minified.count) bytes; send it minified")
    }

    @Test func aPayloadTooLargeEvenMinifiedGetsOtherAdvice() {
        let text = Self.payload(ofSize: 6000)
        let help = TestPayload.check(text).diagnostics.first?.help ?? []
        #expect(help.last == "move large data out of the payload, for example download it in a service extension")
    }

    @Test func invalidJSONIsStillMeasured() {
        let text = String(Self.payload(ofSize: 4200).dropLast())
        #expect(TestPayload.check(text).codes.sorted() == [.invalidJSON, .payloadTooLarge])
    }

    @Test func aFileTooLargeToReadIsReportedFromItsSize() {
        var sources = SourceFileSet()
        sources.add(path: "huge.json", bytes: [], size: 40 << 20)
        let diagnostics = PayloadChecker.check(sources, against: TestPayload.manifest)
        #expect(diagnostics.map(\.code).sorted() == [.fileTooLarge, .payloadTooLarge])
        #expect(diagnostics.allSatisfy { $0.range?.start == 0 })
        #expect(!DiagnosticRenderer.render(diagnostics, sources: sources, format: .text).isEmpty)
    }

    /// `compactSize` removes exactly the whitespace between tokens: a document pretty-printed by Foundation
    /// shrinks to the size of the same document serialized by Foundation without whitespace.
    @Test(arguments: PayloadFixtureTests.validFixtures + PayloadFixtureTests.invalidFixtures)
    func minifiedSizeAgreesWithFoundation(_ name: String) throws {
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name))
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return }
        let compact = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .sortedKeys])
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .sortedKeys, .prettyPrinted])
        #expect(PayloadSizeRule.compactSize(Array(pretty)) == compact.count)
        #expect(PayloadSizeRule.compactSize(Array(compact)) == compact.count)
    }

    @Test func minifiedSizeKeepsStringsAndEscapesWhole() {
        let text = "\u{FEFF} { \"a b\" : \"x \\\" y\\\\\" , \"c\":[ 1 ,\t2 ]\r\n}"
        #expect(PayloadSizeRule.compactSize(Array(text.utf8)) == #"{"a b":"x \" y\\","c":[1,2]}"#.utf8.count)
    }
}
