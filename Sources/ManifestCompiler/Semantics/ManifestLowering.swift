// Turns error-free checked declarations into the validated Manifest (moves the model values, drops locations).

/// Builds the ``Manifest`` from checked declarations; only called when validation found no errors.
enum ManifestLowering {
    /// Assembles error-free declarations: the actions and categories are already model values and are moved
    /// over as they are; the extensions are converted. `symbols` provides the action index (no duplicates
    /// when there is no error).
    static func lower(
        _ checked: consuming CheckedManifest, symbols: SymbolTable, references: ResolvedReferences
    ) -> Manifest {
        let actions = checked.actions
        let categories = checked.categories
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
        return Manifest(
            actions: actions, categories: categories, extensions: extensions, actionIndex: symbols.actions,
            listedActionPositions: references.actions)
    }
}
