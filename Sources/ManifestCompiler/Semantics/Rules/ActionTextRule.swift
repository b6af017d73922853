// Rule: action titles and text-input button titles are not empty.

/// Reports empty (or whitespace-only) action titles and button titles: iOS would draw a blank button.
///
/// Invalid: `action snooze { title: "" }`
/// Valid: `action snooze { title: "Snooze" }`
struct ActionTextRule: ValidationRule {
    let codes: [DiagnosticCode] = [.emptyTitle]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        for action in context.manifest.actions {
            if let title = action.title, title.value.allSatisfy(\.isWhitespace) {
                diagnostics.append(
                    Diagnostic(.emptyTitle, "action '\(action.name.text)' has an empty title", at: title.range))
            }
            if let buttonTitle = action.buttonTitle, buttonTitle.value.allSatisfy(\.isWhitespace) {
                diagnostics.append(
                    Diagnostic(
                        .emptyTitle, "text-input action '\(action.name.text)' has an empty button title",
                        at: buttonTitle.range))
            }
        }
    }
}
