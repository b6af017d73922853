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
    @Test(arguments: ["swift-syntax", "objc-sends", "cross-file", "built-by-code"])
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

    /// The `comment:` of a localized string becomes the translator comment of the model's string; an empty
    /// one is none.
    @Test(arguments: [
        (#"NSLocalizedString("k", comment: "Reply button")"#, "A.swift", "Reply button"),
        (#"String(localized: "k", defaultValue: "Reply", comment: "Reply button")"#, "A.swift", "Reply button"),
        (#"NSLocalizedString("k", comment: "")"#, "A.swift", nil),
        (#"NSLocalizedString(@"k", @"Reply button")"#, "A.m", "Reply button"),
        (#"NSLocalizedStringFromTable(@"k", @"T", @"Reply button")"#, "A.m", "Reply button"),
        (#"NSLocalizedStringWithDefaultValue(@"k", @"T", [NSBundle mainBundle], @"Reply", @"Reply button")"#, "A.m", "Reply button"),
        (#"NSLocalizedString(@"k", nil)"#, "A.m", nil),
    ] as [(String, String, String?)])
    func localizedTitlesKeepTheirComment(_ title: String, _ path: String, _ comment: String?) {
        let text = path == "A.swift"
            ? "let a = UNNotificationAction(identifier: \"reply\", title: \(title), options: [])\nlet c = UNNotificationCategory(identifier: \"c\", actions: [a], intentIdentifiers: [], options: [])"
            : "UNNotificationAction *a = [UNNotificationAction actionWithIdentifier:@\"reply\" title:\(title) options:0];\nUNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"c\" actions:@[a] intentIdentifiers:@[] options:0];"
        let action = scan(text, path: path).categories.first?.actions.first
        #expect(action?.action.comments[.title] == comment)
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

    /// An app's own method named `setNotificationCategories` (declared, or called without an argument) is
    /// not the center's.
    @Test func ownMethodNamedSetNotificationCategoriesIsNotARegistration() {
        let found = scan("""
            func setNotificationCategories() {
                center.setNotificationCategories([UNNotificationCategory(identifier: "c", actions: [], intentIdentifiers: [], options: [])])
            }
            func setUp() { self.setNotificationCategories() }
            """)
        #expect(found.registrationCalls.map(\.start) == [46])
        #expect(found.categoryIdentifiers == ["c"])
    }

    @Test func suppressionCommentsAreCollected() {
        var set = SourceFileSet()
        let id = set.add(path: "A.swift", bytes: Array("// notifc:ignore E421 W303\nlet x = 1 /* notifc:ignore */".utf8))
        let found = RegistrationScanner.scan(set.files)
        #expect(found.suppressions[id]?.map(\.codes) == [["E421", "W303"], []])
    }
}

/// The scanner's interpreter: categories and actions built by code it runs, and what it leaves as notes.
@Suite struct RegistrationInterpreterTests {
    private func scan(_ text: String, path: String = "A.swift") -> CodeRegistrations {
        var set = SourceFileSet()
        set.add(path: path, bytes: Array(text.utf8))
        return RegistrationScanner.scan(set.files)
    }

    private func describe(_ found: CodeRegistrations) -> [String] {
        found.categories.map { registered in
            let actions = registered.actions.map { "\($0.action.identifier):\($0.action.title)" }
            return "\(registered.category.identifier)[\(actions.joined(separator: ","))]"
        }
    }

    @Test func allCasesMapWithImplicitAndExplicitRawValues() {
        let found = scan("""
            enum Kind: String, CaseIterable { case reply, later = "snooze"; case open }
            let actions = Kind.allCases.map { UNNotificationAction(identifier: $0.rawValue, title: $0.rawValue, options: []) }
            let c = UNNotificationCategory(identifier: "c", actions: actions, intentIdentifiers: [], options: [])
            """)
        #expect(describe(found) == ["c[reply:reply,snooze:snooze,open:open]"])
        #expect(found.unresolved.isEmpty, "\(found.unresolved.map(\.what))")
        #expect(found.unusedActions.isEmpty)
    }

    @Test func selfAllCasesCompactMapWithTernaryAndComputedTitles() {
        let found = scan("""
            enum Identifiers: String, CaseIterable {
                case message
                case reply
                enum Action: String, CaseIterable {
                    case copy = "copy.action"
                    case mute
                    var title: String {
                        switch self {
                        case .copy: String(localized: "Copy")
                        case .mute: return "Mute"
                        }
                    }
                }
                static func register() {
                    let actions = Action.allCases.compactMap { item in
                        UNNotificationAction(identifier: item.rawValue, title: item.title, options: [.foreground])
                    }
                    let replyActions = [UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "")]
                    let categories = Self.allCases.compactMap { item in
                        UNNotificationCategory(identifier: item.rawValue, actions: item == .reply ? replyActions : actions, intentIdentifiers: [], options: [])
                    }
                    UNUserNotificationCenter.current().setNotificationCategories(Set(categories))
                }
            }
            """)
        #expect(describe(found) == ["message[copy.action:Copy,mute:Mute]", "reply[reply:Reply]"])
        #expect(found.unresolved.isEmpty, "\(found.unresolved.map(\.what))")
        #expect(found.categories.first?.actions.map(\.action.options) == [[.foreground], [.foreground]])
    }

    /// `allCases.map(\.category)`: a key path reads the member of each case.
    @Test func keyPathsReadMembers() {
        let found = scan("""
            enum Kind: String, CaseIterable {
                case message, reminder = "remind"
                var actions: [UNNotificationAction] {
                    switch self {
                    case .message: return [UNNotificationAction(identifier: "like", title: "Like", options: [])]
                    case .reminder: return []
                    }
                }
                var category: UNNotificationCategory {
                    UNNotificationCategory(identifier: rawValue, actions: actions, intentIdentifiers: [], options: [])
                }
            }
            center.setNotificationCategories(Set(Kind.allCases.map(\\.category)))
            """)
        #expect(describe(found) == ["message[like:Like]", "remind[]"])
        #expect(found.unresolved.isEmpty, "\(found.unresolved.map(\.what))")
    }

    /// `filter` keeps the elements a decidable condition holds for; `flatMap` joins the lists it gets.
    @Test func filterAndFlatMap() {
        let found = scan("""
            enum Kind: String, CaseIterable {
                case a, b, c
                var actions: [UNNotificationAction] {
                    switch self {
                    case .a: [UNNotificationAction(identifier: "a1", title: "A1", options: []), UNNotificationAction(identifier: "a2", title: "A2", options: [])]
                    default: [UNNotificationAction(identifier: rawValue + "1", title: "X", options: [])]
                    }
                }
            }
            let all = Kind.allCases.filter { $0 != .b }.flatMap { $0.actions }
            let c = UNNotificationCategory(identifier: "all", actions: all, intentIdentifiers: [], options: [])
            let unknown = Kind.allCases.filter { $0.isEnabled }.map { UNNotificationCategory(identifier: $0.rawValue, actions: [], intentIdentifiers: [], options: []) }
            center.setNotificationCategories(Set(unknown + [c]))
            """)
        #expect(describe(found) == ["all[a1:A1,a2:A2,c1:X]"])
        // `Kind.b.actions` never ran (filtered out), so the `default:` initializer keeps its own note.
        #expect(found.unresolved.map(\.what) == ["category identifier '$0.rawValue'", "action identifier 'rawValue + \"1\"'"])
    }

    @Test func compactMapSkipsWhatReturnsNil() {
        let found = scan("""
            enum Kind: String, CaseIterable { case a, b, c, d }
            let categories = Kind.allCases.compactMap { kind -> UNNotificationCategory? in
                guard kind != .b && true else { return nil }
                if kind == .c || false { return nil } else if kind == .d { return UNNotificationCategory(identifier: "dee", actions: [], intentIdentifiers: [], options: []) }
                return UNNotificationCategory(identifier: kind.rawValue, actions: [], intentIdentifiers: [], options: [])
            }
            center.setNotificationCategories(Set(categories))
            """)
        #expect(found.categoryIdentifiers == ["dee", "a"])
        #expect(found.unresolved.isEmpty, "\(found.unresolved.map(\.what))")
    }

    @Test func computedPropertiesWithSeveralCasesPerClauseAndSelfMembers() {
        let found = scan("""
            enum Button: String {
                case yes, no, maybe
                static var allCases: [Button] { [.yes, .maybe] }
                var label: String {
                    switch self {
                    case .yes, .maybe: return "Sure"
                    default: return "Nope"
                    }
                }
                var action: UNNotificationAction { UNNotificationAction(identifier: rawValue, title: self.label + "!", options: []) }
            }
            let c = UNNotificationCategory(identifier: "c", actions: Button.allCases.map { $0.action }, intentIdentifiers: [], options: [])
            """)
        #expect(describe(found) == ["c[yes:Sure!,maybe:Sure!]"])
        // `Button.no.action` never ran, and might at run time: the initializer's own note stays.
        #expect(found.unresolved.map(\.what) == ["action identifier 'rawValue'"])
    }

    @Test func functionsReturningActionsAndWrappersWithLabelsAndDefaults() {
        let found = scan("""
            enum Kind { case invite, reminder, other }
            struct Registrar {
                static func actions() -> [UNNotificationAction] {
                    return [UNNotificationAction(identifier: "accept", title: "Accept", options: [.foreground])]
                }
                static func make(_ id: String, actions: [UNNotificationAction] = [], options: UNNotificationCategoryOptions = [.customDismissAction]) -> UNNotificationCategory {
                    UNNotificationCategory(identifier: id, actions: actions, intentIdentifiers: [], options: options)
                }
                static func category(for kind: Kind) -> UNNotificationCategory {
                    switch kind {
                    case .invite: return make("invite", actions: actions())
                    case .reminder: return make("reminder", options: [])
                    case .other: return make("other")
                    }
                }
                static func register() {
                    UNUserNotificationCenter.current().setNotificationCategories(Set([Kind.invite, .reminder, .other].map(category(for:))))
                }
            }
            """)
        #expect(describe(found) == ["invite[accept:Accept]", "reminder[]", "other[]"])
        #expect(found.categories.map(\.category.options) == [[.customDismissAction], [], [.customDismissAction]])
        #expect(found.unresolved.isEmpty, "\(found.unresolved.map(\.what))")
    }

    /// A wrapper the interpreter ran with known arguments keeps its note when code it does not run (or
    /// runs with unknown values) calls it too: that call may register other categories.
    @Test(arguments: [
        "func handler(_ kind: String) -> UNNotificationCategory { make(kind) }",
        "let more = server.kinds.map { make($0) }\ncenter.setNotificationCategories(Set(more))",
        "enum Kind: String { case a, b\n var category: UNNotificationCategory { make(rawValue) } }\nlet more = [Kind.a.category]",
    ])
    func wrapperAlsoCalledByCodeNotRunKeepsItsNote(_ other: String) {
        let found = scan("""
            func make(_ id: String) -> UNNotificationCategory {
                UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [], options: [])
            }
            center.setNotificationCategories([make("a")])
            \(other)
            """)
        #expect(found.categoryIdentifiers == ["a"])
        #expect(found.unresolved.map(\.what) == ["category identifier 'id'"])
        #expect(found.hasUnresolvedCategories)
    }

    @Test func aSwitchOverAnUnknownValueIsANote() {
        let found = scan("""
            func category(for type: String) -> UNNotificationCategory {
                switch type {
                case "a": return UNNotificationCategory(identifier: "a", actions: [], intentIdentifiers: [], options: [])
                default: return UNNotificationCategory(identifier: type, actions: [], intentIdentifiers: [], options: [])
                }
            }
            let categories = server.types.map(category(for:))
            center.setNotificationCategories(Set(categories))
            """)
        #expect(found.categoryIdentifiers == ["a"])
        #expect(found.unresolved.map(\.what) == ["category identifier 'type'"])
        #expect(found.hasUnresolvedCategories)
    }

    /// `Type.init(…)` is the initializer written out: read like `Type(…)`.
    @Test func initializersWrittenOutAreRead() {
        let found = scan("""
            let a = UNNotificationAction.init(identifier: "DONE", title: "Done", options: [.foreground])
            let c = UNNotificationCategory.init(identifier: "B1", actions: [a], intentIdentifiers: [], options: [])
            center.setNotificationCategories([c])
            """)
        #expect(found.categoryIdentifiers == ["B1"])
        #expect(found.categories.first?.actions.map(\.action.identifier) == ["DONE"])
        #expect(found.unresolved.isEmpty)
    }

    /// Code behind an availability check is read for the newest systems: the `#available` branch of a `let` set in
    /// both branches (whichever comes first), of a function that returns early, and the code after `guard
    /// #available`; `#unavailable` bodies and `else` branches are not read, so their actions are not unused.
    @Test(arguments: [
        (
            "if #available(iOS 15.0, *) {\n    reply = NEW\n} else {\n    reply = OLD\n}",
            "let reply: UNNotificationAction\n", "let c = UNNotificationCategory(identifier: \"msg\", actions: [reply], intentIdentifiers: [], options: [])\ncenter.setNotificationCategories([c])"
        ),
        (
            "if #unavailable(iOS 15.0) {\n    reply = OLD\n} else {\n    reply = NEW\n}",
            "let reply: UNNotificationAction\n", "let c = UNNotificationCategory(identifier: \"msg\", actions: [reply], intentIdentifiers: [], options: [])\ncenter.setNotificationCategories([c])"
        ),
        (
            "if #available(iOS 16.0, *) {\n    reply = NEW\n} else if #available(iOS 15.0, *) {\n    reply = OLD\n} else {\n    reply = OLD\n}",
            "let reply: UNNotificationAction\n", "let c = UNNotificationCategory(identifier: \"msg\", actions: [reply], intentIdentifiers: [], options: [])\ncenter.setNotificationCategories([c])"
        ),
        (
            "func make() -> UNNotificationAction {\n    if #available(iOS 15.0, *) {\n        return NEW\n    }\n    return OLD\n}",
            "", "center.setNotificationCategories([UNNotificationCategory(identifier: \"msg\", actions: [make()], intentIdentifiers: [], options: [])])"
        ),
        (
            "func register() {\n    guard #available(iOS 15.0, *) else {\n        center.setNotificationCategories([UNNotificationCategory(identifier: \"msg\", actions: [OLD], intentIdentifiers: [], options: [])])\n        return\n    }\n    center.setNotificationCategories([UNNotificationCategory(identifier: \"msg\", actions: [NEW], intentIdentifiers: [], options: [])])\n}",
            "", ""
        ),
    ])
    func theNewestBranchOfAnAvailabilityCheckIsRead(branches: String, before: String, after: String) {
        let new = "UNNotificationAction(identifier: \"reply\", title: \"Reply\", options: [], icon: UNNotificationActionIcon(systemImageName: \"arrowshape.turn.up.left\"))"
        let old = "UNNotificationAction(identifier: \"reply\", title: \"Reply (old)\", options: [])"
        let code = before + branches.replacingOccurrences(of: "NEW", with: new).replacingOccurrences(of: "OLD", with: old) + "\n" + after + "\n"
        let found = scan(code)
        #expect(found.categories.map(\.category.identifier) == ["msg"], "\(code)")
        #expect(found.categories.first?.actions.map { $0.action.title } == ["Reply"])
        #expect(found.categories.first?.actions.first?.action.icon == .systemImage("arrowshape.turn.up.left"))
        #expect(found.unusedActions.isEmpty)
        #expect(found.unresolved.isEmpty, "\(found.unresolved)")
    }

    /// A returning `#available` branch in one case of a `switch` (as notifc's Swift writes `makeAction(_:)`): the rest of
    /// that case is its fallback, not read; the next case is read.
    @Test func aReturningAvailabilityBranchInASwitchCaseEndsThatCase() {
        let new = "UNNotificationAction(identifier: \"reply\", title: \"Reply\", options: [], icon: UNNotificationActionIcon(systemImageName: \"bell\"))"
        let old = "UNNotificationAction(identifier: \"reply\", title: \"Reply (old)\", options: [])"
        let found = scan("""
            enum Kind: String, CaseIterable { case reply, open }
            func make(_ kind: Kind) -> UNNotificationAction {
                switch kind {
                case .reply:
                    if #available(iOS 15.0, *) {
                        return \(new)
                    }
                    return \(old)
                case .open:
                    return UNNotificationAction(identifier: kind.rawValue, title: "Open", options: [])
                }
            }
            center.setNotificationCategories([UNNotificationCategory(identifier: "msg", actions: Kind.allCases.map { make($0) }, intentIdentifiers: [], options: [])])
            """)
        #expect(describe(found) == ["msg[reply:Reply,open:Open]"])
        #expect(found.categories.first?.actions.first?.action.icon == .systemImage("bell"))
        #expect(found.unusedActions.isEmpty)
        #expect(found.unresolved.isEmpty, "\(found.unresolved.map(\.what))")
    }

    /// Conditional compilation is read as the app is built for iOS: branches false there are skipped (and those after
    /// a branch true there); branches notifc cannot decide are all read, as before.
    @Test(arguments: [
        ("#if os(watchOS)\n@A\n#else\n@B\n#endif", "b"),
        ("#if os(iOS)\n@B\n#else\n@A\n#endif", "b"),
        ("#if !os(iOS)\n@A\n#elseif canImport(UIKit)\n@B\n#else\n@A\n#endif", "b"),
        ("#if os(macOS) || os(tvOS)\n@A\n#elseif os(watchOS) /* watch */\n@A\n#endif\n@B", "b"),
        ("#if DEBUG\n@A\n#else\n@B\n#endif", "a b"),
        ("#if DEBUG\n@A\n#elseif os(iOS)\n@B\n#else\n@C\n#endif", "a b"),
        ("#if os(iOS) && DEBUG\n@A\n#else\n@B\n#endif", "a b"),
        ("#if os(watchOS) && DEBUG\n@A\n#else\n@B\n#endif", "b"),
        ("#if os(watchOS)\n#if DEBUG\n@A\n#else\n@A\n#endif\n#else\n@B\n#endif", "b"),
        ("#if targetEnvironment(simulator)\n@A\n#else\n@B\n#endif", "a b"),
        ("#endif\n@B", "b"),
        ("#if canImport(ClockKit)\n@A\n#else\n@B\n#endif", "a b"),
        ("#if " + String(repeating: "!", count: 20_000) + "os(iOS)\n@A\n#else\n@B\n#endif", "a b"),
        ("#if " + String(repeating: "(", count: 20_000) + "\n@A\n#endif\n@B", "a b"),
    ])
    func conditionalCompilationIsReadForIOS(code: String, registered: String) {
        let body = code.replacingOccurrences(of: "@A", with: "actions.append(UNNotificationAction(identifier: \"a\", title: \"A\", options: []))")
            .replacingOccurrences(of: "@B", with: "actions.append(UNNotificationAction(identifier: \"b\", title: \"B\", options: []))")
            .replacingOccurrences(of: "@C", with: "actions.append(UNNotificationAction(identifier: \"c\", title: \"C\", options: []))")
        let found = scan("func register() {\nvar actions: [UNNotificationAction] = []\n\(body)\ncenter.setNotificationCategories([UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: [])])\n}\n")
        #expect(found.categories.first?.actions.map(\.action.identifier).joined(separator: " ") == registered, "\(code)")
    }

    /// Objective-C's target conditionals, the same way.
    @Test func objectiveCTargetConditionalsAreReadForIOS() {
        let found = scan(
            """
            #if TARGET_OS_WATCH
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"watch" actions:@[] intentIdentifiers:@[] options:0];
            #elif TARGET_OS_IOS
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"phone" actions:@[] intentIdentifiers:@[] options:0];
            #endif
            #ifdef DEBUG
            UNNotificationCategory *d = [UNNotificationCategory categoryWithIdentifier:@"debug" actions:@[] intentIdentifiers:@[] options:0];
            #endif
            """, path: "A.m")
        #expect(found.categories.map(\.category.identifier) == ["phone", "debug"])
        #expect(found.undecidedConditions.map(\.condition) == ["#ifdef DEBUG"])
    }

    /// Objective-C's SDK checks against versions before today's SDKs are decided: the branch for older SDKs is
    /// not read, and neither is a warning given for the other; a later version is not known.
    @Test(arguments: [
        ("#if __IPHONE_OS_VERSION_MAX_ALLOWED >= __IPHONE_10_0", "new", false),
        ("#if __IPHONE_OS_VERSION_MAX_ALLOWED > 90000", "new", false),
        ("#if __IPHONE_OS_VERSION_MAX_ALLOWED < __IPHONE_10_0 // old SDKs", "new", false),
        ("#if __IPHONE_OS_VERSION_MAX_ALLOWED >= __IPHONE_99_0", "new old", true),
        ("#if __IPHONE_OS_VERSION_MIN_REQUIRED >= __IPHONE_10_0", "new old", true),
    ])
    func objectiveCSDKChecks(condition: String, registered: String, undecided: Bool) {
        let found = scan(
            """
            \(condition)
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"\(condition.contains("<") ? "old" : "new")" actions:@[] intentIdentifiers:@[] options:0];
            #else
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"\(condition.contains("<") ? "new" : "old")" actions:@[] intentIdentifiers:@[] options:0];
            #endif
            """, path: "A.m")
        #expect(found.categories.map(\.category.identifier).sorted() == registered.split(separator: " ").map(String.init).sorted())
        #expect(found.undecidedConditions.map(\.condition) == (undecided ? [condition] : []))
    }

    /// An Objective-C condition continued on the next line of a CRLF file is read whole (it was cut after the first
    /// line, `TARGET_OS_WATCH`, so the branch iOS builds was skipped).
    @Test func aContinuedObjectiveCConditionIsReadWhole() {
        let found = scan(
            "#if TARGET_OS_WATCH \\\r\n    || TARGET_OS_IOS\r\n"
                + "UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"phone\" actions:@[] intentIdentifiers:@[] options:0];\r\n"
                + "#endif\r\n", path: "A.m")
        #expect(found.categories.map(\.category.identifier) == ["phone"])
    }

    /// `@unknown default:` after a case whose `#available` branch returns is a clause of its own, read.
    @Test func anUnknownDefaultAfterAReturningAvailabilityBranchIsRead() {
        let found = scan("""
            func register(kind: Kind) {
                switch kind {
                case .a:
                    if #available(iOS 15.0, *) {
                        return
                    }
                @unknown default:
                    UNUserNotificationCenter.current().setNotificationCategories([UNNotificationCategory(identifier: "k", actions: [], intentIdentifiers: [], options: [])])
                }
            }
            """)
        #expect(found.categories.map(\.category.identifier) == ["k"])
    }

    /// `registered.union(ours)` (keeping the categories other code registered): what `ours` makes is found though
    /// `registered` is read at run time.
    @Test func aUnionWithCategoriesReadAtRunTimeIsFollowed() {
        let found = scan("""
            enum Kind: String, CaseIterable { case message, alert }
            func make(_ kind: Kind) -> UNNotificationCategory {
                UNNotificationCategory(identifier: kind.rawValue, actions: [], intentIdentifiers: [], options: [])
            }
            func register(on center: UNUserNotificationCenter) async {
                let registered = await center.notificationCategories()
                let others = registered.filter { $0.identifier != "x" }
                center.setNotificationCategories(others.union(Set(Kind.allCases.map { make($0) })))
            }
            """)
        #expect(describe(found) == ["message[]", "alert[]"])
        #expect(found.unresolved.isEmpty, "\(found.unresolved.map(\.what))")
    }

    /// Option sets written by their raw value (`UNNotificationCategoryOptions(rawValue: 16)`, how notifc's Swift
    /// writes the deprecated `allowAnnouncement`); a bit no option has stays a note.
    @Test(arguments: [
        ("UNNotificationCategoryOptions(rawValue: 16)", "allowAnnouncement"),
        ("[.customDismissAction, UNNotificationCategoryOptions(rawValue: 5)]", "customDismissAction hiddenPreviewsShowTitle"),
        ("UNNotificationCategoryOptions(rawValue: 0)", ""),
        ("UNNotificationCategoryOptions(rawValue: 64)", nil),
    ])
    func optionsByRawValue(options: String, names: String?) {
        let found = scan("let c = UNNotificationCategory(identifier: \"k\", actions: [], intentIdentifiers: [], options: \(options))\n")
        if let names {
            #expect(found.categories.first?.category.options.map(\.rawValue).joined(separator: " ") == names)
            #expect(found.unresolved.isEmpty)
        } else {
            #expect(found.unresolved.map(\.what) == ["options 'UNNotificationCategoryOptions(rawValue: 64)'"])
        }
    }

    /// A category made in a function from its parameters is the one each call makes: the copy the scan makes where
    /// it meets the function, without the parameters, is not kept beside it (it imported `[like]`, with a W452).
    @Test func aCategoryMadeFromParametersIsTheCallsCategory() {
        let found = scan("""
            func makeCategory(_ extra: UNNotificationAction) -> UNNotificationCategory {
                let like = UNNotificationAction(identifier: "like", title: "Like", options: [])
                return UNNotificationCategory(identifier: "post", actions: [like, extra], intentIdentifiers: [], options: [])
            }
            func register() {
                let reply = UNNotificationAction(identifier: "reply", title: "Reply", options: [])
                UNUserNotificationCenter.current().setNotificationCategories([makeCategory(reply)])
            }

            """)
        #expect(found.categories.map { $0.category.identifier + ": " + $0.category.actions.joined(separator: " ") } == ["post: like reply"])
        #expect(found.unresolved.isEmpty, "\(found.unresolved)")
    }

    /// `actions: [.accept]` names a static member declared in an extension of `UNNotificationAction`, as Swift reads
    /// it; a name that two such types declare stays unknown.
    @Test func implicitMembersOfUserNotificationsTypes() {
        let code = """
            extension UNNotificationAction {
                static let accept = UNNotificationAction(identifier: "accept", title: "Accept", options: [.foreground])
            }
            extension UNNotificationCategory {
                static let invite = UNNotificationCategory(identifier: "invite", actions: [.accept], intentIdentifiers: [], options: [])
            }
            func register() { UNUserNotificationCenter.current().setNotificationCategories([.invite]) }

            """
        let found = scan(code)
        #expect(found.categories.map(\.category.identifier) == ["invite"])
        #expect(found.categories.first?.actions.map(\.action.identifier) == ["accept"])
        #expect(found.unresolved.isEmpty, "\(found.unresolved)")
        let twice = scan(code + "extension UNNotificationActionIcon {\n    static let accept = UNNotificationActionIcon(systemImageName: \"a\")\n}\n")
        #expect(twice.categories.first?.actions.isEmpty == true)
        #expect(twice.unresolved.map(\.what) == ["action '.accept'"])
    }

    /// Changes to a collection or option set after its definition: additions are followed (`|=` in Objective-C,
    /// `insert` into `UNNotificationActionOptions()`, in an `#available` branch) up to the use of a local variable
    /// (in line; a closure may run later),
    /// a reassignment replaces what was added before it, and a change the scan does not follow (`removeAll`,
    /// `swapAt`, `removeLastObject`) or an addition under a condition (braces or not) or in a loop makes the value
    /// unknown, noted at that change.
    @Test(arguments: [
        ("var actions = [A]\nactions.append(B)\nactions = [C]\nlet c = UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: [])", "A.swift", "c", ""),
        ("var actions = [A]\nif #available(iOS 15.0, *) { actions.append(B) }\nlet c = UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: [])", "A.swift", "a b", ""),
        ("var actions = [A]\nactions.append(B)\nactions.removeAll()\nlet c = UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: [])", "A.swift", "", "actions 'actions' at 4, changed"),
        ("var actions = [A]\nactions.append(B)\nactions.swapAt(0, 1)\nlet c = UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: [])", "A.swift", "", "actions 'actions' at 4, changed"),
        ("var actions = [A]\nif flag {\n    actions.append(B)\n}\nlet c = UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: [])", "A.swift", "", "actions 'actions' at 3, conditional"),
        ("var actions = [A]\nfor extra in extras { actions.append(B) }\nlet c = UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: [])", "A.swift", "", "actions 'actions' at 2, conditional"),
        ("var more = UNNotificationActionOptions()\nmore.insert(.destructive)\nlet c = UNNotificationCategory(identifier: \"k\", actions: [UNNotificationAction(identifier: \"d\", title: \"D\", options: more)], intentIdentifiers: [], options: [])", "A.swift", "d:destructive", ""),
        ("UNNotificationActionOptions opts = UNNotificationActionOptionNone;\nopts |= UNNotificationActionOptionForeground;\nUNNotificationAction *d = [UNNotificationAction actionWithIdentifier:@\"d\" title:@\"D\" options:opts];\nUNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"k\" actions:@[d] intentIdentifiers:@[] options:0];", "A.m", "d:foreground", ""),
        ("var actions = [A]\nlet c = UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: [])\nactions.append(B)", "A.swift", "a", ""),
        ("var common = [A]\nvar reply: [UNNotificationAction] = []\ncommon.append(B)\nreply += common\nlet c = UNNotificationCategory(identifier: \"k\", actions: reply, intentIdentifiers: [], options: [])", "A.swift", "a b", ""),
        ("var actions = [A]\nlet make = { UNNotificationCategory(identifier: \"k\", actions: actions, intentIdentifiers: [], options: []) }\nactions.append(B)\nlet c = make()", "A.swift", "a b", ""),
        ("NSMutableArray *actions = [NSMutableArray arrayWithObject:[UNNotificationAction actionWithIdentifier:@\"a\" title:@\"A\" options:0]];\nif (flag) [actions addObject:[UNNotificationAction actionWithIdentifier:@\"b\" title:@\"B\" options:0]];\nUNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"k\" actions:actions intentIdentifiers:@[] options:0];", "A.m", "", "actions 'actions' at 2, conditional"),
        ("NSMutableArray *actions = [NSMutableArray arrayWithObject:[UNNotificationAction actionWithIdentifier:@\"a\" title:@\"A\" options:0]];\n(void)(flag), [actions addObject:[UNNotificationAction actionWithIdentifier:@\"b\" title:@\"B\" options:0]];\nUNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"k\" actions:actions intentIdentifiers:@[] options:0];", "A.m", "a b", ""),
        ("NSMutableArray *actions = [NSMutableArray arrayWithObject:[UNNotificationAction actionWithIdentifier:@\"a\" title:@\"A\" options:0]];\n[actions removeLastObject];\nUNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"k\" actions:actions intentIdentifiers:@[] options:0];", "A.m", "", "actions 'actions' at 3, changed"),
    ])
    func changesAfterADefinition(code: String, path: String, actions: String, unresolved: String) {
        let action = { (name: String) in "UNNotificationAction(identifier: \"\(name.lowercased())\", title: \"\(name)\", options: [])" }
        let text = "func register(flag: Bool, extras: [Int]) {\n" + code.replacingOccurrences(of: "[A]", with: "[" + action("A") + "]")
            .replacingOccurrences(of: "(B)", with: "(" + action("B") + ")").replacingOccurrences(of: "[C]", with: "[" + action("C") + "]") + "\n}\n"
        let found = scan(path == "A.m" ? text.replacingOccurrences(of: "func register(flag: Bool, extras: [Int]) {", with: "- (void)register {") : text, path: path)
        let got = found.categories.first?.actions.map { registered in
            registered.action.identifier + (registered.action.options.isEmpty ? "" : ":" + registered.action.options.map(\.rawValue).joined(separator: ","))
        }
        #expect(got?.joined(separator: " ") == actions, "\(text)")
        // Where each note is, as the number of the line (the function's first line is 0), and why (its help).
        let why = { (reason: String?) in
            reason.map { $0.contains("only when a condition holds") ? ", conditional" : $0.contains("changed after") ? ", changed" : ", ?" } ?? ""
        }
        let notes = found.unresolved.map { "\($0.what) at \(text.utf8.prefix($0.range.start).filter { $0 == 10 }.count)\(why($0.reason))" }
        #expect(notes == (unresolved.isEmpty ? [] : [unresolved]), "\(text)")
    }

    /// What the availability rule and the change rule leave alone (found by review): a brace-less `if (x) return;`
    /// in an `@available` branch, a returning `#available` branch in one `switch` case, the `else` of
    /// `#unavailable`, and a removal from another variable of the same name in another function.
    @Test(arguments: [
        (
            "- (void)registerCategories {\n    if (@available(iOS 12.0, *)) {\n        if (center == nil) return;\n    }\n    UNNotificationAction *r = [UNNotificationAction actionWithIdentifier:@\"reply\" title:@\"Reply\" options:0];\n    UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"message\" actions:@[r] intentIdentifiers:@[] options:0];\n    [center setNotificationCategories:[NSSet setWithObject:c]];\n}\n",
            "A.m", "reply"
        ),
        (
            "func configure(state: Int) {\n    switch state {\n    case 0:\n        if #available(iOS 13.0, *) {\n            return\n        }\n    default:\n        let reply = UNNotificationAction(identifier: \"reply\", title: \"Reply\", options: [])\n        UNUserNotificationCenter.current().setNotificationCategories([UNNotificationCategory(identifier: \"message\", actions: [reply], intentIdentifiers: [], options: [])])\n    }\n}\n",
            "A.swift", "reply"
        ),
        (
            "func register() {\n    var actions = [UNNotificationAction(identifier: \"reply\", title: \"Reply\", options: [])]\n    if #unavailable(iOS 15.0) {\n    } else {\n        actions.append(UNNotificationAction(identifier: \"open\", title: \"Open\", options: []))\n    }\n    UNUserNotificationCenter.current().setNotificationCategories([UNNotificationCategory(identifier: \"message\", actions: actions, intentIdentifiers: [], options: [])])\n}\n",
            "A.swift", "reply open"
        ),
        (
            "func register() {\n    var actions = [UNNotificationAction(identifier: \"reply\", title: \"Reply\", options: [])]\n    UNUserNotificationCenter.current().setNotificationCategories([UNNotificationCategory(identifier: \"message\", actions: actions, intentIdentifiers: [], options: [])])\n}\nfunc menu() {\n    var actions: [Int] = [1]\n    actions.removeAll()\n}\n",
            "A.swift", "reply"
        ),
    ])
    func reviewedCasesKeepTheirActions(code: String, path: String, actions: String) {
        let found = scan(code, path: path)
        #expect(found.categories.first?.actions.map { $0.action.identifier }.joined(separator: " ") == actions, "\(code)")
        #expect(found.unresolved.isEmpty, "\(found.unresolved)")
    }

    /// Objective-C's `@available` is read the same way.
    @Test func objectiveCAvailabilityReadsTheNewestBranch() {
        let found = scan(
            """
            - (void)registerCategories {
                UNNotificationAction *reply;
                if (@available(iOS 15.0, *)) {
                    reply = [UNNotificationAction actionWithIdentifier:@"reply" title:@"Reply" options:UNNotificationActionOptionForeground icon:[UNNotificationActionIcon iconWithSystemImageName:@"bell"]];
                } else {
                    reply = [UNNotificationAction actionWithIdentifier:@"reply" title:@"Reply (old)" options:UNNotificationActionOptionNone];
                }
                UNNotificationCategory *cat = [UNNotificationCategory categoryWithIdentifier:@"msg" actions:@[reply] intentIdentifiers:@[] options:UNNotificationCategoryOptionNone];
                [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:[NSSet setWithObject:cat]];
            }
            """, path: "A.m")
        #expect(found.categories.first?.actions.map { $0.action.title } == ["Reply"])
        #expect(found.categories.first?.actions.first?.action.icon == .systemImage("bell"))
        #expect(found.unusedActions.isEmpty)
    }

    /// The Intents framework's `IN…IntentIdentifier` constants are the names of their intent classes; a constant
    /// the project defines under the same name is read instead, and an unknown `IN…` name stays a note.
    @Test func intentIdentifierConstantsAreTheirIntentNames() {
        let swift = scan("""
            func register() {
                let chat = UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: [INSendMessageIntentIdentifier, INSearchForMessagesIntentIdentifier], options: [])
                let call = UNNotificationCategory(identifier: "call", actions: [], intentIdentifiers: [INStartCallIntentIdentifier, INMadeUpIntentIdentifier], options: [])
                UNUserNotificationCenter.current().setNotificationCategories([chat, call])
            }
            """)
        #expect(swift.categories.first?.category.intentIdentifiers == ["INSendMessageIntent", "INSearchForMessagesIntent"])
        #expect(swift.unresolved.map(\.what) == ["intent identifier 'INMadeUpIntentIdentifier'"])
        let objectiveC = scan("""
            - (void)registerCategories {
                UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"call" actions:@[] intentIdentifiers:@[INStartAudioCallIntentIdentifier] options:0];
                [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:[NSSet setWithObject:c]];
            }
            """, path: "A.m")
        #expect(objectiveC.categories.first?.category.intentIdentifiers == ["INStartAudioCallIntent"])
        let shadowed = scan("""
            let INSendMessageIntentIdentifier = "custom"
            func register() {
                UNUserNotificationCenter.current().setNotificationCategories([UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: [INSendMessageIntentIdentifier], options: [])])
            }
            """)
        #expect(shadowed.categories.first?.category.intentIdentifiers == ["custom"])
        let qualified = scan("""
            import Intents
            func register() {
                UNUserNotificationCenter.current().setNotificationCategories([UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: [Intents.INSendMessageIntentIdentifier, Other.INStartCallIntentIdentifier], options: [])])
            }
            """)
        #expect(qualified.categories.first?.category.intentIdentifiers == ["INSendMessageIntent"])
        #expect(qualified.unresolved.map(\.what) == ["intent identifier 'Other.INStartCallIntentIdentifier'"])
        let onlyIntents = scan("""
            func register() {
                UNUserNotificationCenter.current().setNotificationCategories([UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: [Intents.INSendMessageIntentIdentifier], options: [])])
            }
            """)
        #expect(onlyIntents.categories.first?.category.intentIdentifiers == ["INSendMessageIntent"])
        #expect(onlyIntents.unresolved.isEmpty)
    }

    /// Registration of categories that cannot be followed (a parameter), with nothing found anywhere: a note at
    /// the call, so the empty result is not silent.
    @Test func anUnfollowedRegistrationWithNothingFoundIsANote() {
        let found = scan("""
            func register(server: [UNNotificationCategory]) {
                UNUserNotificationCenter.current().setNotificationCategories(Set(server))
            }
            """)
        #expect(found.categories.isEmpty)
        #expect(found.unresolved.map(\.what) == ["categories registered from 'server'"])
    }

    /// An enum with associated values has no synthesized `allCases`, and an unknown case matches no clause.
    @Test func unknownCasesAreNotes() {
        let found = scan("""
            enum Kind: CaseIterable {
                case a; case custom(String)
                var id: String { switch self { case .a: "a"
                    case .custom: "custom" } }
            }
            let categories = Kind.allCases.map { UNNotificationCategory(identifier: $0.id, actions: [], intentIdentifiers: [], options: []) }
            enum Known: String { case x, y }
            let title = Known.z.title
            let d = UNNotificationCategory(identifier: Known.z.rawValue, actions: [], intentIdentifiers: [], options: [])
            center.setNotificationCategories(Set(categories))
            """)
        #expect(found.categories.isEmpty)
        #expect(found.unresolved.map(\.what) == ["category identifier '$0.id'", "category identifier 'Known.z.rawValue'"])
        #expect(found.unresolved.allSatisfy { $0.isCategoryIdentifier })
    }

    /// `.reply` alone names a case of an enum not known when two enums have that case: their properties
    /// are not guessed between.
    @Test func anImplicitMemberOfSeveralEnumsIsNotGuessed() {
        let found = scan("""
            enum A: String { case reply = "a.reply"
                var id: String { switch self { case .reply: "from A" } } }
            enum B: String { case reply = "b.reply"
                var id: String { switch self { case .reply: "from B" } } }
            let kinds: [A] = [.reply]
            let categories = kinds.map { UNNotificationCategory(identifier: $0.id, actions: [], intentIdentifiers: [], options: []) }
            let more = [A.reply].map { UNNotificationCategory(identifier: $0.id + "!", actions: [], intentIdentifiers: [], options: []) }
            center.setNotificationCategories(Set(categories + more))
            """)
        #expect(found.categoryIdentifiers == ["from A!"])
        #expect(found.unresolved.map(\.what) == ["category identifier '$0.id'"])
    }

    /// A closure with a side effect or a loop is not run: its initializers stay notes, where they are.
    @Test(arguments: [
        "{ kind in print(kind); return UNNotificationCategory(identifier: kind.rawValue, actions: [], intentIdentifiers: [], options: []) }",
        "{ kind in for _ in 0..<2 {}; return UNNotificationCategory(identifier: kind.rawValue, actions: [], intentIdentifiers: [], options: []) }",
        "{ kind in counter += 1\n return UNNotificationCategory(identifier: kind.rawValue, actions: [], intentIdentifiers: [], options: []) }",
        "{ kind in if let x = lookup(kind) { return nil }\n return UNNotificationCategory(identifier: kind.rawValue, actions: [], intentIdentifiers: [], options: []) }",
    ])
    func closuresWithSideEffectsOrLoopsAreNotes(_ closure: String) {
        let found = scan("""
            enum Kind: String, CaseIterable { case a, b }
            let categories = Kind.allCases.compactMap \(closure)
            center.setNotificationCategories(Set(categories))
            """)
        #expect(found.categories.isEmpty)
        #expect(found.unresolved.map(\.what) == ["category identifier 'kind.rawValue'"])
        #expect(found.hasUnresolvedCategories)
    }

    /// A function that calls itself (directly or through another) ends in a note, at once.
    @Test(arguments: [
        "func id(_ k: Kind) -> String { id(k) }",
        "func id(_ k: Kind) -> String { other(k) }\nfunc other(_ k: Kind) -> String { return id(k) }",
        "func id(_ k: Kind) -> String { switch k { case .a: return id(.b)\n case .b: return id(.a) } }",
    ])
    func recursiveFunctionsAreNotes(_ functions: String) {
        let found = scan("""
            enum Kind: String, CaseIterable { case a, b }
            \(functions)
            let categories = Kind.allCases.map { UNNotificationCategory(identifier: id($0), actions: [], intentIdentifiers: [], options: []) }
            center.setNotificationCategories(Set(categories))
            """)
        #expect(found.categories.isEmpty)
        #expect(found.unresolved.count >= 1)
        #expect(found.unresolved.allSatisfy { $0.what.hasPrefix("category identifier") })
    }

    /// Calls that branch twice per level stop at the evaluation budget, quickly.
    @Test func exponentialCallsStayBounded() {
        var text = "enum Kind: String, CaseIterable { case a, b }\nfunc f0(_ k: Kind) -> String { k.rawValue }\n"
        for level in 1...30 { text += "func f\(level)(_ k: Kind) -> String { f\(level - 1)(k) + f\(level - 1)(k) }\n" }
        text += "let cs = Kind.allCases.map { UNNotificationCategory(identifier: f30($0), actions: [], intentIdentifiers: [], options: []) }\ncenter.setNotificationCategories(Set(cs))\n"
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = scan(text) }
        #expect(elapsed < .seconds(10))
    }

    /// Deeply nested closures, conditions and property chains end in notes, without exhausting the stack;
    /// the same code nested a little is run.
    @Test(arguments: [(3, true), (400, false)])
    func deepNestingIsBounded(_ nesting: Int, _ resolves: Bool) {
        let category = "UNNotificationCategory(identifier: k.rawValue, actions: [], intentIdentifiers: [], options: [])"
        var closures = "\(category)"
        for _ in 0..<nesting { closures = "{ \(closures) }()" }
        var conditions = "return \(category)"
        for _ in 0..<(nesting * 5) { conditions = "if k == .a {\n\(conditions)\n}" }
        var properties = "enum Kind: String, CaseIterable {\n case a\n var p0: String { rawValue }\n"
        for level in 1...nesting { properties += " var p\(level): String { p\(level - 1) }\n" }
        properties += "}\n"
        for (name, code) in [
            ("closures", "let a = Kind.allCases.map { k in \(closures) }"),
            ("conditions", "let a = Kind.allCases.compactMap { k in\n\(conditions)\n}"),
            ("properties", "let a = Kind.allCases.map { k in UNNotificationCategory(identifier: k.p\(nesting), actions: [], intentIdentifiers: [], options: []) }"),
        ] {
            let found = scan(properties + code + "\ncenter.setNotificationCategories(Set(a))\n")
            #expect(found.categoryIdentifiers == (resolves ? ["a"] : []), "\(name)")
            #expect(found.hasUnresolvedCategories == !resolves, "\(name)")
        }
    }

    /// Long operator and member chains and long runs of prefixes (read in loops, not by recursion) end in notes
    /// without exhausting the stack when they are evaluated or freed; a chain of ordinary length still resolves.
    @Test(arguments: ["&&", "==", "+", "calls", "members", "try", "!"])
    func longChainsAreBounded(_ kind: String) {
        let long = 100_000
        let identifier: String
        switch kind {
        case "&&", "==": identifier = Array(repeating: "x", count: long).joined(separator: " \(kind) ") + " ? \"c\" : \"d\""
        case "+": identifier = Array(repeating: "\"x\"", count: long).joined(separator: " + ")
        case "calls": identifier = "f" + String(repeating: "()", count: long)
        case "members": identifier = "f()" + String(repeating: ".x", count: long)
        case "try": identifier = String(repeating: "try ", count: long) + "x"
        default: identifier = String(repeating: kind, count: long) + "x"
        }
        func registration(_ identifier: String) -> String {
            "let c = UNNotificationCategory(identifier: \(identifier), actions: [], intentIdentifiers: [], options: [])\n"
                + "center.setNotificationCategories([c])\n"
        }
        let found = scan(registration(identifier))
        #expect(found.categoryIdentifiers.isEmpty)
        #expect(found.hasUnresolvedCategories)
        let short = scan(registration(Array(repeating: "\"x\"", count: 40).joined(separator: " + ")))
        #expect(short.categoryIdentifiers == [String(repeating: "x", count: 40)])
    }

    /// A registration file cut at every byte (so at every token boundary) never traps.
    @Test func truncatedInterpretedCodeNeverTraps() {
        let text = Array("""
            enum Identifiers: String, CaseIterable {
                case message, reply
                enum Action: String, CaseIterable {
                    case copy = "copy"
                    var title: String { switch self { case .copy: String(localized: "Copy") } }
                }
                static func make(_ id: String, actions: [UNNotificationAction] = []) -> UNNotificationCategory {
                    UNNotificationCategory(identifier: id, actions: actions, intentIdentifiers: [], options: [])
                }
                static func register() {
                    let actions = Action.allCases.compactMap { item in UNNotificationAction(identifier: item.rawValue, title: item.title, options: []) }
                    let categories = Self.allCases.compactMap { item in
                        guard item != .reply else { return nil }
                        return item == .message ? make(item.rawValue, actions: actions) : nil
                    }
                    UNUserNotificationCenter.current().setNotificationCategories(Set(categories + [make("x")]))
                }
            }
            """.utf8)
        let complete = RegistrationScanner.scan({ var set = SourceFileSet(); set.add(path: "A.swift", bytes: text); return set.files }())
        #expect(complete.categoryIdentifiers == ["message", "x"], "\(complete.unresolved.map(\.what))")
        for end in 0..<text.count {
            var set = SourceFileSet()
            set.add(path: "A.swift", bytes: Array(text[..<end]))
            _ = RegistrationScanner.scan(set.files)
        }
    }

    /// Names are looked up as the compilers do: a local of another function is not visible, a local of an inner
    /// block ends with it, and a parameter not bound by a call hides what has its name outside the function.
    @Test func namesAreLookedUpInTheirScopes() {
        let property = scan("""
            class Setup {
                func first() { let action = UNNotificationAction(identifier: "wrong", title: "Wrong", options: []) }
                func register() {
                    let category = UNNotificationCategory(identifier: "scoped", actions: [action], intentIdentifiers: [], options: [])
                }
                let action = UNNotificationAction(identifier: "right", title: "Right", options: [.foreground])
            }
            """)
        #expect(describe(property) == ["scoped[right:Right]"])
        let block = scan("""
            func register(custom: String?) {
                let title = "Outer"
                let a: UNNotificationAction
                if flag {
                    let title = "Inner"
                    print(title)
                } else {
                    a = UNNotificationAction(identifier: "shadow", title: title, options: [])
                }
                let c = UNNotificationCategory(identifier: "c", actions: [a], intentIdentifiers: [], options: [])
            }
            """)
        #expect(describe(block) == ["c[shadow:Outer]"])
        let parameter = scan("""
            class Registrar {
                func configure() { let identifier = "leftover"; print(identifier) }
                func register(identifier: String) {
                    let c = UNNotificationCategory(identifier: identifier, actions: [], intentIdentifiers: [], options: [])
                }
            }
            """)
        #expect(parameter.categories.isEmpty)
        #expect(parameter.unresolved.map(\.what) == ["category identifier 'identifier'"])
        var set = SourceFileSet()
        set.add(path: "Other.swift", bytes: Array("func analytics() {\n    let id = \"analytics-event\"\n}\n".utf8))
        set.add(path: "A.m", bytes: Array("- (void)f { NSString *kind = @\"objc-local\"; }\n".utf8))
        set.add(path: "Registrar.swift", bytes: Array("func category(id: String) -> UNNotificationCategory {\n    UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [], options: [])\n}\nlet other = UNNotificationCategory(identifier: kind, actions: [], intentIdentifiers: [], options: [])\n".utf8))
        let elsewhere = RegistrationScanner.scan(set.files)
        #expect(elsewhere.categories.isEmpty, "\(describe(elsewhere))")
        #expect(elsewhere.unresolved.map(\.what) == ["category identifier 'id'", "category identifier 'kind'"])
        // `self.x` is the member, whatever parameter has its name; a plain name in a type is its own member before
        // another type's; what C++'s `extern "C" { … }` or two `#if` branches that each open a body leave inside
        // braces is still the file's.
        var more = SourceFileSet()
        more.add(path: "Keys.h", bytes: Array("#ifdef __cplusplus\nextern \"C\" {\n#endif\nstatic NSString *const kChat = @\"chat\";\n#ifdef __cplusplus\n}\n#endif\n".utf8))
        more.add(path: "Keys.swift", bytes: Array("#if DEBUG\nfunc configure(verbose: Bool) {\n#else\nfunc configure() {\n#endif\n    print(1)\n}\nlet kMail = \"mail\"\n".utf8))
        more.add(path: "A.m", bytes: Array("- (void)f { UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:kChat actions:@[] intentIdentifiers:@[] options:0]; }\n".utf8))
        more.add(
            path: "B.swift",
            bytes: Array("""
                enum Mail { static let reply = "mail.reply" }
                class Registrar {
                    let category = "registrar"
                    static var made: UNNotificationCategory {
                        UNNotificationCategory(identifier: "made", actions: [UNNotificationAction(identifier: reply, title: "R", options: [])], intentIdentifiers: [], options: [])
                    }
                    static let reply = "registrar.reply"
                    func register(category: String) {
                        let c = UNNotificationCategory(identifier: self.category, actions: [], intentIdentifiers: [], options: [])
                        let d = UNNotificationCategory(identifier: kMail, actions: [], intentIdentifiers: [], options: [])
                    }
                }
                """.utf8))
        let members = RegistrationScanner.scan(more.files)
        #expect(describe(members) == ["chat[]", "made[registrar.reply:R]", "registrar[]", "mail[]"])
        #expect(members.unresolved.isEmpty, "\(members.unresolved.map(\.what))")
    }

    /// What else binds a name in a block hides what has its name outside it, as a function's parameter does: a
    /// closure's, an initializer's, an Objective-C method's or block's parameters, a `for` loop's variable; and
    /// `if let x = …` binds `x` in the `if`'s body only (`if let x {` is the outer `x`).
    @Test func parametersAndLoopVariablesHideOuterNames() {
        let swift = scan("""
            let id = "global-id"
            let kind = "global-kind"
            let name = "global-name"
            let title = "Global"
            struct Builder {
                let made: UNNotificationCategory
                init(id: String) { made = UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [], options: []) }
            }
            func register(kinds: [String], names: [String]) {
                let looped = kinds.map { kind in UNNotificationCategory(identifier: kind, actions: [], intentIdentifiers: [], options: []) }
                for name in names {
                    let c = UNNotificationCategory(identifier: name, actions: [], intentIdentifiers: [], options: [])
                }
                if let title = Bundle.main.object(forInfoDictionaryKey: "T") as? String {
                    print(title)
                }
                let after = UNNotificationCategory(identifier: "after", actions: [UNNotificationAction(identifier: "a", title: title, options: [])], intentIdentifiers: [], options: [])
                if let title {
                    let shorthand = UNNotificationCategory(identifier: title, actions: [], intentIdentifiers: [], options: [])
                }
            }
            """)
        #expect(describe(swift) == ["after[a:Global]", "Global[]"], "\(describe(swift))")
        #expect(swift.unresolved.map(\.what) == ["category identifier 'id'", "category identifier 'kind'", "category identifier 'name'"])
        var set = SourceFileSet()
        set.add(path: "Keys.h", bytes: Array("static NSString *const kind = @\"global-kind\";\nstatic NSString *const item = @\"global-item\";\n".utf8))
        set.add(
            path: "Setup.m",
            bytes: Array("""
                @implementation Setup
                - (UNNotificationCategory *)categoryWithKind:(NSString *)kind {
                    return [UNNotificationCategory categoryWithIdentifier:kind actions:@[] intentIdentifiers:@[] options:0];
                }
                - (void)registerAll:(NSArray<NSString *> *)items {
                    for (NSString *item in items) {
                        [UNNotificationCategory categoryWithIdentifier:item actions:@[] intentIdentifiers:@[] options:0];
                    }
                    [items enumerateObjectsUsingBlock:^(NSString *kind, NSUInteger index, BOOL *stop) {
                        [UNNotificationCategory categoryWithIdentifier:kind actions:@[] intentIdentifiers:@[] options:0];
                    }];
                    [UNNotificationCategory categoryWithIdentifier:item actions:@[] intentIdentifiers:@[] options:0];
                }
                @end
                """.utf8))
        let objectiveC = RegistrationScanner.scan(set.files)
        #expect(describe(objectiveC) == ["global-item[]"], "\(describe(objectiveC))")
        #expect(objectiveC.unresolved.map(\.what) == ["category identifier 'kind'", "category identifier 'item'", "category identifier 'kind'"])
        // `repeat { … } while x` has no body for its condition to bind in: what follows is the function's; a
        // closure's `_ kind: String` binds `kind`, which the interpreter runs with each element.
        let loops = scan("""
            let kind = "global"
            let kinds = ["a", "b"]
            func setup() {
                var n = 0
                repeat { n += 1 } while n < 3
                let actions = [UNNotificationAction(identifier: "reply", title: "Reply", options: [])]
                if n > 2 { print(n) }
                let c = UNNotificationCategory(identifier: "message", actions: actions, intentIdentifiers: [], options: [])
                let typed = kinds.map { (_ kind: String) -> UNNotificationCategory in UNNotificationCategory(identifier: kind + ".y", actions: [], intentIdentifiers: [], options: []) }
                UNUserNotificationCenter.current().setNotificationCategories(Set([c] + typed))
            }
            """)
        #expect(describe(loops) == ["message[reply:Reply]", "a.y[]", "b.y[]"], "\(describe(loops))")
        #expect(loops.unresolved.isEmpty, "\(loops.unresolved.map(\.what))")
        // Deeply nested headers and parameter lists are read in bounded steps (each scan looks at most 128 tokens
        // ahead), so they bind nothing and take no time.
        let depth = 3_000
        var nested = SourceFileSet()
        nested.add(path: "A.m", bytes: Array(("void f(void) {\n" + String(repeating: "for (", count: depth) + "x" + String(repeating: ")", count: depth)
            + ";\n" + String(repeating: "^(", count: depth) + "int y" + String(repeating: ") {}", count: depth) + "\n}\n"
            + "- (void)g { [UNNotificationCategory categoryWithIdentifier:@\"deep\" actions:@[] intentIdentifiers:@[] options:0]; }\n").utf8))
        nested.add(path: "B.swift", bytes: Array((String(repeating: "init(", count: depth) + String(repeating: ") {}", count: depth)
            + "\nlet c = UNNotificationCategory(identifier: \"swift\", actions: [], intentIdentifiers: [], options: [])\n").utf8))
        #expect(RegistrationScanner.scan(nested.files).categoryIdentifiers == ["deep", "swift"])
    }

    /// A member written with its type path is the member of that type, not of another type with the same last name.
    @Test func qualifiedNamesMatchTheWholeTypePath() {
        let found = scan("""
            enum Chat {
                enum Keys { static let category = "chat.category"; static let reply = "chat.reply" }
                enum Action: String { case reply = "chat.reply" }
            }
            enum Mail {
                enum Keys { static let category = "mail.category"; static let reply = "mail.reply" }
                enum Action: String { case reply = "mail.reply" }
                static func make() -> UNNotificationCategory {
                    UNNotificationCategory(identifier: "mail.inner", actions: [UNNotificationAction(identifier: Keys.reply, title: "Inner", options: [])], intentIdentifiers: [], options: [])
                }
            }
            let reply = UNNotificationAction(identifier: Mail.Keys.reply, title: "Reply", options: [])
            let c = UNNotificationCategory(identifier: Mail.Keys.category, actions: [reply], intentIdentifiers: [], options: [])
            let d = UNNotificationCategory(identifier: Chat.Action.reply.rawValue + "!", actions: [], intentIdentifiers: [], options: [])
            let e = UNNotificationCategory(identifier: Keys.category, actions: [], intentIdentifiers: [], options: [])
            """)
        #expect(describe(found) == ["mail.inner[mail.reply:Inner]", "mail.category[mail.reply:Reply]", "chat.reply![]"])
        #expect(found.unresolved.map(\.what) == ["category identifier 'Keys.category'"])
    }

    /// Objective-C strings and macros written side by side are one string, as the preprocessor and compiler make
    /// them; a message to a string literal is not a macro after it.
    @Test func objectiveCMacrosBesideLiteralsAreJoined() {
        let found = scan("""
            #define kPrefix @"com.app."
            #define kReply kPrefix @"reply"
            - (void)setup {
                UNNotificationAction *reply = [UNNotificationAction actionWithIdentifier:kReply title:@"Reply" options:0];
                UNNotificationCategory *a = [UNNotificationCategory categoryWithIdentifier:kPrefix @"mixed" actions:@[reply] intentIdentifiers:@[] options:0];
                UNNotificationCategory *b = [UNNotificationCategory categoryWithIdentifier:@"lit" kPrefix actions:@[] intentIdentifiers:@[] options:0];
                UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:[@"upper" uppercaseString] actions:@[] intentIdentifiers:@[] options:0];
            }
            """, path: "A.m")
        #expect(describe(found) == ["com.app.mixed[com.app.reply:Reply]", "litcom.app.[]"])
        #expect(found.unresolved.map(\.what) == ["category identifier '[@\"upper\" uppercaseString]'"])
    }

    /// SwiftGen's strings (`L10n.Notification.reply`, both its current `tr(_:_:_:fallback:)` and the older one without
    /// a fallback) are localized strings: `Bundle.localizedString(forKey:value:table:)` is read, `String(format:)` with
    /// nothing to format is its text, and a variadic parameter given no argument is empty.
    @Test func swiftGenStringsAreLocalizedStrings() {
        let found = scan("""
            internal enum L10n {
              internal enum Notification {
                /// Reply
                internal static let reply = L10n.tr("Localizable", "notification.reply", fallback: "Reply")
                internal static let later = L10n.old("Localizable", "notification.later")
                internal static func count(_ p1: Int) -> String { L10n.tr("Localizable", "notification.count", p1, fallback: "%d new") }
                internal static let percent = L10n.tr("Localizable", "notification.percent", fallback: "100%%")
              }
            }
            extension L10n {
              private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
                let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
              private static func old(_ table: String, _ key: String, _ args: CVarArg...) -> String {
                let format = BundleToken.bundle.localizedString(forKey: key, value: nil, table: table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
            }
            let reply = UNNotificationAction(identifier: "reply", title: L10n.Notification.reply, options: [])
            let later = UNNotificationAction(identifier: "later", title: L10n.Notification.later, options: [])
            let count = UNNotificationAction(identifier: "count", title: L10n.Notification.count(3), options: [])
            let percent = UNNotificationAction(identifier: "percent", title: L10n.Notification.percent, options: [])
            let c = UNNotificationCategory(identifier: "c", actions: [reply, later, count, percent], intentIdentifiers: [], options: [])
            """)
        let actions = found.categories.first?.actions ?? []
        #expect(actions.map { "\($0.action.identifier):\($0.action.title):\($0.titleKey ?? "-")" } == [
            "reply:Reply:notification.reply", "later:notification.later:notification.later", "count::-", "percent::-",
        ])
        #expect(actions.map(\.titleIsKnown) == [true, true, false, false])
    }

    /// Registration code under a condition notifc cannot decide is read from every branch and listed with the
    /// condition; a condition decided for iOS, or one inside a listed one, is not listed.
    @Test func undecidedConditionsWithRegistrationsAreListed() {
        let text = """
            #if os(watchOS)
            let watch = UNNotificationCategory(identifier: "watch", actions: [], intentIdentifiers: [], options: [])
            #endif
            #if DEBUG
            print("no registration here")
            #endif
            #if DEBUG // tools
            let debug = UNNotificationCategory(identifier: "debug", actions: [], intentIdentifiers: [], options: [])
            #if targetEnvironment(simulator)
            let simulator = UNNotificationCategory(identifier: "simulator", actions: [], intentIdentifiers: [], options: [])
            #endif
            #else
            let release = UNNotificationCategory(identifier: "release", actions: [], intentIdentifiers: [], options: [])
            #endif
            """
        let found = scan(text)
        #expect(found.categoryIdentifiers == ["debug", "simulator", "release"])
        let bytes = Array(text.utf8)
        #expect(found.undecidedConditions.map(\.condition) == ["#if DEBUG"])
        #expect(found.undecidedConditions.map { String(decoding: bytes[$0.range.start..<$0.range.end], as: UTF8.self) } == ["#if DEBUG"])
        #expect(found.undecidedConditions.map { String(decoding: bytes[$0.registration.start..<$0.registration.start + 22], as: UTF8.self) } == ["UNNotificationCategory"])
        let objectiveC = scan("""
            - (void)setup {
                UNNotificationAction *debug = [UNNotificationAction actionWithIdentifier:@"debug" title:@"Debug" options:0];
                NSMutableArray *actions = [NSMutableArray array];
            #ifdef INTERNAL
                [actions addObject:debug];
            #endif
                UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"c" actions:actions intentIdentifiers:@[] options:0];
            }
            """, path: "A.m")
        #expect(describe(objectiveC) == ["c[debug:Debug]"])
        #expect(objectiveC.undecidedConditions.map(\.condition) == ["#ifdef INTERNAL"])
        // An include guard and a Swift version every current compiler has are decided; a condition continued on
        // the next line is quoted on one.
        let guarded = scan("""
            #ifndef Registrar_h
            #define Registrar_h
            static void Register(void) {
                UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"c" actions:@[] intentIdentifiers:@[] options:0];
            #if defined(DEBUG) && \\
                defined(STAGING)
                UNNotificationCategory *d = [UNNotificationCategory categoryWithIdentifier:@"d" actions:@[] intentIdentifiers:@[] options:0];
            #endif
            }
            #endif
            """, path: "Registrar.h")
        #expect(guarded.categoryIdentifiers == ["c", "d"])
        #expect(guarded.undecidedConditions.map(\.condition) == ["#if defined(DEBUG) && defined(STAGING)"])
        let version = scan("""
            #if swift(>=5.9)
            let c = UNNotificationCategory(identifier: "c", actions: [], intentIdentifiers: [], options: [])
            #endif
            #if compiler(<6.0)
            let old = UNNotificationCategory(identifier: "old", actions: [], intentIdentifiers: [], options: [])
            #endif
            #if swift(>=99.0)
            let future = UNNotificationCategory(identifier: "future", actions: [], intentIdentifiers: [], options: [])
            #endif
            """)
        #expect(version.categoryIdentifiers == ["c", "future"])
        #expect(version.undecidedConditions.map(\.condition) == ["#if swift(>=99.0)"])
    }

    /// A value the registrations read that is defined under a condition notifc cannot decide (`let actions = …` in
    /// each branch, an Objective-C macro) is listed with the condition and the definition read; a definition under
    /// such a condition that no registration reads is not.
    @Test func undecidedConditionsAroundValuesTheRegistrationsReadAreListed() {
        let text = """
            let reply = UNNotificationAction(identifier: "reply", title: "Reply", options: [])
            let debug = UNNotificationAction(identifier: "debug", title: "Debug", options: [])
            #if DEBUG
            let unrelated = "log"
            #endif
            #if DEBUG
            let actions = [reply, debug]
            #else
            let actions = [reply]
            #endif
            let c = UNNotificationCategory(identifier: "c", actions: actions, intentIdentifiers: [], options: [])
            """
        let found = scan(text)
        #expect(describe(found) == ["c[reply:Reply]"])
        let bytes = Array(text.utf8)
        #expect(found.undecidedConditions.map(\.isValue) == [true])
        // A value read only to choose a branch (`if verbose { print(…) }`) is not one registered.
        let branch = scan("""
            #if DEBUG
            let verbose = true
            #else
            let verbose = false
            #endif
            func makeCategories() -> [UNNotificationCategory] {
                var result = [UNNotificationCategory(identifier: "a", actions: [], intentIdentifiers: [], options: [])]
                if verbose { print("registering") }
                return result
            }
            func setup() { UNUserNotificationCenter.current().setNotificationCategories(Set(makeCategories())) }
            """)
        #expect(branch.categoryIdentifiers == ["a"])
        #expect(branch.undecidedConditions.isEmpty, "\(branch.undecidedConditions)")
        #expect(found.undecidedConditions.map { String(decoding: bytes[$0.range.start..<$0.range.end + 15], as: UTF8.self) } == ["#if DEBUG\nlet actions = "])
        #expect(found.undecidedConditions.map { String(decoding: bytes[$0.registration.start...].prefix(16), as: UTF8.self) } == ["actions = [reply"])
        var set = SourceFileSet()
        set.add(path: "Keys.h", bytes: Array("#ifdef STAGING\n#define kCategory @\"staging.message\"\n#else\n#define kCategory @\"message\"\n#endif\n".utf8))
        set.add(path: "A.m", bytes: Array("- (void)f { [UNNotificationCategory categoryWithIdentifier:kCategory actions:@[] intentIdentifiers:@[] options:0]; }\n".utf8))
        // `#if !defined(KEYS_H)` then `#define KEYS_H` is an include guard, and Objective-C code has `__OBJC__`
        // (a prefix header's `#ifdef __OBJC__`): neither is a condition notifc cannot decide.
        var guarded = SourceFileSet()
        guarded.add(path: "Keys.h", bytes: Array("#if !defined(KEYS_H)\n#define KEYS_H\n#define kKind @\"kind\"\n#endif\n".utf8))
        guarded.add(path: "Prefix.h", bytes: Array("#ifdef __OBJC__\n#import <UIKit/UIKit.h>\n#define kOther @\"other\"\n#endif\n#ifndef __OBJC__\n#define kOther @\"c-only\"\n#endif\n".utf8))
        guarded.add(path: "A.m", bytes: Array("- (void)f { [UNNotificationCategory categoryWithIdentifier:kKind actions:@[] intentIdentifiers:@[] options:0]; [UNNotificationCategory categoryWithIdentifier:kOther actions:@[] intentIdentifiers:@[] options:0]; }\n".utf8))
        let headers = RegistrationScanner.scan(guarded.files)
        #expect(headers.categoryIdentifiers == ["kind", "other"])
        #expect(headers.undecidedConditions.isEmpty, "\(headers.undecidedConditions)")
        let macro = RegistrationScanner.scan(set.files)
        #expect(macro.categoryIdentifiers == ["staging.message"])  // one branch: the first, as with other names defined in another file
        #expect(macro.undecidedConditions.map(\.condition) == ["#ifdef STAGING"])
        #expect(macro.undecidedConditions.map(\.isValue) == [true])
    }

}

/// The Swift that `notifc build --emit swift` writes, read back by the scanner (as `lint` and `import` read a project
/// that registers with it): every category and action of the manifest, equal to the model, with nothing unresolved.
/// (Without categories, `makeAction(_:)` is called by nothing the scan reads, so its actions stay notes.)
@Suite struct GeneratedSwiftReadBackTests {
    @Test(arguments: SwiftGolden.all)
    func theGeneratedSwiftReadsBackAsItsManifest(_ golden: SwiftGolden) throws {
        let manifest = try #require(try golden.compile().manifest)
        let source = SwiftEmitter(settings: golden.fullSettings).source(manifest)
        var set = SourceFileSet()
        set.add(path: "NotificationCategories.swift", bytes: Array(source.utf8))
        let found = RegistrationScanner.scan(set.files)
        if manifest.categories.isEmpty {
            #expect(found.unresolved.map(\.what) == manifest.actions.map { _ in "action identifier 'action.rawValue'" })
            return
        }
        #expect(found.unresolved.map(\.what) == [])
        #expect(found.unusedActions.map(\.action.identifier) == [])
        #expect(found.categories.map(\.category) == manifest.categories)
        for registered in found.categories {
            #expect(registered.actions.map(\.action) == manifest.actions(of: registered.category))
            for action in registered.actions {
                #expect(action.titleKey != nil, "\(action.action.identifier): the title is localized")
            }
        }
        #expect(found.registrationCalls.count == 1)
    }
}
