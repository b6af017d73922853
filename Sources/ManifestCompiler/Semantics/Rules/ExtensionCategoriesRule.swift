// Rule: every content extension claims at least one category, and no category is claimed twice.

/// Reports content extensions without categories and categories claimed by two content extensions.
///
/// Invalid: two content extensions both listing `categories: [invitation]`.
/// Valid: `contentExtension InvitationContent { categories: [invitation] … }` and no other claim.
struct ExtensionCategoriesRule: ValidationRule {
    let codes: [DiagnosticCode] = [.extensionWithoutCategories, .categoryClaimedTwice]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let extensions = context.manifest.extensions
        // The first claim of each category: by declaration position, or by text for undeclared names.
        var claims = [Claim?](repeating: nil, count: context.manifest.categories.count)
        var undeclaredClaims: [String: Claim] = [:]
        var listed = ListMarks(count: context.manifest.categories.count)
        for claimant in extensions.indices where extensions[claimant].kind == .content {
            let declared = extensions[claimant]
            guard let categories = declared.categories, !categories.value.isEmpty else {
                if declared.categories == nil && declared.writtenKeys.contains(.categories) { continue }
                diagnostics.append(
                    Diagnostic(
                        .extensionWithoutCategories, "content extension '\(declared.name.text)' claims no category",
                        at: declared.categories?.range ?? declared.name.range,
                        help: ["add 'categories: [name]'; iOS shows the extension only for the categories it lists"]))
                continue
            }
            listed.nextList()
            var listedUndeclared: Set<String> = []
            let resolved = context.references.categories[claimant]
            for item in categories.value.indices {
                let reference = categories.value[item]
                let position = resolved[item]
                let claim = Claim(claimant: claimant, item: item)
                let first: Claim?
                if position != ResolvedReferences.undeclared {
                    guard listed.mark(position, at: item) == nil else { continue }  // listed twice: ReferenceRule
                    first = claims[position]
                    if first == nil { claims[position] = claim }
                } else {
                    guard listedUndeclared.insert(reference.value).inserted else { continue }
                    first = undeclaredClaims[reference.value]
                    if first == nil { undeclaredClaims[reference.value] = claim }
                }
                if let first, let firstList = extensions[first.claimant].categories?.value {
                    diagnostics.append(
                        .categoryClaimedTwice(
                            reference.value, at: reference.range, by: declared.name.text,
                            firstClaimant: extensions[first.claimant].name.text, first: firstList[first.item].range))
                }
            }
        }
    }

    /// Where a category was claimed: the extension's position and the item in its `categories` list.
    private struct Claim {
        let claimant: Int
        let item: Int
    }
}
