// Names bound in a block by what opens it: parameters, loop variables and optional bindings.

/// A name bound in a block whose value the scan does not know there (a parameter of a closure, an initializer, an
/// Objective-C method or block; a `for` loop's variable): inside the block it hides what has its name outside.
struct BoundName: Hashable, Sendable {
    var file: Int
    /// The token index of the brace that opens the block.
    var block: Int
    var name: String
}

extension ScannedCodeFile {
    /// How far the scans below look (tokens): a longer header or parameter list binds nothing the scan knows of,
    /// and no input makes them slow.
    private static let maximumHeaderLength = 128

    /// The names bound by what starts at token `i` (`for`, `init`, `subscript`, a closure's `{`, an Objective-C
    /// method's `-`/`+` or block's `^`) and the brace of the block they are bound in; Swift functions' parameters
    /// are read with the function (``CodeDefinitionCollector/function(at:in:fileIndex:qualifier:)``).
    func bindings(at i: Int) -> (names: [String], block: Int)? {
        let t = tokens[i]
        switch (language, t.kind, t.text) {
        case (_, .identifier, "for"): return loopVariables(at: i)
        case (.swift, .identifier, "init"), (.swift, .identifier, "subscript"): return initializerParameters(at: i)
        case (.swift, .punctuation, "{"): return closureParameters(openingAt: i)
        case (.objectiveC, .punctuation, "-"), (.objectiveC, .punctuation, "+"): return methodParameters(at: i)
        case (.objectiveC, .punctuation, "^"): return blockParameters(at: i)
        default: return nil
        }
    }

    /// For `if`/`while` at `i` (Swift), the brace of its body: its `let`/`var` conditions bind names there.
    func conditionBody(at i: Int) -> Int? {
        guard language == .swift, tokens[i].kind == .identifier, tokens[i].text == "if" || tokens[i].text == "while" else {
            return nil
        }
        // `repeat { … } while x`: a condition without a body.
        if i > 0, tokens[i - 1].isPunctuation("}"), matching[i - 1] >= 1, tokens[matching[i - 1] - 1].isIdentifier("repeat") {
            return nil
        }
        return braceAtLevelZero(from: i + 1)
    }

    /// `for x in …`, `for (a, b) in …`, `for case let x? in …`; Objective-C `for (Type *x in list)`.
    private func loopVariables(at i: Int) -> (names: [String], block: Int)? {
        if language == .objectiveC {
            guard i + 1 < tokens.count, tokens[i + 1].isPunctuation("("), matching[i + 1] > i + 1 else { return nil }
            let close = matching[i + 1]
            guard close - i <= Self.maximumHeaderLength,
                let loopIn = (i + 2..<close).first(where: { tokens[$0].isIdentifier("in") }), loopIn > i + 2,
                tokens[loopIn - 1].kind == .identifier, close + 1 < tokens.count, tokens[close + 1].isPunctuation("{")
            else { return nil }
            return ([tokens[loopIn - 1].text], close + 1)
        }
        // Not an argument label (`for: x`) or a member (`.for`).
        guard i + 1 < tokens.count, !tokens[i + 1].isPunctuation(":"), i == 0 || !tokens[i - 1].isPunctuation(".") else {
            return nil
        }
        var names: [String] = []
        var k = i + 1
        while k < tokens.count, k < i + 64, !tokens[k].isIdentifier("in") {
            let u = tokens[k]
            if u.isPunctuation("{") || u.isPunctuation("}") || u.isPunctuation(";") { return nil }
            if u.kind == .identifier, !["case", "let", "var", "_"].contains(u.text) { names.append(u.text) }
            k += 1
        }
        guard k + 1 < tokens.count, tokens[k].isIdentifier("in"), !tokens[k + 1].isPunctuation(":"), !names.isEmpty,
            let brace = braceAtLevelZero(from: k + 1)
        else {
            return nil
        }
        return (names, brace)
    }

    /// `init(a: Int, b c: String) {`, `init?(…)`, `subscript(index: Int) -> T {`: the parameters' names.
    private func initializerParameters(at i: Int) -> (names: [String], block: Int)? {
        var open = i + 1
        if open < tokens.count, tokens[open].isPunctuation("?") || tokens[open].isPunctuation("!") { open += 1 }
        guard open < tokens.count, tokens[open].isPunctuation("("), matching[open] > open,
            i == 0 || !tokens[i - 1].isPunctuation(".")  // not `Type.init(…)`, a call
        else { return nil }
        let close = matching[open]
        // Only `throws`, `async`, `-> Type` and `where …` come between the parameters and the body (a requirement
        // without body is followed by another declaration).
        guard let brace = braceAtLevelZero(from: close + 1),
            !(close + 1..<brace).contains(where: { tokens[$0].isPunctuation("=") || Self.declarationWords.contains(tokens[$0].text) })
        else { return nil }
        return (parameterNames(open + 1..<close, nameIsLastBeforeColon: true), brace)
    }

    /// A closure `{ a, b in`, `{ (a: Int, _ b: String) -> T in`, `{ [weak self] a in`: its parameters' names.
    private func closureParameters(openingAt open: Int) -> (names: [String], block: Int)? {
        guard matching[open] > open, let signature = CodeExpressionParser.closureSignature(tokens, open: open, close: matching[open])
        else { return nil }
        return (signature.parameters.filter { $0 != "_" }, open)
    }

    /// An Objective-C method: `- (void)showReply:(NSString *)text count:(NSInteger)count {`, the name after each
    /// parameter's type.
    private func methodParameters(at i: Int) -> (names: [String], block: Int)? {
        guard tokens[i].startsLine, enclosingBlock[i] < 0, i + 1 < tokens.count, tokens[i + 1].isPunctuation("("),
            matching[i + 1] > i + 1
        else { return nil }
        var names: [String] = []
        var k = matching[i + 1] + 1  // after the return type
        while k < tokens.count, k < i + Self.maximumHeaderLength {
            let u = tokens[k]
            if u.isPunctuation("{") { return (names, k) }
            if u.isPunctuation(";") || u.isPunctuation("}") { return nil }  // a declaration, not a definition
            if u.isPunctuation("(") {
                guard matching[k] > k else { return nil }
                k = matching[k] + 1
                if k < tokens.count, tokens[k].kind == .identifier {
                    names.append(tokens[k].text)
                    k += 1
                }
                continue
            }
            k += 1
        }
        return nil
    }

    /// An Objective-C block `^(NSString *text, BOOL flag) {` (or with a return type, `^BOOL (id obj) {`): the last
    /// name of each parameter.
    private func blockParameters(at i: Int) -> (names: [String], block: Int)? {
        var open = i + 1
        while open < tokens.count, open < i + 4, tokens[open].kind == .identifier || tokens[open].isPunctuation("*") { open += 1 }
        guard open < tokens.count, tokens[open].isPunctuation("("), matching[open] > open else { return nil }
        let close = matching[open]
        guard close + 1 < tokens.count, tokens[close + 1].isPunctuation("{") else { return nil }
        return (parameterNames(open + 1..<close, nameIsLastBeforeColon: false), close + 1)
    }

    /// The names in a parameter list: Swift's `label name: Type` (the name is the identifier before the colon), or
    /// C's `Type *name` (the last identifier of each parameter).
    private func parameterNames(_ range: Range<Int>, nameIsLastBeforeColon: Bool) -> [String] {
        guard range.count <= Self.maximumHeaderLength else { return [] }
        var names: [String] = []
        var segmentStart = range.lowerBound
        var level = 0
        for k in range.lowerBound...range.upperBound {
            let atEnd = k == range.upperBound
            if !atEnd {
                let u = tokens[k]
                if u.isPunctuation("(") || u.isPunctuation("[") || u.isPunctuation("<") { level += 1 }
                if u.isPunctuation(")") || u.isPunctuation("]") || u.isPunctuation(">") { level -= 1 }
                guard level == 0, u.isPunctuation(",") else { continue }
            }
            let segment = segmentStart..<k
            segmentStart = k + 1
            let end = nameIsLastBeforeColon ? (segment.first { tokens[$0].isPunctuation(":") } ?? segment.upperBound) : segment.upperBound
            if let name = (segment.lowerBound..<end).last(where: { tokens[$0].kind == .identifier }), tokens[name].text != "_",
                tokens[name].text != "void"
            {
                names.append(tokens[name].text)
            }
        }
        return names
    }

    /// Words that start a declaration: one of them after an initializer's parameters means it has no body.
    private static let declarationWords: Set<String> = [
        "func", "var", "let", "init", "deinit", "case", "subscript", "struct", "class", "enum", "extension", "protocol", "actor",
        "static", "private", "public", "internal", "fileprivate", "open", "override", "mutating", "convenience", "required",
        "typealias", "associatedtype", "return",
    ]

    /// The first `{` after `start` outside parentheses and brackets, within a statement's header.
    private func braceAtLevelZero(from start: Int) -> Int? {
        var k = start
        while k < tokens.count, k < start + Self.maximumHeaderLength {
            let u = tokens[k]
            if u.isPunctuation("{") { return k }
            if u.isPunctuation("}") || u.isPunctuation(";") { return nil }
            if u.isPunctuation("(") || u.isPunctuation("[") {
                guard matching[k] > k else { return nil }
                k = matching[k]
            }
            k += 1
        }
        return nil
    }
}
