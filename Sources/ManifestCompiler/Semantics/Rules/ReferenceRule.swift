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
            code: .unknownAction, what: "action",
            names: { manifest.actions.map(\.name.text) }, other: (context.symbols.categories, "category"),
            declaration: { "action \($0) { title: \"…\" }" })
        let categories = Namespace(
            code: .unknownCategory, what: "category",
            names: { manifest.categories.map(\.name.text) }, other: (context.symbols.actions, "action"),
            declaration: { "category \($0) { … }" })
        var actionMarks = ListMarks(count: manifest.actions.count)
        for index in manifest.categories.indices {
            guard let list = manifest.categories[index].actions else { continue }
            check(
                list.value, resolved: context.references.actions[index], in: actions, marks: &actionMarks,
                context: context, into: &diagnostics)
        }
        var categoryMarks = ListMarks(count: manifest.categories.count)
        for index in manifest.extensions.indices {
            guard let list = manifest.extensions[index].categories else { continue }
            check(
                list.value, resolved: context.references.categories[index], in: categories, marks: &categoryMarks,
                context: context, into: &diagnostics)
        }
    }

    /// One namespace references resolve in, and how to talk about it.
    private struct Namespace {
        let code: DiagnosticCode
        let what: String
        /// Declared names in declaration order, for deterministic suggestions (built only when needed).
        let names: () -> [String]
        /// The other namespace, to say "'x' is a category, not an action".
        let other: (declared: [String: Int], what: String)
        let declaration: (String) -> String
    }

    /// `resolved[i]` is the declaration `references[i]` names (``ResolvedReferences``).
    private func check(
        _ references: [Located<String>], resolved: [Int], in namespace: Namespace, marks: inout ListMarks,
        context: ValidationContext, into diagnostics: inout DiagnosticBag
    ) {
        reportDuplicates(in: references, resolved: resolved, what: namespace.what, marks: &marks, into: &diagnostics)
        guard context.isNamespaceComplete else { return }
        for index in references.indices where resolved[index] == ResolvedReferences.undeclared {
            let reference = references[index]
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

    /// Reports names listed twice, at each repeat, pointing at the first. Declared names are compared by
    /// the declaration they resolve to (no hashing); undeclared ones, rare, by text.
    private func reportDuplicates(
        in references: [Located<String>], resolved: [Int], what: String, marks: inout ListMarks,
        into diagnostics: inout DiagnosticBag
    ) {
        marks.nextList()
        var undeclared: [String: SourceRange] = [:]
        for index in references.indices {
            let reference = references[index]
            let first: SourceRange?
            if resolved[index] != ResolvedReferences.undeclared {
                first = marks.mark(resolved[index], at: index).map { references[$0].range }
            } else {
                first = undeclared[reference.value]
                if first == nil { undeclared[reference.value] = reference.range }
            }
            if let first {
                diagnostics.append(.duplicateListItem(reference.value, what: what, at: reference.range, first: first))
            }
        }
    }

    private func article(_ word: String) -> String {
        (word.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + word
    }
}
