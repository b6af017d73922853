// Where the cursor is in a manifest being typed: the tree of a half-written file is too ragged to tell, so the
// text is scanned from the start, as the lexer would see it.
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
        var scanner = Scanner()
        var index = 0
        var snapshot: CompletionPlace?
        while index < bytes.count {
            let byte = bytes[index]
            if snapshot == nil, index >= offset { snapshot = scanner.place }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                if snapshot == nil, offset <= end { return .none }
                index = end
                continue
            }
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                if snapshot == nil, offset <= end { return .none }
                scanner.value()
                index = min(bytes.count, end + 1)
                continue
            }
            if NameCharacters.isContinue(byte) || byte >= 0x80 || byte == UInt8(ascii: "-") {
                var end = index + 1
                while end < bytes.count, NameCharacters.isContinue(bytes[end]) || bytes[end] >= 0x80
                    || bytes[end] == UInt8(ascii: ".")
                {
                    end += 1
                }
                let word = String(decoding: bytes[index..<end], as: UTF8.self)
                if snapshot == nil, offset <= end {
                    // The word being typed: the place is where it starts; it is not one of the present keys.
                    snapshot = scanner.place
                    scanner.skipNextKey = true
                } else {
                    scanner.word(word)
                }
                index = end
                continue
            }
            switch byte {
            case UInt8(ascii: ":"): scanner.colon()
            case UInt8(ascii: "["): scanner.depth += 1
            case UInt8(ascii: "]"):
                scanner.depth = max(0, scanner.depth - 1)
                if scanner.depth == 0 { scanner.valueDone = true }
            case UInt8(ascii: "("): scanner.parens += 1
            case UInt8(ascii: ")"):
                scanner.parens = max(0, scanner.parens - 1)
                if scanner.parens == 0, scanner.depth == 0 { scanner.valueDone = true }
            case UInt8(ascii: "{"): scanner.openBrace()
            case UInt8(ascii: "}"):
                if let snapshot { return scanner.finish(snapshot) }
                scanner = Scanner()
            case UInt8(ascii: "\n"): scanner.lineBreak()
            default: break
            }
            index += 1
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

        mutating func lineBreak() {
            guard inBody, depth == 0, parens == 0 else { return }
            if expectingValue, valueDone || currentKey == nil { expectingValue = false }
            if expectingValue, !valueDone { return }  // `key:` with the value on the next line
            lastWord = nil
            skipNextKey = false
        }
    }
}

/// The bytes of a name written without quotes, as the lexer reads them: `[A-Za-z_][A-Za-z0-9_]*`.
enum NameCharacters {
    static func isStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    }

    static func isContinue(_ byte: UInt8) -> Bool {
        isStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
