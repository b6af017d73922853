// Reads a notifications.json registration bundle back into manifest values, for `notifc import`.

/// The declarations a `notifications.json` bundle (docs/json-bundle.md) describes, each with where it was.
package struct ImportedBundle {
    package var actions: [Located<Action>] = []
    package var categories: [Located<Category>] = []
    package var extensions: [Located<NotificationExtension>] = []
    /// The bundle's localization settings (the defaults when it has none).
    package var localization = LocalizationSettings()
}

/// Reads bundles written by `notifc build` (or by hand in the same shape) with ``BundleReader``'s lenient
/// mode: an unknown key is dropped with a warning, every other problem is an error.
package enum BundleImporter {
    /// Reads `root` (the bundle's parsed JSON); `nil` when it is not a bundle at all. Every action is kept
    /// as written in each category, for the import to compare the copies.
    package static func read(_ root: JSONNode, into diagnostics: inout DiagnosticBag) -> ImportedBundle? {
        guard let contents = BundleReader.contents(of: root, mode: .lenient, into: &diagnostics) else { return nil }
        var bundle = ImportedBundle()
        for decoded in contents.categories {
            bundle.actions += decoded.actions.map { Located($0.action, at: $0.node.range) }
            bundle.categories.append(Located(decoded.category, at: decoded.node.range))
        }
        bundle.extensions = contents.extensions.map { Located($0.declared, at: $0.node.range) }
        bundle.localization = contents.localization
        return bundle
    }
}
