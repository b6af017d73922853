// Name → declaration tables for actions, categories and extensions; reports duplicate declarations.

/// The three namespaces of a manifest. Actions, categories and extensions may share a name with each
/// other (`category clear` and `action clear` are fine) but not within their namespace.
///
/// Names were entered in the checked manifest's ``StringPool`` as they were read, so the tables are arrays indexed
/// by name id: building them and resolving a listed name hash nothing.
struct SymbolTable {
    /// Action identifier → index in ``CheckedManifest/actions`` (the first declaration).
    let actions: DeclarationIndex
    /// Category identifier → index in ``CheckedManifest/categories``.
    let categories: DeclarationIndex
    /// Extension name → index in ``CheckedManifest/extensions``.
    let extensions: DeclarationIndex

    /// Builds the tables, reporting every declaration after the first with the same name.
    static func build(_ manifest: CheckedManifest, into diagnostics: inout DiagnosticBag) -> SymbolTable {
        let extensions = manifest.extensions
        return SymbolTable(
            actions: register(
                manifest.actionNameIDs, names: { manifest.actionName($0) }, kind: "action", pool: manifest.names,
                into: &diagnostics),
            categories: register(
                manifest.categoryNameIDs, names: { manifest.categoryName($0) }, kind: "category",
                pool: manifest.names, into: &diagnostics),
            extensions: register(
                manifest.extensionNameIDs, names: { extensions[$0].name }, kind: "extension", pool: manifest.names,
                into: &diagnostics))
    }

    /// The position of the first declaration of each name id; a later declaration of the same name is reported.
    private static func register(
        _ ids: [Int32], names: (Int) -> NameSyntax, kind: String, pool: StringPool, into diagnostics: inout DiagnosticBag
    ) -> DeclarationIndex {
        var positions = [Int32](repeating: -1, count: pool.count)
        for index in ids.indices {
            let id = Int(ids[index])
            if positions[id] < 0 {
                positions[id] = Int32(truncatingIfNeeded: index)
            } else {
                diagnostics.append(.duplicateDeclaration(kind, names(index), first: names(Int(positions[id])).range))
            }
        }
        return DeclarationIndex(pool: pool, positions: positions)
    }
}
