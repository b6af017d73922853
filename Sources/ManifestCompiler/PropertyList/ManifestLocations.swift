// Where a manifest declares an extension or a category, found in its syntax trees (for notes in cross-checks).

/// Looks up declarations in the syntax trees of a compiled manifest.
struct ManifestLocations {
    let trees: [SyntaxTree]

    /// The declaration of extension `name`.
    func extensionDeclaration(_ name: String) -> DeclarationSyntax? {
        declaration(name) { $0.isExtension }
    }

    /// The declaration of category `name`.
    func categoryDeclaration(_ name: String) -> DeclarationSyntax? {
        declaration(name) { $0 == .category }
    }

    /// The value of `key` in extension `name`, or the extension's name when the key is not written.
    func extensionEntry(_ name: String, key: ManifestKey) -> SourceRange? {
        guard let declaration = extensionDeclaration(name) else { return nil }
        if let entry = declaration.entries.last(where: { $0.key.text == key.rawValue }) {
            return entry.value?.range ?? entry.range
        }
        return declaration.name?.range
    }

    /// Where category `category` is listed in extension `name`'s `categories`.
    func categoryReference(_ category: String, inExtension name: String) -> SourceRange? {
        guard let entry = extensionDeclaration(name)?.entries.last(where: { $0.key.text == ManifestKey.categories.rawValue }),
            case .list(let items)? = entry.value?.kind
        else { return extensionEntry(name, key: .categories) }
        for item in items {
            switch item.kind {
            case .word(let text) where text == category: return item.range
            case .string(let text) where text == category: return item.range
            default: continue
            }
        }
        return entry.value?.range
    }

    private func declaration(_ name: String, where matches: (DeclarationKind) -> Bool) -> DeclarationSyntax? {
        for tree in trees {
            if let found = tree.declarations.first(where: { matches($0.kind.value) && $0.name?.text == name }) {
                return found
            }
        }
        return nil
    }
}
