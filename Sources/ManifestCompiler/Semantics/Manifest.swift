// The validated model: plain values with no syntax in them; the only input emitters and diff accept.

/// A validated notification manifest: every reference resolves and every invariant the validator
/// checks holds. Arrays keep declaration order (files in input order, declarations in file order);
/// option lists are in Apple's bit order without duplicates.
public struct Manifest: Hashable, Sendable {
    /// Every declared action (plain and text-input), used or not.
    public var actions: [Action]
    /// Every declared category.
    public var categories: [Category]
    /// Every declared extension (content and service).
    public var extensions: [NotificationExtension]
    /// The strings table, development language and bundle of the localizable strings.
    public var localization: LocalizationSettings

    /// Creates a manifest. Action identifiers are expected to be unique; where one is not, the first wins.
    public init(
        actions: [Action], categories: [Category], extensions: [NotificationExtension],
        localization: LocalizationSettings = LocalizationSettings()
    ) {
        self.actions = actions
        self.categories = categories
        self.extensions = extensions
        self.localization = localization
    }

    /// The action with `identifier`, if declared.
    public func action(_ identifier: String) -> Action? {
        actions.first { Identifier($0.identifier) == Identifier(identifier) }
    }

    /// The position in ``actions`` of each identifier's first declaration: for looking up many actions.
    /// (Positions rather than the actions themselves keep the table small, which counts in the peak memory of a
    /// large build; docs/performance.md.)
    public var actionIndices: [Identifier: Int] {
        var indices: [Identifier: Int] = [:]
        indices.reserveCapacity(actions.count)
        for index in actions.indices.reversed() {  // backwards, so the first declaration is the one kept
            indices[Identifier(actions[index].identifier)] = index
        }
        return indices
    }

    /// The actions of `category`, in display order (a search per action: for many categories, look the
    /// actions up through ``actionIndices``).
    public func actions(of category: Category) -> [Action] {
        category.actions.compactMap { action($0) }
    }

    /// The actions of `category`, in display order, looked up in `indices` (``actionIndices``).
    public func actions(of category: Category, indices: [Identifier: Int]) -> [Action] {
        category.actions.compactMap { indices[Identifier($0)].map { actions[$0] } }
    }
}

/// A `UNNotificationAction`, or a `UNTextInputNotificationAction` when ``textInput`` is set.
public struct Action: Hashable, Sendable {
    /// The identifier (`UNNotificationAction.identifier`).
    public var identifier: String
    /// The button title.
    public var title: String
    /// The options, in Apple's bit order.
    public var options: [ActionOption]
    /// The icon (iOS 15+), if any.
    public var icon: ActionIcon?
    /// The text-input configuration of a text-input action.
    public var textInput: TextInput?
    /// Comments for translators, by the key of the string they describe (`title`, `buttonTitle`, `placeholder`).
    public var comments: [ManifestKey: String]

    /// Creates an action.
    public init(
        identifier: String, title: String, options: [ActionOption] = [], icon: ActionIcon? = nil,
        textInput: TextInput? = nil, comments: [ManifestKey: String] = [:]
    ) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.icon = icon
        self.textInput = textInput
        self.comments = comments
    }
}

/// The extra properties of a `UNTextInputNotificationAction`.
public struct TextInput: Hashable, Sendable {
    /// `textInputButtonTitle`: the send button's title.
    public var buttonTitle: String
    /// `textInputPlaceholder`: the hint in the empty field (`""` when not declared).
    public var placeholder: String

    /// Creates a text-input configuration.
    public init(buttonTitle: String, placeholder: String) {
        self.buttonTitle = buttonTitle
        self.placeholder = placeholder
    }
}

/// A `UNNotificationActionIcon` (iOS 15+).
public enum ActionIcon: Hashable, Sendable {
    /// `UNNotificationActionIcon(systemImageName:)`: an SF Symbol.
    case systemImage(String)
    /// `UNNotificationActionIcon(templateImageName:)`: an image from the app's assets.
    case templateImage(String)
}

/// A `UNNotificationCategory`.
public struct Category: Hashable, Sendable {
    /// The identifier that payloads (`aps.category`) and extension plists name.
    public var identifier: String
    /// The identifiers of its actions, in display order.
    public var actions: [String]
    /// SiriKit intent identifiers.
    public var intentIdentifiers: [String]
    /// The options, in Apple's bit order.
    public var options: [CategoryOption]
    /// `hiddenPreviewsBodyPlaceholder` (iOS 11+), if declared.
    public var hiddenPreviewsBodyPlaceholder: String?
    /// `categorySummaryFormat` (iOS 12+), if declared.
    public var categorySummaryFormat: String?
    /// Comments for translators, by the key of the string they describe (`hiddenPreviewsBodyPlaceholder`,
    /// `categorySummaryFormat`).
    public var comments: [ManifestKey: String]

    /// Creates a category.
    public init(
        identifier: String, actions: [String] = [], intentIdentifiers: [String] = [],
        options: [CategoryOption] = [], hiddenPreviewsBodyPlaceholder: String? = nil,
        categorySummaryFormat: String? = nil, comments: [ManifestKey: String] = [:]
    ) {
        self.comments = comments
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
        self.categorySummaryFormat = categorySummaryFormat
    }
}

/// A notification app extension and the `NSExtension` keys its Info.plist gets.
///
/// For a content extension exactly one of ``storyboard`` and ``principalClass`` is set and
/// ``categories`` is not empty; for a service extension only ``principalClass`` is set. The optional
/// attributes are `nil` when the manifest does not declare them (and are then omitted from outputs).
public struct NotificationExtension: Hashable, Sendable {
    /// The two extension points.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A Notification Content Extension (`com.apple.usernotifications.content-extension`).
        case content
        /// A Notification Service Extension (`com.apple.usernotifications.service`).
        case service

        /// The `NSExtensionPointIdentifier` value.
        public var extensionPointIdentifier: String {
            switch self {
            case .content: "com.apple.usernotifications.content-extension"
            case .service: "com.apple.usernotifications.service"
            }
        }
    }

    /// The extension's name: the folder its Info.plist is written to.
    public var name: String
    /// Content or service.
    public var kind: Kind
    /// `UNNotificationExtensionCategory`: the categories a content extension renders.
    public var categories: [String]
    /// `UNNotificationExtensionInitialContentSizeRatio`.
    public var initialContentSizeRatio: Double?
    /// `UNNotificationExtensionDefaultContentHidden`.
    public var defaultContentHidden: Bool?
    /// `UNNotificationExtensionOverridesDefaultTitle`.
    public var overridesDefaultTitle: Bool?
    /// `UNNotificationExtensionUserInteractionEnabled` (iOS 12+).
    public var userInteractionEnabled: Bool?
    /// `NSExtensionMainStoryboard`.
    public var storyboard: String?
    /// `NSExtensionPrincipalClass`.
    public var principalClass: String?

    /// Creates an extension.
    public init(
        name: String, kind: Kind, categories: [String] = [], initialContentSizeRatio: Double? = nil,
        defaultContentHidden: Bool? = nil, overridesDefaultTitle: Bool? = nil,
        userInteractionEnabled: Bool? = nil, storyboard: String? = nil, principalClass: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.categories = categories
        self.initialContentSizeRatio = initialContentSizeRatio
        self.defaultContentHidden = defaultContentHidden
        self.overridesDefaultTitle = overridesDefaultTitle
        self.userInteractionEnabled = userInteractionEnabled
        self.storyboard = storyboard
        self.principalClass = principalClass
    }
}
