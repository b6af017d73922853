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
        let bytes = Array(text.utf8)
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
/// (patience diff) and the gaps between anchors are matched the same way. A large gap without an anchor is
/// reported as replaced. So the time is bounded (about `gapLimit` steps per line) whatever the input, and the
/// result is always a correct, if sometimes not minimal, edit script.
enum LineDiff {
    /// The largest gap, in line pairs, matched exactly.
    static let gapLimit = 250_000

    /// The matched pairs `(oldIndex, newIndex)`, increasing in both.
    static func matches(_ old: [DiffLine], _ new: [DiffLine]) -> [(old: Int, new: Int)] {
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
            let oldCount = oldEnd - oldStart
            let newCount = newEnd - newStart
            guard oldCount > 0, newCount > 0 else { continue }
            if oldCount * newCount <= gapLimit {
                pairs += longestCommonSubsequence(old[oldStart..<oldEnd], new[newStart..<newEnd])
                continue
            }
            let anchors = uniqueAnchors(old[oldStart..<oldEnd], new[newStart..<newEnd])
            var previous = (old: oldStart, new: newStart)
            for anchor in anchors {
                pairs.append(anchor)
                pending.append((previous.old..<anchor.old, previous.new..<anchor.new))
                previous = (anchor.old + 1, anchor.new + 1)
            }
            if !anchors.isEmpty { pending.append((previous.old..<oldEnd, previous.new..<newEnd)) }
        }
        return pairs.sorted { $0.old < $1.old }
    }

    /// An exact longest common subsequence of two small slices, by dynamic programming.
    private static func longestCommonSubsequence(_ old: ArraySlice<DiffLine>, _ new: ArraySlice<DiffLine>)
        -> [(old: Int, new: Int)]
    {
        let rows = old.count + 1
        let columns = new.count + 1
        // lengths[i * columns + j]: the LCS length of old[i...] and new[j...] (offsets from the slices' starts).
        var lengths = [UInt32](repeating: 0, count: rows * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] =
                    old[old.startIndex + i] == new[new.startIndex + j]
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
    private static func uniqueAnchors(_ old: ArraySlice<DiffLine>, _ new: ArraySlice<DiffLine>) -> [(old: Int, new: Int)] {
        var counts: [DiffLine: (old: Int, new: Int, newIndex: Int)] = [:]
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
        var tails: [Int] = []  // tails[k]: candidate index ending the best run of length k + 1
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
