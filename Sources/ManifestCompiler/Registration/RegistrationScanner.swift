// Finds the notification categories and actions that Swift and Objective-C code registers.

/// Reads Swift and Objective-C files and finds every `UNNotificationCategory` and `UNNotificationAction`
/// they create, resolving identifiers, titles and options through literals, constants, enum raw values,
/// macros and localization calls across all the files given. What it cannot resolve is listed in
/// ``CodeRegistrations/unresolved``, never guessed.
public enum RegistrationScanner {
    /// Scans `files` (Swift unless the path ends in `.m`, `.mm` or `.h`).
    public static func scan(_ files: [SourceFile]) -> CodeRegistrations {
        var scanned: [ScannedCodeFile] = []
        var collector = CodeDefinitionCollector()
        for file in files {
            let language = CodeLanguage(path: file.path)
            let (tokens, suppressions, undecided) = CodeLexer.tokenize(file.bytes, language: language)
            var code = ScannedCodeFile(id: file.id, language: language, tokens: tokens, suppressions: suppressions)
            code.undecided = undecided
            collector.collect(code, index: scanned.count)
            scanned.append(code)
        }
        var evaluator = RegistrationEvaluator(files: scanned, collector: collector)
        return evaluator.run()
    }

    /// Whether `bytes` mention anything the scanner reads (a cheap test before tokenizing a file).
    public static func mentionsRegistration(_ bytes: [UInt8]) -> Bool {
        let needle = Array("UNNotification".utf8)
        guard bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == 0x55, bytes[index + 1] == 0x4E, Array(bytes[index..<index + needle.count]) == needle { return true }
            index += 1
        }
        return false
    }
}

/// A value registration code computes, as far as the scanner can tell.
indirect enum CodeValue {
    case string(String)
    /// A localized string: its key, its development-language default value (the key when the code gives
    /// none) and its comment for translators (`nil` when empty or not a literal).
    case localized(key: String, value: String, comment: String? = nil)
    case category(Int)
    case action(Int)
    case list([CodeValue])
    case options([String])
    case icon(ActionIcon)
    case number(String)
    case bool(Bool)
    /// A case of an enum (`type` when known), as `Kind.reply` or `.reply` names it.
    case enumCase(type: String?, name: String)
    case null
    /// Not resolvable: what it is (source text) and where, and why when the reason is more than that the value is
    /// computed at run time (the note's help).
    case unknown(String, file: Int, start: Int, end: Int, reason: String? = nil)
}

/// Evaluates the expressions that create categories and actions.
struct RegistrationEvaluator {
    let files: [ScannedCodeFile]
    let definitions: [String: [CodeDefinition]]
    let additions: [String: [(file: Int, tokenIndex: Int)]]
    let otherChanges: [String: [(file: Int, position: Int)]]
    let functions: [String: [CodeFunction]]
    let enums: [String: [CodeEnum]]
    let typeScopes: [Int: [CodeTypeScope]]

    private var categories: [RegisteredCategory?] = []
    private var categorySites: [SiteKey: Int] = [:]
    private var actions: [RegisteredAction?] = []
    private var actionSites: [SiteKey: Int] = [:]
    private var usedActions = Set<Int>()
    private var unresolved: [UnresolvedRegistration] = []
    /// Per note: whether values bound by the interpreter (a closure's or function's parameters) were
    /// in scope where it is.
    private var unresolvedInContext: [Bool] = []
    private var unresolvedSeen = Set<SiteKey>()
    /// Where values were added to lists and option sets the scan read.
    private var addedAt: [SourceRange] = []
    /// Where definitions the registrations read are, in files with conditions notifc cannot decide.
    private var readAt = Set<SourceRange>()
    /// Whether an `if`/`guard` statement's conditions are being read: what they read chooses a branch, not a value
    /// registered (not in ``readAt``).
    var readsControlFlow = 0
    /// Initializers that were resolved with bound values in scope: the notes of their evaluation
    /// without those values (where the scan meets them) are dropped.
    private var resolvedInContext: [(file: Int, start: Int, end: Int)] = []
    /// Per category: whether values bound by the interpreter were in scope where it was made.
    private var categoryInContext: [Bool] = []
    var resolving = Set<SiteKey>()
    var depth = 0
    /// Where the scan reached ``maximumSteps`` or ``maximumExecutions`` and stopped computing values.
    var stoppedAt: (file: Int, start: Int, end: Int)?
    /// The values the interpreter binds (parameters, `self`, locals), innermost last.
    var frames: [CodeFrame] = []
    /// The functions being called, against recursion.
    var calls: [String] = []
    /// The bodies run so far (see ``maximumExecutions``).
    var executions = 0
    /// Where the interpreter called a function of the files: the name's token (file, byte offset).
    var calledAt = Set<SiteKey>()
    /// For each body (file, first token) run with `self` bound to an enum case, the cases it ran with.
    var executedSelves: [SiteKey: Set<String>] = [:]
    /// The clauses of each `switch` the interpreter ran, by its opening brace (`nil`: not one it reads).
    var switchClauses: [SiteKey: SwitchClauses?] = [:]

    /// A place in a file; `context` tells apart evaluations with different bound values.
    struct SiteKey: Hashable { var file: Int; var offset: Int; var context = "" }

    /// The definitions visible everywhere (not locals) of each name in each file, in source order.
    private let sharedByFile: [String: [Int: [CodeDefinition]]]
    /// The locals of each block, by name, in source order.
    private let locals: [BlockName: [CodeDefinition]]
    /// The parameters of each function body and the other names bound in blocks (closures' and initializers'
    /// parameters, loop variables), by name: such a name hides what has its name outside the block.
    private let parameters: Set<BlockName>
    /// Functions and computed properties by file (for what surrounds a place).
    let functionsByFile: [Int: [CodeFunction]]
    let computedByFile: [Int: [CodeDefinition]]

    /// The members of each type (definitions in its body and its extensions' bodies, not locals), by name.
    private let members: [MemberName: [CodeDefinition]]

    /// A name in a block: the file and the token index of the block's opening brace.
    private struct BlockName: Hashable { var file: Int; var block: Int; var name: String }
    /// A name in a type: the type's path, outermost first.
    private struct MemberName: Hashable { var typePath: [String]; var name: String }

    init(files: [ScannedCodeFile], collector: CodeDefinitionCollector) {
        self.files = files
        definitions = collector.definitions
        additions = collector.additions
        otherChanges = collector.otherChanges
        functions = collector.functions
        enums = collector.enums
        typeScopes = collector.typeScopes
        sharedByFile = definitions.mapValues { Dictionary(grouping: $0.filter { $0.block == nil }, by: \.file) }
        var locals: [BlockName: [CodeDefinition]] = [:]
        for definition in definitions.values.joined() {
            if let block = definition.block { locals[BlockName(file: definition.file, block: block, name: definition.name), default: []].append(definition) }
        }
        self.locals = locals
        var members: [MemberName: [CodeDefinition]] = [:]
        for list in definitions.values {
            for definition in list.prefix(4096) where definition.block == nil && !definition.typePath.isEmpty {
                members[MemberName(typePath: definition.typePath, name: definition.name), default: []].append(definition)
            }
        }
        self.members = members
        parameters = Set(
            functions.values.joined().flatMap { function in
                function.parameters.map { BlockName(file: function.file, block: function.body.lowerBound - 1, name: $0.name) }
            } + collector.boundNames.map { BlockName(file: $0.file, block: $0.block, name: $0.name) })
        functionsByFile = Dictionary(grouping: functions.values.joined(), by: \.file)
        computedByFile = Dictionary(grouping: definitions.values.joined().filter { if case .computed = $0.value { true } else { false } }, by: \.file)
    }

    /// What a plain name (no qualifier) means at byte `position` of `file`, looked up as Swift and C do: a local of
    /// a block around the place, declared before it, innermost block first; `.parameter` when a parameter of an
    /// enclosing function comes first (its value is the call's); a member of the types around the place, innermost
    /// first; else what is visible everywhere: the last such definition in the file before the place, else the first
    /// after it, else one in another file. `membersOnly` (`self.x`, `Self.x`) skips locals and parameters.
    func lookUp(_ name: String, in file: Int, at position: Int, membersOnly: Bool = false) -> NameMeaning {
        let scanned = files[file]
        let token = scanned.firstToken(startingAtOrAfter: position)
        var block = token < scanned.enclosingBlock.count && !membersOnly ? scanned.enclosingBlock[token] : -1
        var steps = 0
        while block >= 0, steps < ScannedCodeFile.maximumScopeDepth {
            let key = BlockName(file: file, block: block, name: name)
            if let list = locals[key], let local = Self.last(in: list, before: position) { return .definition(local) }
            if parameters.contains(key) { return .parameter }
            block = scanned.enclosingBlock[block]
            steps += 1
        }
        let around = enclosingTypeScope(file: file, position: position)?.path ?? []
        for count in stride(from: around.count, through: 1, by: -1) {
            guard let list = members[MemberName(typePath: Array(around.prefix(count)), name: name)] else { continue }
            let here = list.filter { $0.file == file }
            return .definition(Self.last(in: here, before: position) ?? here.first ?? list[0])
        }
        if let list = sharedByFile[name]?[file], let first = list.first {
            return .definition(Self.last(in: list, before: position) ?? first)
        }
        let elsewhere = (definitions[name] ?? []).prefix(4096).first { $0.file != file && $0.block == nil }
        return elsewhere.map(NameMeaning.definition) ?? .undefined
    }

    /// The last of `list` (in source order) that starts before `position`.
    private static func last(in list: [CodeDefinition], before position: Int) -> CodeDefinition? {
        let low = list.partitioningIndex { $0.position >= position }
        return low > 0 ? list[low - 1] : nil
    }

    /// The definition of a member written with its type (`Mail.Keys.reply`): the type looked up as Swift does,
    /// from the types around the place outwards; else a type whose path ends with the one written, or the end of
    /// the one written (`App.Mail.Keys`, with its module), when only one type fits; same file first.
    func qualifiedDefinition(_ written: [String], among candidates: ArraySlice<CodeDefinition>, file: Int, position: Int) -> CodeDefinition? {
        let around = enclosingTypeScope(file: file, position: position)?.path ?? []
        for count in stride(from: around.count, through: 0, by: -1) {
            let full = around.prefix(count) + written
            let exact = candidates.filter { $0.typePath.elementsEqual(full) }
            if let chosen = exact.first(where: { $0.file == file }) ?? exact.first { return chosen }
        }
        func path(_ path: [String], endsWith end: [String]) -> Bool { path.count >= end.count && path.suffix(end.count).elementsEqual(end) }
        let loose = candidates.filter { !$0.typePath.isEmpty && (path($0.typePath, endsWith: written) || path(written, endsWith: $0.typePath)) }
        guard Set(loose.map(\.typePath)).count == 1 else { return nil }
        return loose.first { $0.file == file } ?? loose.first
    }

    /// What a name refers to at a place.
    enum NameMeaning {
        case definition(CodeDefinition)
        /// A parameter of the function the place is in, not bound by a call the interpreter follows.
        case parameter
        case undefined
    }

    mutating func run() -> CodeRegistrations {
        var result = CodeRegistrations()
        var actionStarts: [(Int, Int)] = []
        var registeredStarts: [(Int, Int)] = []
        for (fileIndex, file) in files.enumerated() {
            result.suppressions[file.id] = file.suppressions.isEmpty ? nil : file.suppressions
            let tokens = file.tokens
            for (i, token) in tokens.enumerated() where token.kind == .identifier && !file.isFallback[i] {
                let next = i + 1 < tokens.count ? tokens[i + 1] : nil
                let previous = i > 0 ? tokens[i - 1] : nil
                switch token.text {
                case "UNNotificationCategory", "UNNotificationAction", "UNTextInputNotificationAction":
                    let isCategory = token.text == "UNNotificationCategory"
                    var start: Int?
                    let isInit = i + 3 < tokens.count && next?.isPunctuation(".") == true && tokens[i + 2].isIdentifier("init")
                        && tokens[i + 3].isPunctuation("(")  // `UNNotificationCategory.init(…)`
                    if file.language == .swift, next?.isPunctuation("(") == true || isInit, previous?.isPunctuation(".") != true {
                        start = i
                    } else if file.language == .objectiveC, previous?.isPunctuation("[") == true,
                        let selector = next, selector.text == (isCategory ? "categoryWithIdentifier" : "actionWithIdentifier")
                    {
                        start = i - 1
                    }
                    guard let start else { continue }
                    if isCategory {
                        var parser = CodeExpressionParser(tokens: tokens, language: file.language, at: start)
                        _ = evaluate(parser.parseExpression(), file: fileIndex, position: token.start)
                    } else {
                        actionStarts.append((fileIndex, start))
                    }
                case "setNotificationCategories":
                    // Not the declaration or a call of an app's own method of that name (`func
                    // setNotificationCategories()`, `self.setNotificationCategories()`): the center's takes one argument.
                    let isOwnMethod = previous?.isIdentifier("func") == true
                        || (next?.isPunctuation("(") == true && i + 2 < tokens.count && tokens[i + 2].isPunctuation(")"))
                    if !isOwnMethod, next?.isPunctuation("(") == true || next?.isPunctuation(":") == true {
                        result.registrationCalls.append(SourceRange(file: file.id, start: token.start, end: token.end))
                        if i + 2 < tokens.count { registeredStarts.append((fileIndex, i + 2)) }
                    }
                default:
                    break
                }
            }
        }
        for (fileIndex, start) in actionStarts {
            let file = files[fileIndex]
            var parser = CodeExpressionParser(tokens: file.tokens, language: file.language, at: start)
            _ = evaluate(parser.parseExpression(), file: fileIndex, position: file.tokens[start].start)
        }
        // What reaches `setNotificationCategories`, for categories built by code (`allCases.map { … }`).
        var unfollowed: [CodeValue] = []
        for (fileIndex, start) in registeredStarts {
            let file = files[fileIndex]
            var parser = CodeExpressionParser(tokens: file.tokens, language: file.language, at: start)
            let registered = evaluate(parser.parseExpression(), file: fileIndex, position: file.tokens[start].start)
            if registered.isUnknown { unfollowed.append(registered) }
        }
        // When nothing was found at all and what is registered cannot be followed (a parameter, a value from a
        // server), say so at the call, so that an import that finds nothing does not pass in silence.
        if categories.allSatisfy({ $0 == nil }), unresolved.isEmpty {
            for registered in unfollowed { note("categories registered from", registered) }
        }
        result.categories = mergedCategories()
        result.undecidedConditions = undecidedConditions(result.categories)
        let usedRanges = Set(usedActions.compactMap { actions[$0]?.range })
        result.unusedActions = actions.indices.filter { !usedActions.contains($0) }.compactMap { actions[$0] }
            .filter { !usedRanges.contains($0.range) }
        result.unresolved = keptNotes()
        if let (file, start, end) = stoppedAt {
            // Every category past this point is unknown, so the cross-check treats any as perhaps registered.
            result.unresolved.append(
                UnresolvedRegistration(
                    what: "registration code", range: range(file, start, end), isCategoryIdentifier: true, isScanLimit: true))
        }
        return result
    }

    /// The conditions notifc cannot decide (`#if DEBUG`) with registered code under them (a category or action
    /// created there, or an action added to a list there), each with the first such place, or else with a value
    /// the registrations read defined there; a condition inside one already listed is not listed again.
    private func undecidedConditions(_ categories: [RegisteredCategory]) -> [UndecidedCondition] {
        let registered = categories.flatMap { [$0.range] + $0.actions.map(\.range) } + addedAt
        var found: [UndecidedCondition] = []
        for file in files where !file.undecided.isEmpty {
            let registeredHere = registered.filter { $0.file == file.id }.sorted { $0.start < $1.start }
            let readHere = readAt.filter { $0.file == file.id }.sorted { $0.start < $1.start }
            /// The first of `places` (sorted) in `region`.
            func first(of places: [SourceRange], in region: UndecidedRegion) -> SourceRange? {
                let low = places.partitioningIndex { $0.start >= region.directive.lowerBound }
                return low < places.count && region.contains(places[low].start) ? places[low] : nil
            }
            var listedUpTo = Int.min  // the end of the last condition listed: one inside it is not listed
            for region in file.undecided.sorted(by: { $0.directive.lowerBound < $1.directive.lowerBound })
            where region.directive.lowerBound >= listedUpTo {
                let registration = first(of: registeredHere, in: region)
                guard let place = registration ?? first(of: readHere, in: region) else { continue }
                listedUpTo = region.end
                found.append(
                    UndecidedCondition(
                        condition: region.text, range: SourceRange(file: file.id, start: region.directive.lowerBound, end: region.directive.upperBound),
                        registration: place, isValue: registration == nil))
            }
        }
        return found
    }

    /// The notes, without those of evaluations that lacked the bound values a later evaluation had, and
    /// each place once.
    private func keptNotes() -> [UnresolvedRegistration] {
        var seen = Set<SourceRange>()
        var kept: [UnresolvedRegistration] = []
        var fileIndexes: [SourceFileID: Int] = [:]
        for (index, file) in files.enumerated() { fileIndexes[file.id] = index }
        // Per file, the initializers resolved with bound values sorted by start, with the largest end so far: a note
        // lies in one of them when the last that starts at or before it reaches as far (one lookup per note).
        var resolved: [Int: (starts: [Int], reach: [Int])] = [:]
        for (file, ranges) in Dictionary(grouping: resolvedInContext, by: \.file) {
            let sorted = ranges.sorted { $0.start < $1.start }
            var reach: [Int] = []
            for range in sorted { reach.append(max(reach.last ?? Int.min, range.end)) }
            resolved[file] = (sorted.map(\.start), reach)
        }
        func liesInResolved(_ range: SourceRange, file: Int) -> Bool {
            guard let (starts, reach) = resolved[file] else { return false }
            let low = starts.partitioningIndex { $0 > range.start }
            return low > 0 && reach[low - 1] >= range.end
        }
        var coverage: [String: Bool] = [:]
        var visiting = Set<String>()
        for (index, item) in unresolved.enumerated() {
            if !unresolvedInContext[index], let fileIndex = fileIndexes[item.range.file], liesInResolved(item.range, file: fileIndex),
                coversEveryEntry(file: fileIndex, position: item.range.start, cache: &coverage, visiting: &visiting)
            {
                continue
            }
            guard seen.insert(SourceRange(file: item.range.file, start: item.range.start, end: item.range.start)).inserted else {
                if item.isCategoryIdentifier, let i = kept.firstIndex(where: { $0.range.file == item.range.file && $0.range.start == item.range.start }) {
                    kept[i].isCategoryIdentifier = true
                }
                continue
            }
            kept.append(item)
        }
        return kept
    }

    /// The categories in source order; two initializers of one category in one file with the same options and
    /// actions (``RegisteredAction/shape``: branches that differ only in icons, such as `#available` ones) become one,
    /// keeping the properties only one of them sets.
    private func mergedCategories() -> [RegisteredCategory] {
        var merged: [RegisteredCategory] = []
        var positions: [MergeKey: Int] = [:]
        // A category made where the scan met it, without the parameters a call bound (`makeCategory(reply)`), is
        // not kept when a call made it with them: it lacks what they give.
        let boundSites = Set(resolvedInContext.map { SourceRange(file: files[$0.file].id, start: $0.start, end: $0.end) })
        let found = categories.enumerated().compactMap { item in item.element.map { ($0, item.offset) } }
            .filter { categoryInContext[$0.1] || !boundSites.contains($0.0.range) }
            .sorted { ($0.0.range.file, $0.0.range.start, $0.1) < ($1.0.range.file, $1.0.range.start, $1.1) }.map(\.0)
        for category in found {
            let key = MergeKey(
                file: category.range.file, identifier: category.category.identifier, actions: category.actions.map(\.shape),
                options: category.category.options)
            if let index = positions[key] {
                for (position, action) in category.actions.enumerated() where position < merged[index].actions.count {
                    merged[index].actions[position].action.icon = merged[index].actions[position].action.icon ?? action.action.icon
                }
                merged[index].category.hiddenPreviewsBodyPlaceholder = merged[index].category.hiddenPreviewsBodyPlaceholder ?? category.category.hiddenPreviewsBodyPlaceholder
                merged[index].category.categorySummaryFormat = merged[index].category.categorySummaryFormat ?? category.category.categorySummaryFormat
            } else {
                positions[key] = merged.count
                merged.append(category)
            }
        }
        return merged
    }

    /// What two initializers of one category that ``mergedCategories()`` makes one have in common.
    private struct MergeKey: Hashable {
        let file: SourceFileID
        let identifier: String
        let actions: [Action]
        let options: [CategoryOption]
    }

    private func range(_ file: Int, _ start: Int, _ end: Int) -> SourceRange {
        SourceRange(file: files[file].id, start: start, end: end)
    }

    /// The source text of the tokens in `start..<end` (at most a dozen), for notes: one space where the source has
    /// any (comments, line breaks) between two tokens.
    func text(_ file: Int, _ start: Int, _ end: Int) -> String {
        let tokens = files[file].tokens
        var text = ""
        var count = 0
        var index = files[file].firstToken(startingAtOrAfter: start)
        while index < tokens.count, tokens[index].end <= end {
            if count == 13 { return text + "…" }
            if count > 0, tokens[index - 1].end < tokens[index].start { text += " " }
            text += tokens[index].text
            count += 1
            index += 1
        }
        return text
    }

    private mutating func note(_ what: String, _ value: CodeValue, isCategoryIdentifier: Bool = false) {
        guard case .unknown(let source, let file, let start, let end, let reason) = value else { return }
        let inContext = !contextSignature(file: file, position: start).isEmpty
        guard unresolvedSeen.insert(SiteKey(file: file, offset: start, context: inContext ? "bound" : "")).inserted else { return }
        var registration = UnresolvedRegistration(
            what: "\(what) '\(source)'", range: range(file, start, end), isCategoryIdentifier: isCategoryIdentifier,
            reason: reason)
        (registration.knownPrefix, registration.knownSuffix) = UnresolvedRegistration.affixes(ofInterpolatedLiteral: source)
        unresolved.append(registration)
        unresolvedInContext.append(inContext)
    }

    func unknown(_ expression: CodeExpression, file: Int, reason: String? = nil) -> CodeValue {
        .unknown(
            text(file, expression.start, expression.end), file: file, start: expression.start, end: expression.end,
            reason: reason)
    }

    // MARK: Expressions

    /// The most expression evaluations one scan makes: beyond it every value is unresolved, so that no
    /// input (a huge file of references to references) makes the scan slow.
    static let maximumSteps = 2_000_000  // W456's help names it
    var steps = 0

    mutating func evaluate(_ expression: CodeExpression, file: Int, position: Int) -> CodeValue {
        depth += 1
        steps += 1
        defer { depth -= 1 }
        guard steps < Self.maximumSteps else {
            if stoppedAt == nil { stoppedAt = (file, expression.start, expression.end) }
            return unknown(expression, file: file)
        }
        guard depth < 64 else { return unknown(expression, file: file) }
        switch expression {
        case .string(let value, _, _):
            return value.map(CodeValue.string) ?? unknown(expression, file: file)
        case .number(let text, _, _):
            return .number(text)
        case .null:
            return .null
        case .array(let elements, _, _):
            return .list(elements.map { evaluate($0, file: file, position: position) })
        case .binary(let op, _, _, _, _) where ["==", "!=", "&&", "||"].contains(op):
            return evaluateCondition(expression, file: file, position: position)
        case .ternary(let condition, let whenTrue, let whenFalse, _, _):
            guard case .bool(let flag) = evaluateCondition(condition, file: file, position: position) else { return unknown(expression, file: file) }
            return evaluate(flag ? whenTrue : whenFalse, file: file, position: position)
        case .closure, .reference, .keyPath:
            return unknown(expression, file: file)
        case .binary(let op, let left, let right, _, _):
            let l = evaluate(left, file: file, position: position)
            let r = evaluate(right, file: file, position: position)
            switch (op, l, r) {
            case ("|", _, _):
                if let a = Self.options(l), let b = Self.options(r) { return .options(a + b) }
            case ("+", _, _):
                if let a = l.text, let b = r.text { return .string(a + b) }
                if let list = Self.joined(l, r) { return list }
            default: break
            }
            return unknown(expression, file: file)
        case .name(let path, _, _):
            return evaluateName(path, expression: expression, file: file, position: position)
        case .member(let base, let name, _, _):
            let value = evaluate(base, file: file, position: position)
            if Self.isLocalization(name), case .string(let key) = value { return .localized(key: key, value: key) }
            if case .enumCase = value, let member = member(name, of: value, file: file, position: position), !member.isUnknown { return member }
            return unknown(expression, file: file)
        case .call(let callee, let arguments, _, _):
            return evaluateCall(callee, arguments, expression: expression, file: file, position: position)
        case .send(let receiver, let arguments, _, _):
            return evaluateSend(receiver, arguments, expression: expression, file: file, position: position)
        case .unknown:
            return unknown(expression, file: file)
        }
    }

    private static func isLocalization(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("locali") || lower.contains("translat")
    }

    /// UserNotifications' constants for the default and dismiss actions (`UNNotificationDefaultActionIdentifier`), by
    /// name: their values, which no action may have.
    private static let reservedActionConstants: [String: String] = Dictionary(
        uniqueKeysWithValues: IdentifierRule.reservedActionIdentifiers.map { (String($0.dropFirst("com.apple.".count)), $0) })

    /// The types whose static members `.name` can stand for where an action, a category or an icon is expected.
    private static let userNotificationsTypes: Set<String> = [
        "UNNotificationAction", "UNTextInputNotificationAction", "UNNotificationCategory", "UNNotificationActionIcon",
    ]
    private static let actionOptionNames = Set(ActionOption.allCases.map(\.rawValue))
    private static let categoryOptionNames = Set(CategoryOption.allCases.map(\.rawValue))

    /// An Objective-C option constant (`UNNotificationActionOptionForeground`) as its Swift name.
    private static func objectiveCOption(_ name: String) -> [String]? {
        for prefix in ["UNNotificationActionOption", "UNNotificationCategoryOption"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let first = rest.first else { return nil }
            if rest == "None" { return [] }
            return [first.lowercased() + rest.dropFirst()]
        }
        return nil
    }

    private mutating func evaluateName(_ fullPath: [String], expression: CodeExpression, file: Int, position: Int) -> CodeValue {
        if let value = evaluateBound(fullPath, file: file, position: position) {
            return value.isUnknown ? unknown(expression, file: file) : value
        }
        var path = fullPath
        if path.count == 2, path[0].isEmpty, Self.actionOptionNames.contains(path[1]) || Self.categoryOptionNames.contains(path[1]) {
            return .options([path[1]])
        }
        if let last = path.last, let option = Self.objectiveCOption(last) { return .options(option) }
        if path.count >= 2, ["UNNotificationActionOptions", "UNNotificationCategoryOptions"].contains(path[path.count - 2]) {
            return .options([path[path.count - 1]])
        }
        let namesMember = path.count > 1 && ["self", "Self"].contains(path[0])  // `self.x`: not a local or parameter
        while path.count > 1, ["self", "Self"].contains(path[0]) { path.removeFirst() }
        var wantsRawValue = false
        if path.count > 1, path.last == "rawValue" {
            wantsRawValue = true
            path.removeLast()
        }
        guard let name = path.last, !name.isEmpty else { return unknown(expression, file: file) }
        let qualifier: String? = path.count >= 2 ? path[path.count - 2] : nil
        if name == "allCases", path.count <= 2, let cases = allCases(of: qualifier, file: file, position: position) { return cases }
        if path == ["true"] || path == ["false"] { return .bool(name == "true") }
        // A name defined very many times (a generated file) is looked up among its first definitions only.
        let candidates = (definitions[name] ?? []).prefix(4096)
        var chosen: CodeDefinition?
        var ambiguousEnum = false
        if let qualifier, !qualifier.isEmpty {
            chosen = qualifiedDefinition(Array(path.dropLast()), among: candidates, file: file, position: position)
            // `Intents.INSendMessageIntentIdentifier`: the constant named with its module.
            if chosen == nil, path == ["Intents", name], let intent = SystemIntents.identifierConstants[name] { return .string(intent) }
            if chosen == nil, path == ["UserNotifications", name], let value = Self.reservedActionConstants[name] { return .string(value) }
            if chosen == nil { return unknown(expression, file: file) }
        } else if qualifier?.isEmpty == true {
            // `.reply.rawValue`: an enum case of some enum.
            let cases = candidates.filter { if case .enumCase = $0.value { return true } else { return false } }
            chosen = cases.first { $0.file == file } ?? cases.first
            // `.reply` alone, when several enums have a case `reply`: which one is not known.
            ambiguousEnum = Set(cases.map { $0.qualifier ?? "" }).count > 1
            if cases.isEmpty {
                // `actions: [.accept]`: a static member of a UserNotifications type, declared in an extension of it
                // (`extension UNNotificationAction { static let accept = … }`), when one type has the name.
                let members = candidates.filter { Self.userNotificationsTypes.contains($0.qualifier ?? "") }
                if Set(members.map { $0.qualifier ?? "" }).count == 1 { chosen = members.first { $0.file == file } ?? members.first }
            }
        } else {
            switch lookUp(name, in: file, at: position, membersOnly: namesMember) {
            case .definition(let definition): chosen = definition
            case .parameter: return unknown(expression, file: file)
            case .undefined: break
            }
        }
        guard let definition = chosen else {
            // `intentIdentifiers: [INSendMessageIntentIdentifier]`: a constant of the Intents framework, which the
            // project does not define.
            if path.count == 1, let intent = SystemIntents.identifierConstants[name] { return .string(intent) }
            // `UNNotificationDefaultActionIdentifier`: reserved, reported like the literal (E312).
            if path.count == 1, let value = Self.reservedActionConstants[name] { return .string(value) }
            return unknown(expression, file: file)
        }
        if readsControlFlow == 0, !files[definition.file].undecided.isEmpty {  // for W458, when the definition is under such a condition
            readAt.insert(SourceRange(file: files[definition.file].id, start: definition.position, end: definition.position + definition.name.utf8.count))
        }
        switch definition.value {
        case .enumCase(let rawValue):
            guard wantsRawValue else { return .enumCase(type: ambiguousEnum ? nil : definition.qualifier, name: definition.name) }
            guard let rawValue else { return unknown(expression, file: file) }
            return .string(rawValue)
        case .computed(let body):
            guard !wantsRawValue else { return unknown(expression, file: file) }
            let key = SiteKey(file: definition.file, offset: definition.position)
            guard !resolving.contains(key) else { return unknown(expression, file: file) }
            resolving.insert(key)
            defer { resolving.remove(key) }
            let value = execute(body: body, file: definition.file, bindings: [:])
            return value.isUnknown ? unknown(expression, file: file) : value
        case .expression(let tokenIndex):
            let key = SiteKey(file: definition.file, offset: definition.position)
            guard !resolving.contains(key) else { return unknown(expression, file: file) }
            resolving.insert(key)
            defer { resolving.remove(key) }
            let definingFile = files[definition.file]
            var parser = CodeExpressionParser(tokens: definingFile.tokens, language: definingFile.language, at: tokenIndex)
            var value = evaluate(parser.parseExpression(), file: definition.file, position: definition.position)
            if case .unknown = value { return unknown(expression, file: file) }
            // What the file does to the value after this definition, in its scope: additions are followed, other
            // changes are not.
            let scopeEnd = files[definition.file].scopeEnd(at: definition.position)
            if (otherChanges[definition.name] ?? []).contains(where: {
                $0.file == definition.file && $0.position > definition.position && $0.position < scopeEnd
            }) {
                return unknown(
                    expression, file: file,
                    reason: "'\(definition.name)' is changed after it is defined (removed from, reordered or replaced); notifc follows only additions")
            }
            for addition in additions[definition.name] ?? [] where addition.file == definition.file {
                let additionFile = files[addition.file]
                guard addition.tokenIndex < additionFile.tokens.count else { return unknown(expression, file: file) }
                let at = additionFile.tokens[addition.tokenIndex].start
                guard at > definition.position, at < scopeEnd else { continue }  // to an earlier value, or another variable
                // A local variable used, in line, before the addition: the use has what was added up to it.
                if scopeEnd != Int.max, file == definition.file, expression.start > definition.position, expression.start < at,
                    additionFile.runsInLine(additionFile.firstToken(startingAtOrAfter: expression.start), withDeclarationAt: definition.position)
                {
                    continue
                }
                if additionFile.isConditional(addition.tokenIndex, after: definition.position) {
                    // Added only when a condition holds (or in a loop): noted where, since the result is not known.
                    let at = additionFile.tokens[addition.tokenIndex]
                    return .unknown(
                        definition.name, file: addition.file, start: at.start, end: at.end,
                        reason: "this is added to '\(definition.name)' only when a condition holds or in a loop, so what it holds depends on the run")
                }
                var additionParser = CodeExpressionParser(tokens: additionFile.tokens, language: additionFile.language, at: addition.tokenIndex)
                let added = evaluate(additionParser.parseExpression(), file: addition.file, position: at)
                addedAt.append(SourceRange(file: additionFile.id, start: at, end: additionFile.tokens[addition.tokenIndex].end))
                switch value {
                case .list(let existing):
                    value = .list(existing + (Self.elements(added) ?? [added]))
                case .options(let existing):
                    guard let more = Self.options(added) else { return unknown(expression, file: file) }
                    value = .options(existing + more)
                default:
                    return unknown(expression, file: file)
                }
            }
            return value
        }
    }

    /// A localization call's value: its key, its default value (the key when absent or empty, as
    /// Foundation falls back to the key) and its comment for translators (dropped when empty or unknown:
    /// it only helps translators, so it is not worth a note).
    private mutating func localized(
        _ keyExpression: CodeExpression, defaultValue: CodeExpression?, comment: CodeExpression?, file: Int, position: Int
    ) -> CodeValue {
        let keyValue = evaluate(keyExpression, file: file, position: position)
        guard let key = keyValue.text else { return keyValue.isUnknown ? keyValue : unknown(keyExpression, file: file) }
        let note = comment.flatMap { evaluate($0, file: file, position: position).text }.flatMap { $0.isEmpty ? nil : $0 }
        guard let defaultValue else { return .localized(key: key, value: key, comment: note) }
        let value = evaluate(defaultValue, file: file, position: position)
        if value.isNull { return .localized(key: key, value: key, comment: note) }
        guard let text = value.text else { return value.isUnknown ? value : unknown(defaultValue, file: file) }
        return .localized(key: key, value: text.isEmpty ? key : text, comment: note)
    }

    /// Two lists joined (`+`, `arrayByAddingObjectsFromArray:`), or `nil` when they are not lists. A side notifc
    /// cannot compute stands for its elements among the known ones (as in `+=`), so import carries over what it
    /// can and `W459` says what is missing.
    private static func joined(_ left: CodeValue, _ right: CodeValue) -> CodeValue? {
        switch (left, right) {
        case (.list(let a), .list(let b)): .list(a + b)
        case (.list(let a), _) where right.isUnknown: .list(a + [right])
        case (_, .list(let b)) where left.isUnknown: .list([left] + b)
        default: nil
        }
    }

    private static func elements(_ value: CodeValue) -> [CodeValue]? {
        if case .list(let items) = value { return items }
        return nil
    }

    /// The called name: the last of its path, the type for `Type.init(…)`.
    private static func calleeName(_ callee: CodeExpression) -> String? {
        guard case .name(let path, _, _) = callee else { return nil }
        if path.count >= 2, path.last == "init", !path[path.count - 2].isEmpty { return path[path.count - 2] }
        return path.last
    }

    private mutating func evaluateCall(
        _ callee: CodeExpression, _ arguments: [CodeArgument], expression: CodeExpression, file: Int, position: Int
    ) -> CodeValue {
        if case .member(let base, let name, _, _) = callee, Self.isLocalization(name), arguments.isEmpty {
            if case .string(let key) = evaluate(base, file: file, position: position) { return .localized(key: key, value: key) }
        }
        if case .name(let path, _, _) = callee, path.count >= 2, Self.isLocalization(path[path.count - 1]), arguments.isEmpty {
            let base = evaluate(.name(Array(path.dropLast()), start: callee.start, end: callee.end), file: file, position: position)
            if case .string(let key) = base { return .localized(key: key, value: key) }
            return base
        }
        let name = Self.calleeName(callee) ?? ""
        let labelled = Dictionary(arguments.compactMap { a in a.label.map { ($0, a.value) } }, uniquingKeysWith: { a, _ in a })
        switch name {
        case "UNNotificationCategory":
            return category(labelled, expression: expression, file: file, position: position)
        case "UNNotificationAction", "UNTextInputNotificationAction":
            return action(labelled, textInput: name == "UNTextInputNotificationAction", expression: expression, file: file, position: position)
        case "UNNotificationActionIcon", "init":
            if let value = labelled["systemImageName"], case .string(let s) = evaluate(value, file: file, position: position) { return .icon(.systemImage(s)) }
            if let value = labelled["templateImageName"], case .string(let s) = evaluate(value, file: file, position: position) { return .icon(.templateImage(s)) }
        case "NSLocalizedString", "localizedUserNotificationString", "LocalizedString", "NSLocalizedStringFromTable",
            "NSLocalizedStringFromTableInBundle", "NSLocalizedStringWithDefaultValue":
            // Swift `NSLocalizedString(_:tableName:bundle:value:comment:)`; Objective-C macros take the default
            // value as their fourth argument (`NSLocalizedStringWithDefaultValue(key, table, bundle, value, comment)`).
            // The comment is labelled in Swift; in Objective-C it is the macro's last argument.
            guard let first = arguments.first(where: { $0.label == nil || $0.label == "forKey" }) else { break }
            let defaultValue = name == "NSLocalizedStringWithDefaultValue" && arguments.count >= 4 ? arguments[3].value : labelled["value"]
            let commentPosition = [
                "NSLocalizedString": 1, "NSLocalizedStringFromTable": 2, "NSLocalizedStringFromTableInBundle": 3,
                "NSLocalizedStringWithDefaultValue": 4,
            ][name]
            let comment = labelled["comment"]
                ?? commentPosition.flatMap { $0 < arguments.count && arguments[$0].label == nil ? arguments[$0].value : nil }
            return localized(first.value, defaultValue: defaultValue, comment: comment, file: file, position: position)
        case "localizedString" where labelled["forKey"] != nil:
            // `Bundle.main.localizedString(forKey: "key", value: "Reply", table: nil)` (what SwiftGen's `L10n.tr` calls).
            guard let key = labelled["forKey"] else { break }
            return localized(key, defaultValue: labelled["value"], comment: nil, file: file, position: position)
        case "String" where labelled["format"] != nil:
            // `String(format: text)`, `String(format: text, locale: …, arguments: [])`: with nothing to format, the text.
            guard let format = labelled["format"], arguments.allSatisfy({ ["format", "locale", "arguments"].contains($0.label ?? "") }),
                Self.elements(labelled["arguments"].map { evaluate($0, file: file, position: position) } ?? .list([]))?.isEmpty == true
            else { break }
            let text = evaluate(format, file: file, position: position)
            guard text.text?.contains("%") == false else { break }  // `%%` would be formatted
            return text
        case "String", "LocalizedStringResource", "LocalizedStringKey":
            // `String(localized: "key", defaultValue: "Reply", table:…, comment:…)`; `LocalizedStringResource("key", defaultValue:)`.
            guard let key = labelled["localized"] ?? (name == "String" ? nil : arguments.first(where: { $0.label == nil })?.value) else { break }
            return localized(key, defaultValue: labelled["defaultValue"], comment: labelled["comment"], file: file, position: position)
        case "Set", "NSSet", "Array", "NSArray":
            if arguments.isEmpty { return .list([]) }
            if let value = arguments.first.map(\.value), arguments.first?.label == nil || arguments.first?.label == "arrayLiteral" {
                if arguments.first?.label == "arrayLiteral" { return .list(arguments.map { evaluate($0.value, file: file, position: position) }) }
                return evaluate(value, file: file, position: position)
            }
        case "LocalizationValue":
            // `String.LocalizationValue(text)`: the text, as `String(localized:defaultValue:)` takes it.
            if arguments.count == 1, arguments[0].label == nil { return evaluate(arguments[0].value, file: file, position: position) }
        case "UNNotificationActionOptions", "UNNotificationCategoryOptions":
            if let raw = labelled["rawValue"], case .number(let text) = evaluate(raw, file: file, position: position),
                let names = name == "UNNotificationCategoryOptions"
                    ? Self.options(bits: text, of: CategoryOption.self) : Self.options(bits: text, of: ActionOption.self)
            {
                return .options(names)
            }
            if arguments.isEmpty { return .options([]) }
            if arguments.allSatisfy({ $0.label == "arrayLiteral" }) {
                // `UNNotificationCategoryOptions(arrayLiteral: .customDismissAction, …)`
                let options = arguments.map { Self.options(evaluate($0.value, file: file, position: position)) }
                if options.allSatisfy({ $0 != nil }) { return .options(options.flatMap { $0 ?? [] }) }
            }
            if arguments.count == 1, arguments[0].label == nil, let options = Self.options(evaluate(arguments[0].value, file: file, position: position)) {
                return .options(options)
            }
        default:
            if let value = evaluateCodeCall(callee, arguments, file: file, position: position) {
                return value.isUnknown ? unknown(expression, file: file) : value
            }
        }
        return unknown(expression, file: file)
    }

    private mutating func evaluateSend(
        _ receiver: CodeExpression, _ arguments: [CodeArgument], expression: CodeExpression, file: Int, position: Int
    ) -> CodeValue {
        let name = Self.calleeName(receiver) ?? ""
        let first = arguments.first?.label ?? ""
        var labelled: [String: CodeExpression] = [:]
        for argument in arguments { if let label = argument.label, labelled[label] == nil { labelled[label] = argument.value } }
        switch (name, first) {
        case ("UNNotificationCategory", "categoryWithIdentifier"):
            labelled["identifier"] = labelled["categoryWithIdentifier"]
            return category(labelled, expression: expression, file: file, position: position)
        case ("UNNotificationAction", "actionWithIdentifier"), ("UNTextInputNotificationAction", "actionWithIdentifier"):
            labelled["identifier"] = labelled["actionWithIdentifier"]
            return action(labelled, textInput: name == "UNTextInputNotificationAction", expression: expression, file: file, position: position)
        case ("UNNotificationActionIcon", "iconWithSystemImageName"):
            if let value = labelled[first], case .string(let s) = evaluate(value, file: file, position: position) { return .icon(.systemImage(s)) }
        case ("UNNotificationActionIcon", "iconWithTemplateImageName"):
            if let value = labelled[first], case .string(let s) = evaluate(value, file: file, position: position) { return .icon(.templateImage(s)) }
        case (_, "setWithObjects"), (_, "arrayWithObjects"), (_, "setWithObject"), (_, "arrayWithObject"):
            return .list(arguments.filter { if case .null = $0.value { return false } else { return true } }.map { evaluate($0.value, file: file, position: position) })
        case (_, "initWithObjects"):
            return .list(arguments.filter { if case .null = $0.value { return false } else { return true } }.map { evaluate($0.value, file: file, position: position) })
        case (_, "setWithArray"), (_, "arrayWithArray"), (_, "setWithSet"), (_, "initWithArray"), (_, "initWithSet"):
            if let value = labelled[first] { return evaluate(value, file: file, position: position) }
        case (_, "arrayByAddingObject"), (_, "setByAddingObject"):
            if let value = labelled[first],
                let list = Self.joined(evaluate(receiver, file: file, position: position), .list([evaluate(value, file: file, position: position)]))
            {
                return list
            }
        case (_, "arrayByAddingObjectsFromArray"), (_, "setByAddingObjectsFromArray"), (_, "setByAddingObjectsFromSet"):
            if let value = labelled[first],
                let list = Self.joined(evaluate(receiver, file: file, position: position), evaluate(value, file: file, position: position))
            {
                return list
            }
        case (_, "new"), (_, "set"), (_, "array"), (_, "init"):
            if ["NSMutableSet", "NSSet", "NSMutableArray", "NSArray"].contains(name) { return .list([]) }
            if case .send(let inner, let innerArguments, _, _) = receiver, innerArguments.first?.label == "alloc",
                ["NSMutableSet", "NSSet", "NSMutableArray", "NSArray"].contains(Self.calleeName(inner) ?? "")
            {
                return .list([])
            }
        default:
            if Self.isLocalization(first), arguments.count == 1, case .string(let key) = evaluate(receiver, file: file, position: position) {
                return .localized(key: key, value: key)
            }
        }
        return unknown(expression, file: file)
    }

    /// The options whose bits make up `rawValue: 16` (the deprecated `allowAnnouncement`, as notifc's Swift writes it);
    /// `nil` for a bit no option has or a number that is not a plain decimal.
    private static func options<Option: NamedOption>(bits text: String, of _: Option.Type) -> [String]? {
        guard text.utf8.count <= 9, let bits = Int(text), bits >= 0 else { return nil }
        guard bits & ~Option.allCases.reduce(0, { $0 | $1.bit }) == 0 else { return nil }
        return Option.allCases.filter { bits & $0.bit != 0 }.map(\.rawValue)
    }

    /// The options a value names, or `nil` when it is not an option set the scanner can read.
    private static func options(_ value: CodeValue) -> [String]? {
        switch value {
        case .options(let names): return names
        case .null: return []
        case .number("0"): return []
        case .list(let items):
            var names: [String] = []
            for item in items {
                guard let more = options(item) else { return nil }
                names += more
            }
            return names
        default: return nil
        }
    }

    // MARK: Categories and actions

    /// A string argument: its text (a localized string's default value), its localization key and comment
    /// for translators, and whether it was resolved.
    private mutating func string(
        _ expression: CodeExpression?, _ what: String, file: Int, position: Int
    ) -> (value: String?, key: String?, comment: String?, resolved: Bool) {
        guard let expression else { return (nil, nil, nil, true) }
        let value = evaluate(expression, file: file, position: position)
        switch value {
        case .string(let s): return (s, nil, nil, true)
        case .localized(let key, let text, let comment): return (text, key, comment, true)
        case .null: return (nil, nil, nil, true)
        default:
            note(what, value.isUnknown ? value : unknown(expression, file: file))
            return (nil, nil, nil, false)
        }
    }

    private mutating func category(_ arguments: [String: CodeExpression], expression: CodeExpression, file: Int, position: Int) -> CodeValue {
        let key = SiteKey(file: file, offset: expression.start, context: contextSignature(file: file, position: expression.start))
        if let index = categorySites[key] { return categories[index] == nil ? unknown(expression, file: file) : .category(index) }
        let index = categories.count
        categorySites[key] = index
        categories.append(nil)
        categoryInContext.append(!key.context.isEmpty)
        let identifier = string(arguments["identifier"], "category identifier", file: file, position: position).value
        guard let identifier else {
            if arguments["identifier"] == nil { note("category identifier", unknown(expression, file: file), isCategoryIdentifier: true) }
            markCategoryIdentifierUnresolved(arguments["identifier"] ?? expression, file: file)
            return unknown(expression, file: file)
        }
        var unknownArguments = Set<String>()
        var registeredActions: [RegisteredAction] = []
        if let actionsExpression = arguments["actions"] {
            let value = evaluate(actionsExpression, file: file, position: position)
            switch value {
            case .list(let items):
                for item in items {
                    if case .action(let actionIndex) = item, let action = actions[actionIndex] {
                        registeredActions.append(action)
                        usedActions.insert(actionIndex)
                    } else if !(item.isNull) {
                        note("action", item.isUnknown ? item : unknown(actionsExpression, file: file))
                        unknownArguments.insert("actions")
                    }
                }
            case .null: break
            default:
                note("actions", value.isUnknown ? value : unknown(actionsExpression, file: file))
                unknownArguments.insert("actions")
            }
        }
        var intents: [String] = []
        if let intentsExpression = arguments["intentIdentifiers"] {
            let value = evaluate(intentsExpression, file: file, position: position)
            if case .list(let items) = value {
                for item in items {
                    if case .string(let s) = item {
                        intents.append(s)
                    } else {
                        note("intent identifier", item.isUnknown ? item : unknown(intentsExpression, file: file))
                        unknownArguments.insert("intentIdentifiers")
                    }
                }
            } else if !value.isNull {
                note("intent identifiers", value.isUnknown ? value : unknown(intentsExpression, file: file))
                unknownArguments.insert("intentIdentifiers")
            }
        }
        let placeholder = string(arguments["hiddenPreviewsBodyPlaceholder"], "hidden-previews placeholder", file: file, position: position)
        let summary = string(arguments["categorySummaryFormat"], "summary format", file: file, position: position)
        if !placeholder.resolved { unknownArguments.insert("hiddenPreviewsBodyPlaceholder") }
        if !summary.resolved { unknownArguments.insert("categorySummaryFormat") }
        let options: [CategoryOption] = optionValues(arguments["options"], file: file, position: position, unknown: &unknownArguments)
        var category = Category(
            identifier: identifier, actions: registeredActions.map(\.action.identifier), intentIdentifiers: intents,
            options: options, hiddenPreviewsBodyPlaceholder: placeholder.value, categorySummaryFormat: summary.value)
        var keys: [ManifestKey: String] = [:]
        keys[.hiddenPreviewsBodyPlaceholder] = placeholder.key
        keys[.categorySummaryFormat] = summary.key
        category.comments[.hiddenPreviewsBodyPlaceholder] = placeholder.comment
        category.comments[.categorySummaryFormat] = summary.comment
        categories[index] = RegisteredCategory(
            category: category, actions: registeredActions, range: range(file, expression.start, expression.end),
            localizationKeys: keys, argumentRanges: argumentRanges(arguments, file: file), unknownArguments: unknownArguments)
        if !key.context.isEmpty { resolvedInContext.append((file, expression.start, expression.end)) }
        return .category(index)
    }

    /// Where each argument of an initializer was written, by label.
    private func argumentRanges(_ arguments: [String: CodeExpression], file: Int) -> [String: SourceRange] {
        arguments.mapValues { range(file, $0.start, $0.end) }
    }

    private mutating func markCategoryIdentifierUnresolved(_ expression: CodeExpression, file: Int) {
        if let index = unresolved.lastIndex(where: { $0.range.file == files[file].id && $0.range.start == expression.start }) {
            unresolved[index].isCategoryIdentifier = true
        } else if let index = unresolved.indices.last, unresolved[index].what.hasPrefix("category identifier") {
            unresolved[index].isCategoryIdentifier = true
        }
    }

    /// The options an `options:` argument names; `options` goes into `unknown` when some could not be read.
    private mutating func optionValues<Option: NamedOption>(
        _ expression: CodeExpression?, file: Int, position: Int, unknown unknownArguments: inout Set<String>
    ) -> [Option] {
        guard let expression else { return [] }
        let value = evaluate(expression, file: file, position: position)
        guard let names = Self.options(value) else {
            note("options", value.isUnknown ? value : unknown(expression, file: file))
            unknownArguments.insert("options")
            return []
        }
        var result: [Option] = []
        for name in names {
            if let option = Option(rawValue: name) {
                if !result.contains(option) { result.append(option) }
            } else {
                note("option", unknown(expression, file: file))
                unknownArguments.insert("options")
            }
        }
        return result.sorted()
    }

    private mutating func action(_ arguments: [String: CodeExpression], textInput: Bool, expression: CodeExpression, file: Int, position: Int) -> CodeValue {
        let key = SiteKey(file: file, offset: expression.start, context: contextSignature(file: file, position: expression.start))
        if let index = actionSites[key] { return actions[index] == nil ? unknown(expression, file: file) : .action(index) }
        let index = actions.count
        actionSites[key] = index
        actions.append(nil)
        guard let identifier = string(arguments["identifier"], "action identifier", file: file, position: position).value else {
            return unknown(expression, file: file)
        }
        let title = string(arguments["title"], "action title", file: file, position: position)
        var unknownArguments = Set<String>()
        if title.value == nil { unknownArguments.insert("title") }
        let options: [ActionOption] = optionValues(arguments["options"], file: file, position: position, unknown: &unknownArguments)
        var icon: ActionIcon?
        if let iconExpression = arguments["icon"] {
            let value = evaluate(iconExpression, file: file, position: position)
            if case .icon(let i) = value {
                icon = i
            } else if !value.isNull {
                note("icon", value.isUnknown ? value : unknown(iconExpression, file: file))
                unknownArguments.insert("icon")
            }
        }
        var input: TextInput?
        var leftOut: [String] = []
        var keys: [ManifestKey: String] = [:]
        var comments: [ManifestKey: String] = [:]
        keys[.title] = title.key
        comments[.title] = title.comment
        if textInput {
            let button = string(arguments["textInputButtonTitle"], "text-input button title", file: file, position: position)
            let placeholder = string(arguments["textInputPlaceholder"], "text-input placeholder", file: file, position: position)
            input = TextInput(buttonTitle: button.value ?? "", placeholder: placeholder.value ?? "")
            // Left out (`UNTextInputNotificationAction(identifier:title:options:)`, UNNotificationAction's initializer),
            // they are known: there are none.
            if !button.resolved { unknownArguments.insert("textInputButtonTitle") }
            if !placeholder.resolved { unknownArguments.insert("textInputPlaceholder") }
            // `textInputButtonTitle:nil` (Objective-C) is the same as leaving it out: no range, as for a missing argument.
            if button.value == nil, button.resolved { leftOut.append("textInputButtonTitle") }
            if placeholder.value == nil, placeholder.resolved { leftOut.append("textInputPlaceholder") }
            keys[.buttonTitle] = button.key
            keys[.placeholder] = placeholder.key
            comments[.buttonTitle] = button.comment
            comments[.placeholder] = placeholder.comment
        }
        let action = Action(
            identifier: identifier, title: title.value ?? "", options: options, icon: icon, textInput: input, comments: comments)
        var ranges = argumentRanges(arguments, file: file)
        for label in leftOut { ranges[label] = nil }
        actions[index] = RegisteredAction(
            action: action, range: range(file, expression.start, expression.end), unknownArguments: unknownArguments,
            localizationKeys: keys, argumentRanges: ranges)
        if !key.context.isEmpty { resolvedInContext.append((file, expression.start, expression.end)) }
        return .action(index)
    }
}

extension CodeValue {
    var isUnknown: Bool { if case .unknown = self { true } else { false } }
    var isNull: Bool { if case .null = self { true } else { false } }
    /// The text of a string, or a localized string's default value.
    var text: String? {
        switch self {
        case .string(let s): s
        case .localized(_, let value, _): value
        default: nil
        }
    }
}
