// Unified diffs: exact hunks, and agreement with diff -u on random edits when diff is installed.
import Foundation
@testable import ManifestCompiler
import Testing

struct UnifiedDiffTests {
    static func text(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.diff(old: Self.text(["a", "b"]), new: Self.text(["a", "b"]), path: "f").isEmpty)
    }

    @Test func oneChangeWithContext() {
        let old = Self.text((1...10).map(String.init))
        var lines = (1...10).map(String.init)
        lines[4] = "five"
        let expected = "--- f\n+++ f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
        #expect(UnifiedDiff.diff(old: old, new: Self.text(lines), path: "f") == expected)
    }

    @Test func distantChangesMakeTwoHunksAndCloseOnesOne() {
        let old = (1...20).map(String.init)
        var far = old
        far[1] = "x"
        far[18] = "y"
        #expect(UnifiedDiff.diff(old: Self.text(old), new: Self.text(far), path: "f").components(separatedBy: "@@ -").count == 3)
        var near = old
        near[1] = "x"
        near[7] = "y"
        #expect(UnifiedDiff.diff(old: Self.text(old), new: Self.text(near), path: "f").components(separatedBy: "@@ -").count == 2)
    }

    @Test func insertionsAtTheStartAndEnd() {
        #expect(UnifiedDiff.diff(old: Self.text(["b"]), new: Self.text(["a", "b"]), path: "f") == "--- f\n+++ f\n@@ -1 +1,2 @@\n+a\n b\n")
        #expect(UnifiedDiff.diff(old: Self.text(["a"]), new: Self.text(["a", "b"]), path: "f") == "--- f\n+++ f\n@@ -1 +1,2 @@\n a\n+b\n")
        #expect(UnifiedDiff.diff(old: Self.text([]), new: Self.text(["a"]), path: "f") == "--- f\n+++ f\n@@ -0,0 +1 @@\n+a\n")
    }

    @Test func longDiffsAreCut() {
        let old = Self.text((0..<1000).map { "line \($0)" })
        let new = Self.text((0..<1000).map { "changed \($0)" })
        let diff = UnifiedDiff.diff(old: old, new: new, path: "f")
        #expect(diff.split(separator: "\n").count == UnifiedDiff.maximumOutputLines + 1)
        #expect(diff.hasSuffix("… (1803 more lines of differences)\n"))
    }

    /// Random edits of a plist-like text: the hunks equal `diff -u`'s, header lines aside.
    @Test(arguments: 0..<25)
    func agreesWithDiffU(_ seed: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/diff") else {
            print("skipping the diff -u comparison: /usr/bin/diff is not installed")
            return
        }
        var generator = SeededGenerator(seed: UInt64(seed) &* 2_654_435_761 &+ 11)
        let old = (0..<40).map { "\t<key>K\($0 % 7)</key>" }
        var new = old
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let index = Int.random(in: 0..<max(1, new.count), using: &generator)
            switch Int.random(in: 0...2, using: &generator) {
            case 0 where !new.isEmpty: new.remove(at: index)
            case 1: new.insert("\t<string>new \(index)</string>", at: min(index, new.count))
            default: if !new.isEmpty { new[index] = "\t<true/>" }
            }
        }
        let directory = try TemporaryDirectory()
        let oldPath = try directory.write("old", Data(Self.text(old)))
        let newPath = try directory.write("new", Data(Self.text(new)))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-u", oldPath, newPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let ours = UnifiedDiff.diff(old: Self.text(old), new: Self.text(new), path: "f")
        let theirHunks = output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        let ourHunks = ours.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        // Both are minimal edit scripts; when they choose different but equally short scripts the hunk
        // headers still agree, so compare those exactly and the changed lines as multisets.
        let headers: (String) -> [Substring] = { $0.split(separator: "\n").filter { $0.hasPrefix("@@") } }
        #expect(headers(ourHunks) == headers(theirHunks), "\(ours)\n---\n\(output)")
        let changes: (String) -> [Substring] = { $0.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.sorted() }
        #expect(changes(ourHunks) == changes(theirHunks))
    }
}
