// Rule (only when Swift is emitted): every category and action identifier gets its own Swift case name.

/// Reports identifiers without a Swift name (`E322`) and identifiers whose Swift names collide within
/// their enum (`E320`). It is not in ``allValidationRules``: `notifc build --emit swift` adds it through
/// ``CompilerOptions/extraRules``, since the names matter only for the Swift output.
///
/// Invalid (with `--emit swift`): `action "reply-all" { … }` and `action reply_all { … }`, both `replyAll`.
/// Valid: `action replyAll { … }` alone.
struct SwiftNameRule: ValidationRule {
    let codes: [DiagnosticCode] = [.swiftNameCollision, .swiftNameUnavailable]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        check(context.manifest.categories.map(\.name), kind: "category", into: &diagnostics)
        check(context.manifest.actions.map(\.name), kind: "action", into: &diagnostics)
    }

    /// Checks one namespace. Empty and repeated identifiers are skipped: `E313` and `E307` report them.
    private func check(_ names: [NameSyntax], kind: String, into diagnostics: inout DiagnosticBag) {
        var identifiers: Set<String> = []
        var owners: [String: NameSyntax] = [:]
        identifiers.reserveCapacity(names.count)
        owners.reserveCapacity(names.count)
        for name in names where !name.text.isEmpty && identifiers.insert(name.text).inserted {
            guard let swiftName = SwiftIdentifier.caseName(for: name.text) else {
                diagnostics.append(.swiftNameUnavailable(name, kind: kind))
                continue
            }
            if let first = owners[swiftName] {
                diagnostics.append(.swiftNameCollision(swiftName, name, first: first, kind: kind))
            } else {
                owners[swiftName] = name
            }
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
