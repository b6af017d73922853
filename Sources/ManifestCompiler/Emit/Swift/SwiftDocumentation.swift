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
        users.reserveCapacity(manifest.actions.count)
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
    func write(for category: Category, into writer: inout CodeWriter) {
        if category.actions.isEmpty {
            writer.documentationLine("No actions")
        } else {
            writer.documentationLine("Actions: ", Self.identifiers(category.actions))
        }
        if !category.options.isEmpty {
            writer.documentationLine("- Options: ", CommaSeparated(category.options, limit: Self.listLimit) { $0.rawValue })
        }
        if !category.intentIdentifiers.isEmpty {
            writer.documentationLine(
                "- Intent identifiers: ",
                CommaSeparated(category.intentIdentifiers, limit: Self.listLimit, SwiftLiteral.Quoted.init))
        }
        if let placeholder = category.hiddenPreviewsBodyPlaceholder {
            writer.documentationLine("- Hidden previews body placeholder: ", SwiftLiteral.Quoted(placeholder))
        }
        if let format = category.categorySummaryFormat {
            writer.documentationLine("- Summary format: ", SwiftLiteral.Quoted(format))
        }
        if let extensions = extensionsClaimingCategory[category.identifier] {
            writer.documentationLine("- Content extension: ", Self.identifiers(extensions))
        }
    }

    /// `Title: "Accept"`, then its options, text input, icon and the categories that use it.
    func write(for action: Action, into writer: inout CodeWriter) {
        writer.documentationLine("Title: ", SwiftLiteral.Quoted(action.title))
        if !action.options.isEmpty {
            writer.documentationLine("- Options: ", CommaSeparated(action.options, limit: Self.listLimit) { $0.rawValue })
        }
        if let textInput = action.textInput {
            writer.documentationLine(
                "- Text input: button ", SwiftLiteral.Quoted(textInput.buttonTitle), ", placeholder ",
                SwiftLiteral.Quoted(textInput.placeholder))
        }
        switch action.icon {
        case .systemImage(let name)?:
            writer.documentationLine("- Icon: system image ", SwiftLiteral.Quoted(name), Self.iconAvailability)
        case .templateImage(let name)?:
            writer.documentationLine("- Icon: template image ", SwiftLiteral.Quoted(name), Self.iconAvailability)
        case nil:
            break
        }
        if let users = categoriesUsingAction[action.identifier] {
            writer.documentationLine("- Used by: ", Self.identifiers(users))
        } else {
            writer.documentationLine("- Used by no category")
        }
    }

    private static let iconAvailability = " (iOS 15, macOS 12, watchOS 8 and later)"

    /// Identifiers for a comment (bare when plain words), at most ``listLimit`` of them.
    private static func identifiers(_ names: [String]) -> CommaSeparated<String, SwiftLiteral.Identifier> {
        CommaSeparated(names, limit: listLimit, SwiftLiteral.Identifier.init)
    }
}
