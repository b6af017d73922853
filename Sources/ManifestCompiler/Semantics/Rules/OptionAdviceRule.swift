// Rule: warn about options iOS ignores and option combinations that break the lock screen.

/// Warns about `allowAnnouncement` (deprecated, ignored since iOS 15) and text-input actions with
/// `authenticationRequired` (the keyboard cannot appear on the lock screen).
struct OptionAdviceRule: ValidationRule {
    let codes: [DiagnosticCode] = [.deprecatedOption, .textInputRequiresAuthentication]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        for category in context.manifest.categories {
            for option in category.options where option.value.isDeprecated {
                diagnostics.append(
                    Diagnostic(
                        .deprecatedOption, "option '\(option.value.rawValue)' is deprecated; iOS 15 and later ignore it",
                        at: option.range, help: ["remove it; Siri announces notifications without it"]))
            }
        }
        for action in context.manifest.actions where action.isTextInput {
            if let option = action.options.first(where: { $0.value == .authenticationRequired }) {
                diagnostics.append(
                    Diagnostic(
                        .textInputRequiresAuthentication,
                        "text-input action '\(action.name.text)' requires authentication",
                        at: option.range,
                        help: ["the reply keyboard cannot appear on the lock screen; remove 'authenticationRequired'"]))
            }
        }
    }
}
