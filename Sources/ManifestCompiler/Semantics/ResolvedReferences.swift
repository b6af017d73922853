// Every name a category or an extension lists, looked up once in the symbol table for all the rules.

/// The declaration each listed name refers to, by position in the checked manifest.
///
/// The reference, claim and unused-action rules all ask "which declaration does this name mean?" of every
/// listed name. Hashing each name once here, and letting the rules mark and compare plain integers, keeps
/// validation linear with a small constant on manifests of tens of thousands of categories.
struct ResolvedReferences {
    /// The marker for a name no declaration has.
    static let undeclared = -1

    /// `actions[k]`: the position (in `CheckedManifest.actions`) of the action that the `k`-th name of
    /// `CheckedManifest.actionReferences` (every category's `actions` list, one after another) names, or
    /// ``undeclared``. Category `c`'s names are at `CheckedManifest.categorySites[c].actionReferences`.
    let actions: [Int32]
    /// `categories[e][i]`: likewise for the `categories` list of extension `e`.
    let categories: [[Int]]

    init(_ manifest: borrowing CheckedManifest, symbols: SymbolTable) {
        actions = manifest.actionReferenceIDs.map {
            Int32(truncatingIfNeeded: symbols.actions.position(ofID: $0) ?? Self.undeclared)
        }
        categories = manifest.extensions.map { declared in
            declared.categoryIDs.map { symbols.categories.position(ofID: $0) ?? Self.undeclared }
        }
    }
}

/// Remembers, for declarations by position, where each was first seen in the current list; moving to the
/// next list forgets them all in O(1). Answers "was this listed before in this list?" without a set per
/// list or hashing a name again.
struct ListMarks {
    /// Per declaration: the list it was last marked in, and the item it was first seen at there.
    private var marks: [(round: UInt32, item: UInt32)]
    private var round: UInt32 = 1

    /// Marks for `count` declarations, none marked.
    init(count: Int) {
        marks = Array(repeating: (0, 0), count: count)
    }

    /// Starts the next list: nothing is marked.
    mutating func nextList() {
        round &+= 1
        if round == 0 {  // after 2³² lists (more than there can be declarations): forget every mark for real
            for index in marks.indices { marks[index].round = 0 }
            round = 1
        }
    }

    /// Marks declaration `position` as seen at `item`; returns the item it was first seen at in this list,
    /// if it was seen before.
    mutating func mark(_ position: Int, at item: Int) -> Int? {
        if marks[position].round == round { return Int(marks[position].item) }
        marks[position] = (round, UInt32(truncatingIfNeeded: item))
        return nil
    }
}
