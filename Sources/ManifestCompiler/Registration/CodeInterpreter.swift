// A small, bounded interpreter for the registration code that builds categories in code: `allCases.map { … }`,
// computed properties that `switch self`, and functions whose body returns what the scanner can resolve.

/// Values bound while the interpreter runs a body: a closure's or function's parameters, `self`, locals.
/// They are visible in `range` (byte offsets of the body in `file`), as Swift scopes names lexically.
struct CodeFrame {
    var file: Int
    var range: Range<Int>
    var bindings: [String: CodeValue]
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
    /// The most nested calls of functions of the given files.
    static let maximumCalls = 16
    /// The most elements `map` runs its closure for.
    static let maximumMappedElements = 4096
    /// The most bodies one scan runs (calls, closures, computed properties): beyond it every value they
    /// would give is unresolved, so that calls that branch (`f(k) + f(k)` at every level) stay quick.
    static let maximumExecutions = 20_000

    // MARK: Bound values

    /// The innermost value bound to `name` where `position` is.
    func boundValue(_ name: String, file: Int, position: Int) -> CodeValue? {
        for frame in frames.reversed() where frame.file == file && frame.range.contains(position) {
            if let value = frame.bindings[name] { return value }
        }
        return nil
    }

    /// The bound values in scope at a place, as text: empty when none, so that evaluations of one
    /// initializer with different bound values are told apart.
    func contextSignature(file: Int, position: Int) -> String {
        var pieces: [String] = []
        for frame in frames.reversed() where frame.file == file && frame.range.contains(position) {
            for (name, value) in frame.bindings.sorted(by: { $0.key < $1.key }) { pieces.append("\(name)=\(Self.signature(value))") }
        }
        return pieces.joined(separator: ";")
    }

    static func signature(_ value: CodeValue) -> String {
        switch value {
        case .string(let s): "s\(s.utf8.count):\(s)"
        case .localized(let key, let text): "l\(key.utf8.count):\(key)\(text.utf8.count):\(text)"
        case .category(let index): "c\(index)"
        case .action(let index): "a\(index)"
        case .list(let items): "[" + items.map(signature).joined(separator: ",") + "]"
        case .options(let names): "o(" + names.joined(separator: ",") + ")"
        case .icon(let icon): "i(\(icon))"
        case .number(let text): "n\(text)"
        case .bool(let flag): flag ? "T" : "F"
        case .enumCase(let type, let name): "e\(type ?? "").\(name)"
        case .null: "0"
        case .unknown(_, let file, let start, _): "?\(file):\(start)"
        }
    }

    /// A value with no place of its own; callers report the expression that produced it.
    func unresolvable(_ file: Int) -> CodeValue { .unknown("", file: file, start: 0, end: 0) }

    /// A name path rooted at a bound value (`item.rawValue`, `$0.action`, `self.title`, or a member of a
    /// bound `self` named alone, `title`); `nil` when the path does not start with one.
    mutating func evaluateBound(_ path: [String], file: Int, position: Int) -> CodeValue? {
        guard let first = path.first, !first.isEmpty, first != "Self" else { return nil }
        var value: CodeValue
        if let bound = boundValue(first, file: file, position: position) {
            value = bound
        } else if first != "self", let selfValue = boundValue("self", file: file, position: position),
            case .enumCase(let type, _) = selfValue, first == "rawValue" || memberDefinition(first, of: type) != nil
        {
            guard let member = member(first, of: selfValue, file: file, position: position) else { return unresolvable(file) }
            value = member
        } else {
            return nil
        }
        for name in path.dropFirst() {
            guard let member = member(name, of: value, file: file, position: position) else { return unresolvable(file) }
            value = member
        }
        return value
    }

    /// A computed property of an enum (`var title: String { switch self { … } }`); of an enum not known,
    /// only when one type has a property of that name.
    func memberDefinition(_ name: String, of type: String?) -> CodeDefinition? {
        let computed = (definitions[name] ?? []).prefix(4096).filter { definition in
            guard case .computed = definition.value else { return false }
            return type == nil || definition.qualifier == type
        }
        guard type != nil || Set(computed.map { $0.qualifier ?? "" }).count == 1 else { return nil }
        return computed.first
    }

    /// A member of a value: an enum case's `rawValue` or computed property, run with `self` bound.
    mutating func member(_ name: String, of value: CodeValue, file: Int, position: Int) -> CodeValue? {
        guard case .enumCase(let type, let caseName) = value else { return nil }
        if name == "rawValue" {
            var raws = Set<String>()
            for definition in (definitions[caseName] ?? []).prefix(4096) where type == nil || definition.qualifier == type {
                if case .enumCase(let raw?) = definition.value { raws.insert(raw) }
            }
            if raws.count == 1, let raw = raws.first { return .string(raw) }
            if raws.count > 1 { return nil }
        }
        guard let definition = memberDefinition(name, of: type), case .computed(let body) = definition.value else { return nil }
        let key = SiteKey(file: definition.file, offset: definition.position, context: Self.signature(value))
        guard !resolving.contains(key) else { return nil }
        resolving.insert(key)
        defer { resolving.remove(key) }
        let result = execute(body: body, file: definition.file, bindings: ["self": value])
        return result.isUnknown ? nil : result
    }

    /// The type whose body contains a place (what `Self` names there).
    func enclosingType(file: Int, position: Int) -> String? {
        var best: CodeTypeScope?
        for scope in typeScopes[file] ?? [] where scope.start <= position && position < scope.end {
            if best.map({ scope.end - scope.start < $0.end - $0.start }) ?? true { best = scope }
        }
        return best?.name
    }

    /// `Kind.allCases` (or `allCases` inside `Kind`) as the compiler synthesizes it: every case, in
    /// order, of the one enum of that name whose cases have no associated values. `nil` when the type
    /// defines `allCases` itself (that definition is read instead) or is not such an enum.
    func allCases(of qualifier: String?, file: Int, position: Int) -> CodeValue? {
        guard let type = qualifier ?? enclosingType(file: file, position: position), !type.isEmpty else { return nil }
        if (definitions["allCases"] ?? []).contains(where: { $0.qualifier == type }) { return nil }
        guard let declarations = enums[type], declarations.count == 1, let declaration = declarations.first,
            !declaration.hasPayloadCases, !declaration.cases.isEmpty
        else { return nil }
        return .list(declaration.cases.map { .enumCase(type: type, name: $0) })
    }

    // MARK: Conditions

    /// A condition's value, `.bool` when decidable: `==`, `!=` over enum cases, strings, numbers and
    /// booleans, `&&`, `||`, `true`, `false`.
    mutating func evaluateCondition(_ expression: CodeExpression, file: Int, position: Int) -> CodeValue {
        switch expression {
        case .binary(let op, let left, let right, _, _) where op == "==" || op == "!=":
            let a = conditionOperand(left, file: file, position: position)
            let b = conditionOperand(right, file: file, position: position)
            guard let equal = Self.equal(a, b) else { return unknown(expression, file: file) }
            return .bool(op == "==" ? equal : !equal)
        case .binary(let op, let left, let right, _, _) where op == "&&" || op == "||":
            let a = evaluateCondition(left, file: file, position: position)
            if case .bool(let flag) = a, flag == (op == "||") { return .bool(flag) }
            let b = evaluateCondition(right, file: file, position: position)
            guard case .bool(let x) = a, case .bool(let y) = b else { return unknown(expression, file: file) }
            return .bool(op == "&&" ? x && y : x || y)
        default:
            let value = evaluate(expression, file: file, position: position)
            if case .bool = value { return value }
            return unknown(expression, file: file)
        }
    }

    /// An operand of `==`: `.reply` compares by case name, whatever enum declares it.
    private mutating func conditionOperand(_ expression: CodeExpression, file: Int, position: Int) -> CodeValue {
        if case .name(let path, _, _) = expression, path.count == 2, path[0].isEmpty { return .enumCase(type: nil, name: path[1]) }
        return evaluate(expression, file: file, position: position)
    }

    /// Whether two values are equal, `nil` when the scanner cannot tell.
    static func equal(_ a: CodeValue, _ b: CodeValue) -> Bool? {
        switch (a, b) {
        case (.enumCase(let t1, let n1), .enumCase(let t2, let n2)):
            if let t1, let t2, t1 != t2 { return nil }
            return n1 == n2
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return nil
        }
    }

    // MARK: Calls

    /// A call the interpreter runs: `xs.map { … }` / `.compactMap`, a closure called at once
    /// (`{ … }()`), a function or method of the given files. `nil` when it is none of these.
    mutating func evaluateCodeCall(_ callee: CodeExpression, _ arguments: [CodeArgument], file: Int, position: Int) -> CodeValue? {
        guard files[file].language == .swift else { return nil }
        if case .closure = callee, arguments.isEmpty { return apply(callee, to: [], file: file, position: position) }
        let name: String
        var receiver: CodeExpression?
        switch callee {
        case .name(let path, let start, let end):
            guard let last = path.last, !last.isEmpty else { return nil }
            name = last
            if path.count > 1 { receiver = .name(Array(path.dropLast()), start: start, end: end) }
        case .member(let base, let member, _, _):
            name = member
            receiver = base
        default:
            return nil
        }
        if name == "map" || name == "compactMap", let receiver, arguments.count == 1, arguments[0].label == nil {
            let function = arguments[0].value
            switch function {
            case .closure, .reference: break
            default: return nil
            }
            guard case .list(let items) = evaluate(receiver, file: file, position: position), items.count <= Self.maximumMappedElements else {
                // Elements not known: run once with an unknown element, so that what the closure creates
                // is noted with that unknown value in scope.
                _ = apply(function, to: [unresolvable(file)], file: file, position: position)
                return unresolvable(file)
            }
            var results: [CodeValue] = []
            for item in items {
                let value = apply(function, to: [item], file: file, position: position)
                if name == "compactMap", value.isNull { continue }
                results.append(value)
            }
            return .list(results)
        }
        let labels = arguments.map(\.label)
        guard let (function, selfValue) = self.function(name, receiver: receiver, labels: labels, file: file, position: position) else { return nil }
        calledAt.insert(SiteKey(file: file, offset: callee.end - name.utf8.count))
        var values: [(label: String?, value: CodeValue)] = []
        for argument in arguments { values.append((argument.label, evaluate(argument.value, file: file, position: position))) }
        return call(function, values, selfValue: selfValue)
    }

    /// Applies a closure or a function reference to argument values.
    mutating func apply(_ function: CodeExpression, to values: [CodeValue], file: Int, position: Int) -> CodeValue {
        switch function {
        case .closure(let parameters, let body, _, _):
            var bindings: [String: CodeValue] = [:]
            for (index, value) in values.enumerated() {
                if parameters.isEmpty {
                    bindings["$\(index)"] = value
                } else if index < parameters.count, parameters[index] != "_" {
                    bindings[parameters[index]] = value
                }
            }
            if !parameters.isEmpty, parameters.count != values.count { return unresolvable(file) }
            return execute(body: body, file: file, bindings: bindings)
        case .reference(let path, let labels, let start, let end):
            guard labels.count == values.count, let name = path.last else { return unresolvable(file) }
            let receiver: CodeExpression? = path.count > 1 ? .name(Array(path.dropLast()), start: start, end: end) : nil
            let argumentLabels: [String?] = labels.map { $0 == "_" ? nil : $0 }
            guard let (function, selfValue) = self.function(name, receiver: receiver, labels: argumentLabels, file: file, position: position) else {
                return unresolvable(file)
            }
            if path.count == 1 { calledAt.insert(SiteKey(file: file, offset: start)) }
            return call(function, Array(zip(argumentLabels, values)), selfValue: selfValue)
        default:
            return unresolvable(file)
        }
    }

    /// The one function of the given files a call names whose parameters take its argument labels, and
    /// the `self` it runs with (an enum case it is called on, or the caller's own `self`).
    mutating func function(
        _ name: String, receiver: CodeExpression?, labels: [String?], file: Int, position: Int
    ) -> (CodeFunction, CodeValue?)? {
        guard let all = functions[name], !all.isEmpty else { return nil }
        var qualifier: String?
        var selfValue: CodeValue?
        if let receiver {
            if case .name(let path, _, _) = receiver, path.count == 1, boundValue(path[0], file: file, position: position) == nil {
                qualifier = path[0] == "self" || path[0] == "Self" ? enclosingType(file: file, position: position) : path[0]
                if path[0] == "self" { selfValue = boundValue("self", file: file, position: position) }
            } else {
                let value = evaluate(receiver, file: file, position: position)
                guard case .enumCase(let type, _) = value, let type else { return nil }
                qualifier = type
                selfValue = value
            }
            guard qualifier != nil else { return nil }
        }
        var candidates = all.prefix(4096).filter { qualifier == nil || $0.qualifier == qualifier }
        if qualifier == nil {
            let here = candidates.filter { $0.file == file }
            if !here.isEmpty { candidates = here }
        }
        let matching = candidates.filter { Self.bind(labels, to: $0.parameters) != nil }
        guard matching.count == 1, let function = matching.first else { return nil }
        // Called alone inside a method of an enum: a method of the same type runs with the caller's `self`.
        if receiver == nil, case .enumCase(let type, _)? = boundValue("self", file: file, position: position), function.qualifier == type {
            selfValue = boundValue("self", file: file, position: position)
        }
        return (function, selfValue)
    }

    /// For each parameter, the index of the argument it takes (`nil`: its default value); `nil` when the
    /// labels do not fit.
    static func bind(_ labels: [String?], to parameters: [CodeFunction.Parameter]) -> [Int?]? {
        var result: [Int?] = []
        var next = 0
        for parameter in parameters {
            if next < labels.count, labels[next] == parameter.label {
                result.append(next)
                next += 1
            } else if parameter.defaultValue != nil {
                result.append(nil)
            } else {
                return nil
            }
        }
        return next == labels.count ? result : nil
    }

    /// Runs a function with argument values (default values for those not given).
    mutating func call(_ function: CodeFunction, _ arguments: [(label: String?, value: CodeValue)], selfValue: CodeValue?) -> CodeValue {
        let identity = "\(function.file):\(function.body.lowerBound)"
        guard !calls.contains(identity), calls.count < Self.maximumCalls,
            let binding = Self.bind(arguments.map(\.label), to: function.parameters)
        else { return unresolvable(function.file) }
        var bindings: [String: CodeValue] = [:]
        let definingFile = files[function.file]
        for (parameter, index) in zip(function.parameters, binding) {
            if let index {
                bindings[parameter.name] = arguments[index].value
            } else if let tokenIndex = parameter.defaultValue, tokenIndex < definingFile.tokens.count {
                var parser = CodeExpressionParser(tokens: definingFile.tokens, language: definingFile.language, at: tokenIndex)
                bindings[parameter.name] = evaluate(parser.parseExpression(), file: function.file, position: definingFile.tokens[tokenIndex].start)
            }
        }
        if let selfValue { bindings["self"] = selfValue }
        calls.append(identity)
        defer { calls.removeLast() }
        return execute(body: function.body, file: function.file, bindings: bindings)
    }

    // MARK: Coverage

    /// Whether the interpreter ran every way into the code at a place, so that what it resolved there
    /// stands for all of it: each function around the place that takes parameters was called by the
    /// interpreter wherever the files call it, and each body around it that ran with an enum case as
    /// `self` ran with every case of that enum.
    func coversEveryEntry(file: Int, position: Int, cache: inout [String: Bool], visiting: inout Set<String>) -> Bool {
        let code = files[file]
        func contains(_ body: Range<Int>) -> Bool {
            guard !body.isEmpty, body.upperBound <= code.tokens.count else { return false }
            return code.tokens[body.lowerBound].start <= position && position < code.tokens[body.upperBound - 1].end
        }
        var bodies: [(body: Range<Int>, qualifier: String?)] = []
        for function in functionsByFile[file] ?? [] where contains(function.body) {
            if !function.parameters.isEmpty, !everyReferenceCovered(function.name, cache: &cache, visiting: &visiting) { return false }
            bodies.append((function.body, function.qualifier))
        }
        for definition in computedByFile[file] ?? [] {
            if case .computed(let body) = definition.value, contains(body) { bodies.append((body, definition.qualifier)) }
        }
        for (body, qualifier) in bodies {
            guard let selves = executedSelves[SiteKey(file: file, offset: body.lowerBound)] else { continue }
            guard let qualifier, let declarations = enums[qualifier], declarations.count == 1, let declaration = declarations.first,
                !declaration.hasPayloadCases, Set(declaration.cases).isSubset(of: selves)
            else { return false }
        }
        return true
    }

    /// Whether every mention of a function's name in the files (but its declarations) is a call the
    /// interpreter made, from code whose every entry it ran in turn (a cycle counts as not).
    private func everyReferenceCovered(_ name: String, cache: inout [String: Bool], visiting: inout Set<String>) -> Bool {
        if let known = cache[name] { return known }
        guard visiting.insert(name).inserted else { return false }
        defer { visiting.remove(name) }
        var covered = true
        search: for (fileIndex, code) in files.enumerated() where code.language == .swift {
            for (i, token) in code.tokens.enumerated() where token.kind == .identifier && token.text == name {
                if i > 0, code.tokens[i - 1].isIdentifier("func") { continue }
                if !calledAt.contains(SiteKey(file: fileIndex, offset: token.start))
                    || !coversEveryEntry(file: fileIndex, position: token.start, cache: &cache, visiting: &visiting)
                {
                    covered = false
                    break search
                }
            }
        }
        cache[name] = covered
        return covered
    }

    // MARK: Statements

    /// Runs a body (of a closure, function or computed property) with values bound; its value is what
    /// it returns, or its only expression.
    mutating func execute(body: Range<Int>, file: Int, bindings: [String: CodeValue]) -> CodeValue {
        let tokens = files[file].tokens
        executions += 1
        guard executions <= Self.maximumExecutions, body.lowerBound >= 0, body.upperBound <= tokens.count, !body.isEmpty else {
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
            guard steps < Self.maximumSteps else { return .undecidable(start: t.start, end: t.end) }
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
            case "if":
                guard let (flow, end) = ifStatement(at: i, in: body, file: file) else { return .undecidable(start: t.start, end: t.end) }
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
            case "switch":
                guard let (flow, end) = switchStatement(at: i, in: body, file: file) else { return .undecidable(start: t.start, end: t.end) }
                switch flow {
                case .returned, .undecidable: return flow
                case .finished(let value): last = value
                }
                next = end
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
    /// when one does not, `nil` when undecidable (`let` bindings, `case` patterns, `#available`).
    private mutating func conditions(_ range: Range<Int>, file: Int) -> Bool? {
        let tokens = files[file].tokens
        guard !range.isEmpty else { return nil }
        var i = range.lowerBound
        while i < range.upperBound {
            guard !["let", "var", "case"].contains(tokens[i].text) || tokens[i].kind != .identifier else { return nil }
            var parser = CodeExpressionParser(tokens: tokens, language: .swift, at: i)
            parser.allowsTrailingClosures = false
            let parsed = parser.parseExpression()
            guard parser.index > i, parser.index <= range.upperBound else { return nil }
            guard case .bool(let flag) = evaluateCondition(parsed, file: file, position: tokens[i].start) else { return nil }
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
        // The clauses: patterns (`nil` for `default`) and bodies.
        var clauses: [(patterns: Range<Int>?, body: Range<Int>)] = []
        var j = block.lowerBound
        var clauseStart: (patterns: Range<Int>?, body: Int)?
        while j < block.upperBound {
            let t = tokens[j]
            if t.isPunctuation("(") || t.isPunctuation("[") || t.isPunctuation("{") {
                guard code.matching[j] > j else { return (stop, end) }
                j = code.matching[j] + 1
                continue
            }
            let previous = j > block.lowerBound ? tokens[j - 1] : nil
            let isClause = (t.isIdentifier("case") || t.isIdentifier("default"))
                && !(previous.map { ["if", "guard", "while", "for", ","].contains($0.text) } ?? false)
            guard isClause else {
                if clauseStart == nil { return (stop, end) }  // a statement before the first clause
                j += 1
                continue
            }
            if let start = clauseStart { clauses.append((start.patterns, start.body..<j)) }
            var colon = j + 1
            while colon < block.upperBound, !tokens[colon].isPunctuation(":") {
                if tokens[colon].isPunctuation("(") || tokens[colon].isPunctuation("[") {
                    guard code.matching[colon] > colon else { return (stop, end) }
                    colon = code.matching[colon]
                }
                colon += 1
            }
            guard colon < block.upperBound else { return (stop, end) }
            clauseStart = (t.isIdentifier("default") ? nil : (j + 1)..<colon, colon + 1)
            j = colon + 1
        }
        if let start = clauseStart { clauses.append((start.patterns, start.body..<block.upperBound)) }
        var fallback: Range<Int>?
        for clause in clauses {
            guard let patterns = clause.patterns else {
                fallback = fallback ?? clause.body
                continue
            }
            guard let (matches, bound) = match(patterns, subject, file: file) else { return (stop, end) }
            if matches { return (executeClause(clause.body, bound: bound, file: file), end) }
        }
        guard let fallback else { return (stop, end) }
        return (executeClause(fallback, bound: [], file: file), end)
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
