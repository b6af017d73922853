// Rule: warn about options iOS ignores and option combinations that break the lock screen.

/// Warns about `allowAnnouncement` (deprecated, ignored since iOS 15) and text-input actions with
/// `authenticationRequired` (the keyboard cannot appear on the lock screen).
struct OptionAdviceRule: ValidationRule {
    let codes: [DiagnosticCode] = [.deprecatedOption, .textInputRequiresAuthentication]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        // allowAnnouncement is the one deprecated option (CategoryOption.isDeprecated).
        for site in context.manifest.categorySites {
            if let option = site.allowAnnouncement {
                diagnostics.append(
                    Diagnostic(
                        .deprecatedOption,
                        "option '\(CategoryOption.allowAnnouncement.rawValue)' is deprecated; iOS 15 and later ignore it",
                        at: option, help: ["remove it; Siri announces notifications without it"]))
            }
        }
        let actions = context.manifest.actions
        let sites = context.manifest.actionSites
        for index in actions.indices where actions[index].textInput != nil {
            if let option = sites[index].authenticationRequired {
                diagnostics.append(
                    Diagnostic(
                        .textInputRequiresAuthentication,
                        "text-input action '\(actions[index].identifier)' requires authentication",
                        at: option,
                        help: ["the reply keyboard cannot appear on the lock screen; remove 'authenticationRequired'"]))
            }
        }
    }
}
