// Rule: action titles and text-input button titles are not empty.

/// Reports empty (or whitespace-only) action titles and button titles: iOS would draw a blank button.
///
/// Invalid: `action snooze { title: "" }`
/// Valid: `action snooze { title: "Snooze" }`
struct ActionTextRule: ValidationRule {
    let codes: [DiagnosticCode] = [.emptyTitle]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let actions = context.manifest.actions
        for index in actions.indices {
            if let title = actions[index].title, title.value.isBlank {
                diagnostics.append(
                    Diagnostic(.emptyTitle, "action '\(actions[index].name.text)' has an empty title", at: title.range))
            }
            if let buttonTitle = actions[index].buttonTitle, buttonTitle.value.isBlank {
                diagnostics.append(
                    Diagnostic(
                        .emptyTitle, "text-input action '\(actions[index].name.text)' has an empty button title",
                        at: buttonTitle.range))
            }
        }
    }
}
