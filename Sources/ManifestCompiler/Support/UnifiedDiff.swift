// Renders the difference between two texts as a unified diff (`fmt --check`, `build --check`).

/// Writes unified diffs in the layout of `diff -u` (which `patch` and `git apply` read).
///
/// ```
/// --- manifests/app.notif
/// +++ manifests/app.notif (formatted)
/// @@ -3,3 +3,3 @@
///  action accept {
/// -  title: "Accept"
/// +    title: "Accept"
///  }
/// ```
///
/// Hunks carry three lines of context; a line count of 1 is left out of the hunk header as `diff` does; a
/// last line without a line feed is followed by `\ No newline at end of file`.
public enum UnifiedDiff {
    /// The lines of context around each change.
    static let contextLines = 3

    /// `path` as a `---`/`+++` header names it: as it is, or, when it holds a space, a quote, a backslash or a
    /// control character, in double quotes with C escapes, as `diff -u` and `git diff` write such names (without
    /// them, `patch` reads `My App/x.notif` as `My`).
    public static func headerName(_ path: String) -> String {
        let needsQuotes = path.unicodeScalars.contains { $0.value <= 0x20 || $0 == "\"" || $0 == "\\" || $0.value == 0x7F }
        guard needsQuotes else { return path }
        var quoted = "\""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\t": quoted += "\\t"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let octal = String(scalar.value, radix: 8)
                    quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// The diff from `old` to `new`, or `nil` when they are equal. `useColor` colours removed lines red, added
    /// lines green and hunk headers cyan (ANSI). With `maximumLines`, the diff is cut after that many lines
    /// and a last line says how many were left out.
    public static func render(
        old: String, new: String, oldLabel: String, newLabel: String, useColor: Bool = false,
        maximumLines: Int? = nil
    ) -> String? {
        render(
            old: Array(old.utf8), new: Array(new.utf8), oldLabel: oldLabel, newLabel: newLabel, useColor: useColor,
            maximumLines: maximumLines)
    }

    /// The diff of two texts given as UTF-8 bytes (`build --check` has the files' bytes: no `String` copies
    /// of a large output); `trimsCommonLines: false` diffs every line (tests compare the two).
    ///
    /// The whole lines both texts start and end with, less the context a hunk shows, are left out before the
    /// texts are split into lines, so a one-line change in a large generated file (`build --check`) diffs a few
    /// lines rather than all of them (docs/performance.md). The hunks are the same, because the line diff matches
    /// common first and last lines directly anyway.
    package static func render(
        old oldBytes: [UInt8], new newBytes: [UInt8], oldLabel: String, newLabel: String, useColor: Bool = false,
        maximumLines: Int? = nil, trimsCommonLines: Bool = true
    ) -> String? {
        guard oldBytes != newBytes else { return nil }
        let common = trimsCommonLines ? CommonLines(oldBytes, newBytes, keeping: contextLines) : CommonLines()
        let oldLines = DiffLine.lines(of: oldBytes[common.prefixBytes..<(oldBytes.count - common.suffixBytes)])
        let newLines = DiffLine.lines(of: newBytes[common.prefixBytes..<(newBytes.count - common.suffixBytes)])
        let skipped = common.prefixLines
        let edits = script(oldLines.count, newLines.count, matches: LineDiff.matches(oldLines, newLines)).map { edit in
            Edit(
                old: edit.old.map { $0 + skipped }, new: edit.new.map { $0 + skipped },
                oldPosition: edit.oldPosition + skipped, newPosition: edit.newPosition + skipped)
        }
        let style = useColor ? ("\u{1B}[31m", "\u{1B}[32m", "\u{1B}[36m", "\u{1B}[1m", "\u{1B}[0m") : ("", "", "", "", "")
        var output = "\(style.3)--- \(oldLabel)\(style.4)\n\(style.3)+++ \(newLabel)\(style.4)\n"
        for hunk in hunks(edits) {
            let oldStart = hunk.first { $0.old != nil }?.old ?? -1
            let newStart = hunk.first { $0.new != nil }?.new ?? -1
            let oldCount = hunk.filter { $0.old != nil }.count
            let newCount = hunk.filter { $0.new != nil }.count
            let oldRange = range(oldStart, oldCount, emptyAt: hunk.first?.oldPosition ?? 0)
            let newRange = range(newStart, newCount, emptyAt: hunk.first?.newPosition ?? 0)
            output += "\(style.2)@@ -\(oldRange) +\(newRange) @@\(style.4)\n"
            for edit in hunk {
                switch (edit.old, edit.new) {
                case (let index?, .some): output += line(" ", oldLines[index - skipped], color: "", reset: "")
                case (let index?, nil): output += line("-", oldLines[index - skipped], color: style.0, reset: style.4)
                case (nil, let index?): output += line("+", newLines[index - skipped], color: style.1, reset: style.4)
                case (nil, nil): break
                }
            }
        }
        guard let maximumLines else { return output }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count > maximumLines else { return output }
        return lines.prefix(maximumLines).joined(separator: "\n")
            + "\n… (\(lines.count - maximumLines) more lines of differences)\n"
    }

    /// The whole lines two texts share at the start and at the end, less `kept` lines of context on each
    /// side: the same number of bytes (and lines) on both sides.
    struct CommonLines {
        /// The bytes of the shared first lines left out.
        var prefixBytes = 0
        /// How many lines they are.
        var prefixLines = 0
        /// The bytes of the shared last lines left out.
        var suffixBytes = 0

        init() {}

        init(_ old: [UInt8], _ new: [UInt8], keeping kept: Int) {
            let newline = UInt8(ascii: "\n")
            let shorter = min(old.count, new.count)
            var same = 0
            while same < shorter, old[same] == new[same] { same += 1 }
            // The shared whole lines end at the last line feed before the first difference; the lines left out
            // end `kept` lines earlier.
            var shared = same
            while shared > 0, old[shared - 1] != newline { shared -= 1 }
            var cut = shared
            for _ in 0..<kept where cut > 0 {
                cut -= 1
                while cut > 0, old[cut - 1] != newline { cut -= 1 }
            }
            prefixBytes = cut
            prefixLines = old[..<prefixBytes].reduce(0) { $1 == newline ? $0 + 1 : $0 }
            // The shared end, after the shared whole lines on both sides: the line diff matches those first,
            // so a line that could belong to either (a repeated line next to an insertion) is the start's.
            var tail = 0
            while tail < shorter - shared, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
            // It starts right after a line feed inside it (so at a line start on both sides), then keeps
            // `kept` lines.
            var start = old.count - tail + 1
            while start <= old.count, old[start - 1] != newline { start += 1 }
            guard start <= old.count else { return }
            var keptLines = 0
            while start < old.count, keptLines < kept {
                if old[start] == newline { keptLines += 1 }
                start += 1
            }
            suffixBytes = old.count - start
        }
    }

    /// One step of the edit script: a kept line has both indices, a removed line only `old`, an added one only `new`.
    private struct Edit {
        var old: Int?
        var new: Int?
        /// The line positions just before this edit on each side (for empty ranges in hunk headers).
        var oldPosition: Int
        var newPosition: Int
    }

    private static func script(_ oldCount: Int, _ newCount: Int, matches: [(old: Int, new: Int)]) -> [Edit] {
        var edits: [Edit] = []
        var oldIndex = 0
        var newIndex = 0
        for match in matches + [(oldCount, newCount)] {
            while oldIndex < match.old {
                edits.append(Edit(old: oldIndex, new: nil, oldPosition: oldIndex, newPosition: newIndex))
                oldIndex += 1
            }
            while newIndex < match.new {
                edits.append(Edit(old: nil, new: newIndex, oldPosition: oldIndex, newPosition: newIndex))
                newIndex += 1
            }
            if match.old < oldCount, match.new < newCount {
                edits.append(Edit(old: oldIndex, new: newIndex, oldPosition: oldIndex, newPosition: newIndex))
                oldIndex += 1
                newIndex += 1
            }
        }
        return edits
    }

    /// Groups changed lines with their context; changes closer than twice the context share a hunk.
    private static func hunks(_ edits: [Edit]) -> [[Edit]] {
        let changed = edits.indices.filter { edits[$0].old == nil || edits[$0].new == nil }
        var hunks: [[Edit]] = []
        var groupStart: Int?
        var groupEnd = 0
        for index in changed {
            if let start = groupStart, index - groupEnd - 1 > 2 * contextLines {
                hunks.append(Array(edits[max(0, start - contextLines)...min(edits.count - 1, groupEnd + contextLines)]))
                groupStart = nil
            }
            if groupStart == nil { groupStart = index }
            groupEnd = index
        }
        if let start = groupStart {
            hunks.append(Array(edits[max(0, start - contextLines)...min(edits.count - 1, groupEnd + contextLines)]))
        }
        return hunks
    }

    /// `start,count` (1-based), `start` alone for one line, or `line,0` naming the line before an empty range.
    private static func range(_ start: Int, _ count: Int, emptyAt position: Int) -> String {
        if count == 0 { return "\(position),0" }
        return count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    private static func line(_ mark: String, _ line: DiffLine, color: String, reset: String) -> String {
        color + mark + line.text + reset + "\n" + (line.isTerminated ? "" : "\\ No newline at end of file\n")
    }
}
