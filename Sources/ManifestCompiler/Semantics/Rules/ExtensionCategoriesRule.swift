// Rule: every content extension claims at least one category, and no category is claimed twice.

/// Reports content extensions without categories and categories claimed by two content extensions.
///
/// Invalid: two content extensions both listing `categories: [invitation]`.
/// Valid: `contentExtension InvitationContent { categories: [invitation] … }` and no other claim.
struct ExtensionCategoriesRule: ValidationRule {
    let codes: [DiagnosticCode] = [.extensionWithoutCategories, .categoryClaimedTwice]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        var claims: [String: (claimant: String, range: SourceRange)] = [:]
        for declared in context.manifest.extensions where declared.kind == .content {
            guard let categories = declared.categories, !categories.value.isEmpty else {
                if declared.categories == nil && declared.writtenKeys.contains(.categories) { continue }
                diagnostics.append(
                    Diagnostic(
                        .extensionWithoutCategories, "content extension '\(declared.name.text)' claims no category",
                        at: declared.categories?.range ?? declared.name.range,
                        help: ["add 'categories: [name]'; iOS shows the extension only for the categories it lists"]))
                continue
            }
            var listed: Set<String> = []
            for reference in categories.value where listed.insert(reference.value).inserted {
                if let first = claims[reference.value] {
                    diagnostics.append(
                        .categoryClaimedTwice(
                            reference.value, at: reference.range, by: declared.name.text,
                            firstClaimant: first.claimant, first: first.range))
                } else {
                    claims[reference.value] = (declared.name.text, reference.range)
                }
            }
        }
    }
}
