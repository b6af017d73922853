// The named values of registration code: constants, variables, enum cases, macros, and additions to sets.

/// Where a name's value is written.
struct CodeDefinition: Sendable {
    enum Value: Sendable {
        /// An expression starting at a token index of the file.
        case expression(tokenIndex: Int)
        /// An enum case: its raw value when it has one (explicit, or implicit in a `String` enum).
        case enumCase(rawValue: String?)
    }
    var file: Int
    var name: String
    /// The innermost type the definition is in (`static let` members, enum cases), if any.
    var qualifier: String?
    /// The byte offset of the name.
    var position: Int
    var value: Value
}

/// One file's tokens with the names it defines.
struct ScannedCodeFile: Sendable {
    var id: SourceFileID
    var language: CodeLanguage
    var tokens: [CodeToken]
    var suppressions: [SuppressionComment]
}

/// Collects definitions from a file's tokens by looking at declaration shapes, without parsing statements.
struct CodeDefinitionCollector {
    private(set) var definitions: [String: [CodeDefinition]] = [:]
    /// `x.insert(…)`, `[x addObject:…]`, `x += …`: token indexes of values added to a named collection.
    private(set) var additions: [String: [(file: Int, tokenIndex: Int)]] = [:]

    private mutating func define(_ definition: CodeDefinition) {
        definitions[definition.name, default: []].append(definition)
    }

    mutating func collect(_ file: ScannedCodeFile, index fileIndex: Int) {
        let tokens = file.tokens
        struct TypeScope { var name: String; var depth: Int; var isEnum: Bool; var isStringEnum: Bool }
        var scopes: [TypeScope] = []
        var pending: TypeScope?
        var depth = 0
        var i = 0
        func token(_ offset: Int) -> CodeToken? { i + offset < tokens.count && i + offset >= 0 ? tokens[i + offset] : nil }
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .punctuation:
                if t.text == "{" || t.text == "@{" {
                    depth += 1
                    if var scope = pending {
                        scope.depth = depth
                        scopes.append(scope)
                        pending = nil
                    }
                } else if t.text == "}" {
                    if let last = scopes.last, last.depth == depth { scopes.removeLast() }
                    depth = max(0, depth - 1)
                } else if t.text == ";" {
                    pending = nil
                } else if t.text == "[", file.language == .objectiveC, let receiver = token(1), receiver.kind == .identifier {
                    // `[x addObject: …]`, `[self.x addObject: …]`
                    var nameOffset = 1
                    if receiver.text == "self", token(2)?.isPunctuation(".") == true { nameOffset = 3 }
                    if let name = token(nameOffset), name.kind == .identifier, let selector = token(nameOffset + 1),
                        ["addObject", "addObjectsFromArray", "unionSet", "addObjectsFromSet"].contains(selector.text),
                        token(nameOffset + 2)?.isPunctuation(":") == true
                    {
                        additions[Self.propertyName(name.text), default: []].append((fileIndex, i + nameOffset + 3))
                    }
                }
            case .define:
                if let name = token(1), name.kind == .identifier, let body = token(2), body.kind != .endOfDirective,
                    !(body.isPunctuation("(") && body.start == name.end)
                {
                    define(CodeDefinition(file: fileIndex, name: name.text, qualifier: nil, position: name.start, value: .expression(tokenIndex: i + 2)))
                }
            case .identifier:
                let scope = scopes.last
                switch t.text {
                case let word
                where file.language == .swift && ["enum", "struct", "class", "extension", "protocol", "actor"].contains(word):
                    guard var nameIndex = token(1).map({ _ in i + 1 }), tokens[nameIndex].kind == .identifier else { break }
                    while nameIndex + 2 < tokens.count, tokens[nameIndex + 1].isPunctuation("."), tokens[nameIndex + 2].kind == .identifier {
                        nameIndex += 2
                    }
                    var isStringEnum = false
                    if t.text == "enum" {
                        var j = nameIndex + 1
                        while j < tokens.count, !tokens[j].isPunctuation("{"), j < nameIndex + 12 {
                            if tokens[j].isIdentifier("String") { isStringEnum = true }
                            j += 1
                        }
                    }
                    pending = TypeScope(name: tokens[nameIndex].text, depth: 0, isEnum: t.text == "enum", isStringEnum: isStringEnum)
                case "case" where scope?.isEnum == true && scope?.depth == depth:
                    guard let scope else { break }
                    var j = i + 1
                    while j < tokens.count, tokens[j].kind == .identifier {
                        let caseName = tokens[j]
                        j += 1
                        var raw: String? = scope.isStringEnum ? caseName.text : nil
                        if j < tokens.count, tokens[j].isPunctuation("(") {
                            raw = nil
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
                        define(CodeDefinition(file: fileIndex, name: caseName.text, qualifier: scope.name, position: caseName.start, value: .enumCase(rawValue: raw)))
                        guard j < tokens.count, tokens[j].isPunctuation(","), !tokens[j + 1 < tokens.count ? j + 1 : j].startsLine || true else { break }
                        j += 1
                    }
                case let word where file.language == .swift && (word == "let" || word == "var"):
                    guard let name = token(1), name.kind == .identifier else { break }
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
                    var start: Int?
                    if tokens[j].isPunctuation("=") {
                        // A stored `var` property's initial value is not its value: it may change anywhere.
                        let isStoredProperty = t.text == "var" && scope != nil && scope?.depth == depth
                        start = isStoredProperty ? nil : j + 1
                    } else if tokens[j].isPunctuation("{") {
                        var k = j + 1
                        if k + 1 < tokens.count, tokens[k].isIdentifier("get"), tokens[k + 1].isPunctuation("{") { k += 2 }
                        if k < tokens.count, tokens[k].isIdentifier("return") { k += 1 }
                        start = k
                    }
                    if let start {
                        define(CodeDefinition(file: fileIndex, name: name.text, qualifier: scope?.name, position: name.start, value: .expression(tokenIndex: start)))
                        i = j
                    }
                default:
                    guard let next = token(1) else { break }
                    let previous = token(-1)
                    if next.isPunctuation("="), previous.map({ !$0.isPunctuation(".") || token(-2)?.isIdentifier("self") == true }) ?? true,
                        previous?.isIdentifier("let") != true, previous?.isIdentifier("var") != true
                    {
                        // `x = …`, `self.x = …`, `NSString *const X = …`, `Type *x = …`
                        define(CodeDefinition(file: fileIndex, name: Self.propertyName(t.text), qualifier: scope?.name, position: t.start, value: .expression(tokenIndex: i + 2)))
                    } else if next.isPunctuation("+=") {
                        additions[Self.propertyName(t.text), default: []].append((fileIndex, i + 2))
                    } else if next.isPunctuation("."), let method = token(2), ["insert", "append", "formUnion", "update"].contains(method.text),
                        token(3)?.isPunctuation("(") == true, previous.map({ !$0.isPunctuation(".") || token(-2)?.isIdentifier("self") == true }) ?? true
                    {
                        var start = i + 4
                        if token(4)?.kind == .identifier, token(5)?.isPunctuation(":") == true { start += 2 }
                        additions[Self.propertyName(t.text), default: []].append((fileIndex, start))
                    }
                }
            default:
                break
            }
            i += 1
        }
    }

    /// An Objective-C property's instance variable `_x` names the property `x`.
    static func propertyName(_ name: String) -> String {
        name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
    }
}
