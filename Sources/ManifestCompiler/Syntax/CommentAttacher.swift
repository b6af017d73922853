// Attaches each `//` comment of a file to the token of the syntax tree it belongs to (the formatter prints them
// from there).

/// Gives every token of a parsed tree its ``Trivia``.
///
/// A comment that starts on the line of the token before it trails that token; every other comment is on its own
/// line and leads the next token (the tree's ``SyntaxTree/endTrivia`` collects those after the last declaration).
/// Commas are not printed as written, so their comments move to their neighbours: one after a comma trails the
/// token before it (or, when own-line comments come between that token and the comma, follows them as an
/// own-line comment), one before a comma leads the token after it.
enum CommentAttacher {
    /// Attaches `comments` (the ranges the lexer found, in order) to the tokens of `tree`, parsed from `file`.
    static func attach(_ comments: [SourceRange], to tree: inout SyntaxTree, in file: SourceFile) {
        var spans: [Span] = []
        tree.visitTokens { _, range, isComma in spans.append(Span(range: range, isComma: isComma)) }
        spans.append(Span(range: .point(file.id, file.bytes.count), isComma: false))
        var trivia = [Trivia](repeating: Trivia(), count: spans.count)
        var commentIndex = 0
        var cursor = 0
        for index in spans.indices {
            let token = spans[index].range
            while commentIndex < comments.count, comments[commentIndex].start < token.start {
                let comment = comments[commentIndex]
                commentIndex += 1
                let newlines = newlineCount(file.bytes, from: cursor, to: comment.start)
                let text = trimmedComment(file.text(in: comment))
                if newlines == 0, index > 0, trivia[index].leading.isEmpty {
                    trivia[index - 1].trailing.append(text)
                } else {
                    trivia[index].leading.append(Comment(text, followsBlankLine: newlines > 1))
                }
                cursor = comment.end
            }
            trivia[index].followsBlankLine = newlineCount(file.bytes, from: cursor, to: token.start) > 1
            cursor = max(cursor, token.end)
        }
        for index in spans.indices where spans[index].isComma && trivia[index].hasComments {
            let comma = trivia[index]
            trivia[index].leading = []
            trivia[index].trailing = []
            if index + 1 < spans.count { trivia[index + 1].leading.insert(contentsOf: comma.leading, at: 0) }
            if !comma.leading.isEmpty, index + 1 < spans.count {
                // The comma is on a line after own-line comments: its own comment follows them, still in order.
                trivia[index + 1].leading.insert(
                    contentsOf: comma.trailing.map { Comment($0) }, at: comma.leading.count)
            } else if index > 0 {
                trivia[index - 1].trailing += comma.trailing
            } else if index + 1 < spans.count {
                trivia[index + 1].leading.insert(contentsOf: comma.trailing.map { Comment($0) }, at: 0)
            }
        }
        var next = 0
        tree.visitTokens { slot, _, _ in
            slot = trivia[next]
            next += 1
        }
        tree.endTrivia = trivia[next]
    }

    /// A token's place in the file, and whether it is a comma (whose comments move to its neighbours).
    private struct Span {
        var range: SourceRange
        var isComma: Bool
    }

    private static func newlineCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        guard start < end, end <= bytes.count else { return 0 }
        var count = 0
        for byte in bytes[start..<end] where byte == UInt8(ascii: "\n") { count += 1 }
        return count
    }

    /// The comment without trailing spaces, tabs and carriage returns.
    static func trimmedComment(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}

extension SyntaxTree {
    /// Calls `body` with the trivia slot, range and comma-ness of every token of the tree, in source order (a
    /// comma's slot is a scratch value: commas keep no comments).
    mutating func visitTokens(_ body: (inout Trivia, SourceRange, Bool) -> Void) {
        for index in declarations.indices { declarations[index].visitTokens(body) }
    }
}

extension DeclarationSyntax {
    fileprivate mutating func visitTokens(_ body: (inout Trivia, SourceRange, Bool) -> Void) {
        body(&keywordTrivia, kind.range, false)
        if var declaredName = name {
            body(&declaredName.trivia, declaredName.range, false)
            name = declaredName
        }
        if let openBrace { body(&openBraceTrivia, openBrace, false) }
        for index in entries.indices {
            body(&entries[index].key.trivia, entries[index].key.range, false)
            if let colon = entries[index].colon { body(&entries[index].colonTrivia, colon, false) }
            if var value = entries[index].value {
                entries[index].value = nil  // visited in a copy and put back, so it is not copied twice
                value.visitTokens(body)
                entries[index].value = value
            }
            if let comma = entries[index].comma {
                var scratch = Trivia()
                body(&scratch, comma, true)
            }
        }
        if let closeBrace { body(&closeBraceTrivia, closeBrace, false) }
    }
}

extension ValueSyntax {
    fileprivate mutating func visitTokens(_ body: (inout Trivia, SourceRange, Bool) -> Void) {
        switch kind {
        case .string, .number, .word:
            body(&trivia, range, false)
        case .list(var elements):
            body(&trivia, SourceRange(file: range.file, start: range.start, end: range.start + 1), false)
            kind = .list([])  // the elements are visited in a copy, put back below, so none is copied twice
            for index in elements.indices { elements[index].visitTokens(body) }
            kind = .list(elements)
        case .call(let callee, var arguments):
            body(&trivia, callee.range, false)
            if let openParen { body(&openParenTrivia, openParen, false) }
            kind = .call(callee, [])
            for index in arguments.indices { arguments[index].visitTokens(body) }
            kind = .call(callee, arguments)
        }
        if let close { body(&closeTrivia, close, false) }
        if let comma {
            var scratch = Trivia()
            body(&scratch, comma, true)
        }
    }
}
