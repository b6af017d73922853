// The change classes in one table: which difference is breaking, behavioral or cosmetic (docs/diff.md explains why).

/// Decides the ``ChangeClass`` of a difference from where it is, what happened, and the values.
enum ChangeClassifier {
    /// The class of a `kind` change at `path` from `old` to `new` (for list elements and options, the element).
    static func classify(_ path: ChangePath, _ kind: ChangeKind, old: ChangeValue?, new: ChangeValue?) -> ChangeClass {
        if path.entity == .localization {
            // Another table, language or bundle: the app shows other (or untranslated) texts until the
            // catalog follows; nothing registered disappears.
            return .behavioral
        }
        if case .key(let key) = path.field, key.commentedKey != nil {
            return .cosmetic  // a translator comment: users never see it
        }
        guard let field = path.field else {
            // A whole declaration: servers and handlers use the old identifier; a new one is new behaviour.
            return kind == .removed ? .breaking : .behavioral
        }
        switch (path.entity, field) {
        case (.action, .kind):
            // A text-input action turned plain loses its text field; the reverse adds one.
            return old == .name(DeclarationKind.textInputAction.rawValue) ? .breaking : .behavioral
        case (.action, .key(.options)):
            return actionOption(kind, option: kind == .removed ? old : new)
        case (.action, _):
            return .cosmetic  // title, buttonTitle, placeholder, icon
        case (.category, .key(.actions)):
            return kind == .removed ? .breaking : .behavioral  // added or reordered: display order matters
        case (.category, .key(.intentIdentifiers)):
            return kind == .reordered ? .cosmetic : .behavioral  // a set in effect
        case (.category, .key(.hiddenPreviewsBodyPlaceholder)), (.category, .key(.categorySummaryFormat)):
            return .cosmetic
        case (.category, _):
            return .behavioral  // options
        case (.extension, .kind):
            return .breaking  // the extension point changes: the system loads a different kind of extension
        case (.extension, .key(.categories)):
            switch kind {
            case .removed: return .breaking  // the category is no longer claimed by this content extension
            case .reordered: return .cosmetic  // Info.plist order has no effect
            case .added, .changed: return .behavioral
            }
        case (.extension, .key(.defaultContentHidden)), (.extension, .key(.overridesDefaultTitle)),
            (.extension, .key(.userInteractionEnabled)):
            // Absent means NO to iOS, so absent and false are the same setting.
            return effectiveFlag(old) == effectiveFlag(new) ? .cosmetic : .behavioral
        case (.extension, _), (.localization, _):
            return .behavioral  // ratio, storyboard, principal class
        }
    }

    /// Removing `authenticationRequired` is a security downgrade; adding or removing `foreground` moves the action
    /// between the app and the background; every other option change is behavioral.
    private static func actionOption(_ kind: ChangeKind, option: ChangeValue?) -> ChangeClass {
        switch option {
        case .name(ActionOption.foreground.rawValue)?: .breaking
        case .name(ActionOption.authenticationRequired.rawValue)? where kind == .removed: .breaking
        default: .behavioral
        }
    }

    private static func effectiveFlag(_ value: ChangeValue?) -> Bool {
        value == .bool(true)
    }
}
