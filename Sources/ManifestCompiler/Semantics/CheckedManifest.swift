// Declarations after key and type checking: typed values that still carry their source ranges.

/// An action declaration whose entries passed key and type checks.
struct CheckedAction {
    var name: NameSyntax
    var range: SourceRange
    /// Every key written, including those whose value was invalid (so rules don't call them missing).
    var writtenKeys: ManifestKeySet
    var isTextInput: Bool
    var title: Located<String>?
    var buttonTitle: Located<String>?
    var placeholder: Located<String>?
    var options: [Located<ActionOption>] = []
    var icon: Located<ActionIcon>?
}

/// A category declaration whose entries passed key and type checks.
struct CheckedCategory {
    var name: NameSyntax
    var range: SourceRange
    var writtenKeys: ManifestKeySet
    var actions: Located<[Located<String>]>?
    var intentIdentifiers: [Located<String>] = []
    var options: [Located<CategoryOption>] = []
    var hiddenPreviewsBodyPlaceholder: Located<String>?
    var categorySummaryFormat: Located<String>?
}

/// An extension declaration whose entries passed key and type checks.
struct CheckedExtension {
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

/// Every named declaration of the manifest, typed, in declaration order. Declarations whose name
/// was missing are checked but not kept (nothing can refer to them).
///
/// Declarations are held in ``ChunkedArray``s: a manifest with 150,000 actions would otherwise hold up to
/// twice their memory in an array's spare capacity.
struct CheckedManifest {
    var actions = ChunkedArray<CheckedAction>()
    var categories = ChunkedArray<CheckedCategory>()
    var extensions = ChunkedArray<CheckedExtension>()
    /// `options: []` and `intentIdentifiers: []` entries: valid, but saying nothing.
    var emptyLists: [Located<ManifestKey>] = []
}

/// A value converted to the type its key requires.
enum CheckedValue {
    case string(Located<String>)
    case number(Located<Double>)
    case boolean(Located<Bool>)
    case names(Located<[Located<String>]>)
    case strings([Located<String>])
    case actionOptions([Located<ActionOption>])
    case categoryOptions([Located<CategoryOption>])
    case icon(Located<ActionIcon>)

    var string: Located<String>? { if case .string(let value) = self { value } else { nil } }
    var number: Located<Double>? { if case .number(let value) = self { value } else { nil } }
    var boolean: Located<Bool>? { if case .boolean(let value) = self { value } else { nil } }
    var names: Located<[Located<String>]>? { if case .names(let value) = self { value } else { nil } }
    var strings: [Located<String>]? { if case .strings(let value) = self { value } else { nil } }
    var actionOptions: [Located<ActionOption>]? { if case .actionOptions(let value) = self { value } else { nil } }
    var categoryOptions: [Located<CategoryOption>]? {
        if case .categoryOptions(let value) = self { value } else { nil }
    }
    var icon: Located<ActionIcon>? { if case .icon(let value) = self { value } else { nil } }
}
