// Whether two syntax trees declare the same things, ignoring layout: how fmt proves it changed no meaning.

/// Compares syntax trees by content: declaration kinds and names, entry keys, and values (decoded strings,
/// numbers by value, words, lists and calls element by element), ignoring positions, spelling and layout.
///
/// In a list of references (`actions` of a category, `categories` of a content extension), a quoted name and a
/// bare word with the same text are the same reference, as the language defines.
enum SyntaxEquivalence {
    /// Whether `old` and `new` have the same declarations in the same order.
    static func sameDeclarations(_ old: SyntaxTree, _ new: SyntaxTree) -> Bool {
        old.declarations.count == new.declarations.count
            && zip(old.declarations, new.declarations).allSatisfy(sameDeclaration)
    }

    private static func sameDeclaration(_ old: DeclarationSyntax, _ new: DeclarationSyntax) -> Bool {
        guard old.kind.value == new.kind.value, old.name?.text == new.name?.text,
            old.entries.count == new.entries.count
        else { return false }
        return zip(old.entries, new.entries).allSatisfy { oldEntry, newEntry in
            guard oldEntry.key.text == newEntry.key.text else { return false }
            let type = ManifestKey(rawValue: oldEntry.key.text).flatMap { old.kind.value.spec(for: $0)?.type }
            let namesList = type == .actionReferences || type == .categoryReferences
            switch (oldEntry.value, newEntry.value) {
            case (nil, nil): return true
            case (let oldValue?, let newValue?): return sameValue(oldValue, newValue, elementsAreNames: namesList)
            default: return false
            }
        }
    }

    private static func sameValue(_ old: ValueSyntax, _ new: ValueSyntax, elementsAreNames: Bool = false) -> Bool {
        switch (old.kind, new.kind) {
        case (.string(let a), .string(let b)), (.word(let a), .word(let b)):
            return a == b
        case (.number(let a), .number(let b)):
            return a == b || (a.isNaN && b.isNaN)
        case (.list(let a), .list(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { elementsAreNames ? sameName($0, $1) : sameValue($0, $1) }
        case (.call(let calleeA, let a), .call(let calleeB, let b)):
            return calleeA.text == calleeB.text && a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1) }
        default:
            return false
        }
    }

    private static func sameName(_ old: ValueSyntax, _ new: ValueSyntax) -> Bool {
        switch (old.kind, new.kind) {
        case (.string(let a), .word(let b)), (.word(let a), .string(let b)): a == b
        default: sameValue(old, new)
        }
    }
}
