// Swift names and literals: case-name folding, keyword escaping, string and comment escaping, the code writer.
@testable import ManifestCompiler
import Testing

struct SwiftIdentifierTests {
    @Test(arguments: [
        ("invitation", "invitation"),
        ("invitationReminder", "invitationReminder"),
        ("Invitation", "invitation"),
        ("com.example.invite", "comExampleInvite"),
        ("CF_ACTION-open", "cfActionOpen"),
        ("MESSAGE_REPLY", "messageReply"),
        ("URLPreview", "urlPreview"),
        ("URL", "url"),
        ("userID", "userID"),
        ("URL2Go", "url2Go"),
        ("reply-2", "reply2"),
        ("setup-2FA", "setup2fa"),
        ("2fa", "_2fa"),
        ("2fa.code", "_2faCode"),
        ("snake_case_name", "snakeCaseName"),
        ("  spaced  out ", "spacedOut"),
        ("$money", "money"),
        ("café", "café"),
        ("Été", "Été"),
        ("позвонить-всем", "позвонитьвсем"),
        ("通知", "通知"),
        ("🔥deal", "🔥deal"),
        ("e\u{301}clair", "e\u{301}clair"),
        ("\u{301}x", "_\u{301}x"),
        ("zero\u{200B}width", "zeroWidth"),
        ("bi\u{202E}di", "biDi"),
        ("heart\u{FE0F}", "heart"),
        ("allCases", "allCases_"),
        ("all-cases", "allCases_"),
        ("rawValue", "rawValue"),
        ("default", "default"),
    ])
    func caseNames(_ identifier: String, _ expected: String) {
        let name = SwiftIdentifier.caseName(for: identifier)
        #expect(name.map { Array($0.unicodeScalars) } == Array(expected.unicodeScalars), "\(identifier) → \(name ?? "nil")")
    }

    @Test(arguments: ["", "-", "…", "   ", "__", "$", "\u{200B}", "→", "\u{202E}"])
    func identifiersWithoutLettersOrDigitsHaveNoName(_ identifier: String) {
        #expect(SwiftIdentifier.caseName(for: identifier) == nil)
    }

    @Test func keywordsAreEscapedAndOtherNamesAreNot() {
        for word in SwiftIdentifier.reservedWords { #expect(SwiftIdentifier.escaped(word) == "`\(word)`") }
        for word in ["open", "some", "none", "get", "set", "async", "await", "actor", "any", "type", "invitation"] {
            #expect(SwiftIdentifier.escaped(word) == word)
        }
    }

    @Test func plainIdentifiers() {
        for text in ["a", "_a", "NotificationManifest", "x2"] { #expect(SwiftIdentifier.isPlainIdentifier(text)) }
        for text in ["", "_", "2x", "a.b", "a-b", "café", "class", "self"] { #expect(!SwiftIdentifier.isPlainIdentifier(text)) }
    }

    @Test func typeNames() {
        #expect(SwiftOutputSettings.typeNameProblem("NotificationManifest") == nil)
        #expect(SwiftOutputSettings.typeNameProblem("AppNotifications") == nil)
        for name in ["", "2Fast", "My.Type", "class", "Type", "Self", "naïve"] {
            #expect(SwiftOutputSettings.typeNameProblem(name) == "expected a Swift type name such as 'NotificationManifest'")
        }
        for name in ["String", "Set", "Category", "Action", "UNNotificationCategory", "UserNotifications"] {
            #expect(SwiftOutputSettings.typeNameProblem(name) == "'\(name)' would hide a type the generated code uses")
        }
    }

    @Test func stringLiteralsEscapeWhatSwiftNeedsAndWhatWouldHideText() {
        #expect(SwiftLiteral.string("Reply") == "\"Reply\"")
        #expect(SwiftLiteral.string("Top up 500 ₽") == "\"Top up 500 ₽\"")
        #expect(SwiftLiteral.string("say \"hi\"") == #""say \"hi\"""#)
        #expect(SwiftLiteral.string(#"a\b \(x)"#) == #""a\\b \\(x)""#)
        #expect(SwiftLiteral.string("1\n2\r3\t4") == #""1\n2\r3\t4""#)
        #expect(SwiftLiteral.string("\u{7}\u{7F}\u{85}") == #""\u{7}\u{7F}\u{85}""#)
        #expect(SwiftLiteral.string("a\u{202E}b\u{2066}c\u{2028}d") == #""a\u{202E}b\u{2066}c\u{2028}d""#)
        #expect(SwiftLiteral.string("👨‍👩‍👧 é") == "\"👨‍👩‍👧 é\"")
    }

    @Test func commentTextCannotEndTheLine() {
        #expect(SwiftLiteral.commentText("dir/app.notif") == "dir/app.notif")
        #expect(SwiftLiteral.commentText("a\nb\r\u{2029}c") == #"a\nb\r\u{2029}c"#)
        #expect(SwiftLiteral.identifier("accept") == "accept")
        #expect(SwiftLiteral.identifier("class") == "class")
        #expect(SwiftLiteral.identifier("com.example.invite") == "\"com.example.invite\"")
    }

    @Test func codeWriterIndentsBlocksAndCalls() {
        var writer = CodeWriter()
        writer.documentation(["Summary", "", "Details"])
        writer.block("enum ", "E") { writer in
            writer.call("return f") { writer in
                writer.argument("a: ", 1)
                writer.argument("b: [", CommaSeparated(["x", "y"]), "]")
                writer.argument("c: ", Optional<String>.none, ", ", Optional("d"))
            }
            writer.line()
            writer.call("g") { _ in }
            writer.documentationLine("- ", CommaSeparated(Array(repeating: "n", count: 12), limit: 10))
        }
        #expect(
            String(decoding: writer.finish(), as: UTF8.self) == """
                /// Summary
                ///
                /// Details
                enum E {
                    return f(
                        a: 1,
                        b: [x, y],
                        c: nil, d
                    )

                    g()
                    /// - n, n, n, n, n, n, n, n, n, n and 2 more
                }

                """)
    }

    /// The literal writer escapes on bytes; this reference escapes one scalar at a time with the documented
    /// rules, for random text that mixes plain ASCII, quotes, controls, C1 controls, bidirectional and
    /// separator characters, and multi-byte letters and emoji.
    @Test func literalEscapingAgreesWithAScalarReference() {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "~", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}",
            "\u{9F}", "\u{A0}", "é", "\u{61C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2027}", "\u{2028}", "\u{202E}",
            "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "₽", "通", "\u{FEFF}", "👨", "\u{1F600}",
        ]
        func needsEscape(_ value: UInt32) -> Bool {
            value < 0x20 || (0x7F...0x9F).contains(value) || [0x61C, 0x200E, 0x200F].contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
        func reference(_ text: String, quoted: Bool) -> String {
            var result = quoted ? "\"" : ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"" where quoted, "\\" where quoted: result += "\\" + String(scalar)
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                default:
                    result += needsEscape(scalar.value)
                        ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar)
                }
            }
            return result + (quoted ? "\"" : "")
        }
        var random = SeededGenerator(seed: 0x11_7E_2A1)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.unicodeScalars.append(pool.randomElement(using: &random) ?? "a")
            }
            #expect(SwiftLiteral.string(text) == reference(text, quoted: true), "\(text.unicodeScalars.map(\.value))")
            #expect(SwiftLiteral.commentText(text) == reference(text, quoted: false))
        }
    }

    @Test func caseNamesAreUniqueAndEscapedOnce() {
        let names = SwiftCaseNames(["a-b", "a_b", "a-b", "!!", "class", "allCases"])
        #expect(names.escaped == ["aB", "aB_2", "aB", "unnamed", "`class`", "allCases_"])
        #expect(names.escaped("a_b") == "aB_2")
        #expect(names.escaped("a-b") == "aB")
        #expect(names.escaped("undeclared") == "unnamed")
    }
}
