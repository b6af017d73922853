// Reads a notifications.json registration bundle: one decoder, strict for `diff` and lenient for `import`.

/// Decodes a parsed `notifications.json` (docs/json-bundle.md), reporting every problem with its location.
///
/// One decoder, two modes; a problem both modes report has the same code and message in both:
///
/// - **Strict** (``read(_:limits:into:)``, for `notifc diff`): the bundle must have exactly the documented
///   shape: every key the emitter writes, no unknown key, the right types, known option names and extension
///   kinds, `schemaVersion` 1. Every problem is an error, and the manifest is returned only when there is
///   none. The bundle writes each action inline in every category that lists it: all copies must agree
///   (`E607`), and no category, extension, action (within a category) or option may be written twice (`E606`).
///   The manifest's actions are the distinct actions in order of first appearance; option lists are put in
///   Apple's bit order. Values are not checked beyond their shape: the bundle was written from a validated
///   manifest, and the diff reports what it holds.
/// - **Lenient** (``BundleImporter``, for `notifc import`): an unknown key is a warning, and the key is
///   dropped. Keys with an obvious empty value may be left out (`intentIdentifiers`, `options`, a text
///   input's `placeholder`, a content extension's `categories`, a service extension's `principalClass`),
///   and an extension may have the keys of either kind. Entries written twice are kept as written: the
///   import compares them with each other and with its other inputs (`E431`); repeated options are kept
///   once, and an icon with both image keys keeps its system image.
public struct BundleReader {
    /// How strictly a bundle is read.
    enum Mode {
        /// For `diff`: the documented shape exactly.
        case strict
        /// For `import`: unknown keys dropped with a warning, obvious defaults filled in.
        case lenient
    }

    /// A category as the bundle writes it: with the actions written inline in it.
    struct DecodedCategory {
        let category: Category
        let node: JSONNode
        let actions: [(action: Action, node: JSONNode)]
    }

    /// What a bundle holds, each entry with the node it was read from, in the bundle's order.
    struct Contents {
        var categories: [DecodedCategory] = []
        var extensions: [(declared: NotificationExtension, node: JSONNode)] = []
        var localization = LocalizationSettings()
    }

    private let mode: Mode
    private var diagnostics: [Diagnostic] = []

    /// Reads the bundle in `file` strictly: JSON syntax (``JSONReader``), then the bundle's shape.
    public static func read(_ file: SourceFile, limits: Limits = .default, into diagnostics: inout DiagnosticBag)
        -> Manifest?
    {
        let before = diagnostics.errorCount
        guard let root = JSONReader.read(file, limits: limits, into: &diagnostics), diagnostics.errorCount == before
        else { return nil }
        return manifest(from: root, in: file, into: &diagnostics)
    }

    /// The manifest a parsed bundle (read from `file`) describes, or `nil` after reporting why it is not a
    /// valid bundle.
    public static func manifest(from root: JSONNode, in file: SourceFile, into diagnostics: inout DiagnosticBag)
        -> Manifest?
    {
        var reader = BundleReader(mode: .strict)
        let contents = reader.bundle(root)
        let actions = contents.map { reader.distinctActions(of: $0.categories) }
        for diagnostic in reader.diagnostics { diagnostics.append(diagnostic) }
        guard let contents, let actions, reader.diagnostics.isEmpty else { return nil }
        return Manifest(
            actions: actions, categories: contents.categories.map(\.category),
            extensions: contents.extensions.map(\.declared), localization: contents.localization)
    }

    /// Decodes `root` in `mode`, appending what it reports to `diagnostics`; `nil` when `root` is not a
    /// bundle at all (not an object).
    static func contents(of root: JSONNode, mode: Mode, into diagnostics: inout DiagnosticBag) -> Contents? {
        var reader = BundleReader(mode: mode)
        let contents = reader.bundle(root)
        for diagnostic in reader.diagnostics { diagnostics.append(diagnostic) }
        return contents
    }

    private init(mode: Mode) {
        self.mode = mode
    }

    // MARK: - Objects

    private mutating func bundle(_ root: JSONNode) -> Contents? {
        guard root.members != nil else {
            report(.invalidBundle, "a notifications.json bundle is a JSON object, found \(root.typeDescription)", at: root.range)
            return nil
        }
        guard let members = object(root, "the bundle", keys: ["schemaVersion", "categories", "extensions", "localization"]) else {
            return nil
        }
        if let version = required(members, "schemaVersion", in: "the bundle", at: root) {
            if let number = version.number {
                if number != Double(JSONBundleEmitter.schemaVersion) {
                    report(
                        .unsupportedBundleVersion,
                        "unsupported schemaVersion \(describe(version)); this notifc reads version \(JSONBundleEmitter.schemaVersion)",
                        at: version.range, help: ["write the bundle with this version of notifc"])
                }
            } else {
                typeMismatch(version, expected: "a number", for: "schemaVersion")
            }
        }
        var contents = Contents()
        var firstCategory: [String: SourceRange] = [:]
        for node in array(required(members, "categories", in: "the bundle", at: root), for: "categories") {
            guard let decoded = category(node) else { continue }
            let identifier = decoded.category.identifier
            if mode == .strict {
                if let first = firstCategory[identifier] {
                    duplicate("category '\(identifier)'", at: identifierRange(node), first: first)
                    continue
                }
                firstCategory[identifier] = identifierRange(node)
            }
            contents.categories.append(decoded)
        }
        var firstExtension: [String: SourceRange] = [:]
        for node in array(required(members, "extensions", in: "the bundle", at: root), for: "extensions") {
            guard let declared = notificationExtension(node) else { continue }
            if mode == .strict {
                let range = node["name"]?.range ?? openingBrace(node)
                if let first = firstExtension[declared.name] {
                    duplicate("extension '\(declared.name)'", at: range, first: first)
                    continue
                }
                firstExtension[declared.name] = range
            }
            contents.extensions.append((declared, node))
        }
        if let node = members["localization"],
            let settings = object(node, "the localization", keys: ["table", "developmentLanguage", "bundle"])
        {
            contents.localization = LocalizationSettings(
                table: string(settings["table"], for: "table") ?? LocalizationSettings.defaultTable,
                developmentLanguage: string(settings["developmentLanguage"], for: "developmentLanguage")
                    ?? LocalizationSettings.defaultDevelopmentLanguage,
                bundle: string(settings["bundle"], for: "bundle").flatMap(LocalizationSettings.BundleLocation.init)
                    ?? .main)
        }
        return contents
    }

    private mutating func category(_ node: JSONNode) -> DecodedCategory? {
        let keys = [
            "identifier", "actions", "intentIdentifiers", "options", "hiddenPreviewsBodyPlaceholder",
            "categorySummaryFormat", "localizationKeys", "comments",
        ]
        guard let members = object(node, "a category", keys: keys) else { return nil }
        let identifier = string(required(members, "identifier", in: "a category", at: node), for: "identifier")
        let what = identifier.map { "category '\($0)'" } ?? "a category"
        var actions: [(action: Action, node: JSONNode)] = []
        var firstAction: [String: SourceRange] = [:]
        for actionNode in array(required(members, "actions", in: what, at: node), for: "actions") {
            guard let action = action(actionNode, in: what) else { continue }
            if mode == .strict {
                let range = identifierRange(actionNode)
                if let first = firstAction[action.identifier] {
                    duplicate("action '\(action.identifier)' in \(what)", at: range, first: first)
                    continue
                }
                firstAction[action.identifier] = range
            }
            actions.append((action, actionNode))
        }
        let intents = strings(requiredWhenStrict(members, "intentIdentifiers", in: what, at: node), for: "intentIdentifiers")
        let options: [CategoryOption] = self.options(requiredWhenStrict(members, "options", in: what, at: node), of: what)
        let placeholder = string(members["hiddenPreviewsBodyPlaceholder"], for: "hiddenPreviewsBodyPlaceholder")
        let summary = string(members["categorySummaryFormat"], for: "categorySummaryFormat")
        guard let identifier else { return nil }
        let category = Category(
            identifier: identifier, actions: actions.map(\.action.identifier), intentIdentifiers: intents,
            options: options, hiddenPreviewsBodyPlaceholder: placeholder, categorySummaryFormat: summary,
            comments: comments(members["comments"], of: what, [.hiddenPreviewsBodyPlaceholder, .categorySummaryFormat]))
        return DecodedCategory(category: category, node: node, actions: actions)
    }

    private mutating func action(_ node: JSONNode, in category: String) -> Action? {
        let keys = ["identifier", "title", "options", "textInput", "icon", "localizationKeys", "comments"]
        guard let members = object(node, "an action in \(category)", keys: keys) else { return nil }
        let identifier = string(required(members, "identifier", in: "an action in \(category)", at: node), for: "identifier")
        let what = identifier.map { "action '\($0)'" } ?? "an action in \(category)"
        let title = string(required(members, "title", in: what, at: node), for: "title")
        let options: [ActionOption] = self.options(requiredWhenStrict(members, "options", in: what, at: node), of: what)
        var textInput: TextInput?
        let inputWhat = "the textInput of \(what)"
        if let inputNode = members["textInput"], let input = object(inputNode, inputWhat, keys: ["buttonTitle", "placeholder"]) {
            let buttonTitle = string(required(input, "buttonTitle", in: inputWhat, at: inputNode), for: "buttonTitle")
            let placeholderNode = requiredWhenStrict(input, "placeholder", in: inputWhat, at: inputNode)
            let placeholder = placeholderNode == nil && mode == .lenient ? "" : string(placeholderNode, for: "placeholder")
            if let buttonTitle, let placeholder { textInput = TextInput(buttonTitle: buttonTitle, placeholder: placeholder) }
        }
        let icon = members["icon"].flatMap { self.icon($0, of: what) }
        guard let identifier, let title else { return nil }
        return Action(
            identifier: identifier, title: title, options: options, icon: icon, textInput: textInput,
            comments: comments(members["comments"], of: what, [.title, .buttonTitle, .placeholder]))
    }

    /// The translator comments of `what` (an object keyed by the strings' properties); `localizationKeys` is
    /// derived from the identifiers and not read back.
    private mutating func comments(_ node: JSONNode?, of what: String, _ properties: [ManifestKey]) -> [ManifestKey: String] {
        guard let node, let members = object(node, "the comments of \(what)", keys: properties.map(\.rawValue)) else {
            return [:]
        }
        var comments: [ManifestKey: String] = [:]
        for property in properties {
            if let comment = string(members[property.rawValue], for: property.rawValue) { comments[property] = comment }
        }
        return comments
    }

    private mutating func icon(_ node: JSONNode, of what: String) -> ActionIcon? {
        guard let members = object(node, "the icon of \(what)", keys: ["systemImageName", "templateImageName"]) else {
            return nil
        }
        switch (members["systemImageName"], members["templateImageName"]) {
        case (let system?, nil): return string(system, for: "systemImageName").map(ActionIcon.systemImage)
        case (nil, let template?): return string(template, for: "templateImageName").map(ActionIcon.templateImage)
        case (let system?, let template?):
            if mode == .lenient { return string(system, for: "systemImageName").map(ActionIcon.systemImage) }
            report(
                .invalidBundleValue, "the icon of \(what) has both 'systemImageName' and 'templateImageName'",
                at: node.member("templateImageName")?.keyRange ?? template.range, help: ["keep one of them"])
        case (nil, nil):
            report(
                .missingBundleKey, "the icon of \(what) has neither 'systemImageName' nor 'templateImageName'",
                at: openingBrace(node))
        }
        return nil
    }

    private mutating func notificationExtension(_ node: JSONNode) -> NotificationExtension? {
        let contentKeys = [
            "categories", "initialContentSizeRatio", "defaultContentHidden", "overridesDefaultTitle",
            "userInteractionEnabled", "storyboard",
        ]
        let kindNode = node["kind"]
        let kind = kindNode.flatMap { string($0, for: "kind") }.flatMap { extensionKind($0, at: kindNode) }
        let isStrictService = kind == .service && mode == .strict
        let keys = ["name", "kind", "principalClass"] + (isStrictService ? [] : contentKeys)
        guard let members = object(node, isStrictService ? "a service extension" : "an extension", keys: keys) else {
            return nil
        }
        let name = string(required(members, "name", in: "an extension", at: node), for: "name")
        let what = name.map { "extension '\($0)'" } ?? "an extension"
        if kindNode == nil { _ = required(members, "kind", in: what, at: node) }
        var declared = NotificationExtension(name: name ?? "", kind: kind ?? .content)
        declared.principalClass = string(members["principalClass"], for: "principalClass")
        if kind == .content || mode == .lenient {
            let categories = kind == .content ? requiredWhenStrict(members, "categories", in: what, at: node) : members["categories"]
            declared.categories = strings(categories, for: "categories")
            declared.initialContentSizeRatio = number(members["initialContentSizeRatio"], for: "initialContentSizeRatio")
            declared.defaultContentHidden = bool(members["defaultContentHidden"], for: "defaultContentHidden")
            declared.overridesDefaultTitle = bool(members["overridesDefaultTitle"], for: "overridesDefaultTitle")
            declared.userInteractionEnabled = bool(members["userInteractionEnabled"], for: "userInteractionEnabled")
            declared.storyboard = string(members["storyboard"], for: "storyboard")
        }
        if kind == .service, declared.principalClass == nil {
            _ = requiredWhenStrict(members, "principalClass", in: what, at: node)
        }
        guard name != nil, kind != nil else { return nil }
        return declared
    }

    /// The distinct actions of `categories` in order of first appearance; a later copy that differs is reported.
    private mutating func distinctActions(of categories: [DecodedCategory]) -> [Action] {
        var first: [String: (action: Action, node: JSONNode, category: String)] = [:]
        var result: [Action] = []
        for decoded in categories {
            for (action, node) in decoded.actions {
                guard let earlier = first[action.identifier] else {
                    first[action.identifier] = (action, node, decoded.category.identifier)
                    result.append(action)
                    continue
                }
                guard earlier.action != action else { continue }
                report(
                    .conflictingBundleAction,
                    "action '\(action.identifier)' in category '\(decoded.category.identifier)' differs from its copy in "
                        + "category '\(earlier.category)'",
                    at: identifierRange(node),
                    notes: [DiagnosticNote("the first copy is here", at: identifierRange(earlier.node))],
                    help: ["an action has one set of properties; write the same object in every category"])
            }
        }
        return result
    }

    // MARK: - Values

    /// The members of an object by key, after reporting unknown keys; `nil` (reported) when `node` is not an object.
    private mutating func object(_ node: JSONNode, _ what: String, keys: [String]) -> [String: JSONNode]? {
        guard let members = node.members else {
            report(.invalidBundleValue, "expected an object for \(what), found \(node.typeDescription)", at: node.range)
            return nil
        }
        var byKey: [String: JSONNode] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                var diagnostic = Diagnostic(
                    .unknownBundleKey, "unknown key \(StringEscapes.literal(member.key)) in \(what)", at: member.keyRange
                ).suggesting(NameSuggester.suggestion(for: member.key, among: keys))
                if mode == .lenient { diagnostic.severity = .warning }
                diagnostics.append(diagnostic)
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
        report(.missingBundleKey, "\(what) has no '\(key)'", at: openingBrace(node))
        return nil
    }

    /// ``required(_:_:in:at:)`` in strict mode; in lenient mode the member may be left out.
    private mutating func requiredWhenStrict(
        _ members: [String: JSONNode]?, _ key: String, in what: String, at node: JSONNode
    ) -> JSONNode? {
        mode == .strict ? required(members, key, in: what, at: node) : members?[key]
    }

    private mutating func array(_ node: JSONNode?, for key: String, expected: String = "an array") -> [JSONNode] {
        guard let node else { return [] }
        guard let elements = node.elements else {
            typeMismatch(node, expected: expected, for: key)
            return []
        }
        return elements
    }

    /// The strings of an array of strings; each element that is not one is reported.
    private mutating func strings(_ node: JSONNode?, for key: String) -> [String] {
        array(node, for: key).compactMap { element in
            guard let text = element.string else {
                report(.invalidBundleValue, "'\(key)' must hold strings, found \(describe(element))", at: element.range)
                return nil
            }
            return text
        }
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
        guard value.isFinite else {  // `1e400` reads as infinity, which no manifest can write
            typeMismatch(node, expected: "a finite number", for: key)
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
        for element in array(node, for: "options", expected: "an array of option names") {
            guard let name = element.string else {
                report(.invalidBundleValue, "'options' must hold strings, found \(describe(element))", at: element.range)
                continue
            }
            guard let option = Option(rawValue: name) else {
                report(
                    .unknownBundleName,
                    "unknown \(isAction ? "action" : "category") option \(StringEscapes.literal(name)) in \(what)",
                    at: element.range, suggesting: NameSuggester.suggestion(for: name, among: Option.allCases.map(\.rawValue)))
                continue
            }
            if let earlier = first[name] {
                if mode == .strict { duplicate("option '\(name)' in \(what)", at: element.range, first: earlier) }
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
        report(
            .unknownBundleName, "unknown extension kind \(StringEscapes.literal(name))", at: node?.range,
            help: suggestion == nil ? ["the kinds are \"content\" and \"service\""] : [], suggesting: suggestion)
        return nil
    }

    // MARK: - Reporting

    private mutating func report(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange?, notes: [DiagnosticNote] = [],
        help: [String] = [], suggesting suggestion: String? = nil
    ) {
        diagnostics.append(Diagnostic(code, message, at: range, notes: notes, help: help).suggesting(suggestion))
    }

    private mutating func typeMismatch(_ node: JSONNode, expected: String, for key: String) {
        report(.invalidBundleValue, "'\(key)' must be \(expected), found \(describe(node))", at: node.range)
    }

    private mutating func duplicate(_ what: String, at range: SourceRange, first: SourceRange) {
        report(.duplicateBundleEntry, "duplicate \(what)", at: range, notes: [DiagnosticNote("first written here", at: first)])
    }

    /// Where an object's identifier is written (its `identifier` value), or its opening brace.
    private func identifierRange(_ node: JSONNode) -> SourceRange {
        node["identifier"]?.range ?? openingBrace(node)
    }

    private func openingBrace(_ node: JSONNode) -> SourceRange {
        SourceRange(file: node.range.file, start: node.range.start, end: min(node.range.end, node.range.start + 1))
    }

    /// How a value is quoted in messages: `"text"`, `2`, `true`, `null`, `an object`.
    private func describe(_ node: JSONNode) -> String {
        switch node.kind {
        case .string(let text): StringEscapes.literal(text)
        case .number(_, let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: node.typeDescription
        }
    }
}
