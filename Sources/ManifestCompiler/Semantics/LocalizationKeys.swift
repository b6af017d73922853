// The String Catalog keys of the manifest's localizable strings: `action.<identifier>.title` and so on, the
// identifier as written (dots included). Every output that localizes (Swift, the JSON bundle, the catalog,
// the Flutter and React Native modules) takes its keys from here.
public enum LocalizationKey {
    public static func actionTitle(_ action: String) -> String { "action.\(action).title" }
    public static func actionButtonTitle(_ action: String) -> String { "action.\(action).buttonTitle" }
    public static func actionPlaceholder(_ action: String) -> String { "action.\(action).placeholder" }
    public static func hiddenPreviewsBodyPlaceholder(_ category: String) -> String {
        "category.\(category).hiddenPreviewsBodyPlaceholder"
    }
    public static func categorySummaryFormat(_ category: String) -> String {
        "category.\(category).categorySummaryFormat"
    }
}

/// One localizable string of a manifest: its key, its development-language value and where it comes from.
public struct LocalizableString: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

extension Manifest {
    /// Every localizable string, in manifest order: each action's title, button title and placeholder, then each
    /// category's hidden-previews placeholder and summary format.
    public var localizableStrings: [LocalizableString] {
        var strings: [LocalizableString] = []
        for action in actions {
            strings.append(LocalizableString(key: LocalizationKey.actionTitle(action.identifier), value: action.title))
            if let textInput = action.textInput {
                strings.append(LocalizableString(
                    key: LocalizationKey.actionButtonTitle(action.identifier), value: textInput.buttonTitle))
                strings.append(LocalizableString(
                    key: LocalizationKey.actionPlaceholder(action.identifier), value: textInput.placeholder))
            }
        }
        for category in categories {
            if let placeholder = category.hiddenPreviewsBodyPlaceholder {
                strings.append(LocalizableString(
                    key: LocalizationKey.hiddenPreviewsBodyPlaceholder(category.identifier), value: placeholder))
            }
            if let format = category.categorySummaryFormat {
                strings.append(LocalizableString(
                    key: LocalizationKey.categorySummaryFormat(category.identifier), value: format))
            }
        }
        return strings
    }
}
