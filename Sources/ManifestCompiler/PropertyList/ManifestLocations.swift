// Where a manifest declares an extension or a category, from its checked declarations (for notes in cross-checks).

/// Looks up declarations of a compiled manifest.
struct ManifestLocations {
    let declarations: CheckedDeclarations

    /// The declaration of extension `name`.
    func extensionDeclaration(_ name: String) -> CheckedExtension? {
        declarations.extensions.first { $0.name.text == name }
    }

    /// The value of `key` in extension `name`, or the extension's name when the key is not written.
    func extensionEntry(_ name: String, key: ManifestKey) -> SourceRange? {
        guard let declared = extensionDeclaration(name) else { return nil }
        let range: SourceRange? =
            switch key {
            case .categories: declared.categories?.range
            case .initialContentSizeRatio: declared.initialContentSizeRatio?.range
            case .defaultContentHidden: declared.defaultContentHidden?.range
            case .overridesDefaultTitle: declared.overridesDefaultTitle?.range
            case .userInteractionEnabled: declared.userInteractionEnabled?.range
            case .storyboard: declared.storyboard?.range
            case .principalClass: declared.principalClass?.range
            default: nil
            }
        return range ?? declared.name.range
    }

    /// Where category `category` is listed in extension `name`'s `categories`.
    func categoryReference(_ category: String, inExtension name: String) -> SourceRange? {
        guard let list = extensionDeclaration(name)?.categories else { return extensionEntry(name, key: .categories) }
        return list.value.first { $0.value == category }?.range ?? list.range
    }
}
