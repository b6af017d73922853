// The parser's value productions: entries, values, lists and calls (Parser.swift has the grammar).

extension Parser {

    /// entry = word ":" value
    mutating func parseEntry() -> EntrySyntax {
        let key = name(token)
        advance()
        if token.kind == .colon, token.isAtLineStart {
            // `title` then `: "x"` on the next line: one mistake, reported once; read the rest as the entry.
            report(.missingValue(for: key.text, at: .point(file.id, key.range.end)))
            advance()
            let value = token.isAtLineStart ? nil : parseValue(depth: 1)
            return EntrySyntax(key: key, value: value, range: SourceRange(file: file.id, start: key.range.start, end: previousEnd))
        }
        if token.kind == .colon {
            advance()
        } else if token.kind == .invalid, text(of: token) == "=" {
            advance()  // `title = "x"`: the lexer reported the '='; read on as if it were ':'.
        } else {
            reportExpected("':' after '\(key.text)'")
            if token.isAtLineStart || token.kind == .rightBrace || token.kind == .endOfFile {
                return EntrySyntax(key: key, value: nil, range: key.range)
            }
        }
        let valueStartsHere =
            !token.isAtLineStart && token.kind != .rightBrace && token.kind != .endOfFile && token.kind != .comma
        guard valueStartsHere else {
            report(.missingValue(for: key.text, at: .point(file.id, previousEnd)))
            return EntrySyntax(key: key, value: nil, range: SourceRange(file: file.id, start: key.range.start, end: previousEnd))
        }
        let value = parseValue(depth: 1)
        return EntrySyntax(
            key: key, value: value, range: SourceRange(file: file.id, start: key.range.start, end: previousEnd))
    }

    /// value = string | number | word | list | call
    mutating func parseValue(depth: Int) -> ValueSyntax? {
        let start = token
        let opensContainer = token.kind == .leftBracket || (token.kind == .identifier && peek().kind == .leftParen)
        if opensContainer && depth > limits.maxNestingDepth {
            report(.nestingTooDeep(range(of: token), limits: limits))
            skipValue()
            return nil
        }
        switch token.kind {
        case .string:
            advance()
            // An unterminated string was reported; its text is not what was meant, so don't check it further.
            if start.isUnterminated { return nil }
            return ValueSyntax(.string(decodeString(start)), range: range(of: start))
        case .number:
            advance()
            return ValueSyntax(.number(numberValue(start)), range: range(of: start))
        case .identifier:
            let next = peek()
            if next.kind == .leftParen, !next.isAtLineStart {
                let callee = name(start)
                advance()
                let arguments = parseSequence(closer: .rightParen, depth: depth)
                return ValueSyntax(.call(callee, arguments), range: rangeFrom(start))
            }
            advance()
            return ValueSyntax(.word(text(of: start)), range: range(of: start), keyword: start.keyword)
        case .leftBracket:
            let elements = parseSequence(closer: .rightBracket, depth: depth)
            return ValueSyntax(.list(elements), range: rangeFrom(start))
        case .leftBrace:
            reportExpected("a value", help: ["lists are written in square brackets: [a, b]"])
            skipValue()
            return nil
        case .invalid:
            advance()
            return nil
        default:
            reportExpected("a value")
            return nil
        }
    }

    /// The elements of `[…]` or `(…)`; the current token is the opener.
    mutating func parseSequence(closer: TokenKind, depth: Int) -> [ValueSyntax] {
        let opener = token
        advance()
        var elements: [ValueSyntax] = []
        elements.reserveCapacity(4)  // most lists are short: one allocation instead of growing 1, 2, 4
        while !diagnostics.isFull {
            switch token.kind {
            case closer:
                advance()
                return elements
            case .endOfFile, .rightBrace, .rightBracket, .rightParen:
                reportUnclosed(opener, closer: closer)
                return elements
            case .comma:
                reportExpected("a value")
                advance()
                continue
            default:
                break
            }
            if token.isAtLineStart, token.kind == .identifier, peek().kind == .colon {
                reportUnclosed(opener, closer: closer)  // the next entry began: the list was never closed
                return elements
            }
            let before = token.start
            if let element = parseValue(depth: depth + 1) { elements.append(element) }
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
        return elements
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
