// The lexer's number literals: digits, fractions, exponents, `-inf`/`-nan`, and the repaired `.5`.

extension Lexer {

    /// Scans `-? digits (. digits)? ([eE] [+-]? digits)?`, or `-inf`, `-infinity`, `-nan`.
    mutating func scanNumber(atLineStart: Bool, into diagnostics: inout DiagnosticBag) -> Token {
        let start = index
        var problem: String?
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count, Self.isIdentifierStart(bytes[index]) {
                let wordStart = index
                index = scanWord(from: index)
                let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
                if ["inf", "infinity", "nan"].contains(word) {
                    return Token(kind: .number, start: start, end: index, isAtLineStart: atLineStart)
                }
                problem = "'-' must be followed by a digit"
            } else if index >= bytes.count || !Self.isDigit(bytes[index]) && bytes[index] != UInt8(ascii: ".") {
                let token = Token(kind: .invalid, start: start, end: index, isAtLineStart: atLineStart)
                diagnostics.append(.unexpectedCharacter(range(token), scalar: "-", inString: false))
                return token
            }
        }
        if problem == nil, index < bytes.count, bytes[index] == UInt8(ascii: "."),
            index + 1 < bytes.count, Self.isDigit(bytes[index + 1])
        {
            // `.5`: report it, then read it as the 0.5 it means so checking can go on.
            index = skipDigits(from: index + 1)
            let text = file.text(in: SourceRange(file: file.id, start: start, end: index))
            diagnostics.append(
                .invalidNumber(
                    SourceRange(file: file.id, start: start, end: index), text: text,
                    reason: "a number needs a digit before '.'"))
            return Token(kind: .number, start: start, end: index, isAtLineStart: atLineStart, isRepaired: true)
        }
        if problem == nil, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            problem = "a number needs a digit before '.'"
        }
        if problem == nil {
            index = skipDigits(from: index)
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let afterDot = index
                index = skipDigits(from: index)
                if index == afterDot { problem = "expected a digit after '.'" }
            }
            if problem == nil, index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                let exponentStart = index
                index = skipDigits(from: index)
                if index == exponentStart { problem = "expected a digit in the exponent" }
            }
        }
        // A number must not run into a name or another dot ("12px", "1.2.3").
        let tailStart = index
        while index < bytes.count, Self.isIdentifierContinue(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            index += 1
        }
        if problem == nil, index > tailStart { problem = "a number cannot be followed by a letter or '.'" }
        let token = Token(kind: .number, start: start, end: index, isAtLineStart: atLineStart)
        if let problem {
            diagnostics.append(.invalidNumber(range(token), text: file.text(in: range(token)), reason: problem))
            return Token(kind: .invalid, start: start, end: index, isAtLineStart: atLineStart)
        }
        return token
    }

    func skipDigits(from position: Int) -> Int {
        var cursor = position
        while cursor < bytes.count, Self.isDigit(bytes[cursor]) { cursor += 1 }
        return cursor
    }

}
