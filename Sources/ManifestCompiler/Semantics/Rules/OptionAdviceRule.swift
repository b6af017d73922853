// Rule: warn about options iOS ignores and option combinations that break the lock screen.

/// Warns about `allowAnnouncement` (deprecated, ignored since iOS 15) and text-input actions with
/// `authenticationRequired` (the keyboard cannot appear on the lock screen).
struct OptionAdviceRule: ValidationRule {
    let codes: [DiagnosticCode] = [.deprecatedOption, .textInputRequiresAuthentication]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let categories = context.manifest.categories
        for index in categories.indices {
            for option in categories[index].options where option.value.isDeprecated {
                diagnostics.append(
                    Diagnostic(
                        .deprecatedOption, "option '\(option.value.rawValue)' is deprecated; iOS 15 and later ignore it",
                        at: option.range, help: ["remove it; Siri announces notifications without it"]))
            }
        }
        let actions = context.manifest.actions
        for index in actions.indices where actions[index].isTextInput {
            if let option = actions[index].options.first(where: { $0.value == .authenticationRequired }) {
                diagnostics.append(
                    Diagnostic(
                        .textInputRequiresAuthentication,
                        "text-input action '\(actions[index].name.text)' requires authentication",
                        at: option.range,
                        help: ["the reply keyboard cannot appear on the lock screen; remove 'authenticationRequired'"]))
            }
        }
    }
}
