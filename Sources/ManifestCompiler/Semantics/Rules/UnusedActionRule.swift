// Rule: warn about actions that no category lists (they are never shown).

/// Warns about declared actions that no category uses.
struct UnusedActionRule: ValidationRule {
    let codes: [DiagnosticCode] = [.unusedAction]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        var used: Set<String> = []
        for category in context.manifest.categories {
            for reference in category.actions?.value ?? [] { used.insert(reference.value) }
        }
        for action in context.manifest.actions where !used.contains(action.name.text) {
            diagnostics.append(
                Diagnostic(
                    .unusedAction, "action '\(action.name.text)' is not used by any category", at: action.name.range,
                    help: ["add it to a category's 'actions', or remove it"]))
        }
    }
}
