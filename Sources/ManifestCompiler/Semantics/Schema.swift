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

    /// The key spelled `text` (for the formatter and messages; the lexer tags keys with their ``Keyword``).
    init?(spelling text: String) {
        self.init(keyword: Keyword.lookup(text))
    }

    /// The key's position in declaration order (0…15), for bit sets.
    var ordinal: Int {
        switch self {
        case .title: 0
        case .buttonTitle: 1
        case .placeholder: 2
        case .options: 3
        case .icon: 4
        case .actions: 5
        case .intentIdentifiers: 6
        case .hiddenPreviewsBodyPlaceholder: 7
        case .categorySummaryFormat: 8
        case .categories: 9
        case .initialContentSizeRatio: 10
        case .defaultContentHidden: 11
        case .overridesDefaultTitle: 12
        case .userInteractionEnabled: 13
        case .storyboard: 14
        case .principalClass: 15
        }
    }
}

/// A set of keys, as a bit set (declarations have at most sixteen keys).
public struct ManifestKeySet: Sendable, Equatable {
    private var bits: UInt32 = 0

    /// Creates an empty set.
    public init() {}

    private static func bit(_ key: ManifestKey) -> UInt32 {
        UInt32(1) << UInt32(key.ordinal)
    }

    /// Adds `key`.
    public mutating func insert(_ key: ManifestKey) { bits |= Self.bit(key) }

    /// Whether `key` is in the set.
    public func contains(_ key: ManifestKey) -> Bool { bits & Self.bit(key) != 0 }

    /// Whether every key of `other` is in the set.
    func isSuperset(of other: ManifestKeySet) -> Bool { bits & other.bits == other.bits }
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
        }
    }

    private static let actionKeys = [
        KeySpec(key: .title, type: .string, isRequired: true),
        KeySpec(key: .options, type: .actionOptions, isRequired: false),
        KeySpec(key: .icon, type: .icon, isRequired: false),
    ]
    private static let textInputActionKeys = [
        KeySpec(key: .title, type: .string, isRequired: true),
        KeySpec(key: .buttonTitle, type: .string, isRequired: true),
        KeySpec(key: .placeholder, type: .string, isRequired: false),
        KeySpec(key: .options, type: .actionOptions, isRequired: false),
        KeySpec(key: .icon, type: .icon, isRequired: false),
    ]
    private static let categoryKeys = [
        KeySpec(key: .actions, type: .actionReferences, isRequired: false),
        KeySpec(key: .intentIdentifiers, type: .strings, isRequired: false),
        KeySpec(key: .options, type: .categoryOptions, isRequired: false),
        KeySpec(key: .hiddenPreviewsBodyPlaceholder, type: .string, isRequired: false),
        KeySpec(key: .categorySummaryFormat, type: .string, isRequired: false),
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
    private static let serviceExtensionKeys = [KeySpec(key: .principalClass, type: .string, isRequired: true)]

    /// The spec of `key` for this kind, if the kind accepts it.
    public func spec(for key: ManifestKey) -> KeySpec? {
        Self.specsByKey[kindOrdinal][key.ordinal]
    }

    private var kindOrdinal: Int {
        switch self {
        case .action: 0
        case .textInputAction: 1
        case .category: 2
        case .contentExtension: 3
        case .serviceExtension: 4
        }
    }

    /// The keys a declaration of this kind must write.
    var requiredKeys: ManifestKeySet { Self.requiredKeySets[kindOrdinal] }

    private static let requiredKeySets: [ManifestKeySet] = allCases.map { kind in
        var set = ManifestKeySet()
        for spec in kind.keys where spec.isRequired { set.insert(spec.key) }
        return set
    }

    /// For each kind (by ``kindOrdinal``), its spec of each key (by ``ManifestKey/ordinal``).
    private static let specsByKey: [[KeySpec?]] = allCases.map { kind in
        ManifestKey.allCases.map { key in kind.keys.first { $0.key == key } }
    }
}
