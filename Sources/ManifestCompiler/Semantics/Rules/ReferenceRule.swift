// Rule: every action a category lists and every category an extension claims is declared, and listed once.

/// Reports references to undeclared actions and categories (with "did you mean") and names listed twice.
///
/// Invalid: `category invitation { actions: [acept] }` when only `accept` is declared.
/// Valid: `category invitation { actions: [accept] }`
struct ReferenceRule: ValidationRule {
    let codes: [DiagnosticCode] = [.unknownAction, .unknownCategory, .duplicateListItem]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        lazy var actionNames = manifest.actions.map(\.name.text)
        lazy var categoryNames = manifest.categories.map(\.name.text)
        for category in manifest.categories {
            guard let actions = category.actions else { continue }
            checkList(actions.value, what: "action", into: &diagnostics)
            guard context.isNamespaceComplete else { continue }
            for reference in actions.value where context.symbols.actions[reference.value] == nil {
                var diagnostic = Diagnostic(.unknownAction, "unknown action '\(reference.value)'", at: reference.range)
                if diagnostics.isFull {  // it will be counted and dropped: skip the costly suggestion
                    diagnostics.append(diagnostic)
                    continue
                }
                diagnostic = diagnostic.suggesting(
                    NameSuggester.suggestion(for: reference.value, among: actionNames))
                if context.symbols.categories[reference.value] != nil {
                    diagnostic.help.append("'\(reference.value)' is a category, not an action")
                } else if diagnostic.help.isEmpty {
                    diagnostic.help.append("declare it with 'action \(StringEscapes.name(reference.value)) { title: \"…\" }'")
                }
                diagnostics.append(diagnostic)
            }
        }
        for declared in manifest.extensions {
            guard let categories = declared.categories else { continue }
            checkList(categories.value, what: "category", into: &diagnostics)
            guard context.isNamespaceComplete else { continue }
            for reference in categories.value where context.symbols.categories[reference.value] == nil {
                var diagnostic = Diagnostic(.unknownCategory, "unknown category '\(reference.value)'", at: reference.range)
                if diagnostics.isFull {
                    diagnostics.append(diagnostic)
                    continue
                }
                diagnostic = diagnostic.suggesting(
                    NameSuggester.suggestion(for: reference.value, among: categoryNames))
                if context.symbols.actions[reference.value] != nil {
                    diagnostic.help.append("'\(reference.value)' is an action, not a category")
                } else if diagnostic.help.isEmpty {
                    diagnostic.help.append("declare it with 'category \(StringEscapes.name(reference.value)) { … }'")
                }
                diagnostics.append(diagnostic)
            }
        }
    }

    private func checkList(_ references: [Located<String>], what: String, into diagnostics: inout DiagnosticBag) {
        var seen: [String: SourceRange] = [:]
        for reference in references {
            if let first = seen[reference.value] {
                diagnostics.append(.duplicateListItem(reference.value, what: what, at: reference.range, first: first))
            } else {
                seen[reference.value] = reference.range
            }
        }
    }
}
