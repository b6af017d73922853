// A bounded-time line diff: common ends trimmed, unique lines as anchors, exact LCS on small gaps.

/// One line of a text: its bytes and whether a line feed ends it (only the last line may lack one). Lines compare
/// byte for byte (not by Unicode canonical equivalence), and a carriage return before the line feed is part of the
/// line.
struct DiffLine: Hashable {
    /// The line without its line feed.
    var bytes: ArraySlice<UInt8>
    /// Whether a line feed follows it.
    var isTerminated: Bool

    /// The line's text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The lines of `text`; empty for an empty text.
    static func lines(of text: String) -> [DiffLine] {
        lines(of: Array(text.utf8)[...])
    }

    /// The lines of `bytes`; empty when there are none.
    static func lines(of bytes: ArraySlice<UInt8>) -> [DiffLine] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            DiffLine(bytes: $0, isTerminated: true)
        }
        if lines.last?.bytes.isEmpty == true {
            lines.removeLast()
        } else if !lines.isEmpty {
            lines[lines.count - 1].isTerminated = false
        }
        return lines
    }
}

/// Finds which lines of an old text survive, unchanged and in order, in a new one.
///
/// Common first and last lines are matched directly. What lies between is matched exactly (longest common
/// subsequence) when it is small; when it is large, lines that occur exactly once on each side anchor the match
/// (patience diff) and the gaps between anchors are matched the same way. A large gap without an anchor is matched
/// window by window (each window exactly, the next one starting after the last match or half a window on). So the
/// time stays bounded (a few thousand steps per line) whatever the input, and the result is always a correct,
/// if sometimes not minimal, edit script.
enum LineDiff {
    /// The largest gap, in line pairs, matched exactly.
    static let gapLimit = 250_000
    /// The lines on each side of a window matched exactly inside a large gap without anchors.
    static let window = 500

    /// The matched pairs `(oldIndex, newIndex)`, increasing in both.
    static func matches(_ old: [DiffLine], _ new: [DiffLine]) -> [(old: Int, new: Int)] {
        // Each distinct line becomes a small integer, so the rest compares integers.
        var identifiers: [DiffLine: Int] = [:]
        func identifier(_ line: DiffLine) -> Int {
            if let known = identifiers[line] { return known }
            identifiers[line] = identifiers.count
            return identifiers.count - 1
        }
        let oldIdentifiers = old.map(identifier)
        let newIdentifiers = new.map(identifier)
        return matches(oldIdentifiers, newIdentifiers)
    }

    private static func matches(_ old: [Int], _ new: [Int]) -> [(old: Int, new: Int)] {
        var pairs: [(old: Int, new: Int)] = []
        var pending: [(old: Range<Int>, new: Range<Int>)] = [(old.indices, new.indices)]
        while let (oldRange, newRange) = pending.popLast() {
            var oldStart = oldRange.lowerBound
            var newStart = newRange.lowerBound
            var oldEnd = oldRange.upperBound
            var newEnd = newRange.upperBound
            while oldStart < oldEnd, newStart < newEnd, old[oldStart] == new[newStart] {
                pairs.append((oldStart, newStart))
                oldStart += 1
                newStart += 1
            }
            while oldStart < oldEnd, newStart < newEnd, old[oldEnd - 1] == new[newEnd - 1] {
                oldEnd -= 1
                newEnd -= 1
                pairs.append((oldEnd, newEnd))
            }
            guard oldStart < oldEnd, newStart < newEnd else { continue }
            if (oldEnd - oldStart) * (newEnd - newStart) <= gapLimit {
                pairs += longestCommonSubsequence(old[oldStart..<oldEnd], new[newStart..<newEnd])
                continue
            }
            let anchors = uniqueAnchors(old[oldStart..<oldEnd], new[newStart..<newEnd])
            if anchors.isEmpty {
                pairs += windows(old[oldStart..<oldEnd], new[newStart..<newEnd])
                continue
            }
            var previous = (old: oldStart, new: newStart)
            for anchor in anchors {
                pairs.append(anchor)
                pending.append((previous.old..<anchor.old, previous.new..<anchor.new))
                previous = (anchor.old + 1, anchor.new + 1)
            }
            pending.append((previous.old..<oldEnd, previous.new..<newEnd))
        }
        return pairs.sorted { $0.old < $1.old }
    }

    /// A large gap without anchors, matched window by window: each window exactly; the next one starts after the
    /// last match, or at least half a window on (a whole window when nothing matched).
    private static func windows(_ old: ArraySlice<Int>, _ new: ArraySlice<Int>) -> [(old: Int, new: Int)] {
        var pairs: [(old: Int, new: Int)] = []
        var oldStart = old.startIndex
        var newStart = new.startIndex
        while oldStart < old.endIndex, newStart < new.endIndex {
            let found = longestCommonSubsequence(
                old[oldStart..<min(old.endIndex, oldStart + window)], new[newStart..<min(new.endIndex, newStart + window)])
            pairs += found
            let step = found.isEmpty ? window : window / 2
            oldStart = max(found.last.map { $0.old + 1 } ?? 0, oldStart + step)
            newStart = max(found.last.map { $0.new + 1 } ?? 0, newStart + step)
        }
        return pairs
    }

    /// An exact longest common subsequence of two small slices, by dynamic programming.
    private static func longestCommonSubsequence(_ old: ArraySlice<Int>, _ new: ArraySlice<Int>) -> [(old: Int, new: Int)] {
        let rows = old.count + 1
        let columns = new.count + 1
        // lengths[i * columns + j]: the LCS length of old[i...] and new[j...] (offsets from the slices' starts).
        var lengths = [UInt32](repeating: 0, count: rows * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            let oldLine = old[old.startIndex + i]
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] =
                    oldLine == new[new.startIndex + j]
                    ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < old.count, j < new.count {
            if old[old.startIndex + i] == new[new.startIndex + j] {
                pairs.append((old.startIndex + i, new.startIndex + j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// Lines that occur exactly once in each slice, paired, keeping the longest run that is increasing on both
    /// sides (patience sorting).
    private static func uniqueAnchors(_ old: ArraySlice<Int>, _ new: ArraySlice<Int>) -> [(old: Int, new: Int)] {
        var counts: [Int: (old: Int, new: Int, newIndex: Int)] = [:]
        for line in old { counts[line, default: (0, 0, 0)].old += 1 }
        for index in new.indices {
            guard var entry = counts[new[index]] else { continue }
            entry.new += 1
            entry.newIndex = index
            counts[new[index]] = entry
        }
        let candidates: [(old: Int, new: Int)] = old.indices.compactMap { index in
            guard let entry = counts[old[index]], entry.old == 1, entry.new == 1 else { return nil }
            return (index, entry.newIndex)
        }
        // Longest increasing subsequence of the new indices, in candidate (old) order.
        var tails: [Int] = []  // tails[k]: the candidate ending the best run of length k + 1
        var predecessors = [Int](repeating: -1, count: candidates.count)
        for (position, candidate) in candidates.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[tails[middle]].new < candidate.new { low = middle + 1 } else { high = middle }
            }
            if low > 0 { predecessors[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: [(old: Int, new: Int)] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.append(candidates[cursor])
            cursor = predecessors[cursor]
        }
        return run.reversed()
    }
}
