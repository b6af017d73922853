// Rule (only when Swift is emitted): every category and action identifier gets its own Swift case name.

/// Reports identifiers without a Swift name (`E322`) and identifiers whose Swift names collide within
/// their enum (`E320`). It is not in ``allValidationRules``: `notifc build --emit swift` adds it through
/// ``CompilerOptions/extraRules``, since the names matter only for the Swift output.
///
/// Invalid (with `--emit swift`): `action "reply-all" { … }` and `action reply_all { … }`, both `replyAll`.
/// Valid: `action replyAll { … }` alone.
package struct SwiftNameRule: ValidationRule {
    package let codes: [DiagnosticCode] = [.swiftNameCollision, .swiftNameUnavailable]
    /// Hashes a Swift name for the table of names seen; tests pass a poor one to exercise shared hashes.
    var hash: @Sendable (String) -> Int

    package init(hash: @escaping @Sendable (String) -> Int = { $0.hashValue }) {
        self.hash = hash
    }

    package func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        check(
            manifest.categories.indices.lazy.map { manifest.categoryName($0) }, firsts: context.symbols.categories,
            kind: "category", into: &diagnostics)
        check(
            manifest.actions.indices.lazy.map { manifest.actionName($0) }, firsts: context.symbols.actions,
            kind: "action", into: &diagnostics)
    }

    /// Checks one namespace. Empty identifiers (`E313`) and every declaration after the first of an
    /// identifier (`E307`; `firsts` is the symbol table's name → first index) are skipped.
    ///
    /// The table of Swift names seen is keyed by each name's hash, not the name: the rule runs while the
    /// manifest text and every declaration are still in memory, at the build's peak, and a table of 150,000
    /// case-name strings with their declarations' names cost 25–30 MB there (docs/performance.md). A hash
    /// that is already taken is checked by making the owner's Swift name again; two different names with
    /// one hash (which a 64-bit hash practically never gives) go to a table keyed by the name itself.
    private func check<Names: Collection>(
        _ names: Names, firsts: DeclarationIndex, kind: String, into diagnostics: inout DiagnosticBag
    ) where Names.Element == NameSyntax, Names.Index == Int {
        var owners: [Int: Int] = [:]  // hash of a Swift name → index of the first identifier that has it
        var sharedHashes: [String: Int] = [:]  // Swift name → first identifier, for names whose hash is taken
        owners.reserveCapacity(names.count)
        for index in names.indices {
            let name = names[index]
            guard !name.text.isEmpty, firsts[name.text] == index else { continue }
            guard let swiftName = SwiftIdentifier.caseName(for: name.text) else {
                diagnostics.append(.swiftNameUnavailable(name, kind: kind))
                continue
            }
            let hash = self.hash(swiftName)
            guard let owner = owners.updateValue(index, forKey: hash) else { continue }
            owners[hash] = owner
            let first: Int
            if SwiftIdentifier.caseName(for: names[owner].text) == swiftName {
                first = owner
            } else if let earlier = sharedHashes.updateValue(index, forKey: swiftName) {
                sharedHashes[swiftName] = earlier
                first = earlier
            } else {
                continue
            }
            diagnostics.append(.swiftNameCollision(swiftName, name, first: names[first], kind: kind))
        }
    }
}

extension Diagnostic {
    /// `E320`: two identifiers of one namespace fold to the same Swift case name.
    static func swiftNameCollision(_ swiftName: String, _ name: NameSyntax, first: NameSyntax, kind: String)
        -> Diagnostic
    {
        Diagnostic(
            .swiftNameCollision,
            "\(kind) identifiers '\(first.text)' and '\(name.text)' both become the Swift name '\(swiftName)'",
            at: name.range, notes: [DiagnosticNote("'\(first.text)' is declared here", at: first.range)],
            help: ["Swift case names keep an identifier's letters and digits in lower camel case; rename one of them"])
    }

    /// `E322`: an identifier without a letter or digit, which gives no Swift case name.
    static func swiftNameUnavailable(_ name: NameSyntax, kind: String) -> Diagnostic {
        Diagnostic(
            .swiftNameUnavailable, "\(kind) identifier '\(name.text)' has no letter or digit to make a Swift name",
            at: name.range,
            help: [
                "Swift case names are made from an identifier's letters and digits; "
                    + "rename it, or leave 'swift' out of '--emit'"
            ])
    }
}
