// Hints on changes that belong together: a probable rename, or an element moved from one list to another.

/// Adds notes to changes that only make sense together.
///
/// - **Renames.** A removed and an added declaration of the same namespace that are identical except for their
///   identifier get "possibly renamed to 'new'" and "possibly renamed from 'old'". The references to them
///   (`category[x].actions`, `extension[x].categories`) that swap the old name for the new one get the same notes.
/// - **Moves.** An action removed from one category's `actions` and added to another's, or a category removed from
///   one extension's `categories` and added to another's, gets "moved to category[b]" and "moved from category[a]".
///
/// Pairing is in order (the first added declaration pairs with the first identical removed one) and uses hashing,
/// so it is deterministic and linear in the number of changes.
enum ChangeNotes {
    /// Old identifier → new identifier of the probable renames of one namespace, both ways.
    private struct Renames {
        var newName: [String: String] = [:]
        var oldName: [String: String] = [:]
    }

    /// A list element at a path (`category[a].actions` holding `accept`).
    private struct Element: Hashable {
        var path: ChangePath
        var name: String
    }

    static func annotate(_ changes: [ManifestChange], old: Manifest, new: Manifest) -> [ManifestChange] {
        var renames: [ChangePath.Entity: Renames] = [:]
        renames[.category] = pairRenames(changes, .category, old.categories, new.categories, id: \.identifier) {
            var copy = $0
            copy.identifier = ""
            return copy
        }
        renames[.action] = pairRenames(changes, .action, old.actions, new.actions, id: \.identifier) {
            var copy = $0
            copy.identifier = ""
            return copy
        }
        renames[.extension] = pairRenames(changes, .extension, old.extensions, new.extensions, id: \.name) {
            var copy = $0
            copy.name = ""
            return copy
        }
        var annotated = changes
        noteRenamedDeclarations(&annotated, renames)
        noteRenamedReferences(&annotated, renames)
        noteMoves(&annotated)
        return annotated
    }

    /// The removed declarations that have an identical added counterpart, paired in order.
    private static func pairRenames<Declaration: Hashable>(
        _ changes: [ManifestChange], _ entity: ChangePath.Entity, _ old: [Declaration], _ new: [Declaration],
        id: (Declaration) -> String, anonymous: (Declaration) -> Declaration
    ) -> Renames {
        let wholeDeclarations = changes.filter { $0.path.entity == entity && $0.path.field == nil }
        let removed = Set(wholeDeclarations.filter { $0.kind == .removed }.map(\.path.identifier))
        let added = Set(wholeDeclarations.filter { $0.kind == .added }.map(\.path.identifier))
        var renames = Renames()
        guard !removed.isEmpty, !added.isEmpty else { return renames }
        // Content without identifier → the removed identifiers with that content, in order, and how many are paired.
        var candidates: [Declaration: (identifiers: [String], paired: Int)] = [:]
        for declaration in old where removed.contains(id(declaration)) {
            candidates[anonymous(declaration), default: ([], 0)].identifiers.append(id(declaration))
        }
        for declaration in new where added.contains(id(declaration)) && renames.oldName[id(declaration)] == nil {
            let key = anonymous(declaration)
            guard let candidate = candidates[key], candidate.paired < candidate.identifiers.count else { continue }
            let oldName = candidate.identifiers[candidate.paired]
            candidates[key]?.paired += 1
            renames.newName[oldName] = id(declaration)
            renames.oldName[id(declaration)] = oldName
        }
        return renames
    }

    private static func noteRenamedDeclarations(_ changes: inout [ManifestChange], _ renames: [ChangePath.Entity: Renames]) {
        for index in changes.indices where changes[index].path.field == nil {
            let path = changes[index].path
            guard let pairs = renames[path.entity] else { continue }
            if changes[index].kind == .removed, let newName = pairs.newName[path.identifier] {
                changes[index].note = "possibly renamed to '\(newName)'"
            } else if changes[index].kind == .added, let oldName = pairs.oldName[path.identifier] {
                changes[index].note = "possibly renamed from '\(oldName)'"
            }
        }
    }

    /// In a list of references, a removed old name and an added new name of a renamed declaration.
    private static func noteRenamedReferences(_ changes: inout [ManifestChange], _ renames: [ChangePath.Entity: Renames]) {
        let referenced: [ManifestKey: ChangePath.Entity] = [.actions: .action, .categories: .category]
        var removed: Set<Element> = []
        var added: Set<Element> = []
        for change in changes {
            if change.kind == .removed, case .name(let name)? = change.old { removed.insert(Element(path: change.path, name: name)) }
            if change.kind == .added, case .name(let name)? = change.new { added.insert(Element(path: change.path, name: name)) }
        }
        for index in changes.indices {
            let path = changes[index].path
            guard case .key(let key)? = path.field, let entity = referenced[key], let pairs = renames[entity] else { continue }
            switch (changes[index].kind, changes[index].old, changes[index].new) {
            case (.removed, .name(let oldName)?, _):
                if let newName = pairs.newName[oldName], added.contains(Element(path: path, name: newName)) {
                    changes[index].note = "possibly renamed to '\(newName)'"
                }
            case (.added, _, .name(let newName)?):
                if let oldName = pairs.oldName[newName], removed.contains(Element(path: path, name: oldName)) {
                    changes[index].note = "possibly renamed from '\(oldName)'"
                }
            default:
                break
            }
        }
    }

    /// An element removed from one declaration's list and added to another declaration's list of the same key.
    private static func noteMoves(_ changes: inout [ManifestChange]) {
        struct Move: Hashable {
            var entity: ChangePath.Entity
            var field: ChangePath.Field
            var name: String
        }
        func move(_ change: ManifestChange, _ value: ChangeValue?) -> Move? {
            guard let field = change.path.field, field == .key(.actions) || field == .key(.categories),
                case .name(let name)? = value
            else { return nil }
            return Move(entity: change.path.entity, field: field, name: name)
        }
        var firstRemoval: [Move: ChangePath] = [:]
        var firstAddition: [Move: ChangePath] = [:]
        for change in changes {
            if change.kind == .removed, let key = move(change, change.old), firstRemoval[key] == nil {
                firstRemoval[key] = change.path
            }
            if change.kind == .added, let key = move(change, change.new), firstAddition[key] == nil {
                firstAddition[key] = change.path
            }
        }
        for index in changes.indices where changes[index].note == nil {
            let change = changes[index]
            if change.kind == .removed, let key = move(change, change.old), let target = firstAddition[key] {
                changes[index].note = "moved to \(ChangePath(target.entity, target.identifier))"
            } else if change.kind == .added, let key = move(change, change.new), let source = firstRemoval[key] {
                changes[index].note = "moved from \(ChangePath(source.entity, source.identifier))"
            }
        }
    }
}
