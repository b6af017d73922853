// Declarations after key and type checking: the model values, and where their parts were written.

/// Every named declaration of the manifest, checked, in declaration order, with where each was written
/// (``locations``, at the same positions). Declarations whose name was missing are checked but not kept
/// (nothing can refer to them).
///
/// The values are the model's: option lists in Apple's bit order, texts with invalid values empty, lists
/// holding only their valid names. A valid manifest is these values as they are.
package struct CheckedManifest: Sendable {
    package var actions: [Action] = []
    package var categories: [Category] = []
    package var extensions: [NotificationExtension] = []
    /// The `localization` declarations (a valid manifest has at most one).
    package var localizations: [LocalizationSettings] = []
    package var locations = SourceMap()
    /// `options: []` and `intentIdentifiers: []` entries: valid, but saying nothing.
    var emptyLists: [Located<ManifestKey>] = []

    /// No declarations.
    package init() {}

    /// Whether nothing was declared: no action, category, extension or localization.
    var declaresNothing: Bool {
        actions.isEmpty && categories.isEmpty && extensions.isEmpty && localizations.isEmpty
    }

    /// The localization settings the outputs use: the `localization` declaration's (or the defaults), with the
    /// table `options` names in place of its own (`build --strings-table`).
    package func localization(with options: CompilerOptions) -> LocalizationSettings {
        var localization = localizations.first ?? LocalizationSettings()
        if let table = options.stringsTable { localization.table = table }
        return localization
    }

    /// The name of action `index`, with where it was written.
    func actionName(_ index: Int) -> NameSyntax {
        NameSyntax(text: actions[index].identifier, range: locations.actions[index].name, isQuoted: false)
    }

    /// The name of category `index`, with where it was written.
    func categoryName(_ index: Int) -> NameSyntax {
        NameSyntax(
            text: categories[index].identifier, range: locations.categories[index].name, isQuoted: false)
    }

    /// The name of extension `index`, with where it was written.
    func extensionName(_ index: Int) -> NameSyntax {
        NameSyntax(
            text: extensions[index].name, range: locations.extensions[index].name, isQuoted: false)
    }
}
