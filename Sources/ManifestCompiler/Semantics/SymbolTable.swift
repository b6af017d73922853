// Name → declaration tables for actions, categories and extensions; reports duplicate declarations.

/// The three namespaces of a manifest. Actions, categories and extensions may share a name with each
/// other (`category clear` and `action clear` are fine) but not within their namespace.
struct SymbolTable {
    /// Action identifier → index in ``CheckedManifest/actions`` (the first declaration).
    private(set) var actions: [String: Int] = [:]
    /// Category identifier → index in ``CheckedManifest/categories``.
    private(set) var categories: [String: Int] = [:]
    /// Extension name → index in ``CheckedManifest/extensions``.
    private(set) var extensions: [String: Int] = [:]

    /// Builds the tables, reporting every declaration after the first with the same name.
    static func build(_ manifest: CheckedManifest, into diagnostics: inout DiagnosticBag) -> SymbolTable {
        var table = SymbolTable()
        table.actions.reserveCapacity(manifest.actions.count)
        table.categories.reserveCapacity(manifest.categories.count)
        for (index, action) in manifest.actions.enumerated() {
            register(action.name, index, in: &table.actions, kind: "action", diagnostics: &diagnostics) {
                manifest.actions[$0].name.range
            }
        }
        for (index, category) in manifest.categories.enumerated() {
            register(category.name, index, in: &table.categories, kind: "category", diagnostics: &diagnostics) {
                manifest.categories[$0].name.range
            }
        }
        for (index, declared) in manifest.extensions.enumerated() {
            register(declared.name, index, in: &table.extensions, kind: "extension", diagnostics: &diagnostics) {
                manifest.extensions[$0].name.range
            }
        }
        return table
    }

    private static func register(
        _ name: NameSyntax, _ index: Int, in table: inout [String: Int], kind: String,
        diagnostics: inout DiagnosticBag, firstRange: (Int) -> SourceRange
    ) {
        if let first = table[name.text] {
            diagnostics.append(.duplicateDeclaration(kind, name, first: firstRange(first)))
        } else {
            table[name.text] = index
        }
    }
}
