// Puts a generated NSExtension into an existing Info.plist, keeping every key notifc does not own.

/// Merges the `NSExtension` dictionary notifc generates into an existing Info.plist.
///
/// notifc owns, and rewrites from the manifest, `NSExtensionPointIdentifier`, `NSExtensionMainStoryboard`
/// and `NSExtensionPrincipalClass` in `NSExtension`, and the five `UNNotificationExtension…` keys in
/// `NSExtensionAttributes`; it also removes misspelled or misplaced copies of these keys inside
/// `NSExtension` (`UNNotificationExtensionDefaultContentHidden ` with a trailing space) and at the top level
/// (`NSExtensionAttributes` beside `NSExtension`), which the system ignores. Every other key is kept as it is:
/// the top-level keys (`CFBundle…`, build settings, custom keys) and other keys in `NSExtension` or
/// `NSExtensionAttributes` (such as `IntentsSupported` for communication notifications). An `NSExtensionAttributes` left empty in a service extension is removed.
public enum PropertyListMerge {
    /// The root of the merged file: `existing` (a dictionary's entries) with `generated` as its `NSExtension`.
    public static func merge(
        generated: PropertyListValue, into existing: [(key: String, value: PropertyListValue)]
    ) -> PropertyListValue {
        var root = existing.filter { !isStrayAtTopLevel($0.key) }
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

    /// notifc's keys below `NSExtension` and misspellings of `NSExtension`: at the top level, where lint reports
    /// them (`E413`, `E411`) and iOS ignores them, a merge removes them.
    private static let topLevelStrays = [ExtensionPlistKeys.extensionKey] + ExtensionPlistKeys.extensionKeys + ExtensionPlistKeys.attributeKeys

    static func isStrayAtTopLevel(_ key: String) -> Bool {
        key != ExtensionPlistKeys.extensionKey && isOwned(key, among: topLevelStrays)
    }
}

extension PropertyListMerge {
    /// A key of an existing Info.plist that a merge removes.
    public struct RemovedKey: Sendable {
        /// The key as written.
        public var key: String
        /// Where it is written.
        public var range: SourceRange
        /// notifc's key it misspells, when it is not one of them itself.
        public var misspelling: String?
        /// Whether it is at the top level of the file, outside `NSExtension`.
        public var isAtTopLevel = false
        /// The keys notifc does not own in a dictionary removed from the top level (removed with it).
        public var otherKeys: [String] = []
    }

    /// What merging `generated` into `existing` removes from its `NSExtension` and `NSExtensionAttributes`:
    /// notifc's keys that `generated` does not set (the manifest leaves them out), and misspellings of them.
    public static func removedKeys(generated: PropertyListValue, existing: PropertyListNode) -> [RemovedKey] {
        guard case .dictionary(let generatedEntries) = generated else { return [] }
        var removed: [RemovedKey] = []
        for entry in existing.entries ?? [] where isStrayAtTopLevel(entry.key) {
            let misspelling = topLevelStrays.contains(entry.key) ? nil : ExtensionPlistKeys.intendedKey(for: entry.key, among: topLevelStrays)
            let others = (entry.value.entries ?? []).map(\.key).filter { !isOwned($0, among: ExtensionPlistKeys.attributeKeys) }
            removed.append(RemovedKey(key: entry.key, range: entry.keyRange, misspelling: misspelling, isAtTopLevel: true, otherKeys: others))
        }
        guard let previous = existing[ExtensionPlistKeys.extensionKey], let previousEntries = previous.entries else { return removed }
        var setKeys = Set(generatedEntries.map(\.key))
        for entry in generatedEntries where entry.key == ExtensionPlistKeys.attributes {
            if case .dictionary(let attributes) = entry.value { setKeys.formUnion(attributes.map(\.key)) }
        }
        let owned = ExtensionPlistKeys.extensionKeys + ExtensionPlistKeys.attributeKeys
        for entry in previousEntries + (previous[ExtensionPlistKeys.attributes]?.entries ?? [])
        where entry.key != ExtensionPlistKeys.attributes && isOwned(entry.key, among: owned) && !setKeys.contains(entry.key) {
            let misspelling = owned.contains(entry.key) ? nil : ExtensionPlistKeys.intendedKey(for: entry.key, among: owned)
            removed.append(RemovedKey(key: entry.key, range: entry.keyRange, misspelling: misspelling))
        }
        return removed
    }
}

extension Diagnostic {
    /// `W441`: `build` removes a key of the existing Info.plist of `declared`, which the manifest does not set.
    public static func existingPlistKeyRemoved(_ removed: PropertyListMerge.RemovedKey, of declared: NotificationExtension)
        -> Diagnostic
    {
        let kind = declared.kind == .content ? "contentExtension" : "serviceExtension"
        let others = removed.otherKeys.isEmpty
            ? [] : ["it also holds \(removed.otherKeys.map { "'\($0)'" }.joined(separator: ", ")): to keep \(removed.otherKeys.count == 1 ? "it" : "them"), add \(removed.otherKeys.count == 1 ? "it" : "them") to NSExtension → NSExtensionAttributes"]
        if let intended = removed.misspelling {
            return Diagnostic(
                .existingPlistKeyRemoved,
                "this build removes '\(removed.key)', a misspelling of '\(intended)' that iOS ignores", at: removed.range, help: others)
        }
        if removed.isAtTopLevel {
            return Diagnostic(
                .existingPlistKeyRemoved,
                "this build removes '\(removed.key)' from the top level, where iOS ignores it", at: removed.range,
                help: ["iOS reads it in NSExtension, where the build writes what the manifest's \(kind) \(StringEscapes.name(declared.name)) sets"] + others)
        }
        let help =
            if removed.key == ExtensionPlistKeys.principalClass, declared.storyboard != nil {
                "the manifest's storyboard replaces it: iOS does not load an extension that has both"
            } else if removed.key == ExtensionPlistKeys.storyboard, declared.principalClass != nil {
                "the manifest's principalClass replaces it: iOS does not load an extension that has both"
            } else if declared.kind == .content, let manifestKey = ExtensionPlistKeys.manifestKeys[removed.key] {
                "to keep it, set '\(manifestKey.rawValue)' in \(kind) \(StringEscapes.name(declared.name)) of the manifest"
            } else {
                "a notification service extension does not use it"
            }
        return Diagnostic(
            .existingPlistKeyRemoved,
            "this build removes '\(removed.key)': the manifest's \(kind) \(StringEscapes.name(declared.name)) does not set it",
            at: removed.range, help: [help])
    }
}
