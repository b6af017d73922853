// The lexer's and parser's message catalogue (static factories, alphabetical).

extension Diagnostic {
    static func expected(_ expectation: String, found: String, at range: SourceRange, help: [String] = [])
        -> Diagnostic
    {
        Diagnostic(.expectedToken, "expected \(expectation), found \(found)", at: range, help: help)
    }

    static func invalidEscape(_ range: SourceRange, text: String) -> Diagnostic {
        Diagnostic(
            .invalidEscape, "invalid escape sequence '\(text)' in string", at: range,
            help: [#"the escapes are \", \\, \n, \t and \u{…}; write '\\' for a backslash"#]
        )
    }

    static func invalidNumber(_ range: SourceRange, text: String, reason: String) -> Diagnostic {
        var help: [String] = []
        if text.hasPrefix(".") || text.hasPrefix("-.") {
            help.append("write '\(text.hasPrefix("-") ? "-0" : "0")\(text.drop { $0 == "-" })'")
        }
        return Diagnostic(.invalidNumber, "invalid number '\(text)': \(reason)", at: range, help: help)
    }

    static func invalidScalarEscape(_ range: SourceRange, text: String) -> Diagnostic {
        Diagnostic(
            .invalidEscape, "escape '\(text)' is not a character a property list can hold", at: range,
            help: ["control characters other than tab and line feed, surrogates, U+FFFE and U+FFFF are not allowed"]
        )
    }

    static func leadingDot(_ range: SourceRange, name: String) -> Diagnostic {
        Diagnostic(
            .unexpectedCharacter, "unexpected '.' before a name", at: range,
            help: ["write names without the leading '.': \(name), not .\(name)"])
    }

    static func blockComment(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unexpectedCharacter, "block comments ('/* … */') are not supported", at: range,
            help: ["start each line of the comment with '//'"])
    }

    static func missingValue(for key: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .missingValue, "expected a value for '\(key)'", at: range,
            help: ["write the value on the same line as its key: \(key): …"]
        )
    }

    static func nameTooLong(_ range: SourceRange, length: Int, limits: Limits) -> Diagnostic {
        Diagnostic(
            .tokenTooLong, "name is too long (\(length) bytes; the limit is \(limits.maxIdentifierLength))", at: range)
    }

    static func nestingTooDeep(_ range: SourceRange, limits: Limits) -> Diagnostic {
        Diagnostic(.nestingTooDeep, "values are nested too deeply (the limit is \(limits.maxNestingDepth))", at: range)
    }

    static func stringTooLong(_ range: SourceRange, length: Int, limits: Limits) -> Diagnostic {
        Diagnostic(
            .tokenTooLong, "string is too long (\(length) bytes; the limit is \(limits.maxStringLength))", at: range)
    }

    static func tooManyDeclarations(_ range: SourceRange, limits: Limits) -> Diagnostic {
        Diagnostic(
            .tooManyDeclarations, "too many declarations (the limit is \(limits.maxDeclarations))", at: range,
            help: ["the rest of the input was not read"]
        )
    }

    /// - Parameter run: The whole run of unexpected characters, when it could be a name meant to be quoted.
    static func unexpectedCharacter(
        _ range: SourceRange, scalar: Unicode.Scalar, inString: Bool, run: String? = nil
    ) -> Diagnostic {
        let described = describe(scalar)
        var help: [String] = []
        switch scalar {
        case "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}", "\u{FF02}":
            help.append(#"use straight double quotes (") around strings"#)
        case "'", "\u{2018}", "\u{2019}":
            help.append(#"strings use double quotes ("…")"#)
        case "=":
            help.append("use ':' between a key and its value")
        case ";":
            help.append("separate entries with line breaks or ','")
        case "/", "#", "*":
            help.append("comments start with '//' and run to the end of the line")
        default:
            if inString {  // only characters no escape can write either are reported in a string
                help.append("a property list cannot hold this character; remove it")
            } else if Lexer.isLineSeparator(scalar) {
                help.append("replace it with a line break")
            } else if isInvisible(scalar) {
                help.append("replace it with a space")
            } else if scalar.value > 0x7F {
                help.append("names that are not plain ASCII words are written as strings: \(StringEscapes.literal(run ?? String(scalar)))")
            }
        }
        let place = inString ? " in string" : ""
        return Diagnostic(.unexpectedCharacter, "unexpected character \(described)\(place)", at: range, help: help)
    }

    static func unknownDeclarationKind(_ word: String, at range: SourceRange) -> Diagnostic {
        if swiftWords.contains(word) {
            // Registration code pasted into a manifest.
            return Diagnostic(
                .unknownDeclarationKind, "unknown declaration kind '\(word)'; this looks like Swift code", at: range,
                help: [
                    "a manifest declares categories and actions, such as 'action accept { title: \"Accept\" }'",
                    "'notifc import' reads registration code and writes the manifest it declares",
                ])
        }
        return Diagnostic(
            .unknownDeclarationKind, "unknown declaration kind '\(word)'", at: range,
            help: NameSuggester.suggestion(for: word, among: DeclarationKind.allCases.map(\.rawValue)).map {
                ["did you mean '\($0)'?"]
            } ?? ["declarations are \(DeclarationKind.allCases.map(\.rawValue).joined(separator: ", "))"]
        )
    }

    /// Words that start Swift statements and declarations, and never a manifest's.
    private static let swiftWords: Set<String> = [
        "let", "var", "import", "func", "class", "struct", "enum", "extension", "static", "private", "public",
        "UNUserNotificationCenter", "UNNotificationCategory", "UNNotificationAction", "UNTextInputNotificationAction",
    ]

    /// `E103` for a name written without quotes that needs them: one with `.` or `-`, or with letters outside ASCII.
    static func unquotedName(_ range: SourceRange, text: String, hasNonASCII: Bool) -> Diagnostic {
        Diagnostic(
            .unexpectedCharacter,
            hasNonASCII ? "names with letters outside ASCII must be quoted" : "names containing '.' or '-' must be quoted",
            at: range, help: ["write it as a string: \(StringEscapes.literal(text))"]
        )
    }

    static func stringAcrossLines(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unterminatedString, "string literal runs onto the next line", at: range,
            help: ["strings end on the line they start; write \\n for a line break"])
    }

    static func unterminatedString(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unterminatedString, "unterminated string literal", at: range, label: "missing closing '\"'",
            help: ["strings end on the line they start; write \\n for a line break"]
        )
    }

    // MARK: - Character names

    /// `'x'` for visible characters, `U+00A0 (no-break space)` for invisible ones.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + hex4(scalar.value)
        if let name = invisibleNames[scalar.value] { return "\(code) (\(name))" }
        if isInvisible(scalar) { return code }
        return "'\(Character(scalar))'"
    }

    private static let invisibleNames: [UInt32: String] = [
        0x09: "tab", 0x0D: "carriage return", 0x7F: "delete", 0xA0: "no-break space",
        0x200B: "zero-width space", 0x200C: "zero-width non-joiner", 0x200D: "zero-width joiner",
        0x2028: "line separator", 0x2029: "paragraph separator", 0x202F: "narrow no-break space",
        0x3000: "ideographic space", 0xFEFF: "byte order mark",
    ]

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x21, 0x7F...0xA0, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
