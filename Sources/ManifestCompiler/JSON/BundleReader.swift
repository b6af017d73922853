// Reads a notifications.json registration bundle back into a Manifest, reporting every problem with its location.

/// Turns a parsed `notifications.json` (docs/json-bundle.md) into a ``Manifest``, for `notifc diff`.
///
/// The bundle must have exactly the documented shape: every required key, no unknown key, the right types,
/// known option names and extension kinds, `schemaVersion` 1. Every problem is reported (`E601`–`E607`), not just
/// the first; the manifest is returned only when there is none. The bundle writes each action inline in every
/// category that lists it: all copies must agree (`E607`). The manifest's actions are the distinct actions in
/// order of first appearance, so an action no category lists (which a bundle never holds) cannot appear; option
/// lists are put in Apple's bit order. Values are not checked beyond their shape (an empty title is read as is):
/// the bundle was written from a validated manifest, and the diff reports what it holds.
public struct BundleReader {
    private let file: SourceFile
    private var diagnostics: DiagnosticBag
    private let errorsBefore: Int

    /// Reads the bundle in `file`: JSON syntax (``JSONReader``), then the bundle's shape.
    public static func read(_ file: SourceFile, limits: Limits = .default, into diagnostics: inout DiagnosticBag)
        -> Manifest?
    {
        let before = diagnostics.errorCount
        guard let root = JSONReader.read(file, limits: limits, into: &diagnostics), diagnostics.errorCount == before
        else { return nil }
        return manifest(from: root, in: file, into: &diagnostics)
    }

    /// The manifest a parsed bundle describes, or `nil` after reporting why it is not a valid bundle.
    public static func manifest(from root: JSONNode, in file: SourceFile, into diagnostics: inout DiagnosticBag)
        -> Manifest?
    {
        var reader = BundleReader(file: file, diagnostics: diagnostics, errorsBefore: diagnostics.errorCount)
        let manifest = reader.readBundle(root)
        diagnostics = reader.diagnostics
        return reader.diagnostics.errorCount == reader.errorsBefore ? manifest : nil
    }

    // MARK: - Objects

    private mutating func readBundle(_ root: JSONNode) -> Manifest? {
        guard let members = object(root, "the bundle", keys: ["schemaVersion", "categories", "extensions"]) else {
            return nil
        }
        if let version = required(members, "schemaVersion", in: "the bundle", at: root) {
            if version.number != nil, version.number != Double(JSONBundleEmitter.schemaVersion) {
                diagnostics.append(
                    Diagnostic(
                        .unsupportedBundleVersion,
                        "unsupported schemaVersion \(numberText(version)); this notifc reads version \(JSONBundleEmitter.schemaVersion)",
                        at: version.range, help: ["write the bundle with this version of notifc"]))
            } else if version.number == nil {
                typeMismatch(version, expected: "a number", for: "schemaVersion")
            }
        }
        var categories: [Category] = []
        var actions: [(action: Action, node: JSONNode, category: String)] = []
        var firstCategory: [String: SourceRange] = [:]
        for node in array(required(members, "categories", in: "the bundle", at: root), for: "categories") {
            guard let (category, categoryActions) = readCategory(node) else { continue }
            if let first = firstCategory[category.identifier] {
                duplicate("category '\(category.identifier)'", at: identifierRange(node), first: first)
                continue
            }
            firstCategory[category.identifier] = identifierRange(node)
            categories.append(category)
            actions += categoryActions.map { ($0.action, $0.node, category.identifier) }
        }
        var extensions: [NotificationExtension] = []
        var firstExtension: [String: SourceRange] = [:]
        for node in array(required(members, "extensions", in: "the bundle", at: root), for: "extensions") {
            guard let declared = readExtension(node) else { continue }
            let range = node["name"]?.range ?? openingBrace(node)
            if let first = firstExtension[declared.name] {
                duplicate("extension '\(declared.name)'", at: range, first: first)
                continue
            }
            firstExtension[declared.name] = range
            extensions.append(declared)
        }
        return Manifest(actions: distinctActions(actions), categories: categories, extensions: extensions)
    }

    private mutating func readCategory(_ node: JSONNode) -> (Category, [(action: Action, node: JSONNode)])? {
        let keys = [
            "identifier", "actions", "intentIdentifiers", "options", "hiddenPreviewsBodyPlaceholder",
            "categorySummaryFormat",
        ]
        guard let members = object(node, "a category", keys: keys) else { return nil }
        let identifier = string(required(members, "identifier", in: "a category", at: node), for: "identifier")
        let what = identifier.map { "category '\($0)'" } ?? "a category"
        var actions: [(action: Action, node: JSONNode)] = []
        var firstAction: [String: SourceRange] = [:]
        for actionNode in array(required(members, "actions", in: what, at: node), for: "actions") {
            guard let action = readAction(actionNode, in: what) else { continue }
            let range = identifierRange(actionNode)
            if let first = firstAction[action.identifier] {
                duplicate("action '\(action.identifier)' in \(what)", at: range, first: first)
                continue
            }
            firstAction[action.identifier] = range
            actions.append((action, actionNode))
        }
        let intents = array(required(members, "intentIdentifiers", in: what, at: node), for: "intentIdentifiers")
            .compactMap { string($0, for: "intentIdentifiers") }
        let options: [CategoryOption] = self.options(required(members, "options", in: what, at: node), of: what)
        let placeholder = string(members["hiddenPreviewsBodyPlaceholder"], for: "hiddenPreviewsBodyPlaceholder")
        let summary = string(members["categorySummaryFormat"], for: "categorySummaryFormat")
        guard let identifier else { return nil }
        let category = Category(
            identifier: identifier, actions: actions.map(\.action.identifier), intentIdentifiers: intents,
            options: options, hiddenPreviewsBodyPlaceholder: placeholder, categorySummaryFormat: summary)
        return (category, actions)
    }

    private mutating func readAction(_ node: JSONNode, in category: String) -> Action? {
        guard
            let members = object(
                node, "an action in \(category)", keys: ["identifier", "title", "options", "textInput", "icon"])
        else { return nil }
        let identifier = string(required(members, "identifier", in: "an action in \(category)", at: node), for: "identifier")
        let what = identifier.map { "action '\($0)'" } ?? "an action in \(category)"
        let title = string(required(members, "title", in: what, at: node), for: "title")
        let options: [ActionOption] = self.options(required(members, "options", in: what, at: node), of: what)
        var textInput: TextInput?
        if let inputNode = members["textInput"],
            let input = object(inputNode, "the textInput of \(what)", keys: ["buttonTitle", "placeholder"])
        {
            let inputWhat = "the textInput of \(what)"
            let buttonTitle = string(required(input, "buttonTitle", in: inputWhat, at: inputNode), for: "buttonTitle")
            let placeholder = string(required(input, "placeholder", in: inputWhat, at: inputNode), for: "placeholder")
            if let buttonTitle, let placeholder { textInput = TextInput(buttonTitle: buttonTitle, placeholder: placeholder) }
        }
        let icon = members["icon"].flatMap { readIcon($0, of: what) }
        guard let identifier, let title else { return nil }
        return Action(identifier: identifier, title: title, options: options, icon: icon, textInput: textInput)
    }

    private mutating func readIcon(_ node: JSONNode, of what: String) -> ActionIcon? {
        guard let members = object(node, "the icon of \(what)", keys: ["systemImageName", "templateImageName"]) else {
            return nil
        }
        switch (members["systemImageName"], members["templateImageName"]) {
        case (let system?, nil): return string(system, for: "systemImageName").map(ActionIcon.systemImage)
        case (nil, let template?): return string(template, for: "templateImageName").map(ActionIcon.templateImage)
        case (_?, let template?):
            diagnostics.append(
                Diagnostic(
                    .invalidBundleValue, "the icon of \(what) has both 'systemImageName' and 'templateImageName'",
                    at: member(node, "templateImageName")?.keyRange ?? template.range, help: ["keep one of them"]))
        case (nil, nil):
            diagnostics.append(
                Diagnostic(
                    .missingBundleKey, "the icon of \(what) has neither 'systemImageName' nor 'templateImageName'",
                    at: openingBrace(node)))
        }
        return nil
    }

    private mutating func readExtension(_ node: JSONNode) -> NotificationExtension? {
        let contentKeys = [
            "categories", "initialContentSizeRatio", "defaultContentHidden", "overridesDefaultTitle",
            "userInteractionEnabled", "storyboard",
        ]
        let kindNode = node["kind"]
        let kind = kindNode.flatMap { string($0, for: "kind") }.flatMap { extensionKind($0, at: kindNode) }
        let keys = ["name", "kind", "principalClass"] + (kind == .service ? [] : contentKeys)
        guard let members = object(node, kind == .service ? "a service extension" : "an extension", keys: keys) else {
            return nil
        }
        let name = string(required(members, "name", in: "an extension", at: node), for: "name")
        let what = name.map { "extension '\($0)'" } ?? "an extension"
        if kindNode == nil { _ = required(members, "kind", in: what, at: node) }
        var declared = NotificationExtension(name: name ?? "", kind: kind ?? .content)
        declared.principalClass = string(members["principalClass"], for: "principalClass")
        if kind == .content {
            declared.categories = array(required(members, "categories", in: what, at: node), for: "categories")
                .compactMap { string($0, for: "categories") }
            declared.initialContentSizeRatio = number(members["initialContentSizeRatio"], for: "initialContentSizeRatio")
            declared.defaultContentHidden = bool(members["defaultContentHidden"], for: "defaultContentHidden")
            declared.overridesDefaultTitle = bool(members["overridesDefaultTitle"], for: "overridesDefaultTitle")
            declared.userInteractionEnabled = bool(members["userInteractionEnabled"], for: "userInteractionEnabled")
            declared.storyboard = string(members["storyboard"], for: "storyboard")
        } else if kind == .service, declared.principalClass == nil {
            _ = required(members, "principalClass", in: what, at: node)
        }
        guard name != nil, kind != nil else { return nil }
        return declared
    }

    /// The distinct actions in order of first appearance; a later copy that differs is reported.
    private mutating func distinctActions(_ actions: [(action: Action, node: JSONNode, category: String)]) -> [Action] {
        var first: [String: (action: Action, node: JSONNode, category: String)] = [:]
        var result: [Action] = []
        for entry in actions {
            guard let earlier = first[entry.action.identifier] else {
                first[entry.action.identifier] = entry
                result.append(entry.action)
                continue
            }
            if earlier.action != entry.action {
                diagnostics.append(
                    Diagnostic(
                        .conflictingBundleAction,
                        "action '\(entry.action.identifier)' in category '\(entry.category)' differs from its copy in "
                            + "category '\(earlier.category)'",
                        at: identifierRange(entry.node),
                        notes: [DiagnosticNote("the first copy is here", at: identifierRange(earlier.node))],
                        help: ["an action has one set of properties; write the same object in every category"]))
            }
        }
        return result
    }

    // MARK: - Values

    /// The members of an object by key, after reporting unknown keys; `nil` (reported) when `node` is not an object.
    private mutating func object(_ node: JSONNode, _ what: String, keys: [String]) -> [String: JSONNode]? {
        guard let members = node.members else {
            diagnostics.append(
                Diagnostic(
                    .invalidBundleValue, "expected an object for \(what), found \(node.typeDescription)", at: node.range))
            return nil
        }
        var byKey: [String: JSONNode] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                diagnostics.append(
                    Diagnostic(
                        .unknownBundleKey, "unknown key \(StringEscapes.literal(member.key)) in \(what)",
                        at: member.keyRange
                    ).suggesting(NameSuggester.suggestion(for: member.key, among: keys)))
                continue
            }
            if byKey[member.key] == nil { byKey[member.key] = member.value }
        }
        return byKey
    }

    /// The member `key`, or `nil` after reporting that `what` lacks it.
    private mutating func required(_ members: [String: JSONNode]?, _ key: String, in what: String, at node: JSONNode)
        -> JSONNode?
    {
        guard let members else { return nil }
        if let value = members[key] { return value }
        diagnostics.append(Diagnostic(.missingBundleKey, "\(what) has no '\(key)'", at: openingBrace(node)))
        return nil
    }

    private mutating func array(_ node: JSONNode?, for key: String) -> [JSONNode] {
        guard let node else { return [] }
        guard let elements = node.elements else {
            typeMismatch(node, expected: "an array", for: key)
            return []
        }
        return elements
    }

    private mutating func string(_ node: JSONNode?, for key: String) -> String? {
        guard let node else { return nil }
        guard let value = node.string else {
            typeMismatch(node, expected: "a string", for: key)
            return nil
        }
        return value
    }

    private mutating func number(_ node: JSONNode?, for key: String) -> Double? {
        guard let node else { return nil }
        guard let value = node.number else {
            typeMismatch(node, expected: "a number", for: key)
            return nil
        }
        return value
    }

    private mutating func bool(_ node: JSONNode?, for key: String) -> Bool? {
        guard let node else { return nil }
        guard let value = node.bool else {
            typeMismatch(node, expected: "true or false", for: key)
            return nil
        }
        return value
    }

    /// An option list: known names, each once, returned in Apple's bit order.
    private mutating func options<Option: RawRepresentable & CaseIterable & Comparable>(_ node: JSONNode?, of what: String)
        -> [Option] where Option.RawValue == String
    {
        let isAction = Option.self == ActionOption.self
        var result: [Option] = []
        var first: [String: SourceRange] = [:]
        for element in array(node, for: "options") {
            guard let name = string(element, for: "options") else { continue }
            guard let option = Option(rawValue: name) else {
                diagnostics.append(
                    Diagnostic(
                        .unknownBundleName,
                        "unknown \(isAction ? "action" : "category") option \(StringEscapes.literal(name)) in \(what)",
                        at: element.range
                    ).suggesting(NameSuggester.suggestion(for: name, among: Option.allCases.map(\.rawValue))))
                continue
            }
            if let earlier = first[name] {
                duplicate("option '\(name)' in \(what)", at: element.range, first: earlier)
                continue
            }
            first[name] = element.range
            result.append(option)
        }
        return result.sorted()
    }

    private mutating func extensionKind(_ name: String, at node: JSONNode?) -> NotificationExtension.Kind? {
        if let kind = NotificationExtension.Kind(rawValue: name) { return kind }
        let kinds = NotificationExtension.Kind.allCases.map(\.rawValue)
        let suggestion = NameSuggester.suggestion(for: name, among: kinds)
        diagnostics.append(
            Diagnostic(
                .unknownBundleName, "unknown extension kind \(StringEscapes.literal(name))", at: node?.range,
                help: suggestion == nil ? ["the kinds are \"content\" and \"service\""] : []
            ).suggesting(suggestion))
        return nil
    }

    // MARK: - Reporting

    private mutating func typeMismatch(_ node: JSONNode, expected: String, for key: String) {
        diagnostics.append(
            Diagnostic(
                .invalidBundleValue, "expected \(expected) for '\(key)', found \(node.typeDescription)", at: node.range))
    }

    private mutating func duplicate(_ what: String, at range: SourceRange, first: SourceRange) {
        diagnostics.append(
            Diagnostic(
                .duplicateBundleEntry, "duplicate \(what)", at: range,
                notes: [DiagnosticNote("first written here", at: first)]))
    }

    private func member(_ node: JSONNode, _ key: String) -> JSONMember? { node.member(key) }

    /// Where an object's identifier is written (its `identifier` value), or its opening brace.
    private func identifierRange(_ node: JSONNode) -> SourceRange {
        node["identifier"]?.range ?? openingBrace(node)
    }

    private func openingBrace(_ node: JSONNode) -> SourceRange {
        SourceRange(file: file.id, start: node.range.start, end: min(node.range.end, node.range.start + 1))
    }

    private func numberText(_ node: JSONNode) -> String {
        if case .number(_, let text) = node.kind { return text }
        return file.text(in: node.range)
    }
}
