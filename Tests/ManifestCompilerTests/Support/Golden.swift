// Golden-file comparison: exact text, a readable diff on mismatch, UPDATE_GOLDENS=1 to regenerate.
import Foundation
import Testing

enum Golden {
    /// Whether this run rewrites goldens (`UPDATE_GOLDENS=1 swift test`). Refused under CI.
    static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1"
    }

    /// Compares `actual` with the golden file at `relativePath` (below Fixtures/). In update mode a
    /// mismatching or missing golden is rewritten and the test still fails, naming the file, so a
    /// second plain run is what confirms the result.
    static func assertMatches(
        _ actual: String, _ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assertMatches(actual, at: TestPaths.fixtures.appendingPathComponent(relativePath), sourceLocation: sourceLocation)
    }

    /// Compares `actual` with the file at `url` (anywhere in the repository), with the same update rules.
    static func assertMatches(_ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let relativePath = TestPaths.relativePath(url, to: TestPaths.packageRoot)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if expected == actual { return }
        if isUpdating {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("UPDATE_GOLDENS must not be set in CI", sourceLocation: sourceLocation)
                return
            }
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            Issue.record("updated golden \(relativePath); run the tests again", sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record(
                "missing golden \(relativePath); create it with UPDATE_GOLDENS=1 swift test",
                sourceLocation: sourceLocation)
            return
        }
        Issue.record(
            "\(relativePath) differs from the output:\n\(lineDiff(expected: expected, actual: actual))",
            sourceLocation: sourceLocation)
    }

    /// A compact line diff (`-` expected, `+` actual), at most 40 lines.
    static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var lines: [String] = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, let element, _): lines.append("-\(offset + 1): \(element)")
            case .insert(let offset, let element, _): lines.append("+\(offset + 1): \(element)")
            }
            if lines.count == 40 {
                lines.append("…")
                break
            }
        }
        return lines.joined(separator: "\n")
    }
}
