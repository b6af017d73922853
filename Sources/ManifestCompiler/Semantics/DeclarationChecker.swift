// Checks each declaration's entries against its kind's keys and appends its model value and locations.

/// Checks keys (unknown, duplicate, missing) and value types of every declaration.
enum DeclarationChecker {
    /// Checks every declaration of `trees`, in order.
    static func check(_ trees: [SyntaxTree], into diagnostics: inout DiagnosticBag) -> CheckedManifest {
        var manifest = CheckedManifest()
        for tree in trees {
            for declaration in tree.declarations { check(declaration, into: &manifest, diagnostics: &diagnostics) }
        }
        return manifest
    }

    /// Checks one declaration and appends its checked form (the compiler calls this as each is parsed).
    static func check(
        _ declaration: DeclarationSyntax, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        var entries = EntryChecker(declaration: declaration)
        switch declaration.kind.value {
        case .action, .textInputAction: checkAction(&entries, into: &manifest, diagnostics: &diagnostics)
        case .category: checkCategory(&entries, into: &manifest, diagnostics: &diagnostics)
        case .contentExtension, .serviceExtension: checkExtension(&entries, into: &manifest, diagnostics: &diagnostics)
        case .localization: checkLocalization(&entries, into: &manifest, diagnostics: &diagnostics)
        }
        entries.reportMissingKeys(into: &diagnostics)
    }

    private static func checkAction(
        _ entries: inout EntryChecker, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        let declaration = entries.declaration
        var action = Action(identifier: declaration.name?.text ?? "", title: "")
        var buttonTitle = "", placeholder = ""
        var options: [SourceRange] = []
        for entry in declaration.entries {
            guard let (key, type, value) = entries.accept(entry, key: entries.key(of: entry), diagnostics: &diagnostics)
            else { continue }
            switch key {
            case .options:
                guard let list = entries.checkOptions(
                    key, type, value, ActionOption.self, other: CategoryOption.self, into: &manifest,
                    diagnostics: &diagnostics)
                else { break }
                (action.options, options) = list.valuesAndRanges
            default:
                guard let checked = entries.checkValue(key, type, value, into: &manifest, diagnostics: &diagnostics)
                else { break }
                switch (key, checked) {
                case (.title, .string(let text)): action.title = text.value
                case (.buttonTitle, .string(let text)): buttonTitle = text.value
                case (.placeholder, .string(let text)): placeholder = text.value
                case (.icon, .icon(let icon)): action.icon = icon.value
                case (_, .string(let text)): if let string = key.commentedKey { action.comments[string] = text.value }
                default: break
                }
            }
        }
        guard let name = declaration.name else { return }
        if declaration.kind.value == .textInputAction {
            action.textInput = TextInput(buttonTitle: buttonTitle, placeholder: placeholder)
        }
        manifest.actions.append(action)
        manifest.locations.actions.append(entries.location(name: name, options: options))
    }

    private static func checkCategory(
        _ entries: inout EntryChecker, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        let declaration = entries.declaration
        var category = Category(identifier: declaration.name?.text ?? "")
        var listItems: [SourceRange] = [], options: [SourceRange] = []
        for entry in declaration.entries {
            let written = entries.key(of: entry)
            if written == .actions, entries.isFirst(.actions) {
                entries.checkNames(entry, key: .actions, into: &category.actions, ranges: &listItems, diagnostics: &diagnostics)
                continue
            }
            guard let (key, type, value) = entries.accept(entry, key: written, diagnostics: &diagnostics) else { continue }
            switch key {
            case .options:
                guard let list = entries.checkOptions(
                    key, type, value, CategoryOption.self, other: ActionOption.self, into: &manifest,
                    diagnostics: &diagnostics)
                else { break }
                (category.options, options) = list.valuesAndRanges
            default:
                guard let checked = entries.checkValue(key, type, value, into: &manifest, diagnostics: &diagnostics)
                else { break }
                switch (key, checked) {
                case (.intentIdentifiers, .strings(let list)):
                    category.intentIdentifiers = list.map(\.value)
                    SystemIntents.check(list, into: &diagnostics)
                case (.hiddenPreviewsBodyPlaceholder, .string(let text)): category.hiddenPreviewsBodyPlaceholder = text.value
                case (.categorySummaryFormat, .string(let text)): category.categorySummaryFormat = text.value
                case (_, .string(let text)): if let string = key.commentedKey { category.comments[string] = text.value }
                default: break
                }
            }
        }
        guard let name = declaration.name else { return }
        // A comment on a string the category does not declare describes nothing (W311): the model drops it.
        if category.hiddenPreviewsBodyPlaceholder == nil { category.comments[.hiddenPreviewsBodyPlaceholder] = nil }
        if category.categorySummaryFormat == nil { category.comments[.categorySummaryFormat] = nil }
        manifest.categories.append(category)
        manifest.locations.categories.append(entries.location(name: name, listItems: listItems, options: options))
    }

    private static func checkExtension(
        _ entries: inout EntryChecker, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        let declaration = entries.declaration
        var declared = NotificationExtension(
            name: declaration.name?.text ?? "", kind: declaration.kind.value == .contentExtension ? .content : .service)
        var listItems: [SourceRange] = []
        for entry in declaration.entries {
            let written = entries.key(of: entry)
            if written == .categories, entries.isFirst(.categories) {
                entries.checkNames(
                    entry, key: .categories, into: &declared.categories, ranges: &listItems, diagnostics: &diagnostics)
                continue
            }
            guard let (key, type, value) = entries.accept(entry, key: written, diagnostics: &diagnostics),
                let checked = entries.checkValue(key, type, value, into: &manifest, diagnostics: &diagnostics)
            else { continue }
            switch key {
            case .initialContentSizeRatio:
                declared.initialContentSizeRatio = checked.number.map { $0.value == 0 ? 0 : $0.value }  // -0 is 0
            case .defaultContentHidden: declared.defaultContentHidden = checked.boolean?.value
            case .overridesDefaultTitle: declared.overridesDefaultTitle = checked.boolean?.value
            case .userInteractionEnabled: declared.userInteractionEnabled = checked.boolean?.value
            case .storyboard: declared.storyboard = checked.string?.value
            case .principalClass: declared.principalClass = checked.string?.value
            default: break
            }
        }
        guard let name = declaration.name else { return }
        manifest.extensions.append(declared)
        manifest.locations.extensions.append(entries.location(name: name, listItems: listItems))
    }
}

extension DeclarationChecker {
    /// Checks a `localization` declaration: its name is the table, its entries the other settings.
    fileprivate static func checkLocalization(
        _ entries: inout EntryChecker, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        let declaration = entries.declaration
        var settings = LocalizationSettings(table: declaration.name?.text ?? "")
        for entry in declaration.entries {
            guard let (key, type, value) = entries.accept(entry, key: entries.key(of: entry), diagnostics: &diagnostics),
                let text = entries.checkValue(key, type, value, into: &manifest, diagnostics: &diagnostics)?.string
            else { continue }
            switch key {
            case .developmentLanguage: settings.developmentLanguage = text.value
            case .bundle: settings.bundle = LocalizationSettings.BundleLocation(rawValue: text.value) ?? .main
            default: break
            }
        }
        guard let name = declaration.name else { return }
        manifest.localizations.append(settings)
        manifest.locations.localizations.append(entries.location(name: name))
    }
}

/// The key checks every declaration shares (unknown, repeated and missing keys), and the locations of the
/// entries that pass them.
struct EntryChecker {
    let declaration: DeclarationSyntax
    /// Every key written once so far, including those whose value was invalid.
    private var entries: [EntryLocation] = []
    /// The keys the declaration spells out, once a misspelling needs them (``key(of:)``).
    private var spelledKeys: Set<String>?

    init(declaration: DeclarationSyntax) {
        self.declaration = declaration
        entries.reserveCapacity(declaration.entries.count)
    }

    /// Whether an entry with `key` would be the first with its key (a later one is reported by
    /// ``accept(_:key:diagnostics:)``).
    func isFirst(_ key: ManifestKey) -> Bool {
        declaration.kind.value.spec(for: key) != nil && !wrote(key)
    }

    /// The key `entry` is read as: the key it spells; for a misspelling (a word that is no key of any kind) of a key
    /// of this kind that the declaration does not spell out anywhere, the key that "did you mean" names. So the entry
    /// is reported once, as unknown, and then checked as if corrected: one typo gives one error, not also a missing
    /// key or an unused action. A key of another kind (`actions` in an action) is only reported.
    mutating func key(of entry: EntrySyntax) -> ManifestKey? {
        if let written = ManifestKey(rawValue: entry.key.text) { return written }
        let kind = declaration.kind.value
        guard let suggestion = ManifestKey.suggestion(for: entry.key.text, in: kind) else { return nil }
        let spelled = spelledKeys ?? Set(declaration.entries.map(\.key.text))  // made once, at the first misspelling
        spelledKeys = spelled
        return spelled.contains(suggestion) ? nil : ManifestKey(rawValue: suggestion)
    }

    /// The key, its type and the value of `entry`, read as `key` (``key(of:)``), after the key checks; `nil` when
    /// the key is unknown or repeated (reported) or the value is missing (reported by the parser). A misspelt key
    /// is reported and, when its correction is not already written, read as the correction.
    mutating func accept(
        _ entry: EntrySyntax, key: ManifestKey?, diagnostics: inout DiagnosticBag
    ) -> (ManifestKey, ValueType, ValueSyntax)? {
        let kind = declaration.kind.value
        guard let key, let spec = kind.spec(for: key) else {
            diagnostics.append(.unknownKey(entry.key, in: kind, written: declaration.entries.map(\.key.text)))
            return nil
        }
        let isCorrection = entry.key.text != key.rawValue
        if isCorrection { diagnostics.append(.unknownKey(entry.key, in: kind)) }
        if let first = entries.first(where: { $0.key == key }) {
            if !isCorrection { diagnostics.append(.duplicateKey(entry.key, first: first.keyRange)) }
            return nil
        }
        entries.append(EntryLocation(key: key, keyRange: entry.key.range, value: nil))
        guard let value = entry.value else { return nil }  // the parser reported the missing value
        return (key, spec.type, value)
    }

    /// Checks `value`, accepted for `key` of type `type`, and records where it was written when it is valid.
    mutating func checkValue(
        _ key: ManifestKey, _ type: ValueType, _ value: ValueSyntax, into manifest: inout CheckedManifest,
        diagnostics: inout DiagnosticBag
    ) -> CheckedValue? {
        guard let result = ValueChecker.check(value, key: key, as: type, into: &diagnostics) else { return nil }
        checked(key, at: value.range)
        manifest.noteEmptyList(key, value: value)
        return result
    }

    /// Checks `value`, accepted for `key` of type `type`, as a list of `Option`s (`Other` is the other option set,
    /// named in messages); records where it was written. `nil` when the value is not such a list (reported).
    mutating func checkOptions<Option: NamedOption, Other: NamedOption>(
        _ key: ManifestKey, _ type: ValueType, _ value: ValueSyntax, _ option: Option.Type, other: Other.Type,
        into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) -> CheckedOptions<Option>? {
        let expected: ValueType = Option.self == ActionOption.self ? .actionOptions : .categoryOptions
        guard case .list = value.kind, type == expected else {
            _ = ValueChecker.check(value, key: key, as: type, into: &diagnostics)  // reports the mismatch
            return nil
        }
        let list = ValueChecker.options(value, key: key.rawValue, Option.self, other: Other.self, into: &diagnostics)
        checked(key, at: value.range)
        manifest.noteEmptyList(key, value: value)
        return list
    }

    /// Checks `entry`, a list of names: appends the valid names to `names` and where each was written to `ranges`.
    mutating func checkNames(
        _ entry: EntrySyntax, key: ManifestKey, into names: inout [String], ranges: inout [SourceRange],
        diagnostics: inout DiagnosticBag
    ) {
        guard let (key, type, value) = accept(entry, key: key, diagnostics: &diagnostics),
            let list = ValueChecker.checkNames(
                value, key: key, as: type, into: &names, ranges: &ranges, diagnostics: &diagnostics)
        else { return }
        checked(key, at: list)
    }

    /// Records that the value of `key` is valid and was written at `range`.
    mutating func checked(_ key: ManifestKey, at range: SourceRange) {
        if let index = entries.lastIndex(where: { $0.key == key }) { entries[index].value = range }
    }

    /// Whether `key` was written.
    func wrote(_ key: ManifestKey) -> Bool { entries.contains { $0.key == key } }

    /// Where the declaration, named `name`, and its parts were written.
    func location(name: NameSyntax, listItems: [SourceRange] = [], options: [SourceRange] = []) -> DeclarationLocation {
        DeclarationLocation(
            range: declaration.range, name: name.range, entries: entries, listItems: listItems, options: options)
    }

    /// Reports the required keys the declaration does not write; none when it has no body (the parser reported it).
    func reportMissingKeys(into diagnostics: inout DiagnosticBag) {
        guard let name = declaration.name, declaration.openBrace != nil || !declaration.entries.isEmpty else { return }
        let kind = declaration.kind.value
        for spec in kind.keys where spec.isRequired && !wrote(spec.key) {
            diagnostics.append(.missingRequiredKey(spec.key, kind: kind, name: name))
        }
    }
}

extension CheckedManifest {
    /// Records an `options: []` or `intentIdentifiers: []` value (valid, but saying nothing).
    mutating func noteEmptyList(_ key: ManifestKey, value: ValueSyntax) {
        if key == .options || key == .intentIdentifiers, case .list(let elements) = value.kind, elements.isEmpty {
            emptyLists.append(Located(key, at: value.range))
        }
    }
}
