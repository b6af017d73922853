// The parser's entry and value productions: entries and what separates them (with the slips read as meant:
// a decimal comma, a list without brackets), values, lists and calls (Parser.swift has the grammar).

extension Parser {

    /// entry = word ":" value (the key may be a string, reported by ``parseBody(of:openBrace:)``)
    mutating func parseEntry() -> EntrySyntax {
        let key = token
        advance()
        if token.kind == .colon, token.isAtLineStart {
            // `title` then `: "x"` on the next line: one mistake, reported once; read the rest as the entry.
            report(.missingValue(for: keyText(key), at: .point(file.id, key.end)))
            let colon = range(of: token)
            advance()
            let value = token.isAtLineStart ? nil : parseValue(depth: 1)
            return entry(key, colon: colon, value: value)
        }
        var colon: SourceRange?
        if token.kind == .colon {
            colon = range(of: token)
            advance()
        } else if token.kind == .invalid, text(of: token) == "=" {
            advance()  // `title = "x"`: the lexer reported the '='; read on as if it were ':'.
        } else if token.isAtLineStart {
            report(.expected("':' after '\(keyText(key))'", found: "the end of the line", at: .point(file.id, key.end)))
            return EntrySyntax(key: keyName(key), value: nil, range: range(of: key))
        } else {
            reportExpected("':' after '\(keyText(key))'")
            if token.kind == .rightBrace || token.kind == .endOfFile {
                return EntrySyntax(key: keyName(key), value: nil, range: range(of: key))
            }
        }
        let valueStartsHere =
            !token.isAtLineStart && token.kind != .rightBrace && token.kind != .endOfFile && token.kind != .comma
        guard valueStartsHere else {
            report(.missingValue(for: keyText(key), at: .point(file.id, previousEnd)))
            // `title:` with `"B"` on the next line: read the value, so its line is not taken for another entry.
            let valueOnNextLine =
                token.isAtLineStart && (token.kind == .number || token.kind == .leftBracket
                    || (token.kind == .string && peek().kind != .colon))
            return entry(key, colon: colon, value: valueOnNextLine ? parseValue(depth: 1) : nil)
        }
        let value = parseValue(depth: 1)  // read before `entry`, which reads where the value ended
        return entry(key, colon: colon, value: value)
    }

    /// An entry from `key` to the last token read. (Inlined, so the entry is built where it is returned rather
    /// than copied.)
    @inline(__always)
    private func entry(_ key: Token, colon: SourceRange?, value: ValueSyntax?) -> EntrySyntax {
        var entry = EntrySyntax(
            key: keyName(key), value: value,
            range: SourceRange(file: file.id, start: key.start, end: max(key.start, previousEnd)))
        entry.colon = colon
        return entry
    }

    /// An entry's key: a word, or a string where the key was written in quotes (reported).
    private func keyName(_ key: Token) -> NameSyntax {
        key.kind == .string ? NameSyntax(text: decodeString(key), range: range(of: key), isQuoted: true) : name(key)
    }

    /// The key's text, for messages.
    private func keyText(_ key: Token) -> String {
        key.kind == .string ? decodeString(key) : text(of: key)
    }

    /// Reads an entry and the separator after it into `declaration`.
    mutating func parseEntry(into declaration: inout DeclarationSyntax) {
        declaration.entries.append(parseEntry())
        if token.kind == .comma {
            let comma = range(of: token)
            advance()
            readAfterComma(comma, of: &declaration.entries[declaration.entries.count - 1])
        } else {
            readEntryEnd()
        }
    }

    /// After the comma that follows `entry`: the next entry on the line, the end of the line, or the rest of a
    /// list written without brackets.
    mutating func readAfterComma(_ comma: SourceRange, of entry: inout EntrySyntax) {
        if let value = entry.value, case .number = value.kind, token.kind == .number, comma.start == value.range.end,
            token.start == comma.end, let meant = decimalCommaNumber(value, token)
        {
            // `0,6`, a decimal comma: reported, then read as `0.6`.
            report(
                Diagnostic(
                    .expectedToken, "numbers are written with a decimal point, not a comma", at: comma,
                    help: ["write \(meant.text)"]))
            entry.value = ValueSyntax(.number(meant.value), range: SourceRange(file: file.id, start: value.range.start, end: token.end))
            entry.range.end = token.end
            advance()
            guard token.kind == .comma else { return readEntryEnd() }
            let next = range(of: token)
            advance()
            return readAfterComma(next, of: &entry)
        }
        if let value = entry.value, continuesBracketlessList(after: value) {
            let (list, nextComma) = parseBracketlessList(from: value, comma: comma)
            entry.value = list
            entry.range.end = list.range.end
            if let nextComma { readAfterComma(nextComma, of: &entry) } else { readEntryEnd() }
            return
        }
        entry.comma = comma
        if token.kind == .rightBrace, !token.isAtLineStart { reportTrailingComma() }
    }

    /// The number `whole,fraction` means when both are written in digits only (`0,6` → 0.6), or `nil`.
    func decimalCommaNumber(_ whole: ValueSyntax, _ fraction: Token) -> (text: String, value: Double)? {
        let wholeText = file.text(in: whole.range), fractionText = text(of: fraction)
        let isWhole = wholeText.utf8.enumerated().allSatisfy { Lexer.isDigit($1) || ($0 == 0 && $1 == UInt8(ascii: "-")) }
        guard isWhole, fractionText.utf8.allSatisfy(Lexer.isDigit), let value = Double(wholeText + "." + fractionText)
        else { return nil }
        return (wholeText + "." + fractionText, value)
    }

    /// After an entry not followed by a comma: a line break or the end of the body, or an error.
    mutating func readEntryEnd() {
        switch token.kind {
        case .rightBrace, .endOfFile:
            break
        default:
            if token.isAtLineStart { break }
            let separatedByCR = file.bytes[min(previousEnd, token.start)..<token.start].contains(UInt8(ascii: "\r"))
            reportExpected(
                "a line break or ',' after the entry",
                help: separatedByCR
                    ? ["the lines end in a carriage return alone (classic Mac OS); convert the file to LF line endings"]
                    : [])
            // `a: 1 b: 2` on one line: the next entry is intact, so read it rather than skip it.
            if !(token.kind == .identifier && peek().kind == .colon) {
                skipLine(stopAtClosingBrace: true)
            }
        }
    }

    /// Whether the current token, after a comma after `value`, continues a list written without brackets
    /// (`options: foreground, destructive`) rather than starting the next entry on the line.
    /// (Lists hold names, options or strings; a number followed by another is left to the entry's separator.)
    /// A list of names may go on after a line break (`actions: a,` then `b`) when the next line's name stands alone
    /// and is not a key (`intentIdentifiers` without its colon starts the next entry).
    mutating func continuesBracketlessList(after value: ValueSyntax) -> Bool {
        switch value.kind {
        case .string, .word: break
        case .number, .list, .call: return false
        }
        if token.isAtLineStart {
            guard case .word = value.kind, token.kind == .identifier, ManifestKey(rawValue: text(of: token)) == nil else {
                return false
            }
            let next = peek()
            return next.isAtLineStart || next.kind == .comma || next.kind == .rightBrace || next.kind == .endOfFile
        }
        switch token.kind {
        case .identifier: return peek().kind != .colon && peek().kind != .leftParen
        case .string: return peek().kind != .colon
        default: return false
        }
    }

    /// Reads the rest of a list written without brackets, after `first` and its `comma`; reports it once, with the
    /// list as it should be written. Returns the list, and the comma after it when one was read.
    mutating func parseBracketlessList(
        from first: ValueSyntax, comma: SourceRange
    ) -> (list: ValueSyntax, comma: SourceRange?) {
        var elements = [first]
        elements[0].comma = comma
        var nextComma: SourceRange?
        while let element = parseValue(depth: 2) {
            elements.append(element)
            guard token.kind == .comma else { break }
            let separator = range(of: token)
            advance()
            guard continuesBracketlessList(after: element) else {
                nextComma = separator
                break
            }
            elements[elements.count - 1].comma = separator
        }
        let last = elements[elements.count - 1].range
        let written = elements.map { file.text(in: $0.range) }.joined(separator: ", ")
        report(
            Diagnostic(
                .expectedToken, "expected '[' before a list", at: .point(file.id, first.range.start),
                help: ["a list is written in square brackets: [\(written)]"]))
        return (ValueSyntax(.list(elements), range: SourceRange(file: file.id, start: first.range.start, end: last.end)), nextComma)
    }

    /// value = string | number | word | list | call
    ///
    /// - Returns: The value, or `nil` when there is none to check (reported, or already reported).
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
                var call = ValueSyntax(.call(callee, []), range: range(of: start))
                call.openParen = range(of: token)
                let arguments = parseSequence(closer: .rightParen, depth: depth, into: &call)
                call.kind = .call(callee, arguments)
                return call
            }
            advance()
            return ValueSyntax(.word(text(of: start)), range: range(of: start))
        case .leftBracket:
            var list = ValueSyntax(.list([]), range: range(of: start))
            list.kind = .list(parseSequence(closer: .rightBracket, depth: depth, into: &list))
            return list
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

    /// The elements of `[…]` or `(…)`; the current token is the opener. Sets the container's closing token and
    /// extends its range to the last token read.
    mutating func parseSequence(closer: TokenKind, depth: Int, into container: inout ValueSyntax) -> [ValueSyntax] {
        let opener = token
        var elements: [ValueSyntax] = []
        elements.reserveCapacity(4)  // most lists are short: one allocation
        defer { container.range.end = max(opener.end, previousEnd) }
        advance()
        while !diagnostics.isFull {
            switch token.kind {
            case closer:
                container.close = range(of: token)
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
            let element = parseValue(depth: depth + 1)
            if let element { elements.append(element) }
            if token.start == before, token.kind != .endOfFile { advance() }
            switch token.kind {
            case .comma:
                if element != nil { elements[elements.count - 1].comma = range(of: token) }
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
