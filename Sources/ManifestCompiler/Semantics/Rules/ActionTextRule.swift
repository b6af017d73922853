// Rule: action titles and text-input button titles are not empty.

/// Reports empty (or whitespace-only) action titles and button titles: iOS would draw a blank button.
///
/// Invalid: `action snooze { title: "" }`
/// Valid: `action snooze { title: "Snooze" }`
struct ActionTextRule: ValidationRule {
    let codes: [DiagnosticCode] = [.emptyTitle]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let actions = context.manifest.actions
        let locations = context.manifest.locations.actions
        for index in actions.indices {
            if let title = locations[index].value(of: .title), actions[index].title.isBlank {
                diagnostics.append(.emptyTitle(action: actions[index].identifier, at: title))
            }
            if let buttonTitle = locations[index].value(of: .buttonTitle), actions[index].textInput?.buttonTitle.isBlank ?? false {
                diagnostics.append(.emptyButtonTitle(action: actions[index].identifier, at: buttonTitle))
            }
        }
    }
}
