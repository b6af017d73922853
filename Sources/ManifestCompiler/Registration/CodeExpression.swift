// A tolerant expression parser over Swift and Objective-C tokens: just enough to read registration code.

/// An expression of registration code. Anything the scanner does not model is ``unknown``.
indirect enum CodeExpression: Sendable {
    /// A string literal (adjacent Objective-C literals joined); `nil` when interpolated.
    case string(String?, start: Int, end: Int)
    /// A name or member chain: `x`, `A.b.c`, `.foreground` (leading ""), `self.x`.
    case name([String], start: Int, end: Int)
    /// A member of a non-name expression: `"Copy".localized`, `f().x`.
    case member(CodeExpression, String, start: Int, end: Int)
    /// A call with labelled arguments (`nil` label when unlabelled).
    case call(CodeExpression, [CodeArgument], start: Int, end: Int)
    /// An Objective-C message send; the arguments are labelled by selector piece (extra
    /// comma-separated arguments have a `nil` label).
    case send(CodeExpression, [CodeArgument], start: Int, end: Int)
    /// `[a, b]` or `@[a, b]`.
    case array([CodeExpression], start: Int, end: Int)
    /// `a | b`, `a + b`, `a ?? b`, `a == b`, `a != b`, `a && b`, `a || b`.
    case binary(String, CodeExpression, CodeExpression, start: Int, end: Int)
    /// `condition ? a : b`.
    case ternary(CodeExpression, CodeExpression, CodeExpression, start: Int, end: Int)
    /// A closure `{ item in … }` (or `{ $0 … }`, no parameter names): its parameter names and the token
    /// indexes of its body (between the braces, after `in`), read only when the closure is applied.
    case closure(parameters: [String], body: Range<Int>, start: Int, end: Int)
    /// A function named with its argument labels, `category(for:)`, as passed to `map`.
    case reference([String], labels: [String], start: Int, end: Int)
    /// A key path `\.category` (or `\Kind.category`): the members it reads.
    case keyPath([String], start: Int, end: Int)
    /// A number literal.
    case number(String, start: Int, end: Int)
    /// `nil`, `NULL`, `Nil`.
    case null(start: Int, end: Int)
    /// Anything else (an operator or a syntax the scanner does not model).
    case unknown(start: Int, end: Int)

    var start: Int {
        switch self {
        case .string(_, let s, _), .name(_, let s, _), .member(_, _, let s, _), .call(_, _, let s, _),
            .send(_, _, let s, _), .array(_, let s, _), .binary(_, _, _, let s, _), .number(_, let s, _),
            .null(let s, _), .unknown(let s, _), .ternary(_, _, _, let s, _), .closure(_, _, let s, _), .reference(_, _, let s, _),
            .keyPath(_, let s, _):
            s
        }
    }
    var end: Int {
        switch self {
        case .string(_, _, let e), .name(_, _, let e), .member(_, _, _, let e), .call(_, _, _, let e),
            .send(_, _, _, let e), .array(_, _, let e), .binary(_, _, _, _, let e), .number(_, _, let e),
            .null(_, let e), .unknown(_, let e), .ternary(_, _, _, _, let e), .closure(_, _, _, let e), .reference(_, _, _, let e),
            .keyPath(_, _, let e):
            e
        }
    }
}

/// One argument of a call or message send.
struct CodeArgument: Sendable {
    var label: String?
    var value: CodeExpression
}

/// Parses one expression starting at a token index. Never fails: what it cannot read becomes
/// ``CodeExpression/unknown`` and the parser skips to a plausible end.
struct CodeExpressionParser {
    let tokens: [CodeToken]
    let language: CodeLanguage
    var index: Int
    private var depth = 0
    static let maximumDepth = 48
    /// The links (operators, `.x`, `(…)`) of the chains being read, the enclosing ones' included. Chains are read
    /// in loops, not by recursion, so this bounds the depth of the tree they build, which evaluation and freeing
    /// walk recursively; a chain's links are given back when it ends, so long lists of short chains are read.
    private var links = 0
    static let maximumLinks = 1_024
    /// Whether `name { … }` is a call with a trailing closure; not in the condition of `if`, `guard` and
    /// `switch`, where the brace opens the statement's body.
    var allowsTrailingClosures = true
    /// The token index where the receiver of the Objective-C message being read starts.
    private var receiverIndex = -1

    init(tokens: [CodeToken], language: CodeLanguage, at index: Int) {
        self.tokens = tokens
        self.language = language
        self.index = index
    }

    private var current: CodeToken? { index < tokens.count ? tokens[index] : nil }
    private func peek(_ offset: Int) -> CodeToken? { index + offset < tokens.count ? tokens[index + offset] : nil }
    private var lastEnd: Int { index > 0 && index - 1 < tokens.count ? tokens[index - 1].end : 0 }

    /// Parses an expression with `|`, `+`, `??`, comparisons, `&&`, `||` and the ternary operator.
    mutating func parseExpression() -> CodeExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else { return skipUnknown() }
        let left = binaryChain(Self.logicalOperators) { $0.parseComparison() }
        if let token = current, token.kind == .punctuation, token.text == "?", index > 0, tokens[index - 1].end < token.start {
            index += 1
            let whenTrue = parseExpression()
            guard current?.isPunctuation(":") == true else { return .unknown(start: left.start, end: lastEnd) }
            index += 1
            let whenFalse = parseExpression()
            return .ternary(left, whenTrue, whenFalse, start: left.start, end: whenFalse.end)
        }
        return left
    }

    /// `a == b`, `a != b` over `|`, `+` and `??` chains.
    private mutating func parseComparison() -> CodeExpression {
        binaryChain(Self.comparisonOperators) { $0.parseChain() }
    }

    private mutating func parseChain() -> CodeExpression {
        binaryChain(Self.chainOperators) { $0.parsePostfix() }
    }

    private static let logicalOperators = ["&&", "||"], comparisonOperators = ["==", "!="], chainOperators = ["|", "+", "??"]

    /// `operand (operator operand)…` for the given operators, nested to the left.
    private mutating func binaryChain(_ operators: [String], _ operand: (inout Self) -> CodeExpression) -> CodeExpression {
        let outer = links
        defer { links = outer }
        var left = operand(&self)
        while let token = current, token.kind == .punctuation, operators.contains(token.text) {
            index += 1
            let right = operand(&self)
            left = linked(.binary(token.text, left, right, start: left.start, end: right.end))
        }
        return left
    }

    /// A closure from its `{`: parameter names before `in` (none for `$0`), the body's token range.
    private mutating func parseClosure() -> CodeExpression {
        guard let open = current else { return .unknown(start: lastEnd, end: lastEnd) }
        let openIndex = index
        skipBalanced()
        guard index - 1 > openIndex, tokens[index - 1].isPunctuation("}") else { return .unknown(start: open.start, end: lastEnd) }
        let closeIndex = index - 1
        let signature = Self.closureSignature(tokens, open: openIndex, close: closeIndex)
        return .closure(
            parameters: signature?.parameters ?? [], body: (signature?.bodyStart ?? openIndex + 1)..<closeIndex, start: open.start,
            end: tokens[closeIndex].end)
    }

    /// The signature of the closure whose braces are at `open` and `close` (`{ [weak self] a, b in`, `{ (a: Int, _ b:
    /// String) -> T in`): its parameter names in order (`_` for one without a name) and the first token of its body;
    /// `nil` when there is no `in` (`{ $0 … }`, or a block that is not a closure's).
    static func closureSignature(_ tokens: [CodeToken], open: Int, close: Int) -> (parameters: [String], bodyStart: Int)? {
        var first = open + 1
        if first < close, tokens[first].isPunctuation("[") {  // a capture list `[weak self]`
            var level = 0
            while first < close {
                if tokens[first].isPunctuation("[") { level += 1 }
                if tokens[first].isPunctuation("]") { level -= 1; if level == 0 { first += 1; break } }
                first += 1
            }
        }
        var k = first
        while k < close, k < first + 40 {
            let t = tokens[k]
            if t.isIdentifier("in") {
                var parameters: [String] = []
                var level = 0
                var expectsName = true
                for m in first..<k {
                    let u = tokens[m]
                    if u.isPunctuation("(") || u.isPunctuation("[") || u.isPunctuation("<") { level += 1; if level == 1 && u.isPunctuation("(") { expectsName = true }; continue }
                    if u.isPunctuation(")") || u.isPunctuation("]") || u.isPunctuation(">") { level -= 1; continue }
                    if u.isPunctuation(","), level <= 1 { expectsName = true; continue }
                    if expectsName, u.kind == .identifier {
                        // `(_ kind: String)`: the name after `_`.
                        let named = u.text == "_" && m + 2 < k && tokens[m + 1].kind == .identifier && tokens[m + 2].isPunctuation(":")
                        parameters.append(named ? tokens[m + 1].text : u.text)
                    }
                    expectsName = false
                }
                return (parameters, k + 1)
            }
            if t.kind == .string || t.kind == .number || t.isPunctuation("{") || t.isPunctuation("}") || t.isPunctuation("=")
                || (t.kind == .identifier && ["for", "let", "var", "return", "switch", "if", "guard", "case", "while", "self"].contains(t.text))
            {
                return nil
            }
            k += 1
        }
        return nil
    }

    /// After a name, `(label:label:)` naming a function: the labels; `nil` when it is a call.
    private func referenceLabels() -> [String]? {
        var offset = 1
        var labels: [String] = []
        while let token = peek(offset), token.kind == .identifier, peek(offset + 1)?.isPunctuation(":") == true {
            labels.append(token.text)
            offset += 2
        }
        guard !labels.isEmpty, peek(offset)?.isPunctuation(")") == true else { return nil }
        return labels
    }

    /// Skips a balanced group or one token; returns an unknown expression over what was skipped.
    private mutating func skipUnknown() -> CodeExpression {
        guard let token = current else { return .unknown(start: lastEnd, end: lastEnd) }
        if token.kind == .punctuation, ["(", "[", "{", "@[", "@{", "@("].contains(token.text) {
            skipBalanced()
        } else {
            index += 1
        }
        return .unknown(start: token.start, end: lastEnd)
    }

    /// Skips from an opening bracket to just past its closing one.
    mutating func skipBalanced() {
        var level = 0
        while let token = current {
            index += 1
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "(", "[", "{", "@[", "@{", "@(": level += 1
            case ")", "]", "}":
                level -= 1
                if level <= 0 { return }
            default: break
            }
        }
    }

    private mutating func parsePrimary() -> CodeExpression {
        guard let token = current else { return .unknown(start: lastEnd, end: lastEnd) }
        switch token.kind {
        case .string:
            let first = index
            return joiningMacros(literals(), startingAt: first)
        case .number:
            index += 1
            return .number(token.text, start: token.start, end: token.end)
        case .identifier:
            index += 1
            switch token.text {
            case "nil", "NULL", "Nil": return .null(start: token.start, end: token.end)
            case "try", "await", "return", "new":
                if token.text == "new", language == .objectiveC { return .unknown(start: token.start, end: token.end) }
                if current?.isPunctuation("?") == true || current?.isPunctuation("!") == true { index += 1 }
                return parsePrefixed()
            default:
                guard language == .objectiveC, current?.kind == .string else { return .name([token.text], start: token.start, end: token.end) }
                return joiningMacros(.name([token.text], start: token.start, end: token.end), startingAt: index - 1)
            }
        case .punctuation:
            switch token.text {
            case ".":
                guard let next = peek(1), next.kind == .identifier else { return skipUnknown() }
                index += 2
                return .name(["", next.text], start: token.start, end: next.end)
            case "@[":
                index += 1
                return parseArray(start: token.start)
            case "{" where language == .swift:
                return parseClosure()
            case "\\" where language == .swift:
                // A key path: `\.a.b` or `\Type.a.b`.
                index += 1
                if current?.kind == .identifier, peek(1)?.isPunctuation(".") == true { index += 1 }
                var members: [String] = []
                while current?.isPunctuation(".") == true, let name = peek(1), name.kind == .identifier {
                    members.append(name.text)
                    index += 2
                }
                guard !members.isEmpty else { return .unknown(start: token.start, end: lastEnd) }
                return .keyPath(members, start: token.start, end: lastEnd)
            case "[":
                index += 1
                if language == .objectiveC { return parseSend(start: token.start) }
                return parseArray(start: token.start)
            case "(", "@(":
                index += 1
                if language == .objectiveC, isCast() { return parsePrefixed() }
                let inner = parseExpression()
                if current?.isPunctuation(")") == true {
                    index += 1
                    return inner
                }
                // A tuple or something else: skip to the closing parenthesis.
                while let t = current, !t.isPunctuation(")") {
                    if t.kind == .punctuation, ["(", "[", "{", "@[", "@{", "@("].contains(t.text) { skipBalanced() } else { index += 1 }
                }
                if current != nil { index += 1 }
                return .unknown(start: token.start, end: lastEnd)
            case "&", "*", "-", "!", "^":
                index += 1
                let operand = parsePrefixed()
                return .unknown(start: token.start, end: operand.end)
            default:
                return skipUnknown()
            }
        default:
            return .unknown(start: token.start, end: token.start)
        }
    }

    /// A string literal from the current token, with the Objective-C literals written right after it joined.
    private mutating func literals() -> CodeExpression {
        guard let token = current else { return .unknown(start: lastEnd, end: lastEnd) }
        index += 1
        var value = token.value
        var end = token.end
        while let next = current, next.kind == .string, language == .objectiveC {
            value = value.flatMap { v in next.value.map { v + $0 } }
            end = next.end
            index += 1
        }
        return .string(value, start: token.start, end: end)
    }

    /// Objective-C strings and macros written side by side (`kPrefix @"reply"`, `@"com.app." kSuffix`), which the
    /// preprocessor and compiler join into one string: `first` and what follows it, as `+`. A word after a string
    /// is read as a macro unless it is a selector piece (`@"a" stringByAppendingString:`), a member or call, or the
    /// unary selector of a message sent to the string (`[@"a" lowercaseString]`).
    private mutating func joiningMacros(_ first: CodeExpression, startingAt firstIndex: Int) -> CodeExpression {
        guard language == .objectiveC else { return first }
        var joined = first
        var afterString = if case .string = first { true } else { false }
        while let next = current {
            let piece: CodeExpression
            if next.kind == .string {
                piece = literals()
                afterString = true
            } else if next.kind == .identifier, afterString, let following = peek(1),
                !(following.kind == .punctuation && [":", ".", "(", "[", "->"].contains(following.text)),
                !(following.isPunctuation("]") && firstIndex == receiverIndex)
            {
                index += 1
                piece = .name([next.text], start: next.start, end: next.end)
                afterString = false
            } else {
                break
            }
            joined = linked(.binary("+", joined, piece, start: joined.start, end: piece.end))
        }
        return joined
    }

    /// After `(` in Objective-C: whether it is a cast `(NSString *)`, which is then skipped.
    private mutating func isCast() -> Bool {
        var offset = 0
        var sawName = false
        while let token = peek(offset) {
            if token.kind == .identifier { sawName = true } else if token.isPunctuation("*") || token.isPunctuation("<") || token.isPunctuation(">") || token.isPunctuation(",") {
            } else if token.isPunctuation(")") {
                guard sawName, offset >= 1, let before = peek(offset - 1), before.isPunctuation("*") || offset == 1 && isTypeName(peek(0)?.text) else { return false }
                index += offset + 1
                return true
            } else {
                return false
            }
            offset += 1
            if offset > 8 { return false }
        }
        return false
    }

    private func isTypeName(_ name: String?) -> Bool {
        guard let name else { return false }
        return ["id", "NSInteger", "NSUInteger", "BOOL", "int", "long", "unsigned", "UNNotificationActionOptions", "UNNotificationCategoryOptions"].contains(name)
    }

    /// `node`, or an unknown expression over its text once the chains being read have more than ``maximumLinks``
    /// links.
    private mutating func linked(_ node: CodeExpression) -> CodeExpression {
        links += 1
        return links > Self.maximumLinks ? .unknown(start: node.start, end: node.end) : node
    }

    /// The operand of a prefix (`try`, `!`, an Objective-C cast), one level deeper: prefixes recurse.
    private mutating func parsePrefixed() -> CodeExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else { return skipUnknown() }
        return parsePostfix()
    }

    private mutating func parsePostfix() -> CodeExpression {
        let outer = links
        defer { links = outer }
        var expression = parsePrimary()
        while let token = current {
            if token.isPunctuation(".") || token.isPunctuation("?.") {
                guard let next = peek(1), next.kind == .identifier || next.kind == .number else { break }
                index += 2
                if case .name(let path, let start, _) = expression {
                    expression = linked(.name(path + [next.text], start: start, end: next.end))
                } else {
                    expression = linked(.member(expression, next.text, start: expression.start, end: next.end))
                }
            } else if token.isPunctuation("?") || token.isPunctuation("!"), index > 0, tokens[index - 1].end == token.start {
                index += 1  // optional chaining or force unwrap
            } else if token.isPunctuation("("), !token.startsLine {
                if case .name(let path, let start, _) = expression, let labels = referenceLabels() {
                    index += 2 * labels.count + 2
                    expression = .reference(path, labels: labels, start: start, end: lastEnd)
                    continue
                }
                index += 1
                var arguments = parseArguments(closing: ")")
                if let next = current, next.isPunctuation("{"), !next.startsLine, language == .swift {
                    guard allowsTrailingClosures else { return .call(expression, arguments, start: expression.start, end: lastEnd) }
                    arguments.append(CodeArgument(label: nil, value: parseClosure()))
                }
                expression = linked(.call(expression, arguments, start: expression.start, end: lastEnd))
            } else if token.isPunctuation("{"), language == .swift, !token.startsLine, allowsTrailingClosures {
                // A trailing closure: `x.map { … }`.
                switch expression {
                case .name, .member, .call:
                    let closure = parseClosure()
                    expression = linked(.call(expression, [CodeArgument(label: nil, value: closure)], start: expression.start, end: lastEnd))
                default:
                    _ = parseClosure()
                    expression = .unknown(start: expression.start, end: lastEnd)
                }
            } else if token.isPunctuation("["), language == .swift, !token.startsLine {
                skipBalanced()
                expression = .unknown(start: expression.start, end: lastEnd)
            } else if token.kind == .identifier, token.text == "as", language == .swift {
                // `x as T`, `x as! T`: the value is `x`.
                index += 1
                if current?.isPunctuation("!") == true || current?.isPunctuation("?") == true { index += 1 }
                if current?.kind == .identifier { index += 1 }
                while current?.isPunctuation(".") == true, peek(1)?.kind == .identifier { index += 2 }
                if current?.isPunctuation("<") == true { skipGeneric() }
            } else if token.isPunctuation("<"), language == .swift, case .name(let path, _, _) = expression,
                let name = path.last, name.first?.isUppercase == true, tokens[index - 1].end == token.start
            {
                skipGeneric()  // `Set<UNNotificationCategory>(…)`
            } else {
                break
            }
        }
        return expression
    }

    private mutating func skipGeneric() {
        var level = 0
        while let token = current {
            index += 1
            if token.isPunctuation("<") { level += 1 }
            if token.isPunctuation(">") { level -= 1; if level <= 0 { return } }
            if token.isPunctuation("{") || token.isPunctuation(";") { return }
        }
    }

    /// Arguments up to `closing`: `label: value` or `value`, separated by commas.
    private mutating func parseArguments(closing: String) -> [CodeArgument] {
        var arguments: [CodeArgument] = []
        while let token = current, !token.isPunctuation(closing) {
            if token.isPunctuation(",") { index += 1; continue }
            if token.kind == .endOfDirective || token.isPunctuation(";") || token.isPunctuation("}") { return arguments }
            var label: String?
            if token.kind == .identifier, let next = peek(1), next.isPunctuation(":") {
                label = token.text
                index += 2
            }
            let before = index
            let value = parseExpression()
            arguments.append(CodeArgument(label: label, value: value))
            if index == before { index += 1 }
            if arguments.count > 10_000 { break }
        }
        if current != nil { index += 1 }
        return arguments
    }

    private mutating func parseArray(start: Int) -> CodeExpression {
        var elements: [CodeExpression] = []
        var isDictionary = false
        while let token = current, !token.isPunctuation("]") {
            if token.isPunctuation(",") { index += 1; continue }
            if token.kind == .endOfDirective || token.isPunctuation(";") || token.isPunctuation("}") || token.isPunctuation(")") {
                return .unknown(start: start, end: lastEnd)
            }
            if token.isPunctuation(":") { isDictionary = true; index += 1; continue }
            let before = index
            elements.append(parseExpression())
            if index == before { index += 1 }
        }
        if current != nil { index += 1 }
        return isDictionary ? .unknown(start: start, end: lastEnd) : .array(elements, start: start, end: lastEnd)
    }

    /// An Objective-C message send after `[`: receiver, then `piece: argument` pairs.
    private mutating func parseSend(start: Int) -> CodeExpression {
        let outerReceiver = receiverIndex
        receiverIndex = index
        let receiver = parseExpression()
        receiverIndex = outerReceiver
        var arguments: [CodeArgument] = []
        while let token = current, !token.isPunctuation("]") {
            if token.kind == .endOfDirective || token.isPunctuation(";") || token.isPunctuation("}") {
                return .unknown(start: start, end: lastEnd)
            }
            if token.kind == .identifier {
                if let next = peek(1), next.isPunctuation(":") {
                    index += 2
                    let before = index
                    arguments.append(CodeArgument(label: token.text, value: parseExpression()))
                    if index == before { index += 1 }
                    while current?.isPunctuation(",") == true {
                        index += 1
                        let value = parseExpression()
                        arguments.append(CodeArgument(label: nil, value: value))
                    }
                } else {
                    // A unary selector: `[NSMutableSet new]`.
                    index += 1
                    arguments.append(CodeArgument(label: token.text, value: .null(start: token.start, end: token.end)))
                }
            } else if token.isPunctuation(":") {
                index += 1
                arguments.append(CodeArgument(label: "", value: parseExpression()))
            } else {
                _ = skipUnknown()
            }
        }
        if current != nil { index += 1 }
        return .send(receiver, arguments, start: start, end: lastEnd)
    }
}
