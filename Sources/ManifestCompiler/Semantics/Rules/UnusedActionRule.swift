// Rule: warn about actions that no category lists (they are never shown).

/// Warns about declared actions that no category uses.
struct UnusedActionRule: ValidationRule {
    let codes: [DiagnosticCode] = [.unusedAction]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        var used: Set<Identifier> = []
        for category in manifest.categories { used.formUnion(category.actions.map(Identifier.init)) }
        for index in manifest.actions.indices where !used.contains(Identifier(manifest.actions[index].identifier)) {
            let name = manifest.actionName(index)
            diagnostics.append(
                Diagnostic(
                    .unusedAction, "action '\(name.text)' is not used by any category", at: name.range,
                    help: ["add it to a category's 'actions', or remove it"]))
        }
    }
}
