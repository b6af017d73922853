// The parser's value productions: entries, values, lists and calls (Parser.swift has the grammar).

extension Parser {

    /// entry = word ":" value
    mutating func parseEntry() -> ParsedEntry {
        let key = token
        advance()
        if token.kind == .colon, token.isAtLineStart {
            // `title` then `: "x"` on the next line: one mistake, reported once; read the rest as the entry.
            report(.missingValue(for: text(of: key), at: .point(file.id, key.end)))
            advance()
            let value = token.isAtLineStart ? -1 : parseValue(depth: 1)
            return entry(key, value: value)
        }
        if token.kind == .colon {
            advance()
        } else if token.kind == .invalid, text(of: token) == "=" {
            advance()  // `title = "x"`: the lexer reported the '='; read on as if it were ':'.
        } else {
            reportExpected("':' after '\(text(of: key))'")
            if token.isAtLineStart || token.kind == .rightBrace || token.kind == .endOfFile {
                return ParsedEntry(
                    keyword: key.keyword, keyStart: UInt32(key.start), keyEnd: UInt32(key.end), value: -1,
                    end: UInt32(key.end))
            }
        }
        let valueStartsHere =
            !token.isAtLineStart && token.kind != .rightBrace && token.kind != .endOfFile && token.kind != .comma
        guard valueStartsHere else {
            report(.missingValue(for: text(of: key), at: .point(file.id, previousEnd)))
            return entry(key, value: -1)
        }
        let value = parseValue(depth: 1)  // read before `entry`, which reads where the value ended
        return entry(key, value: value)
    }

    /// An entry from `key` to the last token read.
    private func entry(_ key: Token, value: Int32) -> ParsedEntry {
        ParsedEntry(
            keyword: key.keyword, keyStart: UInt32(key.start), keyEnd: UInt32(key.end), value: value,
            end: UInt32(max(key.start, previousEnd)))
    }

    /// value = string | number | word | list | call
    ///
    /// Appends the value (and its elements) to ``values``.
    /// - Returns: The value's index, or -1 when there is none to check (reported, or already reported).
    mutating func parseValue(depth: Int) -> Int32 {
        let start = token
        let opensContainer = token.kind == .leftBracket || (token.kind == .identifier && peek().kind == .leftParen)
        if opensContainer && depth > limits.maxNestingDepth {
            report(.nestingTooDeep(range(of: token), limits: limits))
            skipValue()
            return -1
        }
        switch token.kind {
        case .string:
            advance()
            // An unterminated string was reported; its text is not what was meant, so don't check it further.
            if start.isUnterminated { return -1 }
            var value = leaf(.string, start)
            value.hasEscapes = start.hasEscapes
            value.isRepaired = start.isRepaired
            return append(value)
        case .number:
            advance()
            var value = leaf(.number, start)
            value.number = numberValue(start)
            return append(value)
        case .identifier:
            let next = peek()
            if next.kind == .leftParen, !next.isAtLineStart {
                var call = leaf(.call, start)
                call.calleeEnd = UInt32(start.end)
                advance()
                return appendContainer(call, opener: start, closer: .rightParen, depth: depth)
            }
            advance()
            return append(leaf(.word, start))
        case .leftBracket:
            return appendContainer(leaf(.list, start), opener: start, closer: .rightBracket, depth: depth)
        case .leftBrace:
            reportExpected("a value", help: ["lists are written in square brackets: [a, b]"])
            skipValue()
            return -1
        case .invalid:
            advance()
            return -1
        default:
            reportExpected("a value")
            return -1
        }
    }

    /// A value of one token (a container's first): its range, and its keyword if it is a word.
    private func leaf(_ kind: ParsedValue.Kind, _ token: Token) -> ParsedValue {
        ParsedValue(
            kind: kind, keyword: token.keyword, start: UInt32(token.start), end: UInt32(token.end),
            subtreeEnd: Int32(values.count + 1))
    }

    private mutating func append(_ value: ParsedValue) -> Int32 {
        values.append(value)
        return Int32(values.count - 1)
    }

    /// Appends a list or call, then its elements (the current token is its opening bracket).
    private mutating func appendContainer(
        _ container: ParsedValue, opener: Token, closer: TokenKind, depth: Int
    ) -> Int32 {
        let index = values.count
        values.append(container)
        parseSequence(closer: closer, depth: depth)
        values[index].end = UInt32(max(opener.end, previousEnd))
        values[index].subtreeEnd = Int32(values.count)
        return Int32(index)
    }

    /// The elements of `[…]` or `(…)`, appended to ``values``; the current token is the opener.
    mutating func parseSequence(closer: TokenKind, depth: Int) {
        let opener = token
        advance()
        while !diagnostics.isFull {
            switch token.kind {
            case closer:
                advance()
                return
            case .endOfFile, .rightBrace, .rightBracket, .rightParen:
                reportUnclosed(opener, closer: closer)
                return
            case .comma:
                reportExpected("a value")
                advance()
                continue
            default:
                break
            }
            if token.isAtLineStart, token.kind == .identifier, peek().kind == .colon {
                reportUnclosed(opener, closer: closer)  // the next entry began: the list was never closed
                return
            }
            let before = token.start
            _ = parseValue(depth: depth + 1)
            if token.start == before, token.kind != .endOfFile { advance() }
            switch token.kind {
            case .comma:
                advance()
                if token.kind == closer, !token.isAtLineStart { reportTrailingComma() }
            case closer, .endOfFile, .rightBrace, .rightBracket, .rightParen:
                break
            default:
                if !(token.isAtLineStart && token.kind == .identifier && peek().kind == .colon) {
                    reportExpected("',' or \(closer.spelling)")
                }
            }
        }
    }

    /// A comma separates items on a line; one may end a line (so multi-line lists diff cleanly), but a
    /// comma directly before the closing bracket on the same line is an error (`[a, ]`).
    mutating func reportTrailingComma() {
        report(
            Diagnostic(
                .expectedToken, "expected a value after ',', found \(token.kind.spelling)",
                at: .point(file.id, previousEnd),
                help: ["remove the ','; a trailing comma is allowed only at the end of a line"]))
    }

    mutating func reportUnclosed(_ opener: Token, closer: TokenKind) {
        var diagnostic = Diagnostic.expected(
            "\(closer.spelling) to close \(opener.kind.spelling)", found: describe(token),
            at: .point(file.id, previousEnd))
        diagnostic.notes.append(DiagnosticNote("\(opener.kind.spelling) opened here", at: range(of: opener)))
        report(diagnostic)
    }

}
