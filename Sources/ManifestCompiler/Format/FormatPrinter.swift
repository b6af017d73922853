// Builds the formatter's output line by line and puts every comment where no code can follow it on its line.

/// The formatter's output buffer.
///
/// Code is appended to the current line; ``startLine(level:)`` ends it. Comments keep their order:
/// - a trailing comment goes at the end of the line its token lands on; when a second one arrives for the same
///   line, the first moves to its own line above, or, on a line that starts with a closing bracket (where above
///   would be inside the brackets), the second goes to its own line below, as the next token's own-line comment;
/// - own-line comments before a token that starts a line go on the lines above it; before a token in the middle
///   of a line (which the canonical layout joined to the tokens before it) they go above that line.
struct FormatPrinter {
    private var lines: [String] = []
    private var current = ""
    private var currentLevel = 0
    private var commentsAbove: [String] = []
    private var trailingComment: String?
    /// Comments for their own lines after the current line, written at the next line's level.
    private var pendingLines: [String] = []

    /// The text: the lines, each ended by a line feed (empty when nothing was written).
    mutating func finish() -> String {
        endLine()
        writePendingLines(level: currentLevel)
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Ends the current line and starts one indented `level` levels.
    mutating func startLine(level: Int) {
        endLine()
        currentLevel = level
    }

    /// Ends the current line and writes `text` on a line of its own at `level`.
    mutating func commentLine(_ text: String, level: Int) {
        endLine()
        writePendingLines(level: level)
        lines.append(Self.indentation(level) + text)
    }

    /// Ends the current line and writes an empty line (never two in a row, never at the top).
    mutating func blankLine() {
        endLine()
        writePendingLines(level: currentLevel)
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    /// Appends code to the current line: `leading` are the own-line comments before it, `trailing` the comments
    /// after it.
    mutating func append(_ text: String, leading: [Comment] = [], trailing: [String] = []) {
        if current.isEmpty {
            // Before a closing bracket they are inside the brackets, where its own-line comments go.
            writePendingLines(level: currentLevel + (Self.isClosing(text.first) ? 1 : 0))
        }
        if !leading.isEmpty {
            if current.isEmpty {
                for comment in leading { lines.append(Self.indentation(currentLevel) + comment.text) }
            } else {
                moveTrailingCommentAbove()
                commentsAbove += leading.map(\.text)
            }
        }
        current += text
        for comment in trailing {
            if trailingComment != nil, Self.isClosing(current.first) {
                pendingLines.append(comment)
            } else {
                moveTrailingCommentAbove()
                trailingComment = comment
            }
        }
    }

    /// Writes the comments left below the last line, at the level of what follows them.
    private mutating func writePendingLines(level: Int) {
        for comment in pendingLines { lines.append(Self.indentation(level) + comment) }
        pendingLines = []
    }

    private mutating func moveTrailingCommentAbove() {
        if let comment = trailingComment {
            commentsAbove.append(comment)
            trailingComment = nil
        }
    }

    private mutating func endLine() {
        guard !current.isEmpty else { return }
        let indentation = Self.indentation(currentLevel)
        for comment in commentsAbove { lines.append(indentation + comment) }
        lines.append(indentation + current + (trailingComment.map { " " + $0 } ?? ""))
        commentsAbove = []
        trailingComment = nil
        current = ""
    }

    private static func isClosing(_ character: Character?) -> Bool {
        character == "]" || character == ")" || character == "}"
    }

    private static func indentation(_ level: Int) -> String {
        String(repeating: CanonicalStyle.indent, count: level)
    }
}
