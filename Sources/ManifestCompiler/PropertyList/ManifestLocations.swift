// Where a manifest declares an extension or a category (for notes in cross-checks).

/// Looks up declarations of a compiled manifest.
struct ManifestLocations {
    let manifest: Manifest
    let locations: SourceMap

    /// Where extension `name` was declared, and its model value.
    func extensionDeclaration(_ name: String) -> (declared: NotificationExtension, location: DeclarationLocation)? {
        guard let index = manifest.extensions.firstIndex(where: { $0.name == name }),
            index < locations.extensions.count
        else { return nil }
        return (manifest.extensions[index], locations.extensions[index])
    }

    /// The value of `key` in extension `name`, or the extension's name when the key is not written.
    func extensionEntry(_ name: String, key: ManifestKey) -> SourceRange? {
        guard let (_, location) = extensionDeclaration(name) else { return nil }
        return location.value(of: key) ?? location.name
    }

    /// Where category `category` is listed in extension `name`'s `categories`.
    func categoryReference(_ category: String, inExtension name: String) -> SourceRange? {
        guard let (declared, location) = extensionDeclaration(name), let list = location.value(of: .categories) else {
            return extensionEntry(name, key: .categories)
        }
        return zip(declared.categories, location.listItems).first { $0.0 == category }?.1 ?? list
    }
}
