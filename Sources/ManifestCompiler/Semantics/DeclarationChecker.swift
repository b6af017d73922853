// Checks each declaration's entries against its kind's keys and builds the typed CheckedManifest.

/// Checks keys (unknown, duplicate, missing) and value types of every declaration.
struct DeclarationChecker {
    /// Checks every declaration of `trees`, in order.
    static func check(_ trees: [SyntaxTree], into diagnostics: inout DiagnosticBag) -> CheckedManifest {
        var manifest = CheckedManifest()
        for tree in trees {
            for declaration in tree.declarations {
                check(declaration, into: &manifest, diagnostics: &diagnostics)
            }
        }
        return manifest
    }

    private static func check(
        _ declaration: DeclarationSyntax, into manifest: inout CheckedManifest, diagnostics: inout DiagnosticBag
    ) {
        let kind = declaration.kind.value
        let (values, written) = checkedValues(of: declaration, into: &diagnostics)
        // `values[key]` is set only for a key the kind has, written first, with a list value.
        for key in [ManifestKey.options, .intentIdentifiers] where values[key] != nil {
            if let entry = declaration.entries.first(where: { $0.key.text == key.rawValue }),
                let value = entry.value, case .list(let elements) = value.kind, elements.isEmpty
            {
                manifest.emptyLists.append(Located(key, at: value.range))
            }
        }
        guard let name = declaration.name else { return }
        switch kind {
        case .action, .textInputAction:
            manifest.actions.append(
                CheckedAction(
                    name: name, range: declaration.range, writtenKeys: written, isTextInput: kind == .textInputAction,
                    title: values[.title]?.string, buttonTitle: values[.buttonTitle]?.string,
                    placeholder: values[.placeholder]?.string, options: values[.options]?.actionOptions ?? [],
                    icon: values[.icon]?.icon))
        case .category:
            manifest.categories.append(
                CheckedCategory(
                    name: name, range: declaration.range, writtenKeys: written, actions: values[.actions]?.names,
                    intentIdentifiers: values[.intentIdentifiers]?.strings ?? [],
                    options: values[.options]?.categoryOptions ?? [],
                    hiddenPreviewsBodyPlaceholder: values[.hiddenPreviewsBodyPlaceholder]?.string,
                    categorySummaryFormat: values[.categorySummaryFormat]?.string))
        case .contentExtension, .serviceExtension:
            manifest.extensions.append(
                CheckedExtension(
                    name: name, range: declaration.range, writtenKeys: written, kind: kind == .contentExtension ? .content : .service,
                    categories: values[.categories]?.names,
                    initialContentSizeRatio: values[.initialContentSizeRatio]?.number,
                    defaultContentHidden: values[.defaultContentHidden]?.boolean,
                    overridesDefaultTitle: values[.overridesDefaultTitle]?.boolean,
                    userInteractionEnabled: values[.userInteractionEnabled]?.boolean,
                    storyboard: values[.storyboard]?.string, principalClass: values[.principalClass]?.string))
        }
    }

    /// The declaration's valid values by key and the set of keys written, after reporting unknown,
    /// duplicate, ill-typed and missing keys.
    private static func checkedValues(
        of declaration: DeclarationSyntax, into diagnostics: inout DiagnosticBag
    ) -> ([ManifestKey: CheckedValue], ManifestKeySet) {
        let kind = declaration.kind.value
        var values: [ManifestKey: CheckedValue] = [:]
        var seen: [ManifestKey: SourceRange] = [:]
        var written = ManifestKeySet()
        for entry in declaration.entries {
            guard let key = ManifestKey(rawValue: entry.key.text), let spec = kind.spec(for: key) else {
                diagnostics.append(.unknownKey(entry.key, in: kind))
                continue
            }
            if let first = seen[key] {
                diagnostics.append(.duplicateKey(entry.key, first: first))
                continue
            }
            seen[key] = entry.key.range
            written.insert(key)
            guard let value = entry.value else { continue }  // the parser reported the missing value
            if let checked = ValueChecker(key: key.rawValue).check(value, as: spec.type, into: &diagnostics) {
                values[key] = checked
            }
        }
        if let name = declaration.name {
            for spec in kind.keys where spec.isRequired && seen[spec.key] == nil {
                diagnostics.append(.missingRequiredKey(spec.key, kind: kind, name: name))
            }
        }
        return (values, written)
    }
}
