// Turns error-free checked declarations into the validated Manifest (drops locations, normalises options).

/// Builds the ``Manifest`` from checked declarations; only called when validation found no errors.
enum ManifestLowering {
    /// Lowers error-free declarations; `symbols` provides the action index (no duplicates when there is no error).
    /// Each kind of checked declaration is freed as soon as it is lowered (at 50,000 categories the checked
    /// actions alone are 29 MB), which keeps peak memory down.
    static func lower(_ checked: consuming CheckedManifest, symbols: SymbolTable) -> Manifest {
        let actions = checked.actions.map { action in
            Action(
                identifier: action.name.text,
                title: action.title?.value ?? "",
                options: inBitOrder(action.options),
                icon: action.icon?.value,
                textInput: action.isTextInput
                    ? TextInput(buttonTitle: action.buttonTitle?.value ?? "", placeholder: action.placeholder?.value ?? "")
                    : nil)
        }
        checked.actions = ChunkedArray()
        let categories = checked.categories.map { category in
            Category(
                identifier: category.name.text,
                actions: category.actions?.value.map(\.value) ?? [],
                intentIdentifiers: category.intentIdentifiers.map(\.value),
                options: inBitOrder(category.options),
                hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder?.value,
                categorySummaryFormat: category.categorySummaryFormat?.value)
        }
        checked.categories = ChunkedArray()
        let extensions = checked.extensions.map { declared in
            NotificationExtension(
                name: declared.name.text,
                kind: declared.kind,
                categories: declared.categories?.value.map(\.value) ?? [],
                initialContentSizeRatio: declared.initialContentSizeRatio.map { $0.value == 0 ? 0 : $0.value },  // -0 is 0
                defaultContentHidden: declared.defaultContentHidden?.value,
                overridesDefaultTitle: declared.overridesDefaultTitle?.value,
                userInteractionEnabled: declared.userInteractionEnabled?.value,
                storyboard: declared.storyboard?.value,
                principalClass: declared.principalClass?.value)
        }
        return Manifest(actions: actions, categories: categories, extensions: extensions, actionIndex: symbols.actions)
    }

    /// The option values sorted into Apple's bit order. The checker keeps one of each option (W308 drops
    /// repeats), so a list holds at most five values, usually already in order: one exact-size array,
    /// sorted in place (no second array).
    private static func inBitOrder<Option: Comparable>(_ options: [Located<Option>]) -> [Option] {
        var values = [Option]()
        values.reserveCapacity(options.count)
        for option in options { values.append(option.value) }
        var index = 1
        while index < values.count {  // insertion sort: stable, no allocation, ideal for tiny inputs
            var position = index
            let value = values[position]
            while position > 0, value < values[position - 1] {
                values[position] = values[position - 1]
                position -= 1
            }
            values[position] = value
            index += 1
        }
        return values
    }
}
