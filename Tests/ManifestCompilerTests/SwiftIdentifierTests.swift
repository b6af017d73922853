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

    @Test func asciiFastPathAgreesWithTheScalarRules() {
        // Random ASCII identifiers weighted towards the characters the rules treat specially.
        let alphabet = Array("aAbBzZxXuURL019_-.$ \t/@".utf8) + Array(0..<128).map(UInt8.init)
        var random = SeededGenerator(seed: 0x5EED_CA5E)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &random)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 0 }
            let identifier = String(decoding: bytes, as: UTF8.self)
            let fast = SwiftIdentifier.asciiCaseName(for: identifier)
            let reference = SwiftIdentifier.caseNameByScalars(for: identifier)
            #expect(fast == reference, "\(Array(identifier.utf8))")
            if fast != reference { return }
        }
        for identifier in ["allCases", "all_cases", "ACTION_v2", "V2", "URLs", "aURL", "A", "_9"] {
            #expect(SwiftIdentifier.asciiCaseName(for: identifier) == SwiftIdentifier.caseNameByScalars(for: identifier))
        }
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
        writer.block("enum E") { writer in
            writer.call("return f", ["a: 1", "b: 2"])
            writer.line()
            writer.call("g", [])
        }
        #expect(
            writer.text == """
                /// Summary
                ///
                /// Details
                enum E {
                    return f(
                        a: 1,
                        b: 2
                    )

                    g()
                }

                """)
    }
}
