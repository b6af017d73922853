// Rule: action titles and text-input button titles are not empty.

/// Reports empty (or whitespace-only) action titles and button titles: iOS would draw a blank button.
///
/// Invalid: `action snooze { title: "" }`
/// Valid: `action snooze { title: "Snooze" }`
struct ActionTextRule: ValidationRule {
    let codes: [DiagnosticCode] = [.emptyTitle]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let actions = context.manifest.actions
        let sites = context.manifest.actionSites
        for index in actions.indices {  // fields read in place: copying each action would retain its strings
            if let title = sites[index].title, actions[index].title.isBlank {
                diagnostics.append(
                    Diagnostic(.emptyTitle, "action '\(actions[index].identifier)' has an empty title", at: title))
            }
            if let buttonTitle = sites[index].buttonTitle, actions[index].textInput?.buttonTitle.isBlank ?? false {
                diagnostics.append(
                    Diagnostic(
                        .emptyTitle, "text-input action '\(actions[index].identifier)' has an empty button title",
                        at: buttonTitle))
            }
        }
    }
}
