// Every place a name is declared or referred to, from the checked declarations and their SourceMap.
import ManifestCompiler

/// The three namespaces of names.
enum Namespace: Sendable {
    case action
    case category
    case extensionName
}

/// One written name: a declaration's name or a name listed in `actions` / `categories`.
struct NameOccurrence {
    var name: String
    var namespace: Namespace
    var range: SourceRange
    /// The declaration's position in its namespace's array, for a declaration's own name.
    var declarationIndex: Int?
}

/// The names of a compiled workspace.
struct NameIndex {
    let occurrences: [NameOccurrence]

    init(_ checked: CheckedManifest) {
        var found: [NameOccurrence] = []
        let locations = checked.locations
        for (index, action) in checked.actions.enumerated() where index < locations.actions.count {
            found.append(NameOccurrence(
                name: action.identifier, namespace: .action, range: locations.actions[index].name,
                declarationIndex: index))
        }
        for (index, category) in checked.categories.enumerated() where index < locations.categories.count {
            let location = locations.categories[index]
            found.append(NameOccurrence(
                name: category.identifier, namespace: .category, range: location.name, declarationIndex: index))
            for (name, range) in zip(category.actions, location.listItems) {
                found.append(NameOccurrence(name: name, namespace: .action, range: range))
            }
        }
        for (index, notificationExtension) in checked.extensions.enumerated() where index < locations.extensions.count {
            let location = locations.extensions[index]
            found.append(NameOccurrence(
                name: notificationExtension.name, namespace: .extensionName, range: location.name,
                declarationIndex: index))
            for (name, range) in zip(notificationExtension.categories, location.listItems) {
                found.append(NameOccurrence(name: name, namespace: .category, range: range))
            }
        }
        occurrences = found
    }

    /// The name written at `offset` in `file` (touching its start or end counts).
    func occurrence(in file: SourceFileID, at offset: Int) -> NameOccurrence? {
        occurrences.first { $0.range.file == file && $0.range.start <= offset && offset <= $0.range.end }
    }

    /// Every occurrence of the name of `occurrence` in its namespace (names compare by code units, as iOS does).
    func all(like occurrence: NameOccurrence) -> [NameOccurrence] {
        occurrences.filter {
            $0.namespace == occurrence.namespace && $0.name.utf8.elementsEqual(occurrence.name.utf8)
        }
    }

    /// The declarations of the name of `occurrence`.
    func declarations(like occurrence: NameOccurrence) -> [NameOccurrence] {
        all(like: occurrence).filter { $0.declarationIndex != nil }
    }
}
