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
            names: { manifest.actions.map(\.identifier) }, other: (context.symbols.categories, "category"),
            declaration: { "action \($0) { title: \"…\" }" })
        let categories = Namespace(
            code: .unknownCategory, what: "category",
            names: { manifest.categories.map(\.identifier) }, other: (context.symbols.actions, "action"),
            declaration: { "category \($0) { … }" })
        var actionMarks = ListMarks(count: manifest.actions.count)
        for index in manifest.categories.indices where manifest.categorySites[index].actions != nil {
            let ranges = manifest.categorySites[index].actionReferences
            check(
                manifest.categories[index].actions, at: { manifest.actionReferences[ranges.lowerBound + $0] },
                resolved: { Int(context.references.actions[ranges.lowerBound + $0]) }, in: actions, marks: &actionMarks,
                context: context, into: &diagnostics)
        }
        var categoryMarks = ListMarks(count: manifest.categories.count)
        for index in manifest.extensions.indices {
            guard let list = manifest.extensions[index].categories?.value else { continue }
            check(
                list.map(\.value), at: { list[$0].range }, resolved: { context.references.categories[index][$0] },
                in: categories, marks: &categoryMarks, context: context, into: &diagnostics)
        }
    }

    /// One namespace references resolve in, and how to talk about it.
    private struct Namespace {
        let code: DiagnosticCode
        let what: String
        /// Declared names in declaration order, for deterministic suggestions (built only when needed).
        let names: () -> [String]
        /// The other namespace, to say "'x' is a category, not an action".
        let other: (declared: DeclarationIndex, what: String)
        let declaration: (String) -> String
    }

    /// `references[i]`, written at `range(i)`, names the declaration `resolved(i)` (``ResolvedReferences``).
    private func check(
        _ references: [String], at range: (Int) -> SourceRange, resolved: (Int) -> Int, in namespace: Namespace,
        marks: inout ListMarks, context: ValidationContext, into diagnostics: inout DiagnosticBag
    ) {
        reportDuplicates(
            in: references, at: range, resolved: resolved, what: namespace.what, marks: &marks, into: &diagnostics)
        guard context.isNamespaceComplete else { return }
        for index in references.indices where resolved(index) == ResolvedReferences.undeclared {
            let reference = Located(references[index], at: range(index))
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
        in references: [String], at range: (Int) -> SourceRange, resolved: (Int) -> Int, what: String,
        marks: inout ListMarks, into diagnostics: inout DiagnosticBag
    ) {
        marks.nextList()
        var undeclared: [String: SourceRange] = [:]
        for index in references.indices {
            let first: SourceRange?
            if resolved(index) != ResolvedReferences.undeclared {
                first = marks.mark(resolved(index), at: index).map(range)
            } else {
                first = undeclared[references[index]]
                if first == nil { undeclared[references[index]] = range(index) }
            }
            if let first {
                diagnostics.append(.duplicateListItem(references[index], what: what, at: range(index), first: first))
            }
        }
    }

    private func article(_ word: String) -> String {
        (word.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + word
    }
}
