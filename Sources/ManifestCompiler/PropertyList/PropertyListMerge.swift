// Puts a generated NSExtension into an existing Info.plist, keeping every key notifc does not own.

/// Merges the `NSExtension` dictionary notifc generates into an existing Info.plist.
///
/// notifc owns, and rewrites from the manifest, `NSExtensionPointIdentifier`, `NSExtensionMainStoryboard`
/// and `NSExtensionPrincipalClass` in `NSExtension`, and the five `UNNotificationExtension…` keys in
/// `NSExtensionAttributes`; it also removes misspelled or misplaced copies of these keys inside
/// `NSExtension` (`UNNotificationExtensionDefaultContentHidden ` with a trailing space), which the system
/// ignores. Every other key is kept as it is: the top-level keys (`CFBundle…`, build settings, custom keys)
/// and other keys in `NSExtension` or `NSExtensionAttributes` (such as `IntentsSupported` for
/// communication notifications). An `NSExtensionAttributes` left empty in a service extension is removed.
public enum PropertyListMerge {
    /// The root of the merged file: `existing` (a dictionary's entries) with `generated` as its `NSExtension`.
    public static func merge(
        generated: PropertyListValue, into existing: [(key: String, value: PropertyListValue)]
    ) -> PropertyListValue {
        var root = existing
        let previous = root.last { $0.key == ExtensionPlistKeys.extensionKey }?.value
        let merged = mergeExtension(generated, previous: previous)
        if let index = root.firstIndex(where: { $0.key == ExtensionPlistKeys.extensionKey }) {
            root[index].value = merged
        } else {
            root.append((ExtensionPlistKeys.extensionKey, merged))
        }
        return .dictionary(root)
    }

    private static func mergeExtension(_ generated: PropertyListValue, previous: PropertyListValue?) -> PropertyListValue {
        guard case .dictionary(let generatedEntries) = generated, case .dictionary(let previousEntries)? = previous else {
            return generated
        }
        let owned = ExtensionPlistKeys.extensionKeys + ExtensionPlistKeys.attributeKeys
        var entries = previousEntries.filter { !isOwned($0.key, among: owned) }
        var keptAttributes: [(key: String, value: PropertyListValue)] = []
        if case .dictionary(let attributes)? = previousEntries.last(where: { $0.key == ExtensionPlistKeys.attributes })?.value {
            keptAttributes = attributes.filter { !isOwned($0.key, among: owned) }
        }
        var generatedAttributes: [(key: String, value: PropertyListValue)] = []
        for entry in generatedEntries {
            if entry.key == ExtensionPlistKeys.attributes, case .dictionary(let attributes) = entry.value {
                generatedAttributes = attributes
            } else {
                entries.append(entry)
            }
        }
        let attributes = keptAttributes + generatedAttributes
        if !attributes.isEmpty || generatedEntries.contains(where: { $0.key == ExtensionPlistKeys.attributes }) {
            entries.append((ExtensionPlistKeys.attributes, .dictionary(attributes)))
        }
        return .dictionary(entries)
    }

    /// Whether notifc owns `key` inside `NSExtension`: one of its keys, or a misspelling of one.
    static func isOwned(_ key: String, among owned: [String]) -> Bool {
        owned.contains(key) || ExtensionPlistKeys.intendedKey(for: key, among: owned) != nil
    }
}
