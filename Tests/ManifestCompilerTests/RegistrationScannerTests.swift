// The registration scanner on hand-written tricky syntax (goldens) and on small cases.
import Foundation
import ManifestCompiler
import Testing

/// A readable dump of what the scanner found, for goldens.
enum RegistrationDump {
    static func dump(_ found: CodeRegistrations, files: SourceFileSet) -> String {
        var lines: [String] = []
        func at(_ range: SourceRange) -> String {
            let file = files[range.file]
            return "\(file.path):\(LineTable(file).position(of: range.start))"
        }
        for registered in found.categories {
            let c = registered.category
            var line = "category '\(c.identifier)' at \(at(registered.range)) options \(c.options.map(\.rawValue))"
            if !c.intentIdentifiers.isEmpty { line += " intents \(c.intentIdentifiers)" }
            if let p = c.hiddenPreviewsBodyPlaceholder { line += " placeholder '\(p)'" }
            if let s = c.categorySummaryFormat { line += " summary '\(s)'" }
            lines.append(line)
            for registeredAction in registered.actions { lines.append("  " + describe(registeredAction, at: at)) }
        }
        for action in found.unusedActions { lines.append("unused " + describe(action, at: at)) }
        for item in found.unresolved {
            lines.append("unresolved \(item.what) at \(at(item.range))\(item.isCategoryIdentifier ? " (category)" : "")")
        }
        for call in found.registrationCalls { lines.append("setNotificationCategories at \(at(call))") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ registered: RegisteredAction, at: (SourceRange) -> String) -> String {
        let a = registered.action
        var line = "action '\(a.identifier)' title '\(a.title)' options \(a.options.map(\.rawValue))"
        if let input = a.textInput { line += " textInput('\(input.buttonTitle)', '\(input.placeholder)')" }
        if let icon = a.icon { line += " icon \(icon)" }
        if !registered.titleIsKnown { line += " (title unknown)" }
        return line + " at \(at(registered.range))"
    }

    static func scan(directory: URL) -> (CodeRegistrations, SourceFileSet) {
        var set = SourceFileSet()
        for ext in ["swift", "m"] {
            for url in TestPaths.files(in: directory, withExtension: ext) {
                set.add(path: url.lastPathComponent, bytes: Array((try? Data(contentsOf: url)) ?? Data()))
            }
        }
        return (RegistrationScanner.scan(set.files), set)
    }
}

@Suite struct RegistrationScannerTests {
    @Test(arguments: ["swift-syntax", "objc-sends", "cross-file"])
    func golden(_ name: String) {
        let directory = TestPaths.fixtures.appendingPathComponent("registration/\(name)")
        let (found, files) = RegistrationDump.scan(directory: directory)
        Golden.assertMatches(RegistrationDump.dump(found, files: files), "registration/\(name).txt")
    }

    private func scan(_ text: String, path: String = "A.swift") -> CodeRegistrations {
        var set = SourceFileSet()
        set.add(path: path, bytes: Array(text.utf8))
        return RegistrationScanner.scan(set.files)
    }

    @Test func unterminatedInputNeverTraps() {
        for text in ["UNNotificationCategory(identifier: \"a", "UNNotificationCategory(identifier: #\"a\"", "/* /* */",
                     "UNNotificationCategory(", "[UNNotificationCategory categoryWithIdentifier:", "\"\"\"\nabc", "#define X \\"]
        {
            _ = scan(text)
            _ = scan(text, path: "A.m")
        }
    }

    @Test func objectiveCCommentsDoNotNest() {
        let found = scan("/* /* */ [UNNotificationCategory categoryWithIdentifier:@\"x\" actions:@[] intentIdentifiers:@[] options:0];", path: "A.m")
        #expect(found.categoryIdentifiers == ["x"])
    }

    @Test func circularConstantsAreUnresolved() {
        let found = scan("let a = b\nlet b = a\nlet c = UNNotificationCategory(identifier: a, actions: [], intentIdentifiers: [], options: [])")
        #expect(found.categories.isEmpty)
        #expect(found.hasUnresolvedCategories)
    }

    @Test func rawStringEscapes() {
        let found = scan(##"let c = UNNotificationCategory(identifier: #"a\nb\#tc"#, actions: [], intentIdentifiers: [], options: [])"##)
        #expect(found.categoryIdentifiers == ["a\\nb\tc"])
    }

    /// Each localization spelling as (key, default value) of the action title, Swift and Objective-C.
    @Test(arguments: [
        (#"String(localized: "Reply")"#, "A.swift", "Reply", "Reply"),
        (#"NSLocalizedString("Reply", comment: "button")"#, "A.swift", "Reply", "Reply"),
        (#"NSLocalizedString("reply.key", value: "Reply", comment: "button")"#, "A.swift", "reply.key", "Reply"),
        (#"NSLocalizedString("k", tableName: "T", bundle: .main, value: "Reply", comment: "c")"#, "A.swift", "k", "Reply"),
        (#"NSLocalizedString("k", value: "", comment: "c")"#, "A.swift", "k", "k"),
        (#"String(localized: "k", defaultValue: "Reply")"#, "A.swift", "k", "Reply"),
        (#"String(localized: "k", defaultValue: "Reply", table: "T", comment: "c")"#, "A.swift", "k", "Reply"),
        (#"NSLocalizedString(@"k", @"comment")"#, "A.m", "k", "k"),
        (#"NSLocalizedStringWithDefaultValue(@"k", @"T", [NSBundle mainBundle], @"Reply", @"comment")"#, "A.m", "k", "Reply"),
        (#"NSLocalizedStringFromTable(@"k", @"T", @"comment")"#, "A.m", "k", "k"),
    ])
    func localizedTitlesKeepKeyAndDefaultValue(_ title: String, _ path: String, _ key: String, _ value: String) {
        let text = path == "A.swift"
            ? "let a = UNNotificationAction(identifier: \"reply\", title: \(title), options: [])\nlet c = UNNotificationCategory(identifier: \"c\", actions: [a], intentIdentifiers: [], options: [])"
            : "UNNotificationAction *a = [UNNotificationAction actionWithIdentifier:@\"reply\" title:\(title) options:0];\nUNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"c\" actions:@[a] intentIdentifiers:@[] options:0];"
        let found = scan(text, path: path)
        let action = found.categories.first?.actions.first
        #expect(action?.action.title == value)
        #expect(action?.titleKey == key)
        #expect(found.unresolved.isEmpty)
    }

    @Test func literalTitleHasNoKeyAndDefaultValueFollowsConstants() {
        let found = scan("""
            let replyText = "Reply"
            let a = UNNotificationAction(identifier: "reply", title: NSLocalizedString("reply.key", value: replyText, comment: ""), options: [])
            let b = UNNotificationAction(identifier: "open", title: "Open", options: [])
            let c = UNNotificationCategory(identifier: "c", actions: [a, b], intentIdentifiers: [], options: [])
            """)
        let actions = found.categories.first?.actions ?? []
        #expect(actions.map(\.action.title) == ["Reply", "Open"])
        #expect(actions.map(\.titleKey) == ["reply.key", nil])
    }

    /// What docs/existing-projects.md lists as not read: notes, never guesses (the readable spellings beside them resolve).
    @Test func typealiasEnumsAndMacrosWithArgumentsAreNotes() {
        var set = SourceFileSet()
        set.add(path: "A.swift", bytes: Array("""
            typealias Identifier = String
            enum Kind: Identifier { case reply; case other = "o" }
            let a = UNNotificationCategory(identifier: Kind.reply.rawValue, actions: [], intentIdentifiers: [], options: [])
            let b = UNNotificationCategory(identifier: Kind.other.rawValue, actions: [], intentIdentifiers: [], options: [])
            """.utf8))
        set.add(path: "B.m", bytes: Array("""
            #define CAT(name) @"cat." name
            #define PLAIN @"plain"
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:CAT("x") actions:@[] intentIdentifiers:@[] options:0];
            UNNotificationCategory *d = [UNNotificationCategory categoryWithIdentifier:PLAIN actions:@[] intentIdentifiers:@[] options:0];
            """.utf8))
        let found = RegistrationScanner.scan(set.files)
        #expect(found.categoryIdentifiers == ["o", "plain"])
        #expect(found.unresolved.map(\.what) == ["category identifier 'Kind.reply.rawValue'", "category identifier 'CAT(\"x\")'"])
    }

    @Test func suppressionCommentsAreCollected() {
        var set = SourceFileSet()
        let id = set.add(path: "A.swift", bytes: Array("// notifc:ignore E421 W303\nlet x = 1 /* notifc:ignore */".utf8))
        let found = RegistrationScanner.scan(set.files)
        #expect(found.suppressions[id]?.map(\.codes) == [["E421", "W303"], []])
    }
}
