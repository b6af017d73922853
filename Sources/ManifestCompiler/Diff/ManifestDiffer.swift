// The semantic diff: a pure function from two manifests to the list of classified changes.

/// Compares two manifests declaration by declaration.
///
/// Declarations are matched by identifier in each namespace (categories, actions, extensions), so moving a
/// declaration within or between files is no change, and a renamed one is a removal plus an addition (with a
/// "possibly renamed" note when nothing else differs). Within a matched declaration every property is compared;
/// list elements are matched by value, so a moved element is a reorder, not a removal and an addition.
///
/// The result is ordered: categories, then actions, then extensions; within each, the old manifest's
/// declarations in order (changed or removed), then the added ones in the new manifest's order; within a
/// declaration, its kind and then its keys in the order ``DeclarationKind/keys`` lists them.
public enum ManifestDiffer {
    /// Every difference from `old` to `new`, classified.
    public static func changes(from old: Manifest, to new: Manifest) -> [ManifestChange] {
        var changes = declarations(old.categories, new.categories, .category, id: \.identifier, compare: compare)
        changes += declarations(old.actions, new.actions, .action, id: \.identifier, compare: compare)
        changes += declarations(old.extensions, new.extensions, .extension, id: \.name, compare: compare)
        changes += localization(old.localization, new.localization)
        return ChangeNotes.annotate(changes, old: old, new: new)
    }

    private static func declarations<Declaration>(
        _ old: [Declaration], _ new: [Declaration], _ entity: ChangePath.Entity, id: (Declaration) -> String,
        compare: (Declaration, Declaration, inout ChangeRecorder) -> Void
    ) -> [ManifestChange] {
        var newByIdentifier: [String: Declaration] = [:]
        for declaration in new where newByIdentifier[id(declaration)] == nil { newByIdentifier[id(declaration)] = declaration }
        var seen: Set<String> = []
        var changes: [ManifestChange] = []
        for declaration in old where seen.insert(id(declaration)).inserted {
            var recorder = ChangeRecorder(entity: entity, identifier: id(declaration))
            if let counterpart = newByIdentifier[id(declaration)] {
                compare(declaration, counterpart, &recorder)
            } else {
                recorder.declaration(.removed)
            }
            changes += recorder.changes
        }
        for declaration in new where seen.insert(id(declaration)).inserted {
            var recorder = ChangeRecorder(entity: entity, identifier: id(declaration))
            recorder.declaration(.added)
            changes += recorder.changes
        }
        return changes
    }

    private static func compare(_ old: Category, _ new: Category, _ recorder: inout ChangeRecorder) {
        recorder.list(.actions, old.actions.map(ChangeValue.name), new.actions.map(ChangeValue.name))
        recorder.list(
            .intentIdentifiers, old.intentIdentifiers.map(ChangeValue.text), new.intentIdentifiers.map(ChangeValue.text))
        recorder.list(.options, old.options.map(\.changeValue), new.options.map(\.changeValue), isOrdered: false)
        recorder.value(
            .key(.hiddenPreviewsBodyPlaceholder), old.hiddenPreviewsBodyPlaceholder.map(ChangeValue.text),
            new.hiddenPreviewsBodyPlaceholder.map(ChangeValue.text))
        recorder.value(
            .key(.categorySummaryFormat), old.categorySummaryFormat.map(ChangeValue.text),
            new.categorySummaryFormat.map(ChangeValue.text))
        comments(old.comments, new.comments, [.hiddenPreviewsBodyPlaceholderComment, .categorySummaryFormatComment], &recorder)
    }

    /// Compares translator comments: `keys` are the comment keys, in the order they are reported.
    private static func comments(
        _ old: [ManifestKey: String], _ new: [ManifestKey: String], _ keys: [ManifestKey], _ recorder: inout ChangeRecorder
    ) {
        for key in keys {
            guard let string = key.commentedKey else { continue }
            recorder.value(.key(key), old[string].map(ChangeValue.text), new[string].map(ChangeValue.text))
        }
    }

    /// The localization settings: a renamed table is the old table removed and the new one added; the
    /// development language and the bundle are compared as keys of the table.
    private static func localization(_ old: LocalizationSettings, _ new: LocalizationSettings) -> [ManifestChange] {
        guard old.table == new.table else {
            var removed = ChangeRecorder(entity: .localization, identifier: old.table)
            removed.declaration(.removed)
            var added = ChangeRecorder(entity: .localization, identifier: new.table)
            added.declaration(.added)
            return removed.changes + added.changes
        }
        var recorder = ChangeRecorder(entity: .localization, identifier: new.table)
        recorder.value(.key(.developmentLanguage), .text(old.developmentLanguage), .text(new.developmentLanguage))
        recorder.value(.key(.bundle), .name(old.bundle.rawValue), .name(new.bundle.rawValue))
        return recorder.changes
    }

    private static func compare(_ old: Action, _ new: Action, _ recorder: inout ChangeRecorder) {
        recorder.value(.kind, old.kindValue, new.kindValue)
        recorder.value(.key(.title), .text(old.title), .text(new.title))
        if let oldInput = old.textInput, let newInput = new.textInput {
            recorder.value(.key(.buttonTitle), .text(oldInput.buttonTitle), .text(newInput.buttonTitle))
            recorder.value(.key(.placeholder), .text(oldInput.placeholder), .text(newInput.placeholder))
        }
        recorder.list(.options, old.options.map(\.changeValue), new.options.map(\.changeValue), isOrdered: false)
        recorder.value(.key(.icon), old.icon.map(ChangeValue.icon), new.icon.map(ChangeValue.icon))
        comments(old.comments, new.comments, [.titleComment, .buttonTitleComment, .placeholderComment], &recorder)
    }

    private static func compare(_ old: NotificationExtension, _ new: NotificationExtension, _ recorder: inout ChangeRecorder) {
        recorder.value(.kind, old.kindValue, new.kindValue)
        recorder.list(.categories, old.categories.map(ChangeValue.name), new.categories.map(ChangeValue.name))
        recorder.value(
            .key(.initialContentSizeRatio), old.initialContentSizeRatio.map(ChangeValue.number),
            new.initialContentSizeRatio.map(ChangeValue.number))
        recorder.value(
            .key(.defaultContentHidden), old.defaultContentHidden.map(ChangeValue.bool),
            new.defaultContentHidden.map(ChangeValue.bool))
        recorder.value(
            .key(.overridesDefaultTitle), old.overridesDefaultTitle.map(ChangeValue.bool),
            new.overridesDefaultTitle.map(ChangeValue.bool))
        recorder.value(
            .key(.userInteractionEnabled), old.userInteractionEnabled.map(ChangeValue.bool),
            new.userInteractionEnabled.map(ChangeValue.bool))
        recorder.value(.key(.storyboard), old.storyboard.map(ChangeValue.text), new.storyboard.map(ChangeValue.text))
        recorder.value(
            .key(.principalClass), old.principalClass.map(ChangeValue.text), new.principalClass.map(ChangeValue.text))
    }
}

/// Collects the classified changes of one declaration.
private struct ChangeRecorder {
    let entity: ChangePath.Entity
    let identifier: String
    var changes: [ManifestChange] = []

    /// The declaration itself was added or removed; its value is its identifier.
    mutating func declaration(_ kind: ChangeKind) {
        let value = ChangeValue.name(identifier)
        record(nil, kind, old: kind == .removed ? value : nil, new: kind == .added ? value : nil)
    }

    /// An optional property: added, removed or changed.
    mutating func value(_ field: ChangePath.Field, _ old: ChangeValue?, _ new: ChangeValue?) {
        switch (old, new) {
        case (nil, let new?): record(field, .added, old: nil, new: new)
        case (let old?, nil): record(field, .removed, old: old, new: nil)
        case (let old?, let new?) where old != new && !Self.sameNumber(old, new): record(field, .changed, old: old, new: new)
        default: break
        }
    }

    /// A list: each element removed (in old order), each added (in new order), then one reorder when the
    /// elements both lists keep are not in the same order (only for `isOrdered` lists).
    mutating func list(_ key: ManifestKey, _ old: [ChangeValue], _ new: [ChangeValue], isOrdered: Bool = true) {
        let oldSet = Set(old)
        let newSet = Set(new)
        for element in old where !newSet.contains(element) { record(.key(key), .removed, old: element, new: nil) }
        for element in new where !oldSet.contains(element) { record(.key(key), .added, old: nil, new: element) }
        if isOrdered, old.filter(newSet.contains) != new.filter(oldSet.contains) {
            record(.key(key), .reordered, old: .list(old), new: .list(new))
        }
    }

    private mutating func record(_ field: ChangePath.Field?, _ kind: ChangeKind, old: ChangeValue?, new: ChangeValue?) {
        let path = ChangePath(entity, identifier, field)
        changes.append(
            ManifestChange(path, kind, ChangeClassifier.classify(path, kind, old: old, new: new), old: old, new: new))
    }

    /// Two ratios that are equal as numbers (`0` and `-0`) are no change.
    private static func sameNumber(_ old: ChangeValue, _ new: ChangeValue) -> Bool {
        if case .number(let a) = old, case .number(let b) = new { return a == b }
        return false
    }
}

extension ActionOption {
    fileprivate var changeValue: ChangeValue { .name(rawValue) }
}

extension CategoryOption {
    fileprivate var changeValue: ChangeValue { .name(rawValue) }
}

extension Action {
    /// `action` or `textInputAction`, as the manifest spells the declaration kind.
    fileprivate var kindValue: ChangeValue {
        .name((textInput == nil ? DeclarationKind.action : .textInputAction).rawValue)
    }
}

extension NotificationExtension {
    /// `contentExtension` or `serviceExtension`, as the manifest spells the declaration kind.
    fileprivate var kindValue: ChangeValue {
        .name((kind == .content ? DeclarationKind.contentExtension : .serviceExtension).rawValue)
    }
}

extension Manifest {
    /// The manifest without the actions no category lists: what a registration bundle holds (it writes actions
    /// inside the categories that list them), so a manifest and a bundle compare on what is registered.
    public func withoutUnusedActions() -> Manifest {
        let used = Set(categories.flatMap(\.actions))
        return Manifest(
            actions: actions.filter { used.contains($0.identifier) }, categories: categories, extensions: extensions,
            localization: localization)
    }
}
