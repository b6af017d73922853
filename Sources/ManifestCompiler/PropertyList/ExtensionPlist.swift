// A notification extension's Info.plist as notifc understands it: the NSExtension settings, with locations.

/// The notification settings of one extension Info.plist, each with where it was written.
///
/// Produced by ``ExtensionPlistAnalyzer``; a setting is `nil` when the file does not set it (or sets it to
/// something unreadable, which was reported).
public struct ExtensionPlist: Sendable {
    /// The file.
    public let file: SourceFileID
    /// Content or service, from `NSExtensionPointIdentifier` (or what a misspelled identifier meant).
    public var kind: NotificationExtension.Kind
    /// The `NSExtension` key, where problems about the whole extension are shown.
    public var extensionKeyRange: SourceRange
    /// The `NSExtensionPointIdentifier` value, when present.
    public var pointIdentifierRange: SourceRange?
    /// The `NSExtensionAttributes` key, when present.
    public var attributesKeyRange: SourceRange?
    /// `UNNotificationExtensionCategory`, one entry per category, in order (a string gives one).
    public var categories: [Located<String>] = []
    /// The whole `UNNotificationExtensionCategory` value, when present.
    public var categoryValueRange: SourceRange?
    /// `UNNotificationExtensionInitialContentSizeRatio`.
    public var initialContentSizeRatio: Located<Double>?
    /// `UNNotificationExtensionDefaultContentHidden`.
    public var defaultContentHidden: Located<Bool>?
    /// `UNNotificationExtensionOverridesDefaultTitle`.
    public var overridesDefaultTitle: Located<Bool>?
    /// `UNNotificationExtensionUserInteractionEnabled`.
    public var userInteractionEnabled: Located<Bool>?
    /// `NSExtensionMainStoryboard`.
    public var storyboard: Located<String>?
    /// `NSExtensionPrincipalClass`.
    public var principalClass: Located<String>?
    /// The keys notifc owns that the file writes (under the key meant, for a misspelling lint reads), even
    /// when their value could not be used; a setting that is `nil` but written was reported already.
    public var writtenKeys: Set<String> = []
    /// The keys of ``writtenKeys`` whose value lint read from a misspelled or misplaced key (already reported), which
    /// iOS ignores: the value is checked, but not compared with the manifest's.
    public var misreadKeys: Set<String> = []
    /// What `notifc import` did not carry over: each key as written, and why.
    public var dropped: [(key: String, reason: String)] = []

    /// Creates an empty description of a file.
    public init(file: SourceFileID, kind: NotificationExtension.Kind, extensionKeyRange: SourceRange) {
        self.file = file
        self.kind = kind
        self.extensionKeyRange = extensionKeyRange
    }

    /// Where a missing attribute would go: the `NSExtensionAttributes` key, or `NSExtension`.
    public var attributesLocation: SourceRange { attributesKeyRange ?? extensionKeyRange }

    /// The manifest extension these settings describe, named `name`.
    public func notificationExtension(named name: String) -> NotificationExtension {
        var seen: Set<String> = []
        return NotificationExtension(
            name: name, kind: kind,
            categories: kind == .content ? categories.map(\.value).filter { seen.insert($0).inserted } : [],
            initialContentSizeRatio: kind == .content ? initialContentSizeRatio?.value : nil,
            defaultContentHidden: kind == .content ? defaultContentHidden?.value : nil,
            overridesDefaultTitle: kind == .content ? overridesDefaultTitle?.value : nil,
            userInteractionEnabled: kind == .content ? userInteractionEnabled?.value : nil,
            storyboard: kind == .content ? storyboard?.value : nil,
            principalClass: principalClass?.value)
    }
}
