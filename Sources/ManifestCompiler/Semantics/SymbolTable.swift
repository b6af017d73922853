// Name → declaration tables for actions, categories and extensions; reports duplicate declarations.

/// The three namespaces of a manifest. Actions, categories and extensions may share a name with each
/// other (`category clear` and `action clear` are fine) but not within their namespace.
struct SymbolTable {
    /// Action identifier → index in ``CheckedManifest/actions`` of its first declaration.
    let actions: [Identifier: Int]
    /// Category identifier → index in ``CheckedManifest/categories``.
    let categories: [Identifier: Int]
    /// Extension name → index in ``CheckedManifest/extensions``.
    let extensions: [Identifier: Int]
    /// For each action, the index of the first action with its identifier (its own index, unless it repeats one).
    let firstActions: [Int]

    /// Builds the tables, reporting every declaration after the first with the same name.
    static func build(_ manifest: CheckedManifest, into diagnostics: inout DiagnosticBag) -> SymbolTable {
        let actions = register(manifest.actions.count, kind: "action", name: manifest.actionName, into: &diagnostics)
        return SymbolTable(
            actions: actions.firsts,
            categories: register(
                manifest.categories.count, kind: "category", name: manifest.categoryName, into: &diagnostics).firsts,
            extensions: register(
                manifest.extensions.count, kind: "extension", name: manifest.extensionName, into: &diagnostics).firsts,
            firstActions: actions.firstOfEach)
    }

    /// The index of the first declaration of each name among `count` declarations named by `name`; a later
    /// declaration of the same name is reported.
    private static func register(
        _ count: Int, kind: String, name: (Int) -> NameSyntax, into diagnostics: inout DiagnosticBag
    ) -> (firsts: [Identifier: Int], firstOfEach: [Int]) {
        var firsts: [Identifier: Int] = [:]
        firsts.reserveCapacity(count)
        var firstOfEach: [Int] = []
        firstOfEach.reserveCapacity(count)
        for index in 0..<count {
            let declared = name(index)
            // One lookup: the name is recorded when it is the first, and the first is put back otherwise.
            if let first = firsts.updateValue(index, forKey: Identifier(declared.text)) {
                firsts[Identifier(declared.text)] = first
                diagnostics.append(.duplicateDeclaration(kind, declared, first: name(first).range))
                firstOfEach.append(first)
            } else {
                firstOfEach.append(index)
            }
        }
        return (firsts, firstOfEach)
    }
}
