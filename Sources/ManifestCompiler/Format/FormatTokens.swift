// The formatter's view of a file: its tokens, each with the comments before it and after it on its line.

/// One `//` comment on its own line.
struct FormatComment: Equatable {
    /// The comment from `//` to the end of its line, without trailing whitespace.
    var text: String
    /// Whether a blank line separates it from the token or comment before it.
    var followsBlankLine: Bool
}

/// A token with the comments attached to it.
///
/// A comment that starts on the line of the token before it trails that token; every other comment is on its
/// own line and leads the next token (the end-of-file token collects the comments after the last declaration).
struct FormatToken {
    /// The token.
    var token: Token
    /// The own-line comments before the token, in order.
    var leading: [FormatComment] = []
    /// The comments after the token on its line. More than one only after a comma's comment moved here.
    var trailing: [String] = []
    /// Whether a blank line separates the token from the token or comment before it.
    var followsBlankLine = false

    var kind: TokenKind { token.kind }

    /// Whether any comment is attached to the token.
    var hasComments: Bool { !leading.isEmpty || !trailing.isEmpty }
}

/// Splits a file into ``FormatToken``s.
enum FormatTokenizer {
    /// The tokens of `file`, which must have parsed without errors, ending with the end-of-file token.
    ///
    /// Commas are dropped or rewritten by the formatter, so their comments move to their neighbours first: a
    /// comment after a comma trails the token before the comma, one before a comma leads the token after it.
    static func tokens(of file: SourceFile, limits: Limits) -> [FormatToken] {
        Lexer.scan(file, limits: limits) { lexer in tokens(of: file, from: &lexer) }
    }

    private static func tokens(of file: SourceFile, from lexer: inout Lexer) -> [FormatToken] {
        var ignored = DiagnosticBag()
        var tokens: [FormatToken] = []
        var attachedComments = 0
        var cursor = 0
        while true {
            let token = lexer.next(into: &ignored)
            var next = FormatToken(token: token)
            for range in lexer.comments[attachedComments...] {
                let newlines = newlineCount(file.bytes, from: cursor, to: range.start)
                let text = trimmedComment(file.text(in: range))
                if newlines == 0, !tokens.isEmpty, next.leading.isEmpty {
                    tokens[tokens.count - 1].trailing.append(text)
                } else {
                    next.leading.append(FormatComment(text: text, followsBlankLine: newlines > 1))
                }
                cursor = range.end
            }
            attachedComments = lexer.comments.count
            next.followsBlankLine = newlineCount(file.bytes, from: cursor, to: token.start) > 1
            cursor = token.end
            tokens.append(next)
            if token.kind == .endOfFile { break }
        }
        moveCommaComments(&tokens)
        return tokens
    }

    private static func moveCommaComments(_ tokens: inout [FormatToken]) {
        for index in tokens.indices where tokens[index].kind == .comma && tokens[index].hasComments {
            let comma = tokens[index]
            tokens[index].leading = []
            tokens[index].trailing = []
            if index + 1 < tokens.count {
                tokens[index + 1].leading.insert(contentsOf: comma.leading, at: 0)
            }
            if index > 0 {
                tokens[index - 1].trailing += comma.trailing
            } else if index + 1 < tokens.count {
                let moved = comma.trailing.map { FormatComment(text: $0, followsBlankLine: false) }
                tokens[index + 1].leading.insert(contentsOf: moved, at: 0)
            }
        }
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
