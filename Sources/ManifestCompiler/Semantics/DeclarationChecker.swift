// Checks each declaration's entries against its kind's keys and builds the typed CheckedManifest.

/// Checks keys (unknown, duplicate, missing) and value types of every declaration.
///
/// One pass per declaration fills its typed form directly (no per-declaration dictionaries): a bit set
/// records the keys seen, and the first occurrence of a duplicated key is looked up only when there is one.
struct DeclarationChecker {
    /// Checks every declaration of `trees`, in order.
    static func check(_ trees: [SyntaxTree], into diagnostics: inout DiagnosticBag) -> CheckedManifest {
        var manifest = CheckedManifest()
        for tree in trees {
            for index in tree.declarations.indices {
                check(tree.declarations[index], into: &manifest, diagnostics: &diagnostics)
            }
        }
        return manifest
    }

    /// Checks one declaration and appends its typed form (the compiler calls this as each is parsed).
    static func check(
        _ declaration: DeclarationSyntax, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        let kind = declaration.kind.value
        let name = declaration.name ?? NameSyntax(text: "", range: declaration.range, isQuoted: false)
        switch kind {
        case .action, .textInputAction:
            var action = CheckedAction(
                name: name, range: declaration.range, writtenKeys: ManifestKeySet(), isTextInput: kind == .textInputAction)
            action.writtenKeys = checkEntries(of: declaration, into: &manifest, diagnostics: &diagnostics) { key, value in
                switch key {
                case .title: action.title = value.string
                case .buttonTitle: action.buttonTitle = value.string
                case .placeholder: action.placeholder = value.string
                case .options: action.options = value.actionOptions ?? []
                case .icon: action.icon = value.icon
                default: break
                }
            }
            if declaration.name != nil { manifest.actions.append(action) }
        case .category:
            var category = CheckedCategory(name: name, range: declaration.range, writtenKeys: ManifestKeySet())
            category.writtenKeys = checkEntries(of: declaration, into: &manifest, diagnostics: &diagnostics) { key, value in
                switch key {
                case .actions: category.actions = value.names
                case .intentIdentifiers: category.intentIdentifiers = value.strings ?? []
                case .options: category.options = value.categoryOptions ?? []
                case .hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder = value.string
                case .categorySummaryFormat: category.categorySummaryFormat = value.string
                default: break
                }
            }
            if declaration.name != nil { manifest.categories.append(category) }
        case .contentExtension, .serviceExtension:
            var declared = CheckedExtension(
                name: name, range: declaration.range, writtenKeys: ManifestKeySet(),
                kind: kind == .contentExtension ? .content : .service)
            declared.writtenKeys = checkEntries(of: declaration, into: &manifest, diagnostics: &diagnostics) { key, value in
                switch key {
                case .categories: declared.categories = value.names
                case .initialContentSizeRatio: declared.initialContentSizeRatio = value.number
                case .defaultContentHidden: declared.defaultContentHidden = value.boolean
                case .overridesDefaultTitle: declared.overridesDefaultTitle = value.boolean
                case .userInteractionEnabled: declared.userInteractionEnabled = value.boolean
                case .storyboard: declared.storyboard = value.string
                case .principalClass: declared.principalClass = value.string
                default: break
                }
            }
            if declaration.name != nil { manifest.extensions.append(declared) }
        }
    }

    /// Checks one entry of a declaration of `kind` (`entries` are all of its entries, to point a duplicate
    /// key at the first): reports an unknown, repeated or ill-typed key, hands a valid value to `assign`.
    private static func checkEntry(
        _ entry: EntrySyntax, of kind: DeclarationKind, in entries: [EntrySyntax], written: inout ManifestKeySet,
        into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag,
        assign: (ManifestKey, CheckedValue) -> Void
    ) {
        guard let key = ManifestKey(keyword: entry.key.keyword), let spec = kind.spec(for: key) else {
            diagnostics.append(.unknownKey(entry.key, in: kind))
            return
        }
        if written.contains(key) {
            let first = entries.first { ManifestKey(keyword: $0.key.keyword) == key }?.key.range ?? entry.key.range
            diagnostics.append(.duplicateKey(entry.key, first: first))
            return
        }
        written.insert(key)
        guard let value = entry.value else { return }  // the parser reported the missing value
        guard let checked = ValueChecker(key: key.rawValue).check(value, as: spec.type, into: &diagnostics) else {
            return
        }
        if key == .options || key == .intentIdentifiers, case .list(let elements) = value.kind, elements.isEmpty {
            manifest.emptyLists.append(Located(key, at: value.range))
        }
        assign(key, checked)
    }

    /// Checks every entry, hands each valid value to `assign`, reports unknown, duplicate, ill-typed and missing
    /// keys, records empty `options`/`intentIdentifiers` lists, and returns the keys written (valid or not).
    private static func checkEntries(
        of declaration: DeclarationSyntax, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag,
        assign: (ManifestKey, CheckedValue) -> Void
    ) -> ManifestKeySet {
        let kind = declaration.kind.value
        let entries = declaration.entries
        var written = ManifestKeySet()
        for index in entries.indices {
            // Passed, not bound to a local: the entry is borrowed from the array rather than copied.
            checkEntry(
                entries[index], of: kind, in: entries, written: &written, into: &manifest, diagnostics: &diagnostics,
                assign: assign)
        }
        if let name = declaration.name {
            for spec in kind.keys where spec.isRequired && !written.contains(spec.key) {
                diagnostics.append(.missingRequiredKey(spec.key, kind: kind, name: name))
            }
        }
        return written
    }
}
