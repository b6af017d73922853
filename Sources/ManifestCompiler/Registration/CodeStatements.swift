// The statements the registration scanner's interpreter runs: `return`, `let`, `if`, `guard`, `switch`.

/// The clauses of one `switch`, as ``RegistrationEvaluator/clauses(of:file:)`` reads them.
struct SwitchClauses {
    var list: [(patterns: Range<Int>?, body: Range<Int>)]
    /// The first `default` clause.
    var defaultClause: Int?
    /// The clause of each case name, when every pattern is a plain `.name`.
    var byCaseName: [String: Int]?
}

/// How a body's statements ended.
enum CodeFlow {
    /// `return value`.
    case returned(CodeValue)
    /// The end of the body; the value of its only statement when that is an expression (an implicit return).
    case finished(CodeValue?)
    /// A statement the interpreter does not run (a loop, a side effect, an undecidable condition), at these bytes.
    case undecidable(start: Int, end: Int)
}

extension RegistrationEvaluator {
    /// Runs a body (of a closure, function or computed property) with values bound; its value is what
    /// it returns, or its only expression.
    mutating func execute(body: Range<Int>, file: Int, bindings: [String: CodeValue]) -> CodeValue {
        let tokens = files[file].tokens
        executions += 1
        guard body.lowerBound >= 0, body.upperBound <= tokens.count, !body.isEmpty else { return unresolvable(file) }
        guard executions <= Self.maximumExecutions else {
            if stoppedAt == nil { stoppedAt = (file, tokens[body.lowerBound].start, tokens[body.lowerBound].end) }
            return unresolvable(file)
        }
        let range = tokens[body.lowerBound].start..<tokens[body.upperBound - 1].end
        if case .enumCase(_, let name)? = bindings["self"] {
            executedSelves[SiteKey(file: file, offset: body.lowerBound), default: []].insert(name)
        }
        frames.append(CodeFrame(file: file, range: range, bindings: bindings))
        defer { frames.removeLast() }
        switch executeStatements(body, file: file) {
        case .returned(let value), .finished(let value?): return value
        case .finished(nil): return .unknown(text(file, range.lowerBound, range.upperBound), file: file, start: range.lowerBound, end: range.upperBound)
        case .undecidable(let start, let end): return .unknown(text(file, start, end), file: file, start: start, end: end)
        }
    }

    /// Runs statements: `return`, `let`/`var` with a value, `if`/`else`, `guard … else`, `switch`, and
    /// one expression (an implicit return). Anything else, or a value computed and thrown away (a side
    /// effect), is undecidable.
    mutating func executeStatements(_ body: Range<Int>, file: Int) -> CodeFlow {
        let tokens = files[file].tokens
        depth += 1
        defer { depth -= 1 }
        guard depth < 64, !body.isEmpty else { return undecidable(body, file: file) }
        var i = body.lowerBound
        var statements = 0
        var last: CodeValue?
        while i < body.upperBound {
            steps += 1
            let t = tokens[i]
            guard steps < Self.maximumSteps else {
                if stoppedAt == nil { stoppedAt = (file, t.start, t.end) }
                return .undecidable(start: t.start, end: t.end)
            }
            if t.isPunctuation(";") { i += 1; continue }
            if last != nil { return .undecidable(start: t.start, end: t.end) }
            statements += 1
            var next: Int
            switch t.kind == .identifier ? t.text : "" {
            case "return":
                if i + 1 >= body.upperBound || tokens[i + 1].isPunctuation(";") { return .returned(.null) }
                guard let (value, _) = expression(at: i + 1, in: body, file: file) else { return .undecidable(start: t.start, end: t.end) }
                return .returned(value)
            case "let", "var":
                guard let (name, valueIndex) = simpleBinding(at: i, in: body, file: file),
                    let (value, end) = expression(at: valueIndex, in: body, file: file), !frames.isEmpty
                else { return .undecidable(start: t.start, end: t.end) }
                frames[frames.count - 1].bindings[name] = value
                next = end
            case "if", "switch":
                let statement = t.text == "if"
                    ? ifStatement(at: i, in: body, file: file) : switchStatement(at: i, in: body, file: file)
                guard let (flow, end) = statement else { return .undecidable(start: t.start, end: t.end) }
                switch flow {
                case .returned, .undecidable: return flow
                case .finished(let value): last = value
                }
                next = end
            case "guard":
                guard let (conditionEnd, open) = guardParts(at: i, in: body, file: file), let block = files[file].body(openingAt: open),
                    block.upperBound < body.upperBound
                else { return .undecidable(start: t.start, end: t.end) }
                switch conditions(i + 1..<conditionEnd, file: file) {
                case true?: break
                case false?:
                    let flow = executeStatements(block, file: file)
                    if case .returned = flow { return flow }
                    return .undecidable(start: t.start, end: t.end)
                case nil: return .undecidable(start: t.start, end: t.end)
                }
                next = block.upperBound + 1
            case "for", "while", "repeat", "do", "defer", "throw", "break", "continue", "fallthrough", "func", "struct", "class", "enum":
                return .undecidable(start: t.start, end: t.end)
            default:
                guard let (value, end) = expression(at: i, in: body, file: file) else { return .undecidable(start: t.start, end: t.end) }
                last = value
                next = end
            }
            // A statement ends at a line break, `;` or the end of the body.
            if next < body.upperBound, !tokens[next].startsLine, !tokens[next].isPunctuation(";") {
                return .undecidable(start: tokens[next].start, end: tokens[next].end)
            }
            i = next
        }
        return .finished(statements == 1 ? last : nil)
    }

    private func undecidable(_ body: Range<Int>, file: Int) -> CodeFlow {
        let tokens = files[file].tokens
        guard !body.isEmpty, body.upperBound <= tokens.count else { return .undecidable(start: 0, end: 0) }
        return .undecidable(start: tokens[body.lowerBound].start, end: tokens[body.upperBound - 1].end)
    }

    /// One expression from token `i`, within `body`: its value and the token after it.
    private mutating func expression(at i: Int, in body: Range<Int>, file: Int, trailingClosures: Bool = true) -> (CodeValue, Int)? {
        guard i < body.upperBound else { return nil }
        let tokens = files[file].tokens
        var parser = CodeExpressionParser(tokens: tokens, language: .swift, at: i)
        parser.allowsTrailingClosures = trailingClosures
        let parsed = parser.parseExpression()
        guard parser.index > i, parser.index <= body.upperBound else { return nil }
        return (evaluate(parsed, file: file, position: tokens[i].start), parser.index)
    }

    /// `let name = …` or `let name: Type = …`: the name and the token index of the value.
    private func simpleBinding(at i: Int, in body: Range<Int>, file: Int) -> (String, Int)? {
        let tokens = files[file].tokens
        guard i + 2 < body.upperBound, tokens[i + 1].kind == .identifier else { return nil }
        var j = i + 2
        if tokens[j].isPunctuation(":") {
            var level = 0
            j += 1
            while j < body.upperBound {
                let u = tokens[j]
                if level == 0, u.isPunctuation("=") { break }
                if u.startsLine || u.isPunctuation("{") { return nil }
                if u.isPunctuation("<") || u.isPunctuation("[") || u.isPunctuation("(") { level += 1 }
                if u.isPunctuation(">") || u.isPunctuation("]") || u.isPunctuation(")") { level -= 1 }
                j += 1
            }
        }
        guard j + 1 < body.upperBound, tokens[j].isPunctuation("=") else { return nil }
        return (tokens[i + 1].text, j + 1)
    }

    /// The first `{` at bracket level 0 from token `i` (the body of `if`, `switch`, `guard … else`).
    private func openingBrace(from i: Int, in body: Range<Int>, file: Int) -> Int? {
        let code = files[file]
        var j = i
        while j < body.upperBound {
            let t = code.tokens[j]
            if t.isPunctuation("{") { return j }
            if t.isPunctuation("(") || t.isPunctuation("[") {
                guard code.matching[j] > j else { return nil }
                j = code.matching[j]
            }
            if t.isPunctuation("}") || t.isPunctuation(")") || t.isPunctuation("]") { return nil }
            j += 1
        }
        return nil
    }

    /// A comma-separated condition list between `range`: `true` when every condition holds, `false`
    /// when one does not, `nil` when undecidable (`let` bindings, `case` patterns). `#available(…)` holds and
    /// `#unavailable(…)` does not: the scan reads the code for the newest systems (``availabilityFallbacks(_:matching:enclosingBlock:)``).
    private mutating func conditions(_ range: Range<Int>, file: Int) -> Bool? {
        let tokens = files[file].tokens
        guard !range.isEmpty else { return nil }
        var i = range.lowerBound
        while i < range.upperBound {
            guard !["let", "var", "case"].contains(tokens[i].text) || tokens[i].kind != .identifier else { return nil }
            if tokens[i].isIdentifier("#available") || tokens[i].isIdentifier("#unavailable"), i + 1 < range.upperBound,
                tokens[i + 1].isPunctuation("("), files[file].matching[i + 1] > i + 1, files[file].matching[i + 1] < range.upperBound
            {
                if tokens[i].text == "#unavailable" { return false }
                i = files[file].matching[i + 1] + 1
                if i < range.upperBound {
                    guard tokens[i].isPunctuation(",") else { return nil }
                    i += 1
                }
                continue
            }
            var parser = CodeExpressionParser(tokens: tokens, language: .swift, at: i)
            parser.allowsTrailingClosures = false
            let parsed = parser.parseExpression()
            guard parser.index > i, parser.index <= range.upperBound else { return nil }
            readsControlFlow += 1
            let holds = evaluateCondition(parsed, file: file, position: tokens[i].start)
            readsControlFlow -= 1
            guard case .bool(let flag) = holds else { return nil }
            if !flag { return false }
            i = parser.index
            if i < range.upperBound {
                guard tokens[i].isPunctuation(",") else { return nil }
                i += 1
            }
        }
        return true
    }

    /// `if c { … } else if d { … } else { … }`: runs the branch the conditions choose; the token after
    /// the whole statement.
    private mutating func ifStatement(at i: Int, in body: Range<Int>, file: Int) -> (CodeFlow, Int)? {
        let tokens = files[file].tokens
        // The branches: (conditions, block) with `nil` conditions for `else`.
        var branches: [(Range<Int>?, Range<Int>)] = []
        var k = i
        var end = i
        while true {
            guard let open = openingBrace(from: k + 1, in: body, file: file), let block = files[file].body(openingAt: open),
                block.upperBound < body.upperBound
            else { return nil }
            branches.append(((k + 1)..<open, block))
            end = block.upperBound + 1
            guard end + 1 < body.upperBound, tokens[end].isIdentifier("else") else { break }
            if tokens[end + 1].isIdentifier("if") {
                k = end + 1
                continue
            }
            guard let elseBlock = files[file].body(openingAt: end + 1), elseBlock.upperBound < body.upperBound else { return nil }
            branches.append((nil, elseBlock))
            end = elseBlock.upperBound + 1
            break
        }
        for (condition, block) in branches {
            if let condition {
                guard let holds = conditions(condition, file: file) else { return (.undecidable(start: tokens[i].start, end: tokens[i].end), end) }
                if !holds { continue }
            }
            return (executeStatements(block, file: file), end)
        }
        return (.finished(nil), end)
    }

    /// `guard conditions else {`: the index of `else` and of the brace.
    private func guardParts(at i: Int, in body: Range<Int>, file: Int) -> (Int, Int)? {
        let tokens = files[file].tokens
        guard let open = openingBrace(from: i + 1, in: body, file: file), open - 1 > i, tokens[open - 1].isIdentifier("else") else { return nil }
        return (open - 1, open)
    }

    /// `switch subject { case …: … default: … }`: runs the clause whose pattern matches the subject.
    private mutating func switchStatement(at i: Int, in body: Range<Int>, file: Int) -> (CodeFlow, Int)? {
        let code = files[file]
        let tokens = code.tokens
        guard let open = openingBrace(from: i + 1, in: body, file: file), let block = code.body(openingAt: open),
            block.upperBound < body.upperBound, let (subject, subjectEnd) = expression(at: i + 1, in: i + 1..<open, file: file, trailingClosures: false),
            subjectEnd == open
        else { return nil }
        let end = block.upperBound + 1
        let stop = CodeFlow.undecidable(start: tokens[i].start, end: tokens[i].end)
        // The clauses are read once per `switch`: a function run for each of n cases would read them n times.
        let key = SiteKey(file: file, offset: open)
        let found: SwitchClauses?
        if let cached = switchClauses[key] {
            found = cached
        } else {
            found = clauses(of: block, file: file)
            switchClauses[key] = found
        }
        guard let clauses = found else { return (stop, end) }
        if case .enumCase(_, let name) = subject, let byCase = clauses.byCaseName {
            guard let index = byCase[name] ?? clauses.defaultClause else { return (stop, end) }
            return (executeClause(clauses.list[index].body, bound: [], file: file), end)
        }
        for clause in clauses.list {
            guard let patterns = clause.patterns else { continue }
            guard let (matches, bound) = match(patterns, subject, file: file) else { return (stop, end) }
            if matches { return (executeClause(clause.body, bound: bound, file: file), end) }
        }
        guard let fallback = clauses.defaultClause else { return (stop, end) }
        return (executeClause(clauses.list[fallback].body, bound: [], file: file), end)
    }

    /// The clauses of a `switch` block: patterns (`nil` for `default`) and bodies; `nil` when the block is not one
    /// the interpreter reads (a statement before the first clause, brackets that do not match).
    private func clauses(of block: Range<Int>, file: Int) -> SwitchClauses? {
        let code = files[file]
        let tokens = code.tokens
        var list: [(patterns: Range<Int>?, body: Range<Int>)] = []
        var j = block.lowerBound
        var clauseStart: (patterns: Range<Int>?, body: Int)?
        while j < block.upperBound {
            let t = tokens[j]
            if t.isPunctuation("(") || t.isPunctuation("[") || t.isPunctuation("{") {
                guard code.matching[j] > j else { return nil }
                j = code.matching[j] + 1
                continue
            }
            let previous = j > block.lowerBound ? tokens[j - 1] : nil
            let isClause = (t.isIdentifier("case") || t.isIdentifier("default"))
                && !(previous.map { ["if", "guard", "while", "for", ","].contains($0.text) } ?? false)
            guard isClause else {
                if clauseStart == nil { return nil }  // a statement before the first clause
                j += 1
                continue
            }
            if let start = clauseStart { list.append((start.patterns, start.body..<j)) }
            var colon = j + 1
            while colon < block.upperBound, !tokens[colon].isPunctuation(":") {
                if tokens[colon].isPunctuation("(") || tokens[colon].isPunctuation("[") {
                    guard code.matching[colon] > colon else { return nil }
                    colon = code.matching[colon]
                }
                colon += 1
            }
            guard colon < block.upperBound else { return nil }
            clauseStart = (t.isIdentifier("default") ? nil : (j + 1)..<colon, colon + 1)
            j = colon + 1
        }
        if let start = clauseStart { list.append((start.patterns, start.body..<block.upperBound)) }
        // When every pattern is a plain `.name`, an enum case finds its clause by name (the first that lists it).
        var byCaseName: [String: Int]? = [:]
        for (index, clause) in list.enumerated() {
            guard let patterns = clause.patterns else { continue }
            var k = patterns.lowerBound
            while k < patterns.upperBound {
                guard k + 1 < patterns.upperBound, tokens[k].isPunctuation("."), tokens[k + 1].kind == .identifier,
                    k + 2 == patterns.upperBound || tokens[k + 2].isPunctuation(",")
                else {
                    byCaseName = nil
                    break
                }
                if byCaseName?[tokens[k + 1].text] == nil { byCaseName?[tokens[k + 1].text] = index }
                k += 3
            }
            if byCaseName == nil { break }
        }
        return SwitchClauses(list: list, defaultClause: list.firstIndex { $0.patterns == nil }, byCaseName: byCaseName)
    }

    /// A clause's statements, with the names its pattern binds (`case .other(let s)`) unknown: they are
    /// associated values, which the scanner does not know.
    private mutating func executeClause(_ body: Range<Int>, bound names: [String], file: Int) -> CodeFlow {
        guard !frames.isEmpty else { return undecidable(body, file: file) }
        for name in names { frames[frames.count - 1].bindings[name] = unresolvable(file) }
        let flow = executeStatements(body, file: file)
        for name in names { frames[frames.count - 1].bindings[name] = nil }
        return flow
    }

    /// Whether a clause's comma-separated patterns match the subject, and the names they bind; `nil`
    /// when undecidable.
    private func match(_ patterns: Range<Int>, _ subject: CodeValue, file: Int) -> (Bool, [String])? {
        let tokens = files[file].tokens
        var names: [String] = []
        var matched = false
        var i = patterns.lowerBound
        while i < patterns.upperBound {
            var j = i
            var level = 0
            while j < patterns.upperBound, level > 0 || !tokens[j].isPunctuation(",") {
                if tokens[j].isPunctuation("(") { level += 1 }
                if tokens[j].isPunctuation(")") { level -= 1 }
                j += 1
            }
            guard let (matches, bound) = matchOne(i..<j, subject, file: file) else { return nil }
            matched = matched || matches
            names += bound
            i = j + 1
        }
        return (matched, names)
    }

    private func matchOne(_ pattern: Range<Int>, _ subject: CodeValue, file: Int) -> (Bool, [String])? {
        let tokens = files[file].tokens
        var p = Array(tokens[pattern])
        guard let first = p.first, !p.contains(where: { $0.isIdentifier("where") }) else { return nil }
        if p.count == 1, first.isIdentifier("_") { return (true, []) }
        if p.count == 1, first.kind == .string { return Self.equal(subject, first.value.map(CodeValue.string) ?? .null).map { ($0, []) } }
        if p.count == 1, first.kind == .number { return Self.equal(subject, .number(first.text)).map { ($0, []) } }
        if first.isIdentifier("let") || first.isIdentifier("var") { p.removeFirst() }
        // `.name`, `Type.name`, each optionally with `(…)` binding associated values.
        var names: [String] = []
        var k = 0
        if k < p.count, p[k].kind == .identifier { names.append(p[k].text); k += 1 }
        while k + 1 < p.count, p[k].isPunctuation("."), p[k + 1].kind == .identifier {
            names.append(p[k + 1].text)
            k += 2
        }
        guard let caseName = names.last, p.first?.isPunctuation(".") == true || names.count >= 2 else { return nil }
        var bound: [String] = []
        if k < p.count {
            guard p[k].isPunctuation("("), p.last?.isPunctuation(")") == true else { return nil }
            for token in p[(k + 1)...] where token.kind == .identifier && !["let", "var", "_"].contains(token.text) { bound.append(token.text) }
        }
        guard case .enumCase(let type, let name) = subject else { return nil }
        if names.count >= 2, let type, names[names.count - 2] != type, names[names.count - 2] != "Self" { return nil }
        return (name == caseName, bound)
    }
}
