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
    /// The id (in ``CheckedManifest/names``) of each name in ``categories``.
    var categoryIDs: [Int32] = []
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
    /// Every declaration name and every name of a category's `actions` list, each once with its id.
    var names = StringPool()
    /// The string values too long to be stored inline in a `String`, each once (repeated ones share storage).
    var texts = StringPool()
    var actions: [Action] = []
    var actionSites: [ActionSite] = []
    /// The id (in ``names``) of each action's name.
    var actionNameIDs: [Int32] = []
    var categories: [Category] = []
    var categorySites: [CategorySite] = []
    /// The id of each category's name.
    var categoryNameIDs: [Int32] = []
    /// Where every name of every category's `actions` list was written, category after category.
    var actionReferences: [SourceRange] = []
    /// The id of every name in ``actionReferences``.
    var actionReferenceIDs: [Int32] = []
    var extensions: [CheckedExtension] = []
    /// The id of each extension's name.
    var extensionNameIDs: [Int32] = []
    /// `options: []` and `intentIdentifiers: []` entries: valid, but saying nothing.
    var emptyLists: [Located<ManifestKey>] = []

    init() {}

    /// An empty manifest whose arrays have room for what `sourceSize` bytes of manifest text can hold.
    ///
    /// An array that grows by doubling copies itself into new memory each time, which at tens of thousands of
    /// declarations means touching (and page-faulting) about twice its final size. The room reserved here is
    /// generous: memory that is reserved but never written is address space only, not resident memory.
    init(reservingFor sourceSize: Int) {
        // The smallest useful declarations: `action a { title: "" }` is 22 bytes, a listed name 3.
        let declarations = min(sourceSize / 22, 1 << 20)
        let references = min(sourceSize / 3, 1 << 22)
        // The name table's slots are written when made, so it is sized for a typical manifest (about 100 bytes
        // per distinct name), not the largest possible one; it grows beyond that.
        names = StringPool(capacity: min(sourceSize / 100, 1 << 20))
        actions.reserveCapacity(declarations)
        actionSites.reserveCapacity(declarations)
        actionNameIDs.reserveCapacity(declarations)
        categories.reserveCapacity(declarations / 2)
        categorySites.reserveCapacity(declarations / 2)
        categoryNameIDs.reserveCapacity(declarations / 2)
        actionReferences.reserveCapacity(references)
        actionReferenceIDs.reserveCapacity(references)
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
