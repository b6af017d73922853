// Rule: warn about `options: []` and `intentIdentifiers: []`, which say nothing (empty is the default).

/// Warns about empty `options` and `intentIdentifiers` lists.
///
/// Warned: `action a { title: "A", options: [] }`
/// Fine: `action a { title: "A" }`
struct EmptyListRule: ValidationRule {
    let codes: [DiagnosticCode] = [.emptyList]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        for list in context.emptyLists {
            diagnostics.append(
                Diagnostic(
                    .emptyList, "'\(list.value.rawValue)' is empty", at: list.range,
                    help: ["remove it; an empty list is what leaving it out means"]))
        }
    }
}
