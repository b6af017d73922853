// Rule: warn about options iOS ignores and option combinations that break the lock screen.

/// Warns about `allowAnnouncement` (deprecated, ignored since iOS 15) and text-input actions with
/// `authenticationRequired` (the keyboard cannot appear on the lock screen).
struct OptionAdviceRule: ValidationRule {
    let codes: [DiagnosticCode] = [.deprecatedOption, .textInputRequiresAuthentication]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        // allowAnnouncement is the one deprecated option (CategoryOption.isDeprecated).
        let categories = context.manifest.categories
        for (category, location) in zip(categories, context.manifest.locations.categories) {
            if let option = location.range(of: CategoryOption.allowAnnouncement, in: category.options) {
                diagnostics.append(
                    Diagnostic(
                        .deprecatedOption,
                        "option '\(CategoryOption.allowAnnouncement.rawValue)' is deprecated; iOS 15 and later ignore it",
                        at: option, help: ["remove it; Siri announces notifications without it"]))
            }
        }
        let actions = context.manifest.actions
        let locations = context.manifest.locations.actions
        for index in actions.indices where actions[index].textInput != nil {
            if let option = locations[index].range(of: ActionOption.authenticationRequired, in: actions[index].options) {
                diagnostics.append(.textInputRequiresAuthentication(action: actions[index].identifier, at: option))
            }
        }
    }
}

extension DeclarationLocation {
    /// Where `option` was written, when it is one of `options` (the declaration's options, which ``options``
    /// locates).
    func range<Option: Equatable>(of option: Option, in options: [Option]) -> SourceRange? {
        guard let index = options.firstIndex(of: option), index < self.options.count else { return nil }
        return self.options[index]
    }
}
