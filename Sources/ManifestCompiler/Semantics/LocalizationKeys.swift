// The String Catalog keys of the manifest's localizable strings: `action.<identifier>.title` and so on, the
// identifier as written (dots included). Every output that localizes (Swift, the JSON bundle, the catalog,
// the Flutter and React Native modules) takes its keys from here.
public enum LocalizationKey {
    public static func actionTitle(_ action: String) -> String { build(.title, action) }
    public static func actionButtonTitle(_ action: String) -> String { build(.buttonTitle, action) }
    public static func actionPlaceholder(_ action: String) -> String { build(.placeholder, action) }
    public static func hiddenPreviewsBodyPlaceholder(_ category: String) -> String {
        build(.hiddenPreviewsBodyPlaceholder, category)
    }
    public static func categorySummaryFormat(_ category: String) -> String { build(.categorySummaryFormat, category) }

    /// The key of `property` of the action or category `identifier`; `nil` for a property that is not a
    /// localizable string.
    public static func key(for property: ManifestKey, of identifier: String) -> String? {
        parts(of: property).map { "\($0.prefix)\(identifier)\($0.suffix)" }
    }

    /// What the key of `property` writes before and after the identifier (`action.` and `.title`); `nil` for a
    /// property that is not a localizable string. Writers that build the key in place use these.
    static func parts(of property: ManifestKey) -> (prefix: StaticString, suffix: StaticString)? {
        switch property {
        case .title: ("action.", ".title")
        case .buttonTitle: ("action.", ".buttonTitle")
        case .placeholder: ("action.", ".placeholder")
        case .hiddenPreviewsBodyPlaceholder: ("category.", ".hiddenPreviewsBodyPlaceholder")
        case .categorySummaryFormat: ("category.", ".categorySummaryFormat")
        default: nil
        }
    }

    private static func build(_ property: ManifestKey, _ identifier: String) -> String {
        key(for: property, of: identifier) ?? identifier  // every property passed here has parts
    }

    /// Whether `key` has the shape of one of the keys above (what a catalog merge treats as notifc's).
    public static func isManifestKey(_ key: String) -> Bool {
        let actionSuffixes = [".title", ".buttonTitle", ".placeholder"]
        let categorySuffixes = [".hiddenPreviewsBodyPlaceholder", ".categorySummaryFormat"]
        for (prefix, suffixes) in [("action.", actionSuffixes), ("category.", categorySuffixes)] where key.hasPrefix(prefix) {
            for suffix in suffixes where key.hasSuffix(suffix) && key.utf8.count > prefix.utf8.count + suffix.utf8.count {
                return true
            }
        }
        return false
    }
}

/// One localizable string of a manifest: its key, its development-language value and where it comes from.
public struct LocalizableString: Hashable, Sendable {
    public var key: String
    public var value: String
    /// The comment for translators, when the manifest gives one.
    public var comment: String?
    /// Whether iOS formats the string with arguments (a category's hidden-previews placeholder and summary format),
    /// so that a translation must keep its format specifiers; titles and placeholders are shown as they are.
    public var isFormat: Bool

    public init(key: String, value: String, comment: String? = nil, isFormat: Bool = false) {
        self.key = key
        self.value = value
        self.comment = comment
        self.isFormat = isFormat
    }
}

extension Manifest {
    /// Every localizable string, in manifest order: each action's title, button title and placeholder, then each
    /// category's hidden-previews placeholder and summary format. An empty text (a placeholder left out) is not
    /// one: the Swift writes it as `""` without looking it up, so a catalog has nothing to translate for it.
    public var localizableStrings: [LocalizableString] { texts.filter { !$0.value.isEmpty } }

    /// The keys an empty text of the manifest would have: a strings table that still holds one is told why it
    /// is not the manifest's.
    var emptyTextKeys: Set<String> { Set(texts.lazy.filter(\.value.isEmpty).map(\.key)) }

    /// Every text that can be localized, empty ones included.
    private var texts: [LocalizableString] {
        var strings: [LocalizableString] = []
        for action in actions {
            strings.append(
                LocalizableString(
                    key: LocalizationKey.actionTitle(action.identifier), value: action.title,
                    comment: action.comments[.title]))
            if let textInput = action.textInput {
                strings.append(LocalizableString(
                    key: LocalizationKey.actionButtonTitle(action.identifier), value: textInput.buttonTitle,
                    comment: action.comments[.buttonTitle]))
                strings.append(LocalizableString(
                    key: LocalizationKey.actionPlaceholder(action.identifier), value: textInput.placeholder,
                    comment: action.comments[.placeholder]))
            }
        }
        for category in categories {
            if let placeholder = category.hiddenPreviewsBodyPlaceholder {
                strings.append(LocalizableString(
                    key: LocalizationKey.hiddenPreviewsBodyPlaceholder(category.identifier), value: placeholder,
                    comment: category.comments[.hiddenPreviewsBodyPlaceholder], isFormat: true))
            }
            if let format = category.categorySummaryFormat {
                strings.append(LocalizableString(
                    key: LocalizationKey.categorySummaryFormat(category.identifier), value: format,
                    comment: category.comments[.categorySummaryFormat], isFormat: true))
            }
        }
        return strings
    }
}
