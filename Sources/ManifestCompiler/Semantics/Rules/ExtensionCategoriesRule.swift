// Rule: every content extension claims at least one category, and no category is claimed twice.

/// Reports content extensions without categories and categories claimed by two content extensions.
///
/// Invalid: two content extensions both listing `categories: [invitation]`.
/// Valid: `contentExtension InvitationContent { categories: [invitation] … }` and no other claim.
struct ExtensionCategoriesRule: ValidationRule {
    let codes: [DiagnosticCode] = [.extensionWithoutCategories, .categoryClaimedTwice]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        var firstClaims: [Identifier: SourceRange] = [:]  // category → where the first extension claiming it lists it
        var firstClaimants: [Identifier: String] = [:]  // category → that extension's name
        for claimant in manifest.extensions.indices where manifest.extensions[claimant].kind == .content {
            let declared = manifest.extensions[claimant]
            let location = manifest.locations.extensions[claimant]
            let list = location.value(of: .categories)
            guard list != nil, !declared.categories.isEmpty else {
                if list == nil && location.wrote(.categories) { continue }
                diagnostics.append(
                    Diagnostic(
                        .extensionWithoutCategories, "content extension '\(declared.name)' claims no category",
                        at: list ?? location.name,
                        help: ["add 'categories: [name]'; iOS shows the extension only for the categories it lists"]))
                continue
            }
            var listed: Set<Identifier> = []
            for (category, range) in zip(declared.categories, location.listItems) {
                guard listed.insert(Identifier(category)).inserted else { continue }  // listed twice: ReferenceRule
                if let first = firstClaims[Identifier(category)], let firstClaimant = firstClaimants[Identifier(category)] {
                    diagnostics.append(
                        .categoryClaimedTwice(
                            category, at: range, by: declared.name, firstClaimant: firstClaimant, first: first))
                } else {
                    firstClaims[Identifier(category)] = range
                    firstClaimants[Identifier(category)] = declared.name
                }
            }
        }
    }
}
