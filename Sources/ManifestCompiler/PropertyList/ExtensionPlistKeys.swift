// The Info.plist keys of notification extensions, and how a misspelled or misplaced key is recognised.

/// The keys notifc reads and writes in an extension's Info.plist, by level.
enum ExtensionPlistKeys {
    /// The top-level key that holds everything else.
    static let extensionKey = "NSExtension"
    /// The `NSExtension` keys of notification extensions.
    static let pointIdentifier = "NSExtensionPointIdentifier"
    static let attributes = "NSExtensionAttributes"
    static let storyboard = "NSExtensionMainStoryboard"
    static let principalClass = "NSExtensionPrincipalClass"
    /// Every `NSExtension` key notifc owns.
    static let extensionKeys = [pointIdentifier, attributes, storyboard, principalClass]
    /// The `NSExtensionAttributes` keys of a content extension (Apple documents exactly these five).
    static let attributeKeys = ExtensionAttributeKey.all
    /// The manifest key that sets each key a manifest extension writes (its entry point and attributes).
    static let manifestKeys: [String: ManifestKey] = [
        ExtensionAttributeKey.category: .categories,
        ExtensionAttributeKey.initialContentSizeRatio: .initialContentSizeRatio,
        ExtensionAttributeKey.defaultContentHidden: .defaultContentHidden,
        ExtensionAttributeKey.overridesDefaultTitle: .overridesDefaultTitle,
        ExtensionAttributeKey.userInteractionEnabled: .userInteractionEnabled,
        storyboard: .storyboard, principalClass: .principalClass,
    ]
    /// Xcode's template category.
    static let templateCategory = "myNotificationCategory"

    /// The key `key` was probably meant to be, among `candidates`: the same key with stray whitespace,
    /// in another letter case, within a small edit distance, or with a different prefix before the part
    /// that names the setting (`UNNotificationDefaultContentHidden` for
    /// `UNNotificationExtensionDefaultContentHidden`). `nil` when nothing is close.
    static func intendedKey(for key: String, among candidates: [String]) -> String? {
        let trimmed = key.withoutEdgeWhitespace
        if trimmed != key, candidates.contains(trimmed) { return trimmed }
        // A suggestion is at most two edits away, so only candidates of about the same length can be one
        // (this keeps a file with many keys of the project's own fast).
        let length = trimmed.utf8.count
        if candidates.contains(where: { abs($0.utf8.count - length) <= 2 }),
            let suggestion = NameSuggester.suggestion(for: trimmed, among: candidates)
        {
            return suggestion
        }
        // Only keys with one of Apple's prefixes are compared by their setting name, so that a project's
        // own keys (`Category`) are never taken for notifc's.
        guard settingName(of: trimmed) != trimmed else { return nil }
        let setting = settingName(of: trimmed).lowercased()
        guard setting.count >= 6 else { return nil }
        for candidate in candidates where isClose(setting, settingName(of: candidate).lowercased()) {
            return candidate
        }
        let settings = candidates.map { settingName(of: $0).lowercased() }
        guard let suggestion = NameSuggester.suggestion(for: setting, among: settings),
            let index = settings.firstIndex(of: suggestion)
        else { return nil }
        return candidates[index]
    }

    /// Whether two setting names are surely the same word: equal; one a prefix of the other and at least
    /// two thirds of it (`InitialContentSize`); or sharing a prefix of 80% of the shorter with at most three
    /// characters of difference in length (`Categories`).
    private static func isClose(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let (shorter, longer) = a.count <= b.count ? (a, b) : (b, a)
        if longer.hasPrefix(shorter), shorter.count * 3 >= longer.count * 2 { return true }
        let common = zip(a, b).prefix { $0 == $1 }.count
        return common * 5 >= shorter.count * 4 && longer.count - shorter.count <= 3
    }

    /// The part of a key after Apple's prefixes: `Category` for `UNNotificationExtensionCategory`.
    static func settingName(of key: String) -> String {
        for prefix in ["UNNotificationExtension", "UNNotification", "NSExtension"] where key.hasPrefix(prefix) {
            return String(key.dropFirst(prefix.count))
        }
        return key
    }

    /// Whether the key is in UserNotifications' namespace (so that an unknown one is surely a mistake).
    static func isUserNotificationsKey(_ key: String) -> Bool {
        key.withoutEdgeWhitespace.hasPrefix("UNNotification")
    }

    /// The notification extension kind an `NSExtensionPointIdentifier` value was probably meant to name,
    /// when it names none exactly: a close misspelling, or any value in `com.apple.usernotifications…`.
    static func intendedKind(for identifier: String) -> NotificationExtension.Kind? {
        let identifiers = NotificationExtension.Kind.allCases.map(\.extensionPointIdentifier)
        if let suggestion = NameSuggester.suggestion(for: identifier.withoutEdgeWhitespace, among: identifiers) {
            return NotificationExtension.Kind.allCases.first { $0.extensionPointIdentifier == suggestion }
        }
        let folded = identifier.lowercased()
        guard folded.contains("usernotification") else { return nil }
        return folded.contains("content") ? .content : .service
    }

    /// `NSExtensionAttributes` keys of other extension types, and which: a notification extension's
    /// attributes with one of them were usually copied from another target.
    static let otherExtensionAttributes: [String: String] = [
        "RequestsOpenAccess": "keyboard extensions",
        "IsASCIICapable": "keyboard extensions",
        "PrefersRightToLeft": "keyboard extensions",
        "PrimaryLanguage": "keyboard extensions",
        "NSExtensionActivationRule": "share and action extensions",
        "NSExtensionJavaScriptPreprocessingFile": "share and action extensions",
        "NSExtensionServiceAllowsFinderPreviewItem": "action extensions",
        "NSExtensionServiceRoleType": "action extensions",
        "IntentsSupported": "Intents extensions",
        "IntentsRestrictedWhileLocked": "Intents extensions",
        "IntentsRestrictedWhileProtectedDataUnavailable": "Intents extensions",
        "QLSupportedContentTypes": "Quick Look extensions",
        "QLSupportsSearchableItems": "Quick Look extensions",
        "PHSupportedMediaTypes": "photo editing extensions",
        "WKBackgroundModes": "watchOS extensions",
    ]

    /// Attribute keys another framework reads in a notification extension: a service extension's
    /// `IntentsSupported` (`INSendMessageIntent`) makes communication notifications work.
    static func isKnownForeignAttribute(_ key: String, in kind: NotificationExtension.Kind) -> Bool {
        kind == .service && (key == "IntentsSupported" || key == "IntentsRestrictedWhileLocked")
    }
}
