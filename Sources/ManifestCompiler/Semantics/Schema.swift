// The language's keys and, for each declaration kind, which keys it accepts, with their types.

/// Every key of the language, named as Apple names the property it sets.
public enum ManifestKey: String, CaseIterable, Sendable {
    case title
    case buttonTitle
    case placeholder
    case options
    case icon
    case actions
    case intentIdentifiers
    case hiddenPreviewsBodyPlaceholder
    case categorySummaryFormat
    case categories
    case initialContentSizeRatio
    case defaultContentHidden
    case overridesDefaultTitle
    case userInteractionEnabled
    case storyboard
    case principalClass
    case titleComment
    case buttonTitleComment
    case placeholderComment
    case hiddenPreviewsBodyPlaceholderComment
    case categorySummaryFormatComment
    case developmentLanguage
    case bundle

    /// The key spelled `rawValue`, code unit by code unit (``Identifier``). Written out because the checker
    /// looks up every entry's key: the synthesized initializer compares the text with each case in turn, with
    /// Unicode canonical equivalence (so `\u{212A}` KELVIN SIGN would spell a `K`); this one compares the
    /// code units of the cases of the same length only.
    public init?(rawValue: String) {
        let name = Identifier(rawValue)
        guard let key = Self.all.first(where: { Identifier($0.rawValue) == name }) else { return nil }
        self = key
    }

    private static let all = allCases

    /// The key that sets what Apple's API or an extension's Info.plist calls `name` (`textInputButtonTitle`,
    /// `NSExtensionPrincipalClass`), for "did you mean".
    static func settingApple(_ name: String) -> ManifestKey? {
        switch name {
        case "textInputButtonTitle": .buttonTitle
        case "textInputPlaceholder": .placeholder
        default: ExtensionPlistKeys.manifestKeys[name]
        }
    }

    /// "Did you mean" for a key `text` of a declaration of `kind`: the key of `kind` that Apple's name `text`
    /// sets, or the nearest key of `kind`.
    static func suggestion(for text: String, in kind: DeclarationKind) -> String? {
        if let apple = settingApple(text), kind.spec(for: apple) != nil { return apple.rawValue }
        return NameSuggester.suggestion(for: text, among: kind.keys.map(\.key.rawValue))
    }

    /// For a translator-comment key (`titleComment`), the key of the string it describes (`title`).
    public var commentedKey: ManifestKey? {
        switch self {
        case .titleComment: .title
        case .buttonTitleComment: .buttonTitle
        case .placeholderComment: .placeholder
        case .hiddenPreviewsBodyPlaceholderComment: .hiddenPreviewsBodyPlaceholder
        case .categorySummaryFormatComment: .categorySummaryFormat
        default: nil
        }
    }
}

/// The type a key's value must have.
public enum ValueType: Sendable, Equatable {
    case string
    case number
    case boolean
    case actionReferences
    case categoryReferences
    case strings
    case actionOptions
    case categoryOptions
    case icon
    case bundleLocation

    /// How the type is named in messages.
    var expectation: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "true or false"
        case .actionReferences: "a list of action names"
        case .categoryReferences: "a list of category names"
        case .strings: "a list of strings"
        case .actionOptions, .categoryOptions: "a list of options"
        case .icon: "systemImage(\"…\") or templateImage(\"…\")"
        case .bundleLocation: "main or module"
        }
    }
}

/// One key a declaration kind accepts.
public struct KeySpec: Sendable, Equatable {
    /// The key.
    public let key: ManifestKey
    /// The type its value must have.
    public let type: ValueType
    /// Whether the declaration must have it (reported as ``DiagnosticCode/missingRequiredKey``).
    public let isRequired: Bool
}

extension DeclarationKind {
    /// The keys this kind accepts, in canonical order (the order `notifc import` writes them).
    public var keys: [KeySpec] {
        switch self {
        case .action: Self.actionKeys
        case .textInputAction: Self.textInputActionKeys
        case .category: Self.categoryKeys
        case .contentExtension: Self.contentExtensionKeys
        case .serviceExtension: Self.serviceExtensionKeys
        case .localization: Self.localizationKeys
        }
    }

    private static let actionKeys = [
        KeySpec(key: .title, type: .string, isRequired: true),
        KeySpec(key: .titleComment, type: .string, isRequired: false),
        KeySpec(key: .options, type: .actionOptions, isRequired: false),
        KeySpec(key: .icon, type: .icon, isRequired: false),
    ]
    private static let textInputActionKeys = [
        KeySpec(key: .title, type: .string, isRequired: true),
        KeySpec(key: .titleComment, type: .string, isRequired: false),
        KeySpec(key: .buttonTitle, type: .string, isRequired: true),
        KeySpec(key: .buttonTitleComment, type: .string, isRequired: false),
        KeySpec(key: .placeholder, type: .string, isRequired: false),
        KeySpec(key: .placeholderComment, type: .string, isRequired: false),
        KeySpec(key: .options, type: .actionOptions, isRequired: false),
        KeySpec(key: .icon, type: .icon, isRequired: false),
    ]
    private static let categoryKeys = [
        KeySpec(key: .actions, type: .actionReferences, isRequired: false),
        KeySpec(key: .intentIdentifiers, type: .strings, isRequired: false),
        KeySpec(key: .options, type: .categoryOptions, isRequired: false),
        KeySpec(key: .hiddenPreviewsBodyPlaceholder, type: .string, isRequired: false),
        KeySpec(key: .hiddenPreviewsBodyPlaceholderComment, type: .string, isRequired: false),
        KeySpec(key: .categorySummaryFormat, type: .string, isRequired: false),
        KeySpec(key: .categorySummaryFormatComment, type: .string, isRequired: false),
    ]
    private static let contentExtensionKeys = [
        // Required too, but ExtensionCategoriesRule reports its absence (E311) with a better message.
        KeySpec(key: .categories, type: .categoryReferences, isRequired: false),
        KeySpec(key: .initialContentSizeRatio, type: .number, isRequired: false),
        KeySpec(key: .defaultContentHidden, type: .boolean, isRequired: false),
        KeySpec(key: .overridesDefaultTitle, type: .boolean, isRequired: false),
        KeySpec(key: .userInteractionEnabled, type: .boolean, isRequired: false),
        KeySpec(key: .storyboard, type: .string, isRequired: false),
        KeySpec(key: .principalClass, type: .string, isRequired: false),
    ]
    private static let localizationKeys = [
        KeySpec(key: .developmentLanguage, type: .string, isRequired: false),
        KeySpec(key: .bundle, type: .bundleLocation, isRequired: false),
    ]
    private static let serviceExtensionKeys = [KeySpec(key: .principalClass, type: .string, isRequired: true)]

    /// The spec of `key` for this kind, if the kind accepts it.
    public func spec(for key: ManifestKey) -> KeySpec? {
        keys.first { $0.key == key }
    }
}
