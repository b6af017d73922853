// "Did you mean" suggestions: the closest known name by edit distance.

/// Finds the known name closest to a misspelled one.
///
/// A candidate qualifies when it equals the name ignoring case, or when its optimal-string-alignment
/// distance (insertions, deletions, substitutions and adjacent transpositions) is at most 2 and
/// less than half the name's length. The closest wins; ties go to the earlier candidate. When none qualifies, a
/// name of at least four characters that begins exactly one candidate, ignoring case, suggests it (`customDismiss`,
/// `customDismissAction`).
public enum NameSuggester {
    /// The best suggestion for `name` among `candidates`, or `nil`.
    public static func suggestion<S: Sequence>(for name: String, among candidates: S) -> String?
    where S.Element == String {
        let target = Array(name.unicodeScalars)
        let folded = name.lowercased()
        let maximum = min(2, max(0, (target.count - 1) / 2))
        var best: (name: String, distance: Int)?
        var completions: [String] = []
        for candidate in candidates where candidate != name {
            let foldedCandidate = candidate.lowercased()
            if foldedCandidate == folded { return candidate }
            if target.count >= 4, completions.count < 2, foldedCandidate.hasPrefix(folded), !completions.contains(candidate) {
                completions.append(candidate)
            }
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - target.count) <= maximum else { continue }
            let bound = best.map { min($0.distance - 1, maximum) } ?? maximum
            guard bound >= 0, let distance = distance(target, scalars, atMost: bound) else { continue }
            best = (candidate, distance)
        }
        return best?.name ?? (completions.count == 1 ? completions[0] : nil)
    }

    /// The optimal-string-alignment distance between `a` and `b`, or `nil` when it exceeds `bound`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
        if a.isEmpty { return b.count <= bound ? b.count : nil }
        if b.isEmpty { return a.count <= bound ? a.count : nil }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > bound { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
