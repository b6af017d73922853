// Prints a syntax tree in CanonicalStyle, with every comment attached to it: `notifc fmt` prints the parsed
// file, `import` a tree built from a model.

/// Writes a ``SyntaxTree`` in ``CanonicalStyle``.
///
/// The layout: declarations separated by one blank line (a comment block directly above a declaration stays
/// attached to it; other blocks are separated by one blank line), one entry per line, lists on one line when
/// they fit and hold no comment, otherwise one element per line with trailing commas. Where comments go on a
/// line is ``FormatPrinter``'s business. Values the checker would refuse but the grammar allows (nested lists,
/// calls with comments) are printed too.
struct SyntaxPrinter {
    /// The file the tree was parsed from: non-finite numbers are printed as written there. `nil` for a tree
    /// built from a model.
    private let source: SourceFile?
    private var printer = FormatPrinter()

    /// The canonical text of `tree`.
    static func text(of tree: SyntaxTree, source: SourceFile?) -> String {
        var printer = SyntaxPrinter(source: source)
        printer.writeManifest(tree)
        return printer.printer.finish()
    }

    private init(source: SourceFile?) {
        self.source = source
    }

    // MARK: - Declarations

    private mutating func writeManifest(_ tree: SyntaxTree) {
        for declaration in tree.declarations {
            let trivia = declaration.keywordTrivia
            let attached = writeCommentBlocks(trivia.leading, attachedToNext: !trivia.followsBlankLine)
            if !attached { printer.blankLine() }
            writeDeclaration(declaration)
        }
        _ = writeCommentBlocks(tree.endTrivia.leading, attachedToNext: false)
    }

    /// Writes own-line comments between declarations as blocks separated by blank lines. Returns whether the last
    /// block was written directly above the next declaration (no blank line between them).
    private mutating func writeCommentBlocks(_ comments: [Comment], attachedToNext: Bool) -> Bool {
        for (position, comment) in comments.enumerated() {
            if position == 0 || comment.followsBlankLine { printer.blankLine() }
            printer.commentLine(comment.text, level: 0)
        }
        return !comments.isEmpty && attachedToNext
    }

    /// `kind name {`, the entries, `}`; an empty body without comments is `kind name {}`.
    private mutating func writeDeclaration(_ declaration: DeclarationSyntax) {
        printer.startLine(level: 0)
        printer.append(declaration.kind.value.rawValue, trailing: declaration.keywordTrivia.trailing)
        if let name = declaration.name {
            let text = name.isQuoted ? StringEscapes.name(name.text) : name.text
            printer.append(" " + text, leading: name.trivia.leading, trailing: name.trivia.trailing)
        }
        let open = declaration.openBraceTrivia, close = declaration.closeBraceTrivia
        printer.append(" {", leading: open.leading, trailing: open.trailing)
        for entry in declaration.entries { writeEntry(entry, in: declaration.kind.value) }
        if declaration.entries.isEmpty && open.trailing.isEmpty && close.leading.isEmpty {
            printer.append("}", trailing: close.trailing)
            return
        }
        for comment in close.leading { printer.commentLine(comment.text, level: 1) }
        printer.startLine(level: 0)
        printer.append("}", trailing: close.trailing)
    }

    /// `key: value` on its own line.
    private mutating func writeEntry(_ entry: EntrySyntax, in kind: DeclarationKind) {
        printer.startLine(level: 1)
        printer.append(entry.key.text, leading: entry.key.trivia.leading, trailing: entry.key.trivia.trailing)
        printer.append(":", leading: entry.colonTrivia.leading, trailing: entry.colonTrivia.trailing)
        guard let value = entry.value else { return }
        let type = ManifestKey(rawValue: entry.key.text).flatMap { kind.spec(for: $0)?.type }
        let elementsAreNames = type == .actionReferences || type == .categoryReferences
        writeValue(value, level: 1, separator: " ", key: entry.key.text, elementsAreNames: elementsAreNames)
    }

    // MARK: - Values

    /// Writes `value`. `key` is set for an entry's value (a list's one-line width is checked against it);
    /// `elementsAreNames` for a list of references, whose elements are written bare when they can be.
    private mutating func writeValue(
        _ value: ValueSyntax, level: Int, separator: String, key: String?, elementsAreNames: Bool,
        isName: Bool = false
    ) {
        switch value.kind {
        case .string, .number, .word:
            printer.append(
                separator + atomText(value, isName: isName), leading: value.trivia.leading,
                trailing: value.trivia.trailing)
        case .list(let elements):
            writeContainer(
                value, opener: "[", closer: "]", elements: elements, level: level, separator: separator, key: key,
                elementsAreNames: elementsAreNames)
        case .call(let callee, let arguments):
            writeContainer(
                value, opener: callee.text + "(", closer: ")", elements: arguments, level: level,
                separator: separator, key: nil, elementsAreNames: false)
        }
    }

    /// A list `[…]` or a call `name(…)`: on one line when nothing inside it is commented (and, for an entry's list,
    /// when ``CanonicalStyle/listEntry(key:elements:level:)`` keeps it on one line); otherwise one element per line.
    private mutating func writeContainer(
        _ container: ValueSyntax, opener: String, closer: String, elements: [ValueSyntax], level: Int,
        separator: String, key: String?, elementsAreNames: Bool
    ) {
        if !Self.hasCommentsInside(container) {
            let texts = elements.map { oneLineText($0, isName: elementsAreNames) }
            let fits = key.map { !CanonicalStyle.listEntry(key: $0, elements: texts, level: level).contains("\n") }
            if fits ?? true {
                printer.append(
                    separator + opener + texts.joined(separator: ", ") + closer, leading: container.trivia.leading,
                    trailing: container.closeTrivia.trailing)
                return
            }
        }
        printer.append(separator + opener, leading: container.trivia.leading, trailing: container.trivia.trailing)
        if case .call = container.kind {
            printer.append("", leading: container.openParenTrivia.leading, trailing: container.openParenTrivia.trailing)
        }
        for element in elements {
            printer.startLine(level: level + 1)
            writeValue(
                element, level: level + 1, separator: "", key: nil, elementsAreNames: false, isName: elementsAreNames)
            printer.append(",")
        }
        for comment in container.closeTrivia.leading { printer.commentLine(comment.text, level: level + 1) }
        printer.startLine(level: level)
        printer.append(closer, trailing: container.closeTrivia.trailing)
    }

    /// The one-line text of a value without comments inside.
    private func oneLineText(_ value: ValueSyntax, isName: Bool) -> String {
        switch value.kind {
        case .string, .number, .word: atomText(value, isName: isName)
        case .list(let elements): "[" + elements.map { oneLineText($0, isName: false) }.joined(separator: ", ") + "]"
        case .call(let callee, let arguments):
            callee.text + "(" + arguments.map { oneLineText($0, isName: false) }.joined(separator: ", ") + ")"
        }
    }

    /// Whether a comment sits anywhere inside a list or call: after its first token, before its closing
    /// bracket, or on any token between.
    private static func hasCommentsInside(_ container: ValueSyntax) -> Bool {
        !container.trivia.trailing.isEmpty || container.openParenTrivia.hasComments
            || !container.closeTrivia.leading.isEmpty || container.elements.contains(where: hasComments)
    }

    /// Whether any token of `value` has a comment.
    private static func hasComments(_ value: ValueSyntax) -> Bool {
        value.trivia.hasComments || value.openParenTrivia.hasComments || value.closeTrivia.hasComments
            || value.elements.contains(where: hasComments)
    }

    /// A string as ``StringEscapes/literal(_:)`` writes it (or as a name), a finite number in
    /// ``CanonicalStyle/number(_:)``'s form, anything else as written.
    private func atomText(_ value: ValueSyntax, isName: Bool) -> String {
        switch value.kind {
        case .string(let text):
            return isName ? StringEscapes.name(text) : StringEscapes.literal(text)
        case .number(let number):
            if number.isFinite { return CanonicalStyle.number(number) }
            return source.map { $0.text(in: value.range) } ?? CanonicalStyle.number(number)
        case .word(let word):
            return word
        case .list, .call:
            return oneLineText(value, isName: false)
        }
    }
}
