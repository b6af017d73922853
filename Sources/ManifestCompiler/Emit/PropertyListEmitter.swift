// Emits each extension's Info.plist: the NSExtension dictionary with exactly the declared attributes.

/// Writes `<Extension>/Info.plist` for every extension of the manifest.
public struct PropertyListEmitter: Emitter {
    /// Creates the emitter.
    public init() {}

    public func emit(_ manifest: Manifest) -> [EmittedFile] {
        manifest.extensions.map { declared in
            let root = PropertyListValue.dictionary([("NSExtension", Self.extensionDictionary(declared))])
            return EmittedFile(path: "\(declared.name)/Info.plist", contents: PropertyListWriter.document(root))
        }
    }

    /// The `NSExtension` dictionary of `declared`: the extension point, its entry point and, for content
    /// extensions, `NSExtensionAttributes` with exactly the attributes the manifest declares.
    public static func extensionDictionary(_ declared: NotificationExtension) -> PropertyListValue {
        var entries: [(key: String, value: PropertyListValue)] = [
            ("NSExtensionPointIdentifier", .string(declared.kind.extensionPointIdentifier))
        ]
        if let storyboard = declared.storyboard { entries.append(("NSExtensionMainStoryboard", .string(storyboard))) }
        if let principalClass = declared.principalClass {
            entries.append(("NSExtensionPrincipalClass", .string(principalClass)))
        }
        if declared.kind == .content {
            entries.append(("NSExtensionAttributes", .dictionary(attributes(of: declared))))
        }
        return .dictionary(entries)
    }

    private static func attributes(of declared: NotificationExtension) -> [(key: String, value: PropertyListValue)] {
        var attributes: [(key: String, value: PropertyListValue)] = []
        let categories = declared.categories
        attributes.append(
            (
                ExtensionAttributeKey.category,
                categories.count == 1 ? .string(categories[0]) : .array(categories.map(PropertyListValue.string))
            ))
        if let ratio = declared.initialContentSizeRatio {
            attributes.append((ExtensionAttributeKey.initialContentSizeRatio, .real(ratio)))
        }
        if let hidden = declared.defaultContentHidden {
            attributes.append((ExtensionAttributeKey.defaultContentHidden, .boolean(hidden)))
        }
        if let overrides = declared.overridesDefaultTitle {
            attributes.append((ExtensionAttributeKey.overridesDefaultTitle, .boolean(overrides)))
        }
        if let interactive = declared.userInteractionEnabled {
            attributes.append((ExtensionAttributeKey.userInteractionEnabled, .boolean(interactive)))
        }
        return attributes
    }
}

/// The `NSExtensionAttributes` keys of a notification content extension (Apple documents exactly these five).
public enum ExtensionAttributeKey {
    public static let category = "UNNotificationExtensionCategory"
    public static let initialContentSizeRatio = "UNNotificationExtensionInitialContentSizeRatio"
    public static let defaultContentHidden = "UNNotificationExtensionDefaultContentHidden"
    public static let overridesDefaultTitle = "UNNotificationExtensionOverridesDefaultTitle"
    public static let userInteractionEnabled = "UNNotificationExtensionUserInteractionEnabled"

    /// All five, sorted as CoreFoundation sorts them.
    public static let all = [
        category, defaultContentHidden, initialContentSizeRatio, overridesDefaultTitle, userInteractionEnabled,
    ]
}
