// `notifc import` of Swift and Objective-C code: the categories and actions it registers, as an import input.

/// Turns what the registration scanner found into declarations for ``ManifestAssembler``.
package enum RegistrationImport {
    /// The categories (each identifier once, matched by code points: the first registration wins, and a later
    /// different one is warning `W452`, whichever app it belongs to, since the imported manifest can hold only
    /// one) and their actions, located in the code.
    package static func bundle(from code: CodeRegistrations, into diagnostics: inout DiagnosticBag) -> ImportedBundle {
        var bundle = ImportedBundle()
        for condition in code.undecidedConditions {
            let (what, note, help) =
                condition.isValue
                ? ("a value the registrations read is defined under it, and imported as one branch defines it",
                    "the value imported is defined here",
                    "a build has only one of the branches; check that the imported manifest states what the build you ship registers")
                : ("the categories and actions under it are imported as if every branch were built", "registered under it here",
                    "a build registers only one branch; remove from the imported manifest what the build you ship does not register")
            diagnostics.append(
                Diagnostic(
                    .importedFromEveryBranch, "'\(condition.condition)' is a condition notifc cannot decide; " + what,
                    at: condition.range, notes: [DiagnosticNote(note, at: condition.registration)], help: [help]))
        }
        var firstRange: [Identifier: RegisteredCategory] = [:]
        var imported = Set<ImportedAction>()
        for var registered in code.categories {
            // `hiddenPreviewsBodyPlaceholder: ""` (often there to reach an initializer that takes a summary format)
            // is what iOS reads when none is given: the manifest leaves it out.
            if registered.category.hiddenPreviewsBodyPlaceholder == "" { registered.category.hiddenPreviewsBodyPlaceholder = nil }
            if registered.category.categorySummaryFormat == "" { registered.category.categorySummaryFormat = nil }
            if let first = firstRange[Identifier(registered.category.identifier)] {
                if first.category != registered.category || first.actions.map(\.shape) != registered.actions.map(\.shape) {
                    diagnostics.append(
                        Diagnostic(
                            .conflictingRegistrations,
                            "category '\(registered.category.identifier)' is registered again here, differently; the first registration is imported",
                            at: registered.range, notes: [DiagnosticNote("imported from here", at: first.range)],
                            help: [
                                "only one of them is registered at a time (by a branch, by a setNotificationCategories call that replaces the categories registered before, or by another app); check which one the manifest should state"
                            ]))
                }
                continue
            }
            firstRange[Identifier(registered.category.identifier)] = registered
            reportUnknown(registered.unknownArguments, of: "category '\(registered.category.identifier)'", at: registered.range(ofArgument:), into: &diagnostics)
            for action in registered.actions
            where imported.insert(ImportedAction(identifier: Identifier(action.action.identifier), action: action.action)).inserted {
                // Reported here, in the code, rather than in the printed manifest, which is not written.
                if !action.titleIsKnown {
                    diagnostics.append(
                        Diagnostic(
                            .emptyTitle, "action '\(action.action.identifier)' has no title notifc could read; a manifest requires one",
                            at: action.range(ofArgument: "title"),
                            help: ["pass a literal, a constant or a localized string as 'title' where the action is created, then import again"]))
                }
                if let textInput = action.action.textInput, !action.buttonTitleIsKnown || textInput.buttonTitle.isBlank {
                    diagnostics.append(
                        action.leavesOut("textInputButtonTitle")
                            ? Diagnostic(
                                .missingRequiredKey,
                                "text-input action '\(action.action.identifier)' is created without a button title; a manifest requires one",
                                at: action.range,
                                help: [
                                    "the initializer it is created with is UNNotificationAction's, which sets no button title; pass 'textInputButtonTitle:' and 'textInputPlaceholder:' too (Objective-C: actionWithIdentifier:title:options:textInputButtonTitle:textInputPlaceholder:), then import again"
                                ])
                            : action.buttonTitleIsKnown
                            ? .emptyButtonTitle(action: action.action.identifier, at: action.range(ofArgument: "textInputButtonTitle"))
                            : Diagnostic(
                                .emptyTitle,
                                "text-input action '\(action.action.identifier)' has no button title notifc could read; a manifest requires one",
                                at: action.range(ofArgument: "textInputButtonTitle"),
                                help: ["pass a literal or constant 'textInputButtonTitle' where the action is created, then import again"]))
                }
                reportUnknown(action.unknownArguments, of: "action '\(action.action.identifier)'", at: action.range(ofArgument:), into: &diagnostics)
                bundle.actions.append(Located(action.action, at: action.range))
            }
            bundle.categories.append(Located(registered.category, at: registered.range))
        }
        return bundle
    }

    /// What the manifest states as absent, or lists only in part, because notifc cannot compute it (the title and
    /// button title, which a manifest requires, are errors instead).
    private static let unknownValues: [(label: String, what: String)] = [
        ("actions", "the actions"), ("options", "the options"), ("intentIdentifiers", "the intent identifiers"),
        ("hiddenPreviewsBodyPlaceholder", "the hidden-previews placeholder"), ("categorySummaryFormat", "the summary format"),
        ("icon", "the icon"),
    ]

    private static func reportUnknown(
        _ labels: Set<String>, of owner: String, at range: (String) -> SourceRange, into diagnostics: inout DiagnosticBag
    ) {
        for (label, what) in unknownValues where labels.contains(label) {
            diagnostics.append(
                Diagnostic(
                    .importedWithoutUnknownValue,
                    "\(owner) is imported without \(what) notifc cannot compute here",
                    at: range(label),
                    help: ["the manifest states only what notifc computed; add the rest to it by hand, or write it in the code as literals or constants and import again"]))
        }
    }

    /// An action as it is imported once: equal values under one identifier, matched by code points.
    private struct ImportedAction: Hashable {
        let identifier: Identifier
        let action: Action
    }
}
