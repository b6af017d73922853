// Where code runs: only on older systems (behind an availability check), or only under a condition or in a loop.

extension ScannedCodeFile {
    /// For each token, whether it is in the fallback of an availability check: the `else` branches of
    /// `if #available(…)` (Objective-C `if (@available(…))`) or, when that branch returns, the rest of the block
    /// it is in; the body of `if #unavailable(…)`; the `else` of `guard #available(…)`. The scan does not read
    /// them: a manifest describes the app on the newest systems (the Swift notifc writes keeps the fallback for
    /// older ones itself), so the `icon:` of an iOS 15 branch is imported rather than the same action without it.
    static func availabilityFallbacks(_ tokens: [CodeToken], matching: [Int], enclosingBlock: [Int]) -> [Bool] {
        var fallback = [Bool](repeating: false, count: tokens.count)
        /// Marks `range` unless it is already in a marked one (ranges are blocks or ends of blocks, so one that
        /// starts in a marked range lies in it).
        func mark(_ range: ClosedRange<Int>) {
            guard !fallback[range.lowerBound] else { return }
            for k in range { fallback[k] = true }
        }
        for i in tokens.indices {
            let t = tokens[i]
            guard t.isIdentifier("if") || t.isIdentifier("guard"), !fallback[i],
                let available = availabilityCheck(after: i, in: tokens, matching: matching),
                let open = blockOpening(after: i, in: tokens, matching: matching)
            else { continue }
            let close = matching[open]
            if t.text == "guard" {
                if available { mark(open...close) }
            } else if !available {
                mark(open...close)
            } else if close + 1 < tokens.count, tokens[close + 1].isIdentifier("else") {
                // Every `else if` and `else` after the `#available` branch.
                var end = close
                while end + 1 < tokens.count, tokens[end + 1].isIdentifier("else"),
                    let next = blockOpening(after: end + 1, in: tokens, matching: matching)
                {
                    mark((end + 1)...matching[next])
                    end = matching[next]
                }
            } else if returns(open, close, in: tokens, matching: matching), case let outer = enclosingBlock[i], outer >= 0,
                matching[outer] > close + 1
            {
                var end = matching[outer] - 1
                if introducer(of: outer, in: tokens, matching: matching).map({ tokens[$0].text }) == "switch" {
                    // In a `switch`, the rest of the block is the rest of this case: up to the next `case` or `default`.
                    var k = close + 1
                    while k <= end, !startsClause(k, in: tokens) {
                        k = tokens[k].isPunctuation("{") || tokens[k].isPunctuation("(") || tokens[k].isPunctuation("[") ? max(matching[k], k) + 1 : k + 1
                    }
                    end = k - 1
                }
                if end >= close + 1 { mark((close + 1)...end) }
            }
        }
        return fallback
    }

    /// Whether token `k` is the `case` or `default` that starts a clause of a `switch`: first on its line, or after
    /// `@unknown` that is.
    private static func startsClause(_ k: Int, in tokens: [CodeToken]) -> Bool {
        guard tokens[k].isIdentifier("case") || tokens[k].isIdentifier("default") else { return false }
        if tokens[k].startsLine { return true }
        return k >= 2 && tokens[k - 1].isIdentifier("unknown") && tokens[k - 2].isPunctuation("@") && tokens[k - 2].startsLine
    }

    /// Whether the block between the braces at `open` and `close` has a `return` statement of its own (not in a
    /// nested block, nor the body of a brace-less Objective-C `if (x) return;`), after which the code that follows
    /// the block does not run.
    private static func returns(_ open: Int, _ close: Int, in tokens: [CodeToken], matching: [Int]) -> Bool {
        var k = open + 1
        while k < close {
            let previous = tokens[k - 1]
            let startsStatement = previous.isPunctuation("{") || previous.isPunctuation(";") || previous.isPunctuation("}") || tokens[k].startsLine
            if tokens[k].isIdentifier("return"), startsStatement, !previous.isIdentifier("else"),
                !endsCondition(k - 1, in: tokens, matching: matching)
            {
                return true
            }
            k = tokens[k].isPunctuation("{") && matching[k] > k ? matching[k] + 1 : k + 1
        }
        return false
    }

    /// Whether the `)` at `index` closes the condition of an Objective-C `if`, `while` or `for` (so what follows
    /// is a brace-less body).
    private static func endsCondition(_ index: Int, in tokens: [CodeToken], matching: [Int]) -> Bool {
        guard tokens[index].isPunctuation(")"), matching[index] >= 1, matching[index] < index else { return false }
        let keyword = tokens[matching[index] - 1]
        return keyword.isIdentifier("if") || keyword.isIdentifier("while") || keyword.isIdentifier("for")
    }

    /// The keyword that introduces the block opening at `open` (`if`, `else`, `switch`, `for`, `while`, `guard`,
    /// `repeat`, `catch`, `func`, `init`, `do`, `defer`, an accessor), found by reading back over its conditions
    /// within 64 tokens; `nil` for a closure or when the statement before ends first.
    static func introducer(of open: Int, in tokens: [CodeToken], matching: [Int]) -> Int? {
        let keywords: Set<String> = [
            "if", "else", "switch", "for", "while", "guard", "repeat", "catch", "func", "init", "do", "defer", "get", "set",
            "didSet", "willSet",
        ]
        var k = open - 1
        while k >= 0, k > open - 64 {
            let t = tokens[k]
            if t.isPunctuation(";") || t.isPunctuation("{") || t.isPunctuation("}") { return nil }
            if t.kind == .identifier, keywords.contains(t.text) { return k }
            k = (t.isPunctuation(")") || t.isPunctuation("]")) && matching[k] >= 0 && matching[k] < k ? matching[k] - 1 : k - 1
        }
        return nil
    }

    /// Whether the conditions after `if` or `guard` at `i` are only `#available(…)` (`true`) or `#unavailable(…)`
    /// (`false`), in Swift or in Objective-C's `(@available(…))`; `nil` when they are anything else (with another
    /// condition, `if #available(…), flag`, the `else` branch can run on the newest systems too).
    static func availabilityCheck(after i: Int, in tokens: [CodeToken], matching: [Int]) -> Bool? {
        var k = i + 1
        if k + 1 < tokens.count, tokens[k].isPunctuation("("), tokens[k + 1].isPunctuation("@") { k += 2 }
        guard k + 1 < tokens.count, tokens[k].kind == .identifier, tokens[k + 1].isPunctuation("("),
            matching[k + 1] > k + 1
        else { return nil }
        var after = matching[k + 1] + 1  // the token after the check's arguments
        if k > i + 1 {  // Objective-C: the condition's own `)`
            guard after < tokens.count, tokens[after].isPunctuation(")") else { return nil }
            after += 1
        }
        guard after < tokens.count, tokens[after].isPunctuation("{") || tokens[after].isIdentifier("else") else { return nil }
        let objectiveC = k > i + 1  // after `(@`
        switch tokens[k].text {
        case "#available": return true
        case "#unavailable": return false
        case "available" where objectiveC: return true
        case "unavailable" where objectiveC: return false
        default: return nil
        }
    }

    /// The opening brace of the block after the conditions that start after `i` (brackets in the conditions
    /// skipped), within 256 tokens; `nil` when a statement ends first.
    private static func blockOpening(after i: Int, in tokens: [CodeToken], matching: [Int]) -> Int? {
        var k = i + 1
        while k < tokens.count, k < i + 256 {
            let t = tokens[k]
            if t.isPunctuation("{") { return matching[k] > k ? k : nil }
            if t.isPunctuation(";") || t.isPunctuation("}") { return nil }
            if t.isPunctuation("(") || t.isPunctuation("["), matching[k] > k {
                k = matching[k] + 1
            } else {
                k += 1
            }
        }
        return nil
    }

    /// For each token, the opening brace of the innermost block it is in; -1 at the top level.
    static func enclosingBlocks(_ tokens: [CodeToken]) -> [Int] {
        var result = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for i in tokens.indices {
            result[i] = open.last ?? -1
            if tokens[i].isPunctuation("{") || tokens[i].isPunctuation("@{") {
                open.append(i)
            } else if tokens[i].isPunctuation("}") {
                _ = open.popLast()
            }
        }
        return result
    }

    /// Whether the block opening at `open` runs only when a condition holds or as a loop (`if`, `else`,
    /// `switch`, `for`, `while`, `guard … else`, `catch`), rather than always once (a function body, a closure,
    /// `do`, or an `#available` branch, which the scan reads as taken).
    func isConditionalBlock(_ open: Int) -> Bool {
        guard let k = Self.introducer(of: open, in: tokens, matching: matching) else { return false }
        switch tokens[k].text {
        case "if": return Self.availabilityCheck(after: k, in: tokens, matching: matching) != true
        case "else":
            // The `else` of `if #unavailable(…)` (whose body is a fallback) is what the newest systems run.
            let before = k - 1
            return !(before >= 0 && tokens[before].isPunctuation("}") && matching[before] >= 0 && isFallback[matching[before]])
        case "switch", "for", "while", "guard", "repeat", "catch": return true
        default: return false
        }
    }

    /// Whether the token at `index` runs only under a condition or in a loop that starts after byte `position`
    /// (an addition to a value defined there that may not happen, or happen more than once).
    func isConditional(_ index: Int, after position: Int) -> Bool {
        if let control = bracelessControl(of: index), tokens[control].start > position { return true }
        var block = index < enclosingBlock.count ? enclosingBlock[index] : -1
        while block >= 0, tokens[block].start > position {
            if isConditionalBlock(block) { return true }
            block = enclosingBlock[block]
        }
        return false
    }

    /// Whether the token at `index` runs in line with the block that holds the declaration at byte `position`: in it,
    /// or in `if`, `switch`, loop or `do` blocks within it, not in a closure or nested function that may run later.
    func runsInLine(_ index: Int, withDeclarationAt position: Int) -> Bool {
        let declaration = firstToken(startingAtOrAfter: position)
        guard declaration < enclosingBlock.count, index < enclosingBlock.count else { return false }
        let inline: Set<String> = ["if", "else", "switch", "for", "while", "guard", "repeat", "catch", "do"]
        var block = enclosingBlock[index]
        while block != enclosingBlock[declaration] {
            guard block >= 0, let k = Self.introducer(of: block, in: tokens, matching: matching), inline.contains(tokens[k].text)
            else { return false }
            block = enclosingBlock[block]
        }
        return true
    }

    /// The `if`, `else`, `while` or `for` whose body, written without braces, is the statement that holds the token
    /// at `index` (Objective-C `if (flag) [actions addObject:b];`), if there is one.
    func bracelessControl(of index: Int) -> Int? {
        var i = min(index, tokens.count) - 1
        while i >= 0 {
            let token = tokens[i]
            if token.isPunctuation(";") || token.isPunctuation("{") || token.isPunctuation("}") { return nil }
            if token.isIdentifier("else") { return i }
            if (token.isPunctuation(")") || token.isPunctuation("]")), matching[i] >= 0, matching[i] < i {
                let open = matching[i]
                if token.isPunctuation(")"), open > 0,
                    ["if", "while", "for"].contains(where: { tokens[open - 1].isIdentifier($0) })
                {
                    return open - 1
                }
                i = open - 1  // a cast, a call's arguments or a message: part of the statement
                continue
            }
            i -= 1
        }
        return nil
    }

    /// Where the scope of the name declared at byte `position` ends: the closing brace of the block that holds a
    /// declaration (`let x`, `var x`, Objective-C `Type *x`), outside which a change to that name is to another
    /// variable; the end of the file for an assignment (`x = …`, `self.x = …`, `_x = …`), which may set a property
    /// that other methods change.
    func scopeEnd(at position: Int) -> Int {
        let low = firstToken(startingAtOrAfter: position)
        guard low > 0, low < tokens.count, low < enclosingBlock.count, enclosingBlock[low] >= 0,
            tokens[low - 1].isIdentifier("let") || tokens[low - 1].isIdentifier("var") || tokens[low - 1].isPunctuation("*")
        else { return Int.max }
        let close = matching[enclosingBlock[low]]
        return close > enclosingBlock[low] ? tokens[close].start : Int.max
    }

    /// The index of the first token that starts at or after byte `offset` (the token count when none does).
    func firstToken(startingAtOrAfter offset: Int) -> Int {
        tokens.partitioningIndex { $0.start >= offset }
    }
}
