// Checks each declaration's entries against its kind's keys and appends its checked form to the CheckedManifest.

/// Checks keys (unknown, duplicate, missing) and value types of every declaration.
///
/// One pass per declaration fills its checked form directly (no per-declaration dictionaries): a bit set
/// records the keys seen, and the first occurrence of a duplicated key is looked up only when there is one.
enum DeclarationChecker {
    /// Checks every declaration of `trees`, in order.
    static func check(_ trees: [SyntaxTree], into diagnostics: inout DiagnosticBag) -> CheckedManifest {
        var manifest = CheckedManifest()
        for tree in trees {
            for declaration in tree.declarations {
                ParsedDeclaration.withFlattened(declaration) { check($0, into: &manifest, diagnostics: &diagnostics) }
            }
        }
        return manifest
    }

    /// Checks one declaration and appends its checked form (the compiler calls this as each is parsed).
    static func check(
        _ declaration: borrowing ParsedDeclaration, into manifest: inout CheckedManifest,
        diagnostics: inout DiagnosticBag
    ) {
        var entries = EntryChecker()
        switch declaration.kind {
        case .action, .textInputAction: checkAction(declaration, &entries, into: &manifest, diagnostics: &diagnostics)
        case .category: checkCategory(declaration, &entries, into: &manifest, diagnostics: &diagnostics)
        case .contentExtension, .serviceExtension:
            checkExtension(declaration, &entries, into: &manifest, diagnostics: &diagnostics)
        }
        entries.reportMissingKeys(of: declaration, into: &diagnostics)
    }

    private static func checkAction(
        _ declaration: borrowing ParsedDeclaration, _ entries: inout EntryChecker,
        into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        var site = ActionSite(name: declaration.name?.range ?? declaration.range)
        var title = "", buttonTitle = "", placeholder = ""
        var options: [ActionOption] = []
        var icon: ActionIcon?
        for entry in declaration.entries.indices {
            guard let (key, type, value) = entries.accept(entry, of: declaration, diagnostics: &diagnostics) else {
                continue
            }
            switch key {
            case .title:
                guard
                    let text = declaration.checkString(
                        value, key: key, as: type, pooling: &manifest.texts, into: &diagnostics)
                else { break }
                title = text.value
                site.title = text.range
            case .buttonTitle:
                guard
                    let text = declaration.checkString(
                        value, key: key, as: type, pooling: &manifest.texts, into: &diagnostics)
                else { break }
                buttonTitle = text.value
                site.buttonTitle = text.range
            case .placeholder:
                let text = declaration.checkString(
                    value, key: key, as: type, pooling: &manifest.texts, into: &diagnostics)
                placeholder = text?.value ?? placeholder
            case .options:
                guard let list: CheckedOptions<ActionOption> = declaration.checkOptions(
                    value, key: key, as: type, into: &diagnostics)
                else { break }
                manifest.noteEmptyList(key, value: value, of: declaration)
                options = list.values
                site.authenticationRequired = list.range(of: .authenticationRequired)
            case .icon:
                let checked = declaration.checkIcon(
                    value, key: key, as: type, pooling: &manifest.texts, into: &diagnostics)
                icon = checked?.value
            default:
                _ = entries.checkAccepted(key, type, value, of: declaration, into: &manifest, diagnostics: &diagnostics)
            }
        }
        site.writtenKeys = entries.written
        guard let name = declaration.name else { return }
        manifest.actionNameIDs.append(intern(name, of: declaration, into: &manifest.names))
        let action = Action(
            identifier: name.text, title: consume title, options: consume options, icon: consume icon,
            textInput: declaration.kind == .textInputAction
                ? TextInput(buttonTitle: consume buttonTitle, placeholder: consume placeholder) : nil)
        manifest.actions.append(consume action)
        manifest.actionSites.append(site)
    }

    private static func checkCategory(
        _ declaration: borrowing ParsedDeclaration, _ entries: inout EntryChecker,
        into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        var site = CategorySite(name: declaration.name?.range ?? declaration.range)
        // The category's parts are kept apart and assembled once at the end (a `Category` filled in place and
        // then appended would be copied).
        var actions: [String] = [], intentIdentifiers: [String] = [], options: [CategoryOption] = []
        var hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?
        let referencesStart = manifest.actionReferences.count
        for entry in declaration.entries.indices {
            if declaration.entries[entry].keyword == .actions, entries.isFirst(entry, of: declaration) {
                // The names go straight into the category and their locations into the manifest's list.
                site.actions = entries.checkNames(
                    entry, of: declaration, into: &actions, ranges: &manifest.actionReferences,
                    ids: &manifest.actionReferenceIDs, pool: &manifest.names, diagnostics: &diagnostics)
                continue
            }
            guard let (key, type, value) = entries.accept(entry, of: declaration, diagnostics: &diagnostics) else {
                continue
            }
            switch key {
            case .options:
                guard let list: CheckedOptions<CategoryOption> = declaration.checkOptions(
                    value, key: key, as: type, into: &diagnostics)
                else { break }
                manifest.noteEmptyList(key, value: value, of: declaration)
                options = list.values
                site.allowAnnouncement = list.range(of: .allowAnnouncement)
            case .hiddenPreviewsBodyPlaceholder:
                guard
                    let text = declaration.checkString(
                        value, key: key, as: type, pooling: &manifest.texts, into: &diagnostics)
                else { break }
                hiddenPreviewsBodyPlaceholder = text.value
            case .categorySummaryFormat:
                guard
                    let text = declaration.checkString(
                        value, key: key, as: type, pooling: &manifest.texts, into: &diagnostics)
                else { break }
                categorySummaryFormat = text.value
                site.categorySummaryFormat = text.range
            default:
                let checked = entries.checkAccepted(
                    key, type, value, of: declaration, into: &manifest, diagnostics: &diagnostics)
                switch checked {
                case .strings(let list)? where key == .intentIdentifiers: intentIdentifiers = list.map(\.value)
                default: break
                }
            }
        }
        site.writtenKeys = entries.written
        guard let name = declaration.name else {
            manifest.actionReferences.removeSubrange(referencesStart...)
            manifest.actionReferenceIDs.removeSubrange(referencesStart...)
            return
        }
        site.actionReferences = referencesStart..<manifest.actionReferences.count
        manifest.categoryNameIDs.append(intern(name, of: declaration, into: &manifest.names))
        let category = Category(
            identifier: name.text, actions: consume actions, intentIdentifiers: consume intentIdentifiers,
            options: consume options, hiddenPreviewsBodyPlaceholder: consume hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: consume categorySummaryFormat)
        manifest.categories.append(consume category)
        manifest.categorySites.append(site)
    }

    private static func checkExtension(
        _ declaration: borrowing ParsedDeclaration, _ entries: inout EntryChecker,
        into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        var declared = CheckedExtension(
            name: declaration.name ?? NameSyntax(text: "", range: declaration.range, isQuoted: false),
            range: declaration.range, writtenKeys: ManifestKeySet(),
            kind: declaration.kind == .contentExtension ? .content : .service)
        for entry in declaration.entries.indices {
            if declaration.entries[entry].keyword == .categories, entries.isFirst(entry, of: declaration) {
                // The names go through the name pool, as category names did: no new strings, and ids to resolve.
                var names: [String] = []
                var ranges: [SourceRange] = []
                if let list = entries.checkNames(
                    entry, of: declaration, into: &names, ranges: &ranges, ids: &declared.categoryIDs,
                    pool: &manifest.names, diagnostics: &diagnostics)
                {
                    declared.categories = Located(zip(names, ranges).map { Located($0, at: $1) }, at: list)
                }
                continue
            }
            guard let (key, value) = entries.check(entry, of: declaration, into: &manifest, diagnostics: &diagnostics)
            else { continue }
            switch key {
            case .initialContentSizeRatio: declared.initialContentSizeRatio = value.number
            case .defaultContentHidden: declared.defaultContentHidden = value.boolean
            case .overridesDefaultTitle: declared.overridesDefaultTitle = value.boolean
            case .userInteractionEnabled: declared.userInteractionEnabled = value.boolean
            case .storyboard: declared.storyboard = value.string
            case .principalClass: declared.principalClass = value.string
            default: break
            }
        }
        declared.writtenKeys = entries.written
        guard let name = declaration.name else { return }
        manifest.extensionNameIDs.append(intern(name, of: declaration, into: &manifest.names))
        manifest.extensions.append(declared)
    }

    /// The id of `name`, the declaration's name, entered by the bytes that spell it when it is read from source.
    private static func intern(
        _ name: NameSyntax, of declaration: borrowing ParsedDeclaration, into pool: inout StringPool
    ) -> Int32 {
        guard let bytes = declaration.sourceBytes(spelling: name) else { return pool.intern(name.text) }
        return pool.intern(bytes: bytes) { name.text }
    }
}

/// The key checks every declaration shares: unknown and repeated keys, missing required keys, empty lists.
struct EntryChecker {
    /// Every key written so far, including those whose value was invalid.
    private(set) var written = ManifestKeySet()

    /// Whether entry `index` is the first with its key (a later one is reported by
    /// ``check(_:of:into:diagnostics:)``).
    func isFirst(_ index: Int, of declaration: borrowing ParsedDeclaration) -> Bool {
        guard let key = ManifestKey(keyword: declaration.entries[index].keyword) else { return false }
        return declaration.kind.spec(for: key) != nil && !written.contains(key)
    }

    /// Checks entry `index`: reports an unknown, repeated or ill-typed key; returns the key and its valid value.
    mutating func check(
        _ index: Int, of declaration: borrowing ParsedDeclaration, into manifest: inout CheckedManifest,
        diagnostics: inout DiagnosticBag
    ) -> (ManifestKey, CheckedValue)? {
        guard let (key, type, value) = accept(index, of: declaration, diagnostics: &diagnostics) else { return nil }
        return checkAccepted(key, type, value, of: declaration, into: &manifest, diagnostics: &diagnostics)
            .map { (key, $0) }
    }

    /// Checks value `value` of an entry ``accept(_:of:diagnostics:)`` accepted for `key`, of type `type`.
    func checkAccepted(
        _ key: ManifestKey, _ type: ValueType, _ value: Int, of declaration: borrowing ParsedDeclaration,
        into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) -> CheckedValue? {
        guard let checked = declaration.checkValue(value, key: key, as: type, into: &diagnostics) else { return nil }
        manifest.noteEmptyList(key, value: value, of: declaration)
        return checked
    }

    /// Checks entry `index`, a list of names: appends the valid names to `names`, where each was written to
    /// `ranges` and each one's id in `pool` to `ids`. Returns the list's range, or `nil` when the entry has no
    /// valid list.
    mutating func checkNames(
        _ index: Int, of declaration: borrowing ParsedDeclaration, into names: inout [String],
        ranges: inout [SourceRange], ids: inout [Int32], pool: inout StringPool, diagnostics: inout DiagnosticBag
    ) -> SourceRange? {
        guard let (key, type, value) = accept(index, of: declaration, diagnostics: &diagnostics) else { return nil }
        return declaration.checkNames(
            value, key: key, as: type, into: &names, ranges: &ranges, ids: &ids, pool: &pool,
            diagnostics: &diagnostics)
    }

    /// The key, its type and the value's index of entry `index`, after the key checks; `nil` when the key is
    /// unknown or repeated (reported) or the value is missing (reported by the parser).
    mutating func accept(
        _ index: Int, of declaration: borrowing ParsedDeclaration, diagnostics: inout DiagnosticBag
    ) -> (ManifestKey, ValueType, Int)? {
        let entry = declaration.entries[index]
        guard let key = ManifestKey(keyword: entry.keyword), let spec = declaration.kind.spec(for: key) else {
            diagnostics.append(.unknownKey(declaration.key(of: entry), in: declaration.kind))
            return nil
        }
        if written.contains(key) {
            let first = declaration.entries.first { ManifestKey(keyword: $0.keyword) == key }
                .map { declaration.range($0.keyStart, $0.keyEnd) }
            let name = declaration.key(of: entry)
            diagnostics.append(.duplicateKey(name, first: first ?? name.range))
            return nil
        }
        written.insert(key)
        guard entry.value >= 0 else { return nil }  // the parser reported the missing value
        return (key, spec.type, Int(entry.value))
    }

    /// Reports the required keys the declaration does not write.
    func reportMissingKeys(of declaration: borrowing ParsedDeclaration, into diagnostics: inout DiagnosticBag) {
        guard let name = declaration.name, !written.isSuperset(of: declaration.kind.requiredKeys) else { return }
        for spec in declaration.kind.keys where spec.isRequired && !written.contains(spec.key) {
            diagnostics.append(.missingRequiredKey(spec.key, kind: declaration.kind, name: name))
        }
    }
}

extension CheckedManifest {
    /// Records an `options: []` or `intentIdentifiers: []` value (valid, but saying nothing).
    mutating func noteEmptyList(_ key: ManifestKey, value index: Int, of declaration: borrowing ParsedDeclaration) {
        let value = declaration.values[index]
        if key == .options || key == .intentIdentifiers, value.kind == .list, value.isEmpty(at: index) {
            emptyLists.append(Located(key, at: declaration.range(of: value)))
        }
    }
}
