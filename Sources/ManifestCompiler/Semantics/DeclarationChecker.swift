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
            for declaration in tree.declarations {
                check(ParsedDeclaration(declaration), into: &manifest, diagnostics: &diagnostics)
            }
        }
        return manifest
    }

    /// Checks one declaration and appends its typed form (the compiler calls this as each is parsed).
    static func check(
        _ declaration: ParsedDeclaration, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        let kind = declaration.kind
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

    /// Checks one entry of `declaration`: reports an unknown, repeated or ill-typed key, hands a valid value
    /// to `assign`.
    private static func checkEntry(
        _ entry: ParsedEntry, of declaration: ParsedDeclaration, written: inout ManifestKeySet,
        into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag,
        assign: (ManifestKey, CheckedValue) -> Void
    ) {
        guard let key = ManifestKey(keyword: entry.keyword), let spec = declaration.kind.spec(for: key) else {
            diagnostics.append(.unknownKey(declaration.key(of: entry), in: declaration.kind))
            return
        }
        if written.contains(key) {
            let first = declaration.entries.first { ManifestKey(keyword: $0.keyword) == key }
                .map { declaration.range($0.keyStart, $0.keyEnd) }
            let name = declaration.key(of: entry)
            diagnostics.append(.duplicateKey(name, first: first ?? name.range))
            return
        }
        written.insert(key)
        guard entry.value >= 0 else { return }  // the parser reported the missing value
        let index = Int(entry.value)
        let checker = ValueChecker(key: key.rawValue, declaration: declaration)
        guard let checked = checker.check(index, as: spec.type, into: &diagnostics) else { return }
        let value = declaration.values[index]
        if key == .options || key == .intentIdentifiers, value.kind == .list, value.isEmpty(at: index) {
            manifest.emptyLists.append(Located(key, at: declaration.range(of: value)))
        }
        assign(key, checked)
    }

    /// Checks every entry, hands each valid value to `assign`, reports unknown, duplicate, ill-typed and missing
    /// keys, records empty `options`/`intentIdentifiers` lists, and returns the keys written (valid or not).
    private static func checkEntries(
        of declaration: ParsedDeclaration, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag,
        assign: (ManifestKey, CheckedValue) -> Void
    ) -> ManifestKeySet {
        let kind = declaration.kind
        var written = ManifestKeySet()
        for entry in declaration.entries {
            checkEntry(
                entry, of: declaration, written: &written, into: &manifest, diagnostics: &diagnostics, assign: assign)
        }
        if let name = declaration.name {
            for spec in kind.keys where spec.isRequired && !written.contains(spec.key) {
                diagnostics.append(.missingRequiredKey(spec.key, kind: kind, name: name))
            }
        }
        return written
    }
}
