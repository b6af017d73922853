// Where the cursor is in a manifest being typed, read from the lexer's tokens: the parser's recovered tree of
// a half-written line does not say whether the cursor is at a key, a value or a list element.
import ManifestCompiler

/// What may be written at the cursor.
enum CompletionPlace: Equatable {
    /// Between declarations: a declaration kind.
    case declarationKind
    /// A key of a declaration of `kind`; `present` are the keys the declaration already has.
    case key(DeclarationKind, present: [String])
    /// The value of `key` (after its colon, before anything else).
    case value(DeclarationKind, key: String)
    /// An element of the list value of `key`; `written` are the words already in the list.
    case listElement(DeclarationKind, key: String, written: [String])
    /// Inside a string, a call, a comment or a declaration's name: nothing to complete.
    case none
}

enum CompletionContext {
    /// The place at byte `offset` of `bytes`.
    static func place(in bytes: [UInt8], at offset: Int) -> CompletionPlace {
        guard let stream = TokenStream(bytes) else { return .none }
        if stream.comments.contains(where: { $0.lowerBound < offset && offset <= $0.upperBound }) { return .none }
        var scanner = Scanner()
        var snapshot: CompletionPlace?
        var previousEnd = 0
        for token in stream.tokens {
            // The line breaks before the token, each where it was written relative to the cursor.
            let gapEnd = token.kind == .endOfFile ? bytes.count : token.start
            for index in previousEnd..<max(previousEnd, gapEnd) where bytes[index] == UInt8(ascii: "\n") {
                if snapshot == nil, index >= offset { snapshot = scanner.place }
                scanner.lineBreak()
            }
            if token.kind == .endOfFile { break }
            previousEnd = token.end
            let isUnderCursor = snapshot == nil && token.start < offset
            if snapshot == nil, token.start >= offset { snapshot = scanner.place }
            switch token.kind {
            case .string:
                // Inside the quotes (or anywhere after an unterminated opening quote): nothing to complete.
                if isUnderCursor, offset <= (token.isUnterminated ? token.end : token.end - 1) { return .none }
                if scanner.depth > 0, !token.isUnterminated {  // a quoted name in a list
                    scanner.word(String(decoding: bytes[(token.start + 1)..<(token.end - 1)], as: UTF8.self))
                } else {
                    scanner.value()
                }
            case .identifier, .number:
                let word = String(decoding: bytes[token.start..<token.end], as: UTF8.self)
                if isUnderCursor, offset <= token.end {
                    // The word being typed: the place is where it starts; it is not one of the present keys.
                    snapshot = scanner.place
                    scanner.skipNextKey = true
                } else {
                    scanner.word(word)
                }
            case .colon: scanner.colon()
            case .leftBracket: scanner.depth += 1
            case .rightBracket:
                scanner.depth = max(0, scanner.depth - 1)
                if scanner.depth == 0 { scanner.valueDone = true }
            case .leftParen: scanner.parens += 1
            case .rightParen:
                scanner.parens = max(0, scanner.parens - 1)
                if scanner.parens == 0, scanner.depth == 0 { scanner.valueDone = true }
            case .leftBrace: scanner.openBrace()
            case .rightBrace:
                if let snapshot { return scanner.finish(snapshot) }
                scanner = Scanner()
            case .comma: scanner.comma()
            case .invalid, .endOfFile: break
            }
        }
        return scanner.finish(snapshot ?? scanner.place)
    }

    /// The scanner's state: which declaration, which key, how deep in brackets.
    private struct Scanner {
        var kind: DeclarationKind?
        var inBody = false
        var wordsBeforeBody = 0
        var keyword: String?
        var lastWord: String?
        var currentKey: String?
        var expectingValue = false
        var valueDone = false
        var depth = 0
        var parens = 0
        var listWords: [String] = []
        var presentKeys: [String] = []
        var skipNextKey = false

        var place: CompletionPlace {
            guard inBody else { return wordsBeforeBody == 0 ? .declarationKind : .none }
            guard let kind, parens == 0 else { return .none }
            if depth > 0 { return .listElement(kind, key: currentKey ?? "", written: listWords) }
            if expectingValue { return valueDone ? .none : .value(kind, key: currentKey ?? "") }
            return .key(kind, present: presentKeys)
        }

        /// The place, with the keys written after the cursor counted as present too.
        func finish(_ snapshot: CompletionPlace) -> CompletionPlace {
            if case .key(let kind, _) = snapshot { return .key(kind, present: presentKeys) }
            return snapshot
        }

        mutating func word(_ word: String) {
            if !inBody {
                if wordsBeforeBody == 0 { keyword = word }
                wordsBeforeBody += 1
            } else if depth > 0 {
                listWords.append(word)
            } else if expectingValue {
                if parens == 0 { valueDone = true }
            } else {
                lastWord = word
            }
        }

        mutating func value() {
            if !inBody { wordsBeforeBody += 1 } else if depth == 0, parens == 0, expectingValue { valueDone = true }
        }

        mutating func colon() {
            guard inBody, depth == 0, !expectingValue else { return }
            if skipNextKey {
                skipNextKey = false
            } else if let lastWord {
                presentKeys.append(lastWord)
            }
            currentKey = lastWord
            expectingValue = true
            valueDone = false
            listWords = []
        }

        mutating func openBrace() {
            guard !inBody else { return }
            inBody = true
            kind = keyword.flatMap(DeclarationKind.init(rawValue:))
        }

        /// A comma outside brackets ends the entry, as a line break does (`title: "A", options: […]`).
        mutating func comma() {
            guard inBody, depth == 0, parens == 0 else { return }
            expectingValue = false
            lastWord = nil
            skipNextKey = false
        }

        mutating func lineBreak() {
            guard inBody, depth == 0, parens == 0 else { return }
            if expectingValue, valueDone || currentKey == nil { expectingValue = false }
            if expectingValue, !valueDone { return }  // `key:` with the value on the next line
            lastWord = nil
            skipNextKey = false
        }
    }
}
