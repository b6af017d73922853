// Name → declaration tables for actions, categories and extensions; reports duplicate declarations.

/// The three namespaces of a manifest. Actions, categories and extensions may share a name with each
/// other (`category clear` and `action clear` are fine) but not within their namespace.
struct SymbolTable {
    /// Action identifier → index in ``CheckedManifest/actions`` (the first declaration).
    private(set) var actions = NameTable()
    /// Category identifier → index in ``CheckedManifest/categories``.
    private(set) var categories = NameTable()
    /// Extension name → index in ``CheckedManifest/extensions``.
    private(set) var extensions = NameTable()

    /// Builds the tables, reporting every declaration after the first with the same name.
    static func build(_ manifest: CheckedManifest, into diagnostics: inout DiagnosticBag) -> SymbolTable {
        var table = SymbolTable()
        let extensions = manifest.extensions
        table.actions = register(
            manifest.actions.indices.lazy.map { manifest.actionName($0) }, kind: "action", into: &diagnostics)
        table.categories = register(
            manifest.categories.indices.lazy.map { manifest.categoryName($0) }, kind: "category", into: &diagnostics)
        table.extensions = register(
            extensions.indices.lazy.map { extensions[$0].name }, kind: "extension", into: &diagnostics)
        return table
    }

    /// Name → index of its first declaration; one hash per name (two for a duplicate, which is reported).
    private static func register<Names: Collection>(
        _ names: Names, kind: String, into diagnostics: inout DiagnosticBag
    ) -> NameTable where Names.Element == NameSyntax, Names.Index == Int {
        var table = NameTable(capacity: names.count)
        for index in names.indices {
            let name = names[index]
            if let first = table.insert(name.text, value: index) {
                diagnostics.append(.duplicateDeclaration(kind, name, first: names[first].range))
            }
        }
        return table
    }
}
