// Rule: every content extension claims at least one category, and no category is claimed twice.

/// Reports content extensions without categories and categories claimed by two content extensions.
///
/// Invalid: two content extensions both listing `categories: [invitation]`.
/// Valid: `contentExtension InvitationContent { categories: [invitation] … }` and no other claim.
struct ExtensionCategoriesRule: ValidationRule {
    let codes: [DiagnosticCode] = [.extensionWithoutCategories, .categoryClaimedTwice]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        // category → where the first extension claiming it lists it, and that extension's name
        var firstClaims: [Identifier: (range: SourceRange, claimant: String)] = [:]
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
                let name = Identifier(category)
                guard listed.insert(name).inserted else { continue }  // listed twice: ReferenceRule
                // One lookup: the claim is recorded when it is the first, and the first is put back otherwise.
                if let first = firstClaims.updateValue((range, declared.name), forKey: name) {
                    firstClaims[name] = first
                    diagnostics.append(
                        .categoryClaimedTwice(
                            category, at: range, by: declared.name, firstClaimant: first.claimant, first: first.range))
                }
            }
        }
    }
}
