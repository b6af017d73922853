// Rule (only when Swift is emitted): every category and action identifier gets its own Swift case name.

/// Reports identifiers without a Swift name (`E322`) and identifiers whose Swift names collide within
/// their enum (`E320`). It is not in ``allValidationRules``: `notifc build --emit swift` adds it through
/// ``CompilerOptions/extraRules``, since the names matter only for the Swift output.
///
/// Invalid (with `--emit swift`): `action "reply-all" { … }` and `action reply_all { … }`, both `replyAll`.
/// Valid: `action replyAll { … }` alone.
package struct SwiftNameRule: ValidationRule {
    package let codes: [DiagnosticCode] = [.swiftNameCollision, .swiftNameUnavailable]

    package init() {}

    package func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        check(
            manifest.categories.indices.map { manifest.categoryName($0) }, firsts: context.symbols.categories,
            kind: "category", into: &diagnostics)
        check(
            manifest.actions.indices.map { manifest.actionName($0) }, firsts: context.symbols.actions, kind: "action",
            into: &diagnostics)
    }

    /// Checks one namespace. Empty identifiers (`E313`) and every declaration after the first of an
    /// identifier (`E307`; `firsts` is the symbol table's name → first index) are skipped.
    private func check(
        _ names: [NameSyntax], firsts: [Identifier: Int], kind: String, into diagnostics: inout DiagnosticBag
    ) {
        var owners: [String: NameSyntax] = [:]  // Swift name → the first identifier that has it
        for index in names.indices {
            let name = names[index]
            guard !name.text.isEmpty, firsts[Identifier(name.text)] == index else { continue }
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
        // Spellings that look the same (`é` and `e\u{301}`) are shown with their scalars outside ASCII escaped.
        let looksTheSame = first.text == name.text
        let (firstText, text) = looksTheSame ? (unicodeEscaped(first.text), unicodeEscaped(name.text)) : (first.text, name.text)
        return Diagnostic(
            .swiftNameCollision,
            "\(kind) identifiers '\(firstText)' and '\(text)' both become the Swift name '\(swiftName)'",
            at: name.range, notes: [DiagnosticNote("'\(firstText)' is declared here", at: first.range)],
            help: [
                looksTheSame
                    ? "the two are the same text in different Unicode spellings; write both the same way"
                    : "Swift case names keep an identifier's letters and digits in lower camel case; rename one of them if nothing uses it yet, else leave 'swift' out of '--emit' (\(kind == "category" ? "payloads and Info.plists name a shipped category" : "the handlers of a shipped action's responses name it"), so renaming it breaks them)"
            ])
    }

    /// `text` with every scalar outside ASCII written as `\u{…}`: two spellings that look the same told apart.
    static func unicodeEscaped(_ text: String) -> String {
        text.replacingScalars { $0.isASCII ? nil : StringEscapes.unicodeEscape($0) }
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
