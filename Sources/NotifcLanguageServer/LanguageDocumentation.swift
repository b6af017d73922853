// What each key and option does, what it becomes in Apple's API or the Info.plist, and the iOS it needs
// (the facts of docs/language.md, for hover and completion).
import ManifestCompiler

enum LanguageDocumentation {
    /// Markdown for `key` in a declaration of `kind`.
    static func key(_ key: ManifestKey, in kind: DeclarationKind) -> String {
        let (meaning, api, ios) = facts(key, kind)
        var lines = ["**\(key.rawValue)**: \(kind.spec(for: key)?.type.documentationName ?? "value")", "", meaning, ""]
        lines.append("Becomes: \(api)")
        lines.append("")
        lines.append(ios.map { "Requires iOS \($0)" } ?? "Any iOS version with notification extensions")
        return lines.joined(separator: "\n")
    }

    private static func facts(_ key: ManifestKey, _ kind: DeclarationKind) -> (String, String, String?) {
        let attributes = "`NSExtension` → `NSExtensionAttributes` → "
        switch key {
        case .title: return ("The button's title (required, not empty).", "`UNNotificationAction.title`", "10.0")
        case .buttonTitle:
            return ("The title of the text field's send button (required, not empty).",
                    "`UNTextInputNotificationAction.textInputButtonTitle`", "10.0")
        case .placeholder:
            return ("The placeholder text of the text field.", "`UNTextInputNotificationAction.textInputPlaceholder`",
                    "10.0")
        case .options:
            return kind.isAction
                ? ("How the action behaves: `authenticationRequired`, `destructive`, `foreground`.",
                   "`UNNotificationAction.options` (`UNNotificationActionOptions`)", "10.0")
                : ("How notifications of the category are handled: `customDismissAction`, `allowInCarPlay`, "
                    + "`hiddenPreviewsShowTitle`, `hiddenPreviewsShowSubtitle`, `allowAnnouncement` (deprecated).",
                   "`UNNotificationCategory.options` (`UNNotificationCategoryOptions`)", "10.0")
        case .icon:
            return ("The button's image: `systemImage(\"…\")` names an SF Symbol, `templateImage(\"…\")` an image "
                    + "in the app's asset catalog or bundle.",
                    "`UNNotificationAction.icon`: `UNNotificationActionIcon(systemImageName:)` or "
                    + "`(templateImageName:)`", "15.0")
        case .actions:
            return ("The category's actions, in display order (iOS shows at most 10, banners the first 2).",
                    "`UNNotificationCategory.actions`", "10.0")
        case .intentIdentifiers:
            return ("The SiriKit intents the category's notifications relate to.",
                    "`UNNotificationCategory.intentIdentifiers`", "10.0")
        case .hiddenPreviewsBodyPlaceholder:
            return ("The body shown instead of the content when previews are hidden.",
                    "`UNNotificationCategory.hiddenPreviewsBodyPlaceholder`", "11.0")
        case .categorySummaryFormat:
            return ("The summary of a group of notifications, with an unsigned count conversion (`%u`).",
                    "`UNNotificationCategory.categorySummaryFormat`", "12.0")
        case .categories:
            return ("The categories whose notifications this content extension shows.",
                    attributes + "`UNNotificationExtensionCategory`", "10.0")
        case .initialContentSizeRatio:
            return ("The height of the custom view as a ratio of its width, used until the view has loaded.",
                    attributes + "`UNNotificationExtensionInitialContentSizeRatio`", "10.0")
        case .defaultContentHidden:
            return ("Whether the default notification content is hidden below the custom view (Apple's default: NO).",
                    attributes + "`UNNotificationExtensionDefaultContentHidden`", "10.0")
        case .overridesDefaultTitle:
            return ("Whether the view controller's title replaces the app name in the header (Apple's default: NO).",
                    attributes + "`UNNotificationExtensionOverridesDefaultTitle`", "10.0")
        case .userInteractionEnabled:
            return ("Whether the custom view receives touches.",
                    attributes + "`UNNotificationExtensionUserInteractionEnabled`", "12.0")
        case .storyboard:
            return ("The storyboard the extension loads (exactly one of `storyboard` and `principalClass`).",
                    "`NSExtension` → `NSExtensionMainStoryboard`", nil)
        case .titleComment, .buttonTitleComment, .placeholderComment, .hiddenPreviewsBodyPlaceholderComment,
            .categorySummaryFormatComment:
            return ("A comment for translators about `\(key.commentedKey?.rawValue ?? "")`, written into the String "
                    + "Catalog (docs/localization.md).", "the `comment` of the String Catalog entry", nil)
        case .developmentLanguage:
            return ("The language the manifest's strings are written in (default `en`); a String Catalog's "
                    + "`sourceLanguage` must match it.", "`sourceLanguage` of `<Table>.xcstrings`", nil)
        case .bundle:
            return ("Where the generated Swift finds the strings table: `main` (the app, default) or `module` (a Swift "
                    + "package's resources).", "`Bundle.main` or `Bundle.module` in the generated Swift", nil)
        case .principalClass:
            return kind == .serviceExtension
                ? ("The `UNNotificationServiceExtension` subclass (required).",
                   "`NSExtension` → `NSExtensionPrincipalClass`", nil)
                : ("The view controller class the extension creates (exactly one of `storyboard` and "
                    + "`principalClass`).", "`NSExtension` → `NSExtensionPrincipalClass`", nil)
        }
    }

    /// Markdown for an action option.
    static func option(_ option: ActionOption) -> String {
        let meaning = switch option {
        case .authenticationRequired: "The device must be unlocked before the action runs."
        case .destructive: "The button is shown as destructive."
        case .foreground: "The action launches the app into the foreground."
        }
        return "**\(option.rawValue)**: action option\n\n\(meaning)\n\nBecomes: `UNNotificationActionOptions."
            + "\(option.rawValue)`\n\nRequires iOS 10.0"
    }

    /// Markdown for a category option.
    static func option(_ option: CategoryOption) -> String {
        let (meaning, ios) = switch option {
        case .customDismissAction:
            ("Explicit dismissals reach the delegate (`UNNotificationDismissActionIdentifier`).", "10.0")
        case .allowInCarPlay: ("Notifications of the category may show in CarPlay.", "10.0")
        case .hiddenPreviewsShowTitle: ("Keep the title when previews are hidden.", "11.0")
        case .hiddenPreviewsShowSubtitle: ("Keep the subtitle when previews are hidden.", "11.0")
        case .allowAnnouncement: ("Deprecated in iOS 15, which ignores it (Siri announces by the user's setting).", "13.0")
        }
        return "**\(option.rawValue)**: category option\n\n\(meaning)\n\nBecomes: `UNNotificationCategoryOptions."
            + "\(option.rawValue)`\n\nRequires iOS \(ios)"
    }

    /// Markdown for a declaration kind's keyword.
    static func kind(_ kind: DeclarationKind) -> String {
        switch kind {
        case .action: "**action**: a `UNNotificationAction` (iOS 10.0); the name is its identifier."
        case .textInputAction:
            "**textInputAction**: a `UNTextInputNotificationAction` (iOS 10.0), an action with a text field."
        case .category: "**category**: a `UNNotificationCategory` (iOS 10.0); the name is what payloads send in `aps.category`."
        case .contentExtension:
            "**contentExtension**: a Notification Content Extension's Info.plist "
                + "(`com.apple.usernotifications.content-extension`); the name is its folder."
        case .serviceExtension:
            "**serviceExtension**: a Notification Service Extension's Info.plist "
                + "(`com.apple.usernotifications.service`); the name is its folder."
        case .localization:
            "**localization**: the strings table the generated code reads every localizable string from "
                + "(`<Table>.xcstrings`); the name is the table."
        }
    }
}

extension ValueType {
    /// How completion and hover name the type.
    var documentationName: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .boolean: "true or false"
        case .actionReferences: "list of action names"
        case .categoryReferences: "list of category names"
        case .strings: "list of strings"
        case .actionOptions: "list of action options"
        case .categoryOptions: "list of category options"
        case .icon: "systemImage(\"…\") or templateImage(\"…\")"
        case .bundleLocation: "main or module"
        }
    }
}
