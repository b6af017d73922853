// Rule: warn about actions that no category lists (they are never shown).

/// Warns about declared actions that no category uses.
struct UnusedActionRule: ValidationRule {
    let codes: [DiagnosticCode] = [.unusedAction]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let actions = context.manifest.actions
        let declared = context.symbols.actions
        // Marked by the index of each name's first declaration (the one the symbol table keeps).
        var used = [Bool](repeating: false, count: actions.count)
        for position in context.references.actions where position != ResolvedReferences.undeclared {
            used[Int(position)] = true
        }
        for index in actions.indices where !used[index] {
            let name = context.manifest.actionName(index)
            if let first = declared[name.text], used[first] { continue }  // a duplicate of a used action
            diagnostics.append(
                Diagnostic(
                    .unusedAction, "action '\(name.text)' is not used by any category", at: name.range,
                    help: ["add it to a category's 'actions', or remove it"]))
        }
    }
}
