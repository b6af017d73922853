// Lays out the tokens of an error-free file in CanonicalStyle, keeping every comment (the core of `notifc fmt`).

/// Walks the ``FormatToken``s of a file that parsed without errors and writes them in ``CanonicalStyle``.
///
/// The layout is ``ManifestPrinter``'s: declarations separated by one blank line, one entry per line, lists on one
/// line when they fit (and hold no comment), otherwise one element per line with trailing commas. What the printer
/// never meets is handled here: comments (see ``FormatPrinter``), comment blocks between declarations (a block
/// directly above a declaration stays attached to it; others are separated by one blank line), and values the
/// validator would refuse but the grammar allows (nested lists, calls with comments). Returns `nil` if the tokens
/// do not have the shape of a valid parse, which the caller treats as an internal failure.
struct FormatLayout {
    private let file: SourceFile
    private let tokens: [FormatToken]
    private let maximumDepth: Int
    private var index = 0
    private var printer = FormatPrinter()

    /// The canonical text of `file`, or `nil` when its tokens are not those of an error-free parse.
    static func text(of file: SourceFile, limits: Limits) -> String? {
        var layout = FormatLayout(
            file: file, tokens: FormatTokenizer.tokens(of: file, limits: limits),
            maximumDepth: limits.maxNestingDepth + 1)
        guard layout.writeManifest() else { return nil }
        return layout.printer.finish()
    }

    private init(file: SourceFile, tokens: [FormatToken], maximumDepth: Int) {
        self.file = file
        self.tokens = tokens
        self.maximumDepth = maximumDepth
    }

    // MARK: - Declarations

    private mutating func writeManifest() -> Bool {
        while let token = token(at: index), token.kind != .endOfFile {
            guard token.kind == .identifier, let kind = DeclarationKind(rawValue: text(token)) else { return false }
            let attached = writeCommentBlocks(token.leading, attachedToNext: !token.followsBlankLine)
            if !attached { printer.blankLine() }
            guard writeDeclaration(kind) else { return false }
        }
        guard let end = token(at: index) else { return false }
        _ = writeCommentBlocks(end.leading, attachedToNext: false)
        return true
    }

    /// Writes own-line comments between declarations as blocks separated by blank lines. Returns whether the last
    /// block was written directly above the next declaration (no blank line between them).
    private mutating func writeCommentBlocks(_ comments: [FormatComment], attachedToNext: Bool) -> Bool {
        for (position, comment) in comments.enumerated() {
            if position == 0 || comment.followsBlankLine { printer.blankLine() }
            printer.commentLine(comment.text, level: 0)
        }
        return !comments.isEmpty && attachedToNext
    }

    /// `kind name {`, the entries, `}`; an empty body without comments is `kind name {}`.
    private mutating func writeDeclaration(_ kind: DeclarationKind) -> Bool {
        guard let keyword = token(at: index), let name = token(at: index + 1), let open = token(at: index + 2),
            name.kind == .identifier || name.kind == .string, open.kind == .leftBrace
        else { return false }
        printer.startLine(level: 0)
        printer.append(kind.rawValue, trailing: keyword.trailing)
        printer.append(" " + nameText(name), leading: name.leading, trailing: name.trailing)
        printer.append(" {", leading: open.leading, trailing: open.trailing)
        index += 3
        var wroteEntry = false
        while let token = token(at: index), token.kind != .rightBrace {
            switch token.kind {
            case .comma:
                index += 1
            case .identifier:
                guard writeEntry(in: kind) else { return false }
                wroteEntry = true
            default:
                return false
            }
        }
        guard let close = token(at: index) else { return false }
        index += 1
        if !wroteEntry && open.trailing.isEmpty && close.leading.isEmpty {
            printer.append("}", trailing: close.trailing)
            return true
        }
        for comment in close.leading { printer.commentLine(comment.text, level: 1) }
        printer.startLine(level: 0)
        printer.append("}", trailing: close.trailing)
        return true
    }

    /// `key: value` on its own line.
    private mutating func writeEntry(in kind: DeclarationKind) -> Bool {
        guard let key = token(at: index), let colon = token(at: index + 1), colon.kind == .colon else { return false }
        let keyText = text(key)
        printer.startLine(level: 1)
        printer.append(keyText, leading: key.leading, trailing: key.trailing)
        printer.append(":", leading: colon.leading, trailing: colon.trailing)
        index += 2
        let type = ManifestKey(spelling: keyText).flatMap { kind.spec(for: $0)?.type }
        let elementsAreNames = type == .actionReferences || type == .categoryReferences
        return writeValue(level: 1, separator: " ", key: keyText, elementsAreNames: elementsAreNames, depth: 1)
    }

    // MARK: - Values

    /// Writes the value at the cursor. `key` is set for an entry's value (its one-line width is checked);
    /// `elementsAreNames` for a list of references, whose quoted elements are written bare when they can be.
    private mutating func writeValue(
        level: Int, separator: String, key: String?, elementsAreNames: Bool, depth: Int, isName: Bool = false
    ) -> Bool {
        guard depth <= maximumDepth, let token = token(at: index) else { return false }
        switch token.kind {
        case .string, .number, .identifier:
            if token.kind == .identifier, isCallStart(index) {
                return writeContainer(
                    level: level, separator: separator, key: nil, elementsAreNames: false, depth: depth)
            }
            printer.append(separator + atomText(token, isName: isName), leading: token.leading, trailing: token.trailing)
            index += 1
            return true
        case .leftBracket:
            return writeContainer(
                level: level, separator: separator, key: key, elementsAreNames: elementsAreNames, depth: depth)
        default:
            return false
        }
    }

    /// A list `[…]` or a call `name(…)`: on one line when nothing inside it is commented (and, for an entry's list,
    /// when ``CanonicalStyle/listEntry(key:elements:level:)`` keeps it on one line); otherwise one element per line.
    private mutating func writeContainer(
        level: Int, separator: String, key: String?, elementsAreNames: Bool, depth: Int
    ) -> Bool {
        guard let first = token(at: index) else { return false }
        let isCall = first.kind == .identifier
        let open = isCall ? index + 1 : index
        guard let close = closingIndex(of: open) else { return false }
        let opener = isCall ? text(first) + "(" : "["
        let closer = isCall ? ")" : "]"
        if !hasCommentsInside(index, close),
            let elements = oneLineElements(open, close, elementsAreNames: elementsAreNames, depth: depth)
        {
            let fits = key.map { !CanonicalStyle.listEntry(key: $0, elements: elements, level: level).contains("\n") }
            if fits ?? true {
                printer.append(
                    separator + opener + elements.joined(separator: ", ") + closer, leading: first.leading,
                    trailing: tokens[close].trailing)
                index = close + 1
                return true
            }
        }
        printer.append(separator + opener, leading: first.leading, trailing: first.trailing)
        if isCall { printer.append("", leading: tokens[open].leading, trailing: tokens[open].trailing) }
        index = open + 1
        while index < close {
            if tokens[index].kind == .comma {
                index += 1
                continue
            }
            printer.startLine(level: level + 1)
            guard
                writeValue(
                    level: level + 1, separator: "", key: nil, elementsAreNames: false, depth: depth + 1,
                    isName: elementsAreNames)
            else { return false }
            printer.append(",")
        }
        for comment in tokens[close].leading { printer.commentLine(comment.text, level: level + 1) }
        printer.startLine(level: level)
        printer.append(closer, trailing: tokens[close].trailing)
        index = close + 1
        return true
    }

    /// The one-line text of each element between `open` and `close`, or `nil` when an element does not have the
    /// shape of a value.
    private func oneLineElements(_ open: Int, _ close: Int, elementsAreNames: Bool, depth: Int) -> [String]? {
        guard depth <= maximumDepth else { return nil }
        var elements: [String] = []
        var cursor = open + 1
        while cursor < close {
            let token = tokens[cursor]
            switch token.kind {
            case .comma:
                cursor += 1
                continue
            case .string, .number:
                elements.append(atomText(token, isName: elementsAreNames))
                cursor += 1
            case .identifier where !isCallStart(cursor):
                elements.append(atomText(token, isName: elementsAreNames))
                cursor += 1
            case .identifier, .leftBracket:
                let isCall = token.kind == .identifier
                let innerOpen = isCall ? cursor + 1 : cursor
                guard let innerClose = closingIndex(of: innerOpen),
                    let inner = oneLineElements(innerOpen, innerClose, elementsAreNames: false, depth: depth + 1)
                else { return nil }
                let joined = inner.joined(separator: ", ")
                elements.append(isCall ? text(token) + "(" + joined + ")" : "[" + joined + "]")
                cursor = innerClose + 1
            default:
                return nil
            }
        }
        return elements
    }

    // MARK: - Tokens

    private func token(at position: Int) -> FormatToken? {
        position < tokens.count ? tokens[position] : nil
    }

    private func isCallStart(_ position: Int) -> Bool {
        guard tokens[position].kind == .identifier, let next = token(at: position + 1) else { return false }
        return next.kind == .leftParen && !next.token.isAtLineStart
    }

    /// The index of the `]` or `)` that closes the bracket at `open`.
    private func closingIndex(of open: Int) -> Int? {
        guard let opener = token(at: open), opener.kind == .leftBracket || opener.kind == .leftParen else { return nil }
        var depth = 0
        var cursor = open
        while let token = token(at: cursor) {
            switch token.kind {
            case .leftBracket, .leftParen: depth += 1
            case .rightBracket, .rightParen:
                depth -= 1
                if depth == 0 {
                    return (token.kind == .rightBracket) == (opener.kind == .leftBracket) ? cursor : nil
                }
            case .leftBrace, .rightBrace, .endOfFile: return nil
            default: break
            }
            cursor += 1
        }
        return nil
    }

    /// Whether a comment sits anywhere between the first token of a list or call, at `first`, and its closing
    /// bracket at `close`.
    private func hasCommentsInside(_ first: Int, _ close: Int) -> Bool {
        !tokens[first].trailing.isEmpty || !tokens[close].leading.isEmpty
            || tokens[(first + 1)..<close].contains { $0.hasComments }
    }

    private func text(_ token: FormatToken) -> String {
        file.text(in: SourceRange(file: file.id, start: token.token.start, end: token.token.end))
    }

    /// A declaration name: bare when it is a plain word, quoted otherwise.
    private func nameText(_ token: FormatToken) -> String {
        token.kind == .string ? StringEscapes.name(decodedString(token)) : text(token)
    }

    /// A string as ``StringEscapes/literal(_:)`` writes it (or as a name), a finite number in
    /// ``CanonicalStyle/number(_:)``'s form, anything else as written.
    private func atomText(_ token: FormatToken, isName: Bool) -> String {
        switch token.kind {
        case .string:
            let value = decodedString(token)
            return isName ? StringEscapes.name(value) : StringEscapes.literal(value)
        case .number:
            let written = text(token)
            guard let value = Double(written), value.isFinite else { return written }
            return CanonicalStyle.number(value)
        default:
            return text(token)
        }
    }

    private func decodedString(_ token: FormatToken) -> String {
        let start = token.token.start + 1
        let end = max(start, token.token.end - 1)
        guard end <= file.bytes.count else { return "" }
        let content = file.bytes[start..<end]
        return token.token.hasEscapes ? StringEscapes.decode(content) : String(decoding: content, as: UTF8.self)
    }
}
