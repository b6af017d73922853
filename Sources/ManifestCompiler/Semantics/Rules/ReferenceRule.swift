// Rule: every action a category lists and every category an extension claims is declared, listed once, and every
// action is listed by some category.

/// Reports references to undeclared actions and categories (with "did you mean"), names listed twice, and
/// actions no category lists (they are never shown). An action that a misspelt reference's "did you mean" names
/// is not also reported unused.
///
/// Invalid: `category invitation { actions: [acept] }` when only `accept` is declared.
/// Valid: `category invitation { actions: [accept] }`
struct ReferenceRule: ValidationRule {
    let codes: [DiagnosticCode] = [.unknownAction, .unknownCategory, .duplicateListItem, .unusedAction]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        var actions = Namespace(
            code: .unknownAction, what: "action", declared: context.symbols.actions,
            names: { manifest.actions.map(\.identifier) }, other: (context.symbols.categories, "category"),
            declaration: { "action \($0) { title: \"…\" }" })
        var categories = Namespace(
            code: .unknownCategory, what: "category", declared: context.symbols.categories,
            names: { manifest.categories.map(\.identifier) }, other: (context.symbols.actions, "action"),
            declaration: { "category \($0) { … }" })
        var used = [Bool](repeating: false, count: manifest.actions.count)  // by first declaration
        for index in manifest.categories.indices where manifest.locations.categories[index].value(of: .actions) != nil {
            check(
                manifest.categories[index].actions, at: manifest.locations.categories[index].listItems, in: &actions,
                marking: &used, context: context, into: &diagnostics)
        }
        var claimed: [Bool] = []  // categories are not reported unused: a category may be used by payloads alone
        for index in manifest.extensions.indices where manifest.locations.extensions[index].value(of: .categories) != nil {
            check(
                manifest.extensions[index].categories, at: manifest.locations.extensions[index].listItems,
                in: &categories, marking: &claimed, context: context, into: &diagnostics)
        }
        // Past the suggestion limit, the actions misspelt references meant are not known: none is called unused.
        guard actions.suggestionsLeft > 0 else { return }
        for index in manifest.actions.indices where !used[context.symbols.firstActions[index]] {
            let name = manifest.actionName(index)
            diagnostics.append(
                Diagnostic(
                    .unusedAction, "action '\(name.text)' is not used by any category", at: name.range,
                    help: ["add it to a category's 'actions', or remove it"]))
        }
    }

    /// One namespace references resolve in, and how to talk about it.
    private struct Namespace {
        let code: DiagnosticCode
        let what: String
        /// Declared name → position of its first declaration.
        let declared: [Identifier: Int]
        /// Declared names in declaration order, for deterministic suggestions (built only when needed).
        let names: () -> [String]
        /// The other namespace, to say "'x' is a category, not an action".
        let other: (declared: [Identifier: Int], what: String)
        let declaration: (String) -> String
        /// The names, once built, and how many suggestions are left to make.
        var madeNames: [String]? = nil
        var suggestionsLeft = Self.maximumSuggestions

        /// Each suggestion compares the name with every declared one: after this many in a run (only with a
        /// raised `--error-limit`; docs/limits.md), unknown names are reported without "did you mean".
        static let maximumSuggestions = 1_000

        /// "Did you mean" for `name`, while suggestions are left.
        mutating func suggestion(for name: String) -> String? {
            guard suggestionsLeft > 0 else { return nil }
            suggestionsLeft -= 1
            let all = madeNames ?? names()
            madeNames = all
            return NameSuggester.suggestion(for: name, among: all)
        }
    }

    /// Checks the names `references`, written at `ranges`, against `namespace`; marks the position of each
    /// declaration they name in `used` (when it has room for it).
    private func check(
        _ references: [String], at ranges: [SourceRange], in namespace: inout Namespace, marking used: inout [Bool],
        context: ValidationContext, into diagnostics: inout DiagnosticBag
    ) {
        reportDuplicates(in: references, at: ranges, what: namespace.what, into: &diagnostics)
        var undeclared: [(name: String, range: SourceRange)] = []
        for (name, range) in zip(references, ranges) {
            if let position = namespace.declared[Identifier(name)] {
                if position < used.count { used[position] = true }
            } else {
                undeclared.append((name, range))
            }
        }
        guard context.isNamespaceComplete else { return }
        for (name, range) in undeclared {
            var diagnostic = Diagnostic(namespace.code, "unknown \(namespace.what) '\(name)'", at: range)
            if diagnostics.isFull {  // it will be counted and dropped: skip the costly suggestion
                diagnostics.append(diagnostic)
                continue
            }
            let suggestion = namespace.suggestion(for: name)
            diagnostic = diagnostic.suggesting(suggestion)
            // The declaration the misspelling most likely meant counts as used: one typo, one diagnostic.
            if let suggestion, let position = namespace.declared[Identifier(suggestion)], position < used.count {
                used[position] = true
            }
            if namespace.other.declared[Identifier(name)] != nil {
                diagnostic.help.append("'\(name)' is \(article(namespace.other.what)), not \(article(namespace.what))")
            } else if let owner = context.manifest.extensions.first(where: { Identifier($0.name) == Identifier(name) }) {
                let kind = owner.kind == .content ? "a content extension" : "a service extension"
                diagnostic.help.append("'\(name)' is \(kind), not \(article(namespace.what))")
            } else if diagnostic.help.isEmpty {
                diagnostic.help.append("declare it with '\(namespace.declaration(StringEscapes.name(name)))'")
            }
            diagnostics.append(diagnostic)
        }
    }

    /// Reports names listed twice, at each repeat, pointing at the first.
    private func reportDuplicates(
        in references: [String], at ranges: [SourceRange], what: String, into diagnostics: inout DiagnosticBag
    ) {
        let count = min(references.count, ranges.count)
        if count <= 16 {  // a short list (a category's actions): compared pairwise, without building a table
            for later in 0..<count {
                let name = Identifier(references[later])
                if let first = references[..<later].firstIndex(where: { Identifier($0) == name }) {
                    diagnostics.append(.duplicateListItem(references[later], what: what, at: ranges[later], first: ranges[first]))
                }
            }
            return
        }
        var firsts: [Identifier: SourceRange] = [:]
        firsts.reserveCapacity(count)
        for (name, range) in zip(references, ranges) {
            if let first = firsts.updateValue(range, forKey: Identifier(name)) {  // the first is put back
                firsts[Identifier(name)] = first
                diagnostics.append(.duplicateListItem(name, what: what, at: range, first: first))
            }
        }
    }

    private func article(_ word: String) -> String {
        (word.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + word
    }
}
