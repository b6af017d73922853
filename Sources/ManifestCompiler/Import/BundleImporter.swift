// Reads a notifications.json registration bundle back into manifest values, for `notifc import`.

/// The declarations a `notifications.json` bundle (docs/json-bundle.md) describes, each with where it was.
package struct ImportedBundle {
    var actions: [Located<Action>] = []
    var categories: [Located<Category>] = []
    var extensions: [Located<NotificationExtension>] = []
}

/// Reads bundles written by `notifc build` (or by hand in the same shape).
///
/// The structure is checked strictly: a missing or mistyped required key, an unknown option name, an
/// unknown `kind` or a `schemaVersion` other than 1 is ``DiagnosticCode/invalidBundle``; an unknown key is
/// dropped with ``DiagnosticCode/importDroppedKey`` (and a suggestion when it is a near miss).
package struct BundleImporter {
    private var diagnostics: [Diagnostic] = []

    /// Reads `root` (the bundle's parsed JSON); `nil` when it is not a bundle at all.
    package static func read(_ root: JSONNode, into bag: inout DiagnosticBag) -> ImportedBundle? {
        var importer = BundleImporter()
        let bundle = importer.bundle(root)
        for diagnostic in importer.diagnostics { bag.append(diagnostic) }
        return bundle
    }

    private mutating func bundle(_ root: JSONNode) -> ImportedBundle? {
        var object = ObjectReader(root, what: "the bundle", known: ["schemaVersion", "categories", "extensions"])
        guard object.isObject else {
            report(root.range, "a notifications.json bundle is a JSON object, found \(root.typeDescription)")
            return nil
        }
        defer { diagnostics += object.diagnostics }
        if let version = object.member("schemaVersion", required: true) {
            if version.number != 1 {
                report(version.range, "unsupported schemaVersion \(describe(version)); notifc reads version 1")
                return nil
            }
        }
        var result = ImportedBundle()
        for node in object.array("categories", required: true) ?? [] {
            guard let category = category(node, into: &result) else { continue }
            result.categories.append(Located(category, at: node.range))
        }
        for node in object.array("extensions", required: true) ?? [] {
            if let declared = notificationExtension(node) { result.extensions.append(Located(declared, at: node.range)) }
        }
        return result
    }

    private mutating func category(_ node: JSONNode, into result: inout ImportedBundle) -> Category? {
        var object = ObjectReader(
            node, what: "a category",
            known: ["identifier", "actions", "intentIdentifiers", "options", "hiddenPreviewsBodyPlaceholder", "categorySummaryFormat"])
        defer { diagnostics += object.diagnostics }
        guard object.isObject else {
            report(node.range, "a category is a JSON object, found \(node.typeDescription)")
            return nil
        }
        guard let identifier = object.string("identifier", required: true) else { return nil }
        var actionIdentifiers: [String] = []
        for actionNode in object.array("actions", required: true) ?? [] {
            guard let action = action(actionNode) else { continue }
            actionIdentifiers.append(action.identifier)
            result.actions.append(Located(action, at: actionNode.range))
        }
        return Category(
            identifier: identifier, actions: actionIdentifiers,
            intentIdentifiers: object.strings("intentIdentifiers") ?? [],
            options: options(object.member("options", required: false), as: CategoryOption.self),
            hiddenPreviewsBodyPlaceholder: object.string("hiddenPreviewsBodyPlaceholder", required: false),
            categorySummaryFormat: object.string("categorySummaryFormat", required: false))
    }

    private mutating func action(_ node: JSONNode) -> Action? {
        var object = ObjectReader(node, what: "an action", known: ["identifier", "title", "options", "textInput", "icon"])
        defer { diagnostics += object.diagnostics }
        guard object.isObject else {
            report(node.range, "an action is a JSON object, found \(node.typeDescription)")
            return nil
        }
        guard let identifier = object.string("identifier", required: true), let title = object.string("title", required: true)
        else { return nil }
        var textInput: TextInput?
        if let inputNode = object.member("textInput", required: false) {
            var input = ObjectReader(inputNode, what: "'textInput'", known: ["buttonTitle", "placeholder"])
            if input.isObject, let buttonTitle = input.string("buttonTitle", required: true) {
                textInput = TextInput(buttonTitle: buttonTitle, placeholder: input.string("placeholder", required: false) ?? "")
            } else if !input.isObject {
                report(inputNode.range, "'textInput' is a JSON object, found \(inputNode.typeDescription)")
            }
            diagnostics += input.diagnostics
        }
        var icon: ActionIcon?
        if let iconNode = object.member("icon", required: false) {
            var iconObject = ObjectReader(iconNode, what: "'icon'", known: ["systemImageName", "templateImageName"])
            if let name = iconObject.string("systemImageName", required: false) {
                icon = .systemImage(name)
            } else if let name = iconObject.string("templateImageName", required: false) {
                icon = .templateImage(name)
            } else {
                report(iconNode.range, "'icon' needs 'systemImageName' or 'templateImageName'")
            }
            diagnostics += iconObject.diagnostics
        }
        return Action(
            identifier: identifier, title: title,
            options: options(object.member("options", required: false), as: ActionOption.self), icon: icon,
            textInput: textInput)
    }

    private mutating func notificationExtension(_ node: JSONNode) -> NotificationExtension? {
        var object = ObjectReader(
            node, what: "an extension",
            known: [
                "name", "kind", "categories", "initialContentSizeRatio", "defaultContentHidden", "overridesDefaultTitle",
                "userInteractionEnabled", "storyboard", "principalClass",
            ])
        defer { diagnostics += object.diagnostics }
        guard object.isObject else {
            report(node.range, "an extension is a JSON object, found \(node.typeDescription)")
            return nil
        }
        guard let name = object.string("name", required: true), let kindNode = object.member("kind", required: true) else {
            return nil
        }
        guard let kindName = kindNode.string, let kind = NotificationExtension.Kind(rawValue: kindName) else {
            report(kindNode.range, "'kind' must be \"content\" or \"service\", found \(describe(kindNode))")
            return nil
        }
        var ratio: Double?
        if let ratioNode = object.member("initialContentSizeRatio", required: false) {
            if let number = ratioNode.number { ratio = number } else {
                report(ratioNode.range, "'initialContentSizeRatio' must be a number, found \(describe(ratioNode))")
            }
        }
        return NotificationExtension(
            name: name, kind: kind, categories: object.strings("categories") ?? [], initialContentSizeRatio: ratio,
            defaultContentHidden: object.bool("defaultContentHidden"), overridesDefaultTitle: object.bool("overridesDefaultTitle"),
            userInteractionEnabled: object.bool("userInteractionEnabled"),
            storyboard: object.string("storyboard", required: false),
            principalClass: object.string("principalClass", required: false))
    }

    private mutating func options<Option: RawRepresentable & CaseIterable & Comparable>(
        _ node: JSONNode?, as type: Option.Type
    ) -> [Option] where Option.RawValue == String {
        guard let node else { return [] }
        guard let elements = node.elements else {
            report(node.range, "'options' must be an array of option names, found \(describe(node))")
            return []
        }
        var result: [Option] = []
        for element in elements {
            guard let name = element.string, let option = Option(rawValue: name) else {
                let written = element.string.map { "'\($0)'" } ?? describe(element)
                var diagnostic = Diagnostic(.invalidBundle, "unknown option \(written)", at: element.range)
                if let name = element.string {
                    diagnostic = diagnostic.suggesting(NameSuggester.suggestion(for: name, among: Option.allCases.map(\.rawValue)))
                }
                diagnostics.append(diagnostic)
                continue
            }
            if !result.contains(option) { result.append(option) }
        }
        return result.sorted()
    }

    private mutating func report(_ range: SourceRange, _ message: String) {
        diagnostics.append(Diagnostic(.invalidBundle, message, at: range))
    }
}

/// Reads the members of one JSON object of a bundle, reporting missing, mistyped and unknown members.
private struct ObjectReader {
    let node: JSONNode
    let what: String
    var diagnostics: [Diagnostic] = []

    init(_ node: JSONNode, what: String, known: [String]) {
        self.node = node
        self.what = what
        for member in node.members ?? [] where !known.contains(member.key) {
            var diagnostic = Diagnostic(
                .importDroppedKey, "dropped unknown key '\(member.key)' of \(what)", at: member.keyRange)
            diagnostic = diagnostic.suggesting(NameSuggester.suggestion(for: member.key, among: known))
            diagnostics.append(diagnostic)
        }
    }

    var isObject: Bool { node.members != nil }

    mutating func member(_ key: String, required: Bool) -> JSONNode? {
        guard let value = node[key] else {
            if required, isObject {
                diagnostics.append(Diagnostic(.invalidBundle, "\(what) has no '\(key)'", at: node.range))
            }
            return nil
        }
        return value
    }

    mutating func string(_ key: String, required: Bool) -> String? {
        guard let value = member(key, required: required) else { return nil }
        guard let text = value.string else {
            diagnostics.append(Diagnostic(.invalidBundle, "'\(key)' must be a string, found \(describe(value))", at: value.range))
            return nil
        }
        return text
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let value = member(key, required: false) else { return nil }
        guard let flag = value.bool else {
            diagnostics.append(Diagnostic(.invalidBundle, "'\(key)' must be true or false, found \(describe(value))", at: value.range))
            return nil
        }
        return flag
    }

    mutating func array(_ key: String, required: Bool) -> [JSONNode]? {
        guard let value = member(key, required: required) else { return nil }
        guard let elements = value.elements else {
            diagnostics.append(Diagnostic(.invalidBundle, "'\(key)' must be an array, found \(describe(value))", at: value.range))
            return nil
        }
        return elements
    }

    mutating func strings(_ key: String) -> [String]? {
        guard let elements = array(key, required: false) else { return nil }
        var result: [String] = []
        for element in elements {
            guard let text = element.string else {
                diagnostics.append(
                    Diagnostic(.invalidBundle, "'\(key)' must hold strings, found \(describe(element))", at: element.range))
                continue
            }
            result.append(text)
        }
        return result
    }
}

/// How a JSON value is quoted in messages: `"text"`, `2`, `an object`.
private func describe(_ node: JSONNode) -> String {
    switch node.kind {
    case .string(let text): StringEscapes.literal(text)
    case .number(_, let text): text
    case .bool(let flag): flag ? "true" : "false"
    default: node.typeDescription
    }
}
