// The named values of registration code: constants, variables, enum cases, macros, and additions to sets.

/// Where a name's value is written.
struct CodeDefinition: Sendable {
    enum Value: Sendable {
        /// An expression starting at a token index of the file.
        case expression(tokenIndex: Int)
        /// A computed property (`var title: String { switch self { … } }`): the token range of its body
        /// (of its getter when it spells `get { … }`), between the braces.
        case computed(body: Range<Int>)
        /// An enum case: its raw value when it has one (explicit, or implicit in a `String` enum).
        case enumCase(rawValue: String?)
    }
    var file: Int
    var name: String
    /// The types the definition is nested in, outermost first (`["Chat", "Keys"]` for a member of `Keys` in
    /// `Chat`); empty at the top level.
    var typePath: [String]
    /// The byte offset of the name.
    var position: Int
    var value: Value
    /// For a local (a `let` or `var` in a function or other block, an Objective-C `Type *x = …` in a method):
    /// the token index of the brace that opens its block, in which it is visible from its position on. `nil`
    /// for what is visible everywhere: top-level names, type members, macros, assignments.
    var block: Int? = nil

    /// The innermost type the definition is in (`static let` members, enum cases), if any.
    var qualifier: String? { typePath.last }
}

/// A Swift function or method, for calls the evaluator follows (`makeCategory(type, actions: […])`).
struct CodeFunction: Sendable {
    struct Parameter: Sendable {
        /// The argument label (`nil` for `_`).
        var label: String?
        var name: String
        /// The token index of the default value, if any.
        var defaultValue: Int?
        /// Whether it takes any number of arguments (`_ args: CVarArg...`).
        var isVariadic = false
    }
    var file: Int
    var name: String
    /// The innermost type the function is in, if any.
    var qualifier: String?
    var parameters: [Parameter]
    /// The token range of the body, between the braces.
    var body: Range<Int>
}

/// An enum's cases in declaration order (what `allCases` lists when the compiler synthesizes it).
struct CodeEnum: Sendable {
    var file: Int
    var name: String
    var cases: [String] = []
    /// Whether a case has associated values (then the enum has no synthesized `allCases`).
    var hasPayloadCases = false
}

/// The extent of a type's body in a file (byte offsets), for what `Self` names there.
struct CodeTypeScope: Sendable {
    var name: String
    /// The types it is nested in and its name, outermost first.
    var path: [String]
    var start: Int
    var end: Int
}

/// One file's tokens with the names it defines.
struct ScannedCodeFile: Sendable {
    var id: SourceFileID
    var language: CodeLanguage
    var tokens: [CodeToken]
    var suppressions: [SuppressionComment]
    /// The code under conditions notifc cannot decide (`#if DEBUG`).
    var undecided: [UndecidedRegion] = []
    /// For each opening bracket, the index of its closing one (and the reverse); -1 elsewhere.
    var matching: [Int] = []
    /// For each token, whether it is in code for older systems only (``availabilityFallbacks(_:matching:enclosingBlock:)``).
    var isFallback: [Bool] = []
    /// For each token, the opening brace of the innermost block it is in (-1 at the top level).
    var enclosingBlock: [Int] = []

    init(id: SourceFileID, language: CodeLanguage, tokens: [CodeToken], suppressions: [SuppressionComment]) {
        self.id = id
        self.language = language
        self.tokens = tokens
        self.suppressions = suppressions
        matching = Self.matchingBrackets(tokens)
        enclosingBlock = Self.enclosingBlocks(tokens)
        isFallback = Self.availabilityFallbacks(tokens, matching: matching, enclosingBlock: enclosingBlock)
    }

    /// Pairs brackets with a stack; a closing bracket of another kind than the open one pairs nothing.
    static func matchingBrackets(_ tokens: [CodeToken]) -> [Int] {
        var result = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (i, t) in tokens.enumerated() where t.kind == .punctuation {
            switch t.text {
            case "(", "[", "{", "@[", "@{", "@(": stack.append(i)
            case ")", "]", "}":
                guard let open = stack.popLast() else { continue }
                let opener = tokens[open].text.last
                if (opener == "(" && t.text == ")") || (opener == "[" && t.text == "]") || (opener == "{" && t.text == "}") {
                    result[open] = i
                    result[i] = open
                }
            default: break
            }
        }
        return result
    }

    /// Whether the block whose brace is at `open` is a scope of its own for names declared in it: its braces pair (an
    /// unpaired one, left by two `#if` branches that each open a body, scopes nothing reliably), and it is not C++'s
    /// `extern "C" { … }` or `namespace … { … }`, whose declarations are the file's.
    func isScope(_ open: Int) -> Bool {
        guard open >= 0, open < matching.count, matching[open] > open else { return false }
        if open >= 1, tokens[open - 1].kind == .string { return false }
        if open >= 1, tokens[open - 1].isIdentifier("namespace") { return false }
        if open >= 2, tokens[open - 2].isIdentifier("namespace") { return false }
        return true
    }

    /// How many blocks out from a place name lookup walks (deeper nesting is read as the innermost 256).
    static let maximumScopeDepth = 256

    /// The body between the brace at `open` and its closing brace, if they pair.
    func body(openingAt open: Int) -> Range<Int>? {
        guard open >= 0, open < matching.count, tokens[open].isPunctuation("{"), matching[open] > open else { return nil }
        return (open + 1)..<matching[open]
    }
}

/// Collects definitions from a file's tokens by looking at declaration shapes, without parsing statements.
struct CodeDefinitionCollector {
    private(set) var definitions: [String: [CodeDefinition]] = [:]
    /// `x.insert(…)`, `[x addObject:…]`, `x += …`, `x |= …`: token indexes of values added to a named collection.
    private(set) var additions: [String: [(file: Int, tokenIndex: Int)]] = [:]
    /// `x.removeAll()`, `x.sort()`, `[x removeLastObject]`, …: where a named collection is changed in a way the scan
    /// does not follow (its value after them is not known), by name.
    private(set) var otherChanges: [String: [(file: Int, position: Int)]] = [:]

    /// The Swift methods that change a collection or option set other than by adding to its end.
    private static let swiftChanges: Set<String> = [
        "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popFirst", "popLast", "reverse", "sort",
        "shuffle", "swapAt", "subtract", "formIntersection", "formSymmetricDifference", "replaceSubrange",
    ]
    /// The same in Objective-C (`NSMutableArray`, `NSMutableSet`).
    private static let objectiveCChanges: Set<String> = [
        "removeAllObjects", "removeLastObject", "removeObject", "removeObjectAtIndex", "removeObjectsInArray", "insertObject",
        "replaceObjectAtIndex", "exchangeObjectAtIndex", "sortUsingComparator", "sortUsingDescriptors", "setArray", "setSet",
        "minusSet", "intersectSet", "filterUsingPredicate",
    ]
    /// Swift functions and methods by name.
    private(set) var functions: [String: [CodeFunction]] = [:]
    /// Enums by name (several when several files declare one of that name).
    private(set) var enums: [String: [CodeEnum]] = [:]
    /// Type bodies by file.
    private(set) var typeScopes: [Int: [CodeTypeScope]] = [:]

    /// Names bound in blocks by parameters and loops (``ScannedCodeFile/bindings(at:)``).
    private(set) var boundNames: [BoundName] = []

    /// The names declared as locals in each block of the file being collected, by the block's opening brace.
    private var localNames: [Int: Set<String>] = [:]

    private mutating func define(_ definition: CodeDefinition) {
        definitions[definition.name, default: []].append(definition)
        if let block = definition.block { localNames[block, default: []].insert(definition.name) }
    }

    mutating func collect(_ file: ScannedCodeFile, index fileIndex: Int) {
        localNames = [:]
        let tokens = file.tokens
        struct TypeScope {
            var name: String
            /// The enclosing types' names and its own (several for `extension Chat.Keys`), outermost first.
            var path: [String]
            var depth: Int
            var isEnum: Bool
            var isStringEnum: Bool
            var start = 0
            var enumIndex: Int? = nil
        }
        var scopes: [TypeScope] = []
        var pending: TypeScope?
        var depth = 0
        /// The body of the innermost `if`/`while` whose conditions may be ahead: `if let x = …` binds `x` there.
        var conditionBody: Int?
        var i = 0
        func token(_ offset: Int) -> CodeToken? { i + offset < tokens.count && i + offset >= 0 ? tokens[i + offset] : nil }
        while i < tokens.count {
            let t = tokens[i]
            if let (names, block) = file.bindings(at: i), file.isScope(block) {
                boundNames += names.map { BoundName(file: fileIndex, block: block, name: $0) }
            }
            if let body = file.conditionBody(at: i) { conditionBody = body }
            switch t.kind {
            case .punctuation:
                if t.text == "{" || t.text == "@{" {
                    depth += 1
                    if var scope = pending {
                        scope.depth = depth
                        scope.start = t.start
                        if scope.isEnum {
                            scope.enumIndex = enums[scope.name, default: []].count
                            enums[scope.name, default: []].append(CodeEnum(file: fileIndex, name: scope.name))
                        }
                        scopes.append(scope)
                        pending = nil
                    }
                } else if t.text == "}" {
                    if let last = scopes.last, last.depth == depth {
                        scopes.removeLast()
                        typeScopes[fileIndex, default: []].append(CodeTypeScope(name: last.name, path: last.path, start: last.start, end: t.end))
                    }
                    depth = max(0, depth - 1)
                } else if t.text == ";" {
                    pending = nil
                } else if t.text == "[", file.language == .objectiveC, !file.isFallback[i], let receiver = token(1), receiver.kind == .identifier {
                    // `[x addObject: …]`, `[self.x addObject: …]`
                    var nameOffset = 1
                    if receiver.text == "self", token(2)?.isPunctuation(".") == true { nameOffset = 3 }
                    if let name = token(nameOffset), name.kind == .identifier, let selector = token(nameOffset + 1),
                        ["addObject", "addObjectsFromArray", "unionSet", "addObjectsFromSet"].contains(selector.text),
                        token(nameOffset + 2)?.isPunctuation(":") == true
                    {
                        additions[Self.propertyName(name.text), default: []].append((fileIndex, i + nameOffset + 3))
                    } else if let name = token(nameOffset), name.kind == .identifier, let selector = token(nameOffset + 1),
                        Self.objectiveCChanges.contains(selector.text)
                    {
                        otherChanges[Self.propertyName(name.text), default: []].append((fileIndex, name.start))
                    }
                }
            case .define:
                if let name = token(1), name.kind == .identifier, let body = token(2), body.kind != .endOfDirective,
                    !(body.isPunctuation("(") && body.start == name.end)
                {
                    define(CodeDefinition(file: fileIndex, name: name.text, typePath: [], position: name.start, value: .expression(tokenIndex: i + 2)))
                }
            case .identifier where !file.isFallback[i]:  // code for older systems does not define what the scan reads
                let scope = scopes.last
                let typePath = scope?.path ?? []
                // In a block that is not a type's body: what is declared here is a local of that block.
                var block: Int? { depth > 0 && scope?.depth != depth && file.isScope(file.enclosingBlock[i]) ? file.enclosingBlock[i] : nil }
                switch t.text {
                case let word
                where file.language == .swift && ["enum", "struct", "class", "extension", "protocol", "actor"].contains(word):
                    guard var nameIndex = token(1).map({ _ in i + 1 }), tokens[nameIndex].kind == .identifier else { break }
                    var path = typePath + [tokens[nameIndex].text]
                    while nameIndex + 2 < tokens.count, tokens[nameIndex + 1].isPunctuation("."), tokens[nameIndex + 2].kind == .identifier {
                        nameIndex += 2
                        path.append(tokens[nameIndex].text)
                    }
                    var isStringEnum = false
                    if t.text == "enum" {
                        var j = nameIndex + 1
                        while j < tokens.count, !tokens[j].isPunctuation("{"), j < nameIndex + 12 {
                            if tokens[j].isIdentifier("String") { isStringEnum = true }
                            j += 1
                        }
                    }
                    pending = TypeScope(name: tokens[nameIndex].text, path: path, depth: 0, isEnum: t.text == "enum", isStringEnum: isStringEnum)
                case "case" where scope?.isEnum == true && scope?.depth == depth:
                    guard let scope else { break }
                    var j = i + 1
                    while j < tokens.count, tokens[j].kind == .identifier {
                        let caseName = tokens[j]
                        j += 1
                        var raw: String? = scope.isStringEnum ? caseName.text : nil
                        if let enumIndex = scope.enumIndex, enumIndex < enums[scope.name, default: []].count {
                            enums[scope.name, default: []][enumIndex].cases.append(caseName.text)
                        }
                        if j < tokens.count, tokens[j].isPunctuation("(") {
                            raw = nil
                            if let enumIndex = scope.enumIndex, enumIndex < enums[scope.name, default: []].count {
                                enums[scope.name, default: []][enumIndex].hasPayloadCases = true
                            }
                            var level = 0
                            while j < tokens.count {
                                if tokens[j].isPunctuation("(") { level += 1 }
                                if tokens[j].isPunctuation(")") { level -= 1; if level == 0 { j += 1; break } }
                                j += 1
                            }
                        }
                        if j + 1 < tokens.count, tokens[j].isPunctuation("=") {
                            raw = tokens[j + 1].kind == .string ? tokens[j + 1].value : nil
                            j += 2
                        }
                        define(CodeDefinition(file: fileIndex, name: caseName.text, typePath: scope.path, position: caseName.start, value: .enumCase(rawValue: raw)))
                        guard j < tokens.count, tokens[j].isPunctuation(","), !tokens[j + 1 < tokens.count ? j + 1 : j].startsLine || true else { break }
                        j += 1
                    }
                case let word where file.language == .swift && (word == "let" || word == "var"):
                    guard let name = token(1), name.kind == .identifier else { break }
                    // A condition's binding (`if let x = …`) is a local of the body; `if let x {` is the outer `x`.
                    let conditionBlock = conditionBody.flatMap { $0 > i ? $0 : nil }
                    var j = i + 2
                    if j < tokens.count, tokens[j].isPunctuation(":") {
                        j += 1
                        var level = 0
                        while j < tokens.count {
                            let u = tokens[j]
                            if level == 0, u.isPunctuation("=") || u.isPunctuation("{") { break }
                            if level == 0, u.startsLine, j > i + 3 { break }
                            if u.isPunctuation("<") || u.isPunctuation("[") || u.isPunctuation("(") { level += 1 }
                            if u.isPunctuation(">") || u.isPunctuation("]") || u.isPunctuation(")") { level -= 1 }
                            j += 1
                        }
                    }
                    guard j < tokens.count else { break }
                    if tokens[j].isPunctuation("=") {
                        // A stored `var` property's initial value is not its value: it may change anywhere.
                        let isStoredProperty = t.text == "var" && scope != nil && scope?.depth == depth
                        if let conditionBlock {
                            if file.isScope(conditionBlock) {
                                define(CodeDefinition(file: fileIndex, name: name.text, typePath: typePath, position: name.start, value: .expression(tokenIndex: j + 1), block: conditionBlock))
                            }
                        } else if !isStoredProperty {
                            define(CodeDefinition(file: fileIndex, name: name.text, typePath: typePath, position: name.start, value: .expression(tokenIndex: j + 1), block: block))
                        }
                        i = j
                    } else if conditionBlock == nil, var body = file.body(openingAt: j) {
                        if body.lowerBound + 1 < body.upperBound, tokens[body.lowerBound].isIdentifier("get"),
                            let getter = file.body(openingAt: body.lowerBound + 1)
                        {
                            body = getter
                        }
                        define(CodeDefinition(file: fileIndex, name: name.text, typePath: typePath, position: name.start, value: .computed(body: body), block: block))
                        i = j - 1  // the brace is counted next
                    }
                case "func" where file.language == .swift:
                    if let function = Self.function(at: i, in: file, fileIndex: fileIndex, qualifier: scope?.name) {
                        functions[function.name, default: []].append(function)
                    }
                default:
                    guard let next = token(1) else { break }
                    let previous = token(-1)
                    if next.isPunctuation("="), previous.map({ !$0.isPunctuation(".") || token(-2)?.isIdentifier("self") == true }) ?? true,
                        previous?.isIdentifier("let") != true, previous?.isIdentifier("var") != true
                    {
                        // `x = …`, `self.x = …`, `NSString *const X = …`, `Type *x = …`; in Objective-C, a declaration
                        // (after a type) in a method or function is a local.
                        // An assignment to a local is a definition in the local's block (the value from there on).
                        let name = Self.propertyName(t.text)
                        let declares = file.language == .objectiveC
                            && (previous?.isPunctuation("*") == true
                                || (previous?.kind == .identifier && !["else", "return", "do", "case"].contains(previous?.text ?? "")))
                        var target = declares ? block : nil
                        if !declares, previous?.isPunctuation(".") != true {
                            var outer = file.enclosingBlock[i]
                            var steps = 0
                            while outer >= 0, target == nil, steps < ScannedCodeFile.maximumScopeDepth {
                                if localNames[outer]?.contains(name) == true { target = outer }
                                outer = file.enclosingBlock[outer]
                                steps += 1
                            }
                        }
                        define(CodeDefinition(file: fileIndex, name: name, typePath: typePath, position: t.start, value: .expression(tokenIndex: i + 2), block: target))
                    } else if next.isPunctuation("+=") || next.isPunctuation("|=") {
                        additions[Self.propertyName(t.text), default: []].append((fileIndex, i + 2))
                    } else if next.isPunctuation("."), let method = token(2), ["insert", "append", "formUnion", "update"].contains(method.text),
                        token(3)?.isPunctuation("(") == true, previous.map({ !$0.isPunctuation(".") || token(-2)?.isIdentifier("self") == true }) ?? true
                    {
                        var start = i + 4
                        if token(4)?.kind == .identifier, token(5)?.isPunctuation(":") == true { start += 2 }
                        additions[Self.propertyName(t.text), default: []].append((fileIndex, start))
                    } else if next.isPunctuation("."), let method = token(2), Self.swiftChanges.contains(method.text),
                        token(3)?.isPunctuation("(") == true, previous.map({ !$0.isPunctuation(".") || token(-2)?.isIdentifier("self") == true }) ?? true
                    {
                        otherChanges[Self.propertyName(t.text), default: []].append((fileIndex, t.start))
                    }
                }
            default:
                break
            }
            i += 1
        }
    }

    /// The function declared by `func` at token `i`: name, parameters and body; `nil` for a
    /// requirement without body, an operator, or a declaration the collector does not read.
    static func function(at i: Int, in file: ScannedCodeFile, fileIndex: Int, qualifier: String?) -> CodeFunction? {
        let tokens = file.tokens
        guard i + 2 < tokens.count, tokens[i + 1].kind == .identifier else { return nil }
        var j = i + 2
        if tokens[j].isPunctuation("<") {  // generic parameters
            while j < tokens.count, !tokens[j].isPunctuation(">"), j < i + 40 { j += 1 }
            j += 1
        }
        guard j < tokens.count, tokens[j].isPunctuation("("), file.matching[j] > j else { return nil }
        let close = file.matching[j]
        var parameters: [CodeFunction.Parameter] = []
        var segment: [Int] = []
        var level = 0
        func finish() -> Bool {
            defer { segment = [] }
            guard !segment.isEmpty else { return true }
            guard segment.count >= 2, tokens[segment[0]].kind == .identifier else { return false }
            var parameter: CodeFunction.Parameter
            if tokens[segment[1]].isPunctuation(":") {
                parameter = .init(label: tokens[segment[0]].text, name: tokens[segment[0]].text)
            } else if segment.count >= 3, tokens[segment[1]].kind == .identifier, tokens[segment[2]].isPunctuation(":") {
                let label = tokens[segment[0]].text
                parameter = .init(label: label == "_" ? nil : label, name: tokens[segment[1]].text)
            } else {
                return false
            }
            if let equals = segment.firstIndex(where: { tokens[$0].isPunctuation("=") }), equals + 1 < segment.count {
                parameter.defaultValue = segment[equals + 1]
            }
            parameter.isVariadic = segment.contains { tokens[$0].isPunctuation("...") }
            parameters.append(parameter)
            return true
        }
        var k = j + 1
        while k < close {
            let t = tokens[k]
            if t.isPunctuation("(") || t.isPunctuation("[") || t.isPunctuation("<") { level += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") || t.isPunctuation(">") { level -= 1 }
            if level == 0, t.isPunctuation(",") {
                guard finish() else { return nil }
            } else {
                segment.append(k)
            }
            k += 1
        }
        guard finish() else { return nil }
        // After the parameters: `async`, `throws`, `-> Type`, `where …`, then the body.
        k = close + 1
        while k < tokens.count, k < close + 64 {
            let t = tokens[k]
            if t.isPunctuation("{") {
                guard let body = file.body(openingAt: k) else { return nil }
                return CodeFunction(file: fileIndex, name: tokens[i + 1].text, qualifier: qualifier, parameters: parameters, body: body)
            }
            if t.isPunctuation("}") || t.isPunctuation(";") || t.isPunctuation("=")
                || (t.kind == .identifier && ["func", "var", "let", "case", "init", "subscript"].contains(t.text))
            {
                return nil
            }
            k += 1
        }
        return nil
    }

    /// An Objective-C property's instance variable `_x` names the property `x`.
    static func propertyName(_ name: String) -> String {
        name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
    }
}
