// Rule: warn about actions that no category lists (they are never shown).

/// Warns about declared actions that no category uses.
struct UnusedActionRule: ValidationRule {
    let codes: [DiagnosticCode] = [.unusedAction]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        var used = [Bool](repeating: false, count: manifest.actions.count)  // by first declaration
        for category in manifest.categories {
            for name in category.actions {
                if let position = context.symbols.actions[Identifier(name)] { used[position] = true }
            }
        }
        for index in manifest.actions.indices {
            if let first = context.symbols.actions[Identifier(manifest.actions[index].identifier)], used[first] {
                continue
            }
            let name = manifest.actionName(index)
            diagnostics.append(
                Diagnostic(
                    .unusedAction, "action '\(name.text)' is not used by any category", at: name.range,
                    help: ["add it to a category's 'actions', or remove it"]))
        }
    }
}
