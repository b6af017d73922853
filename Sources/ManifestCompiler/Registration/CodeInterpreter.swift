// A small, bounded interpreter for the registration code that builds categories in code: `allCases.map { … }`,
// computed properties that `switch self`, and functions whose body returns what the scanner can resolve.
// Bound values, conditions, calls and coverage here; statements in CodeStatements.swift.

/// Values bound while the interpreter runs a body: a closure's or function's parameters, `self`, locals.
/// They are visible in `range` (byte offsets of the body in `file`), as Swift scopes names lexically.
struct CodeFrame {
    var file: Int
    var range: Range<Int>
    var bindings: [String: CodeValue]
}

extension RegistrationEvaluator {
    /// The most nested calls of functions of the given files.
    static let maximumCalls = 16
    /// The most elements `map` runs its closure for.
    static let maximumMappedElements = 4096
    /// The most bodies one scan runs (calls, closures, computed properties): beyond it every value they
    /// would give is unresolved, so that calls that branch (`f(k) + f(k)` at every level) stay quick.
    static let maximumExecutions = 20_000  // W456's help names it

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
        case .localized(let key, let text, let comment):
            "l\(key.utf8.count):\(key)\(text.utf8.count):\(text)" + (comment.map { "\($0.utf8.count):\($0)" } ?? "")
        case .category(let index): "c\(index)"
        case .action(let index): "a\(index)"
        case .list(let items): "[" + items.map(signature).joined(separator: ",") + "]"
        case .options(let names): "o(" + names.joined(separator: ",") + ")"
        case .icon(let icon): "i(\(icon))"
        case .number(let text): "n\(text)"
        case .bool(let flag): flag ? "T" : "F"
        case .enumCase(let type, let name): "e\(type ?? "").\(name)"
        case .null: "0"
        case .unknown(_, let file, let start, _, _): "?\(file):\(start)"
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
        enclosingTypeScope(file: file, position: position)?.name
    }

    /// The innermost type body that contains a place.
    func enclosingTypeScope(file: Int, position: Int) -> CodeTypeScope? {
        var best: CodeTypeScope?
        for scope in typeScopes[file] ?? [] where scope.start <= position && position < scope.end {
            if best.map({ scope.end - scope.start < $0.end - $0.start }) ?? true { best = scope }
        }
        return best
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
        if name == "union", let receiver, arguments.count == 1, arguments[0].label == nil {
            // `registered.union(ours)`: both sides are followed, so that what `ours` creates is found even when
            // `registered` (the categories already registered, read at run time) is not known.
            let base = evaluate(receiver, file: file, position: position)
            let other = evaluate(arguments[0].value, file: file, position: position)
            if case .list(let a) = base, case .list(let b) = other { return .list(a + b) }
            return unresolvable(file)
        }
        if ["map", "compactMap", "flatMap", "filter"].contains(name), let receiver, arguments.count == 1, arguments[0].label == nil {
            let function = arguments[0].value
            switch function {
            case .closure, .reference, .keyPath: break
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
                switch (name, value) {
                case ("compactMap", .null): continue
                case ("flatMap", .list(let inner)): results += inner
                case ("flatMap", _): return unresolvable(file)
                case ("filter", .bool(let keep)): if keep { results.append(item) }
                case ("filter", _): return unresolvable(file)
                default: results.append(value)
                }
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

    /// Applies a closure, a function reference or a key path to argument values.
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
        case .keyPath(let members, _, _):
            guard values.count == 1, var value = values.first else { return unresolvable(file) }
            for name in members {
                guard let next = member(name, of: value, file: file, position: position) else { return unresolvable(file) }
                value = next
            }
            return value
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
            if parameter.isVariadic {
                // Only bound when it is given no argument (it is then empty); the values of several are not modelled.
                guard next >= labels.count || labels[next] != parameter.label else { return nil }
                result.append(nil)
            } else if next < labels.count, labels[next] == parameter.label {
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
            } else if parameter.isVariadic {
                bindings[parameter.name] = .list([])
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
}
