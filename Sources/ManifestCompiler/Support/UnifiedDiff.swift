// A unified diff of two texts (`diff -u` style, three lines of context), for `build --check`.

/// Writes unified diffs with the standard library's `CollectionDifference` (the same result everywhere).
enum UnifiedDiff {
    /// The number of unchanged lines shown around each change.
    static let context = 3
    /// Texts with more lines than this are not diffed line by line.
    static let maximumLines = 20_000
    /// A diff is cut after this many lines.
    static let maximumOutputLines = 200

    /// The diff from `old` (or no file) to `new`, with `---`/`+++` headers naming `path`; empty when equal.
    static func diff(old: [UInt8]?, new: [UInt8], path: String) -> String {
        let oldLines = old.map(lines) ?? []
        let newLines = lines(new)
        guard oldLines != newLines else { return "" }
        var output = "--- \(old == nil ? "/dev/null" : path)\n+++ \(path)\n"
        guard oldLines.count <= maximumLines, newLines.count <= maximumLines else {
            return output + "(the files differ; they are too long to compare line by line)\n"
        }
        let operations = script(from: oldLines, to: newLines)
        var index = 0
        while index < operations.count {
            guard operations[index].isChange else {
                index += 1
                continue
            }
            var start = index
            var contextBefore = 0
            while start > 0, contextBefore < context, !operations[start - 1].isChange {
                start -= 1
                contextBefore += 1
            }
            var end = index
            var unchangedRun = 0
            while end < operations.count {
                if operations[end].isChange {
                    unchangedRun = 0
                } else {
                    unchangedRun += 1
                    if unchangedRun > 2 * context {
                        unchangedRun -= 1  // this line is not part of the hunk
                        break
                    }
                }
                end += 1
            }
            end -= max(0, unchangedRun - context)
            output += hunk(operations[start..<end], old: oldLines, new: newLines)
            index = end
        }
        let outputLines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard outputLines.count > maximumOutputLines else { return output }
        return outputLines.prefix(maximumOutputLines).joined(separator: "\n")
            + "\n… (\(outputLines.count - maximumOutputLines) more lines of differences)\n"
    }

    private enum Operation {
        case same(Int, Int)
        case delete(Int)
        case insert(Int)

        var isChange: Bool {
            if case .same = self { false } else { true }
        }
    }

    private static func script(from old: [String], to new: [String]) -> [Operation] {
        var removed: Set<Int> = []
        var inserted: Set<Int> = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var operations: [Operation] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removed.contains(oldIndex) {
                operations.append(.delete(oldIndex))
                oldIndex += 1
            } else if newIndex < new.count, inserted.contains(newIndex) {
                operations.append(.insert(newIndex))
                newIndex += 1
            } else {
                operations.append(.same(oldIndex, newIndex))
                oldIndex += 1
                newIndex += 1
            }
        }
        return operations
    }

    private static func hunk(_ operations: ArraySlice<Operation>, old: [String], new: [String]) -> String {
        var body = ""
        var oldStart: Int?
        var newStart: Int?
        var oldCount = 0
        var newCount = 0
        var nextOld = 0
        var nextNew = 0
        for operation in operations {
            switch operation {
            case .same(let o, let n):
                oldStart = oldStart ?? o
                newStart = newStart ?? n
                oldCount += 1
                newCount += 1
                nextOld = o + 1
                nextNew = n + 1
                body += " " + old[o] + "\n"
            case .delete(let o):
                oldStart = oldStart ?? o
                oldCount += 1
                nextOld = o + 1
                body += "-" + old[o] + "\n"
            case .insert(let n):
                newStart = newStart ?? n
                newCount += 1
                nextNew = n + 1
                body += "+" + new[n] + "\n"
            }
        }
        // An empty side starts at the line before the change, as diff -u writes it.
        let oldFrom = oldCount == 0 ? nextOld : (oldStart ?? 0) + 1
        let newFrom = newCount == 0 ? nextNew : (newStart ?? 0) + 1
        return "@@ -\(range(oldFrom, oldCount)) +\(range(newFrom, newCount)) @@\n" + body
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// The lines of `bytes`, without their line feeds (a final line feed does not start another line).
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if result.last == "" { result.removeLast() }
        return result
    }
}
