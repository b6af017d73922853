// Helpers for formatter tests: formatting text, and the manifests and fixtures every formatter property covers.
import Foundation
@testable import ManifestCompiler
import Testing

enum FormatTest {
    /// Formats `text` as one file.
    static func outcome(_ text: String, path: String = "test.notif") -> FormatOutcome {
        ManifestFormatter.format(SourceFile(id: SourceFileID(index: 0), path: path, bytes: Array(text.utf8)))
    }

    /// The formatted text, or a recorded issue (with the diagnostics) and `nil`.
    static func format(_ text: String, path: String = "test.notif", sourceLocation: SourceLocation = #_sourceLocation)
        -> String?
    {
        switch outcome(text, path: path) {
        case .formatted(let formatted):
            return formatted
        case .invalid(let diagnostics):
            var sources = SourceFileSet()
            sources.add(path: path, bytes: Array(text.utf8))
            let rendered = DiagnosticRenderer.render(diagnostics.sorted(), sources: sources, format: .text)
            Issue.record("\(path) did not format:\n\(rendered)", sourceLocation: sourceLocation)
        case .internalFailure:
            Issue.record("\(path): internal formatter failure", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Groups of files that compile together: each example manifest, each valid and invalid fixture (a file or a
    /// directory), each fmt fixture. Paths are relative to the package root.
    static var units: [(name: String, files: [(path: String, text: String)])] {
        var units: [(String, [URL])] = TestPaths.exampleManifests.map { ($0.lastPathComponent, [$0]) }
        for folder in ["valid", "invalid"] {
            let base = TestPaths.fixtures.appendingPathComponent(folder)
            for name in FixtureTests.directories(in: folder) {
                let url = base.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    units.append(("\(folder)/\(name)", TestPaths.files(in: url, withExtension: "notif")))
                } else if name.hasSuffix(".notif") {
                    units.append(("\(folder)/\(name)", [url]))
                }
            }
        }
        for url in TestPaths.files(in: TestPaths.fixtures.appendingPathComponent("fmt"), withExtension: "notif") {
            units.append(("fmt/\(url.lastPathComponent)", [url]))
        }
        return units.map { name, urls in
            (name, urls.map { (TestPaths.relativePath($0, to: TestPaths.packageRoot), (try? String(contentsOf: $0, encoding: .utf8)) ?? "") })
        }
    }

    /// Whether `text` parses without errors (what fmt requires).
    static func parsesCleanly(_ text: String) -> Bool {
        let result = TestCompile.source(text)
        return !result.diagnostics.contains { $0.severity == .error && $0.code.rawValue < "E300" }
    }

    /// The comments of `text`, as the parser records them, without trailing whitespace.
    static func comments(_ text: String) -> [String] {
        var sources = SourceFileSet()
        let id = sources.add(path: "test.notif", bytes: Array(text.utf8))
        var diagnostics = DiagnosticBag()
        let parsed = Compiler.parse(sources, options: CompilerOptions(), into: &diagnostics)
        guard let tree = parsed.trees.first else { return [] }
        let file = sources[id]
        return tree.comments.map { range in
            var comment = file.text(in: range)
            while comment.hasSuffix(" ") || comment.hasSuffix("\t") || comment.hasSuffix("\r") { comment.removeLast() }
            return comment
        }
    }
}
