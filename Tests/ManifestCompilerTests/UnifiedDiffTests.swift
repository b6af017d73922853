// The line diff and unified diff behind `fmt --check`: exact output, agreement with diff(1), and patch(1) applying it.
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct UnifiedDiffTests {
    @Test func twoHunksWithContext() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
        let new = "a\nB\nc\nd\ne\nf\ng\nh\ni\nJ\nk\n"
        let expected = """
            --- old
            +++ new
            @@ -1,5 +1,5 @@
             a
            -b
            +B
             c
             d
             e
            @@ -7,5 +7,5 @@
             g
             h
             i
            -j
            +J
             k

            """
        #expect(UnifiedDiff.render(old: old, new: new, oldLabel: "old", newLabel: "new") == expected)
    }

    @Test func nearbyChangesShareAHunk() throws {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\n"
        let new = "a\nB\nc\nd\ne\nf\ng\nH\ni\n"
        let diff = try #require(UnifiedDiff.render(old: old, new: new, oldLabel: "o", newLabel: "n"))
        #expect(diff.components(separatedBy: "@@ -").count == 2)
        #expect(diff.contains("@@ -1,9 +1,9 @@\n"))
    }

    @Test func longDiffsAreCut() throws {
        let old = (0..<1000).map { "line \($0)\n" }.joined()
        let new = (0..<1000).map { "changed \($0)\n" }.joined()
        let diff = try #require(UnifiedDiff.render(old: old, new: new, oldLabel: "f", newLabel: "f", maximumLines: 200))
        #expect(diff.split(separator: "\n").count == 201)
        #expect(diff.hasSuffix("… (1803 more lines of differences)\n"))
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.render(old: "x\n", new: "x\n", oldLabel: "o", newLabel: "n") == nil)
    }

    @Test func missingFinalNewlineIsMarked() {
        let diff = UnifiedDiff.render(old: "a\nb", new: "a\nb\n", oldLabel: "o", newLabel: "n")
        #expect(diff == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
    }

    @Test func emptySides() {
        #expect(UnifiedDiff.render(old: "", new: "a\n", oldLabel: "o", newLabel: "n") == "--- o\n+++ n\n@@ -0,0 +1 @@\n+a\n")
        #expect(UnifiedDiff.render(old: "a\nb\n", new: "", oldLabel: "o", newLabel: "n") == "--- o\n+++ n\n@@ -1,2 +0,0 @@\n-a\n-b\n")
    }

    @Test func colourMarksLines() throws {
        let diff = try #require(UnifiedDiff.render(old: "a\n", new: "b\n", oldLabel: "o", newLabel: "n", useColor: true))
        #expect(diff.contains("\u{1B}[31m-a\u{1B}[0m\n"))
        #expect(diff.contains("\u{1B}[32m+b\u{1B}[0m\n"))
    }

    /// Where diff(1) is installed, our hunks equal its hunks on inputs whose longest common subsequence is unique.
    @Test func agreesWithDiffUtility() throws {
        guard let diffTool = ProcessRunner.locate("diff", searchPath: ProcessInfo.processInfo.environment["PATH"]) else {
            print("skipping: diff(1) is not on PATH")
            return
        }
        let cases: [(String, String)] = [
            ("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n", "a\nB\nc\nd\ne\nf\ng\nh\ni\nJ\nk\n"),
            ("one\ntwo\nthree\n", "zero\none\ntwo\nthree\nfour\n"),
            ("x\ny\nz", "x\ny\nz\n"),
            ("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n", "1\n2\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n"),
        ]
        let directory = try TemporaryDirectory()
        for (old, new) in cases {
            let oldPath = try directory.write("old.txt", old)
            let newPath = try directory.write("new.txt", new)
            let result = try ProcessRunner.run(diffTool, ["-u", oldPath, newPath], searchPath: nil)
            let expected = String(decoding: result.output, as: UTF8.self).components(separatedBy: "\n").dropFirst(2)
            let ours = try #require(UnifiedDiff.render(old: old, new: new, oldLabel: "o", newLabel: "n"))
            #expect(ours.components(separatedBy: "\n").dropFirst(2) == expected, "\(old) → \(new)")
        }
    }

    /// Where patch(1) is installed, our diff of every fixture against its formatted text turns the one into the other.
    @Test func patchAppliesTheDiffs() throws {
        guard let patchTool = ProcessRunner.locate("patch", searchPath: ProcessInfo.processInfo.environment["PATH"]) else {
            print("skipping: patch(1) is not on PATH")
            return
        }
        var pairs: [(String, String)] = []
        for unit in FormatTest.units {
            for (path, text) in unit.files where FormatTest.parsesCleanly(text) {
                if let formatted = FormatTest.format(text, path: path), formatted != text { pairs.append((text, formatted)) }
            }
        }
        var generator = SeededGenerator(seed: 7)
        let large = (0..<20_000).map { "line \($0 % 500)" }
        pairs.append((large.joined(separator: "\n") + "\n",
            large.map { generator.next(below: 7) == 0 ? $0 + " changed" : $0 }.joined(separator: "\n") + "\n"))
        #expect(pairs.count >= 5)
        let directory = try TemporaryDirectory()
        for (old, new) in pairs {
            let target = try directory.write("file.txt", old)
            let diff = try #require(UnifiedDiff.render(old: old, new: new, oldLabel: "file.txt", newLabel: "file.txt"))
            let patchPath = try directory.write("change.diff", diff)
            let result = try ProcessRunner.run(patchTool, ["-s", "-i", patchPath, target], searchPath: nil)
            #expect(result.status == 0, "\(result.errorText)")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == new)
        }
    }

    // MARK: - LineDiff

    /// On small random inputs the matches are an exact longest common subsequence.
    @Test func smallDiffsAreMinimal() {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<300 {
            let old = (0..<generator.next(below: 25)).map { _ in "\(generator.next(below: 4))" }
            let new = (0..<generator.next(below: 25)).map { _ in "\(generator.next(below: 4))" }
            let matches = LineDiff.matches(Self.lines(old), Self.lines(new))
            Self.expectValid(matches, old, new)
            #expect(matches.count == Self.lcsLength(old, new), "\(old) \(new)")
        }
    }

    /// Large inputs go through unique-line anchors; the result is still a valid common subsequence, and it keeps
    /// the lines that were not touched.
    @Test func largeDiffsUseAnchorsAndStayValid() {
        var generator = SeededGenerator(seed: 5)
        let old = (0..<3_000).map { "unique \($0)" } + (0..<3_000).map { "repeated \($0 % 10)" }
        var new = old
        for index in stride(from: 0, to: new.count, by: 11) { new[index] = "edited \(generator.next(below: 1_000))" }
        let matches = LineDiff.matches(Self.lines(old), Self.lines(new))
        Self.expectValid(matches, old, new)
        let untouched = old.indices.filter { $0 % 11 != 0 }.count
        #expect(matches.count >= untouched * 9 / 10)
    }

    /// Leaving the shared first and last lines out before diffing gives exactly the diff of every line: on
    /// 3,000 random pairs per seed (lines from a small pool, so repeats abound; edits at the ends, in the middle and
    /// within a line; texts with and without a final line feed, empty ones, one a prefix of the other).
    @Test(arguments: [42, 7, 2026] as [UInt64])
    func trimmingSharedLinesKeepsTheDiff(_ seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pool = ["a", "b", "c", "", "  x", "a b", "}", "{"]
        func text(_ lines: [String], terminated: Bool) -> String {
            lines.joined(separator: "\n") + (terminated && !lines.isEmpty ? "\n" : "")
        }
        for _ in 0..<3_000 {
            let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pool.randomElement(using: &generator) ?? "" }
            var new = old
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let position = Int.random(in: 0...new.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: new.insert(pool.randomElement(using: &generator) ?? "", at: position)
                case 1 where position < new.count: new.remove(at: position)
                case 2 where position < new.count: new[position] += "z"
                default: new.append(contentsOf: ["q", "r"])
                }
            }
            let oldText = text(old, terminated: Bool.random(using: &generator))
            let newText = text(new, terminated: Bool.random(using: &generator))
            func render(_ trims: Bool) -> String? {
                UnifiedDiff.render(
                    old: Array(oldText.utf8), new: Array(newText.utf8), oldLabel: "a", newLabel: "b",
                    trimsCommonLines: trims)
            }
            #expect(render(true) == render(false), "\(oldText.debugDescription) -> \(newText.debugDescription)")
        }
    }

    /// The same with a differing middle larger than the exact-match limit (600 × 600 line pairs against
    /// `LineDiff.gapLimit`), from a 4-line pool (the window heuristic) and of unique lines (the anchors),
    /// between 800 shared lines at each end.
    @Test(arguments: ["pool", "unique"])
    func trimmingKeepsTheDiffOfALargeMiddle(_ kind: String) {
        var generator = SeededGenerator(seed: 9)
        let shared = (0..<800).map { "shared \($0)" }
        func middle(_ side: String) -> [String] {
            (0..<600).map { index in
                kind == "pool" ? ["a", "b", "c", "d"].randomElement(using: &generator) ?? "" : "\(side) \(index % 7 == 0 ? "" : "\(index)")"
            }
        }
        #expect(600 * 600 > LineDiff.gapLimit)
        let old = (shared + middle("old") + shared).joined(separator: "\n") + "\n"
        let new = (shared + middle("new") + shared).joined(separator: "\n") + "\n"
        func render(_ trims: Bool) -> String? {
            UnifiedDiff.render(
                old: Array(old.utf8), new: Array(new.utf8), oldLabel: "a", newLabel: "b", trimsCommonLines: trims)
        }
        let trimmed = render(true)
        #expect(trimmed?.contains("@@ -") == true)
        #expect(trimmed == render(false))
    }

    private static func lines(_ texts: [String]) -> [DiffLine] {
        DiffLine.lines(of: texts.map { $0 + "\n" }.joined())
    }

    private static func expectValid(_ matches: [(old: Int, new: Int)], _ old: [String], _ new: [String]) {
        for (index, match) in matches.enumerated() {
            #expect(old[match.old] == new[match.new])
            if index > 0 {
                #expect(match.old > matches[index - 1].old && match.new > matches[index - 1].new)
            }
        }
    }

    /// Longest common subsequence length by memoised recursion (independent of LineDiff's table).
    private static func lcsLength(_ old: [String], _ new: [String]) -> Int {
        var memo: [Int: Int] = [:]
        func length(_ i: Int, _ j: Int) -> Int {
            if i == old.count || j == new.count { return 0 }
            let key = i * 1_000 + j
            if let known = memo[key] { return known }
            let value = old[i] == new[j] ? 1 + length(i + 1, j + 1) : max(length(i + 1, j), length(i, j + 1))
            memo[key] = value
            return value
        }
        return length(0, 0)
    }
}
