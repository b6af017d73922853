// The doc comments of generated cases: each category's actions and options, each action's title and options.

/// Doc-comment lines for generated cases. Manifest text is quoted as Swift string literals, so a title
/// with a line break or a bidirectional control cannot break or disguise the comment. Lists of names
/// show at most ``listLimit`` entries.
struct SwiftDocumentation {
    /// The most names a list shows before `and N more`.
    static let listLimit = 10

    private let manifest: Manifest
    /// Action identifier → the categories that list it, in declaration order.
    private let categoriesUsingAction: [String: [String]]
    /// Category identifier → the content extensions that claim it, in declaration order.
    private let extensionsClaimingCategory: [String: [String]]

    init(_ manifest: Manifest) {
        self.manifest = manifest
        var users: [String: [String]] = [:]
        for category in manifest.categories {
            for action in category.actions { users[action, default: []].append(category.identifier) }
        }
        var claims: [String: [String]] = [:]
        for declared in manifest.extensions where declared.kind == .content {
            for category in declared.categories { claims[category, default: []].append(declared.name) }
        }
        categoriesUsingAction = users
        extensionsClaimingCategory = claims
    }

    /// `Actions: accept, decline`, then one `- Key: value` line per declared property.
    func lines(for category: Category) -> [String] {
        var lines = [category.actions.isEmpty ? "No actions" : "Actions: " + Self.identifiers(category.actions)]
        if !category.options.isEmpty { lines.append("- Options: " + Self.list(category.options.map(\.rawValue))) }
        if !category.intentIdentifiers.isEmpty {
            lines.append("- Intent identifiers: " + Self.list(category.intentIdentifiers.map(SwiftLiteral.string)))
        }
        if let placeholder = category.hiddenPreviewsBodyPlaceholder {
            lines.append("- Hidden previews body placeholder: " + SwiftLiteral.string(placeholder))
        }
        if let format = category.categorySummaryFormat {
            lines.append("- Summary format: " + SwiftLiteral.string(format))
        }
        if let extensions = extensionsClaimingCategory[category.identifier] {
            lines.append("- Content extension: " + Self.identifiers(extensions))
        }
        return lines
    }

    /// `Title: "Accept"`, then its options, text input, icon and the categories that use it.
    func lines(for action: Action) -> [String] {
        var lines = ["Title: " + SwiftLiteral.string(action.title)]
        if !action.options.isEmpty { lines.append("- Options: " + Self.list(action.options.map(\.rawValue))) }
        if let textInput = action.textInput {
            lines.append(
                "- Text input: button \(SwiftLiteral.string(textInput.buttonTitle)), "
                    + "placeholder \(SwiftLiteral.string(textInput.placeholder))")
        }
        switch action.icon {
        case .systemImage(let name)?:
            lines.append("- Icon: system image \(SwiftLiteral.string(name)) (iOS 15, macOS 12, watchOS 8 and later)")
        case .templateImage(let name)?:
            lines.append("- Icon: template image \(SwiftLiteral.string(name)) (iOS 15, macOS 12, watchOS 8 and later)")
        case nil:
            break
        }
        if let users = categoriesUsingAction[action.identifier] {
            lines.append("- Used by: " + Self.identifiers(users))
        } else {
            lines.append("- Used by no category")
        }
        return lines
    }

    private static func identifiers(_ names: [String]) -> String { list(names.map(SwiftLiteral.identifier)) }

    private static func list(_ items: [String]) -> String {
        guard items.count > listLimit else { return items.joined(separator: ", ") }
        return items.prefix(listLimit).joined(separator: ", ") + " and \(items.count - listLimit) more"
    }
}
