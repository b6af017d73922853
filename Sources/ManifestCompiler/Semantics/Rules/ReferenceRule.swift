// Rule: every action a category lists and every category an extension claims is declared, and listed once.

/// Reports references to undeclared actions and categories (with "did you mean") and names listed twice.
///
/// Invalid: `category invitation { actions: [acept] }` when only `accept` is declared.
/// Valid: `category invitation { actions: [accept] }`
struct ReferenceRule: ValidationRule {
    let codes: [DiagnosticCode] = [.unknownAction, .unknownCategory, .duplicateListItem]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        let actions = Namespace(
            code: .unknownAction, what: "action", declared: context.symbols.actions,
            names: { manifest.actions.map(\.name.text) }, other: (context.symbols.categories, "category"),
            declaration: { "action \($0) { title: \"…\" }" })
        let categories = Namespace(
            code: .unknownCategory, what: "category", declared: context.symbols.categories,
            names: { manifest.categories.map(\.name.text) }, other: (context.symbols.actions, "action"),
            declaration: { "category \($0) { … }" })
        for index in manifest.categories.indices {
            guard let list = manifest.categories[index].actions else { continue }
            check(list.value, in: actions, context: context, into: &diagnostics)
        }
        for index in manifest.extensions.indices {
            guard let list = manifest.extensions[index].categories else { continue }
            check(list.value, in: categories, context: context, into: &diagnostics)
        }
    }

    /// One namespace references resolve in, and how to talk about it.
    private struct Namespace {
        let code: DiagnosticCode
        let what: String
        let declared: [String: Int]
        /// Declared names in declaration order, for deterministic suggestions (built only when needed).
        let names: () -> [String]
        /// The other namespace, to say "'x' is a category, not an action".
        let other: (declared: [String: Int], what: String)
        let declaration: (String) -> String
    }

    private func check(
        _ references: [Located<String>], in namespace: Namespace, context: ValidationContext,
        into diagnostics: inout DiagnosticBag
    ) {
        reportDuplicates(in: references, what: namespace.what, into: &diagnostics)
        guard context.isNamespaceComplete else { return }
        for reference in references where namespace.declared[reference.value] == nil {
            var diagnostic = Diagnostic(
                namespace.code, "unknown \(namespace.what) '\(reference.value)'", at: reference.range)
            if diagnostics.isFull {  // it will be counted and dropped: skip the costly suggestion
                diagnostics.append(diagnostic)
                continue
            }
            diagnostic = diagnostic.suggesting(NameSuggester.suggestion(for: reference.value, among: namespace.names()))
            if namespace.other.declared[reference.value] != nil {
                diagnostic.help.append("'\(reference.value)' is \(article(namespace.other.what)), not \(article(namespace.what))")
            } else if diagnostic.help.isEmpty {
                diagnostic.help.append("declare it with '\(namespace.declaration(StringEscapes.name(reference.value)))'")
            }
            diagnostics.append(diagnostic)
        }
    }

    /// Reports names listed twice; short lists (the usual case) are scanned without building a dictionary.
    private func reportDuplicates(
        in references: [Located<String>], what: String, into diagnostics: inout DiagnosticBag
    ) {
        if references.count <= 16 {
            for later in references.indices.dropFirst() {
                if let first = references[..<later].first(where: { $0.value == references[later].value }) {
                    diagnostics.append(
                        .duplicateListItem(references[later].value, what: what, at: references[later].range, first: first.range))
                }
            }
            return
        }
        var seen: [String: SourceRange] = [:]
        for reference in references {
            if let first = seen[reference.value] {
                diagnostics.append(.duplicateListItem(reference.value, what: what, at: reference.range, first: first))
            } else {
                seen[reference.value] = reference.range
            }
        }
    }

    private func article(_ word: String) -> String {
        (word.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + word
    }
}
