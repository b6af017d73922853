// Declarations after key and type checking: the model values, and where their parts were written.

/// Where an action's parts were written; its values are in the ``Action`` at the same position.
///
/// Plain data (no strings or arrays): the checked actions are the bulk of a large manifest, and the rules
/// read only these few locations.
struct ActionSite {
    /// The action's name.
    var name: SourceRange
    /// The title, when it was written with a valid value.
    var title: SourceRange?
    /// The button title of a text-input action, when written with a valid value.
    var buttonTitle: SourceRange?
    /// Where `authenticationRequired` is listed in the options, if it is.
    var authenticationRequired: SourceRange?
    /// Every key written, including those whose value was invalid (so rules don't call them missing).
    var writtenKeys = ManifestKeySet()
}

/// Where a category's parts were written; its values are in the ``Category`` at the same position.
struct CategorySite {
    /// The category's name.
    var name: SourceRange
    /// The `actions` list, when it was written with a valid value.
    var actions: SourceRange?
    /// Where each name of the category's ``Category/actions`` was written: a range of
    /// ``CheckedManifest/actionReferences``.
    var actionReferences: Range<Int> = 0..<0
    /// Where `allowAnnouncement` (deprecated) is listed in the options, if it is.
    var allowAnnouncement: SourceRange?
    /// The summary format, when written with a valid value.
    var categorySummaryFormat: SourceRange?
    var writtenKeys = ManifestKeySet()
}

/// An extension declaration whose entries passed key and type checks (extensions are few, so they keep
/// every value with its location).
struct CheckedExtension: Sendable {
    var name: NameSyntax
    var range: SourceRange
    var writtenKeys: ManifestKeySet
    var kind: NotificationExtension.Kind
    var categories: Located<[Located<String>]>?
    var initialContentSizeRatio: Located<Double>?
    var defaultContentHidden: Located<Bool>?
    var overridesDefaultTitle: Located<Bool>?
    var userInteractionEnabled: Located<Bool>?
    var storyboard: Located<String>?
    var principalClass: Located<String>?
}

/// Every named declaration of the manifest, checked, in declaration order. Declarations whose name was
/// missing are checked but not kept (nothing can refer to them).
///
/// Actions and categories are kept as the model values the ``Manifest`` is made of (option lists already in
/// Apple's bit order, missing texts empty) beside plain records of where their parts were written, so a
/// valid manifest is assembled without copying them again.
struct CheckedManifest {
    var actions: [Action] = []
    var actionSites: [ActionSite] = []
    var categories: [Category] = []
    var categorySites: [CategorySite] = []
    /// Where every name of every category's `actions` list was written, category after category.
    var actionReferences: [SourceRange] = []
    var extensions: [CheckedExtension] = []
    /// `options: []` and `intentIdentifiers: []` entries: valid, but saying nothing.
    var emptyLists: [Located<ManifestKey>] = []

    /// The names category `index` lists in `actions`, with where each was written.
    func actionReferences(ofCategory index: Int) -> (names: [String], ranges: ArraySlice<SourceRange>) {
        (categories[index].actions, actionReferences[categorySites[index].actionReferences])
    }

    /// The name of action `index`, with where it was written.
    func actionName(_ index: Int) -> NameSyntax {
        NameSyntax(text: actions[index].identifier, range: actionSites[index].name, isQuoted: false)
    }

    /// The name of category `index`, with where it was written.
    func categoryName(_ index: Int) -> NameSyntax {
        NameSyntax(text: categories[index].identifier, range: categorySites[index].name, isQuoted: false)
    }
}
