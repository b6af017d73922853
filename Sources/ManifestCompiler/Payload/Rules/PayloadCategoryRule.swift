// Rule: `aps.category` names a category the manifest declares, or the buttons and custom UI never appear.

/// Reports an `aps.category` that no manifest category has, with "did you mean".
///
/// Apple: the value "must correspond to the identifier of one of the UNNotificationCategory objects you
/// register at launch time"; iOS shows no error when it does not, the actions silently do not appear.
///
/// Invalid: `{"aps": {"category": "invitaton"}}` when the manifest declares `invitation`.
/// Valid: `{"aps": {"category": "invitation"}}`
struct PayloadCategoryRule: PayloadRule {
    let codes: [DiagnosticCode] = [.unknownPayloadCategory]

    func check(_ payload: PayloadContext, into diagnostics: inout DiagnosticBag) {
        guard let value = payload.aps?["category"], let category = value.string else { return }
        let manifest = payload.manifest
        let declared = manifest.categories.map(\.identifier)
        guard !declared.contains(where: { Identifier($0) == Identifier(category) }) else { return }
        var diagnostic = Diagnostic(
            .unknownPayloadCategory, "unknown category \(PayloadText.quoted(category))", at: value.range)
        if let equivalent = declared.first(where: { $0 == category }) {
            // iOS compares identifiers code unit by code unit; `String ==` calls these two equal.
            diagnostic.help.append(
                "did you mean \(PayloadText.quoted(equivalent))? it looks the same but is written with other "
                    + "Unicode code points (such as 'é' as one character or as 'e' and an accent), and iOS compares them "
                    + "code point by code point")
        } else {
            diagnostic = diagnostic.suggesting(NameSuggester.suggestion(for: category, among: declared))
        }
        if category.isEmpty {
            diagnostic.help.append("the category is empty: name one of the manifest's categories, or leave 'category' out")
        } else if manifest.action(category) != nil {
            diagnostic.help.append("\(PayloadText.quoted(category)) is an action, not a category")
        } else if declared.isEmpty {
            diagnostic.help.append("the manifest declares no categories")
        } else if diagnostic.help.isEmpty {
            diagnostic.help.append(
                "declare it in the manifest with 'category \(StringEscapes.name(category)) { … }', "
                    + "or name one of its \(declared.count) categories")
        }
        diagnostics.append(diagnostic)
    }
}
