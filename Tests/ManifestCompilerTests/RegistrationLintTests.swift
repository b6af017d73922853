// `notifc lint DIR` with Swift and Objective-C code: plists against code, rules in code, code against manifests.
import Foundation
@testable import ManifestCompiler
import NotifcDriver
import Testing

@Suite struct RegistrationLintTests {
    static let contentPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionAttributes</key>
        \t\t<dict>
        \t\t\t<key>UNNotificationExtensionCategory</key>
        \t\t\t<string>CATEGORY</string>
        \t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>
        \t\t\t<real>1</real>
        \t\t</dict>
        \t\t<key>NSExtensionMainStoryboard</key>
        \t\t<string>MainInterface</string>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>com.apple.usernotifications.content-extension</string>
        \t</dict>
        </dict>
        </plist>

        """

    static func plist(_ category: String) -> String { contentPlist.replacingOccurrences(of: "CATEGORY", with: category) }

    static func register(_ identifiers: String...) -> String {
        let categories = identifiers.map { "UNNotificationCategory(identifier: \"\($0)\", actions: [], intentIdentifiers: [], options: [])" }
        return "import UserNotifications\nfunc r() {\n    UNUserNotificationCenter.current().setNotificationCategories([\(categories.joined(separator: ", "))])\n}\n"
    }

    @Test func unregisteredCategoryIsAnErrorInThePlistWithSuggestionAndNote() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("App/AppDelegate.swift", Self.register("reminder", "invite"))
        _ = try directory.write("Content/Info.plist", Self.plist("remider"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .failure)
        #expect(run.error.contains("Content/Info.plist:9:12: error: category 'remider' is not registered by the app's code [E451]"), "\(run.error)")
        #expect(run.error.contains("help: did you mean 'reminder'?"))
        #expect(run.error.contains("App/AppDelegate.swift:3:40: note: the app registers 'reminder', 'invite' here"))
    }

    /// A project that registers with the Swift notifc writes: the scan reads it (it gave ten notes and checked nothing),
    /// so a plist's typo is an error, and the manifest, the code and the plist agree without a finding.
    @Test func theSwiftNotifcWritesIsReadAsTheAppsRegistration() throws {
        let manifestURL = TestPaths.manifests.appendingPathComponent("messaging.notif")
        var sources = SourceFileSet()
        sources.add(path: "messaging.notif", bytes: Array(try Data(contentsOf: manifestURL)))
        let manifest = try #require(Compiler.compile(sources).manifest)
        let directory = try TemporaryDirectory()
        _ = try directory.write("App/NotificationCategories.swift", SwiftEmitter(settings: SwiftOutputSettings()).source(manifest))
        _ = try directory.write(
            "App/AppDelegate.swift", "func launch() {\n    Task { await NotificationManifest.register(on: .current()) }\n}\n")
        _ = try directory.write("Content/Info.plist", Self.plist("invitationReminder"))
        let clean = runNotifc(["lint", manifestURL.path, directory.path])
        for code in ["E451", "W451", "W452", "W454", "N451", "N452"] { #expect(!clean.error.contains("[\(code)]"), "\(clean.error)") }
        _ = try directory.write("Content/Info.plist", Self.plist("invitationRemindr"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .failure)
        #expect(run.error.contains("Content/Info.plist:9:12: error: category 'invitationRemindr' is not registered by the app's code [E451]"), "\(run.error)")
        #expect(run.error.contains("help: did you mean 'invitationReminder'?"))
        #expect(run.error.contains("note: the app registers 'message', 'clear', 'invitation', 'invitationReminder' here"))
        #expect(!run.error.contains("N451"))
    }

    @Test func registeredCategoryIsClean() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("App/AppDelegate.swift", Self.register("reminder"))
        _ = try directory.write("Content/Info.plist", Self.plist("reminder"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .success)
        #expect(run.error.isEmpty, "\(run.error)")
    }

    @Test func unresolvedRegistrationMakesItAWarningWithANote() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "App/AppDelegate.swift",
            "func r(ids: [String]) {\n    let c = ids.map { UNNotificationCategory(identifier: $0, actions: [], intentIdentifiers: [], options: []) }\n}\n")
        _ = try directory.write("Content/Info.plist", Self.plist("reminder"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .success)
        #expect(run.error.contains("warning: category 'reminder' is not registered by any code notifc could read [W451]"), "\(run.error)")
        #expect(run.error.contains("AppDelegate.swift:2:58: note: notifc cannot compute the category identifier '$0'; it is not checked [N451]"))
    }

    /// Code that needs more work than a scan does (here 28³ closure runs) is read up to where the scan stopped
    /// (`W456`), and any category an Info.plist names may be registered after that point (`W451`, not `E451`);
    /// `import` writes the categories computed before it.
    @Test func aScanThatStopsAtItsLimitSaysWhereAndMakesPlistCategoriesPerhapsRegistered() throws {
        let directory = try TemporaryDirectory()
        let code = "enum K: String, CaseIterable { " + (0..<28).map { "case k\($0) " }.joined() + "}\n"
            + "let all = K.allCases.flatMap { a in K.allCases.flatMap { b in K.allCases.map { c in UNNotificationCategory(identifier: a.rawValue + b.rawValue + c.rawValue, actions: [], intentIdentifiers: [], options: []) } } }\n"
            + "func r() { UNUserNotificationCenter.current().setNotificationCategories(Set(all)) }\n"
        _ = try directory.write("App/AppDelegate.swift", code)
        _ = try directory.write("Content/Info.plist", Self.plist("k27k27k27"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .success)
        #expect(run.error.contains("AppDelegate.swift:2:85: warning: notifc stopped computing registration code here, at the most work it does in one scan; categories registered past this point are not read [W456]"), "\(run.error)")
        #expect(run.error.contains("Content/Info.plist:9:12: warning: category 'k27k27k27' is not registered by any code notifc could read [W451]"))
        #expect(run.error.contains("AppDelegate.swift:2:85: note: notifc stopped computing the code here; what follows may register 'k27k27k27'"))
        #expect(!run.error.contains("[E451]"))

        let imported = runNotifc(["import", directory.path + "/App/AppDelegate.swift", "-o", directory.path + "/app.notif"])
        #expect(imported.status == .success, "\(imported.error)")
        #expect(imported.error.contains("[W456]"))
        let manifest = try String(contentsOfFile: directory.path + "/app.notif", encoding: .utf8)
        #expect(manifest.contains("category k0k0k0 {}"))
        #expect(!manifest.contains("category k27k27k27 {}"))
    }

    /// An interpolated literal registers only identifiers its literal text fits: `"promo.\(campaign)"` may register
    /// `promo.spring` (`W451`, its note at that registration) but not `reminder` (`E451`).
    @Test func anInterpolatedIdentifierMayRegisterOnlyWhatItsLiteralTextFits() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "App/AppDelegate.swift",
            "func r(a: String, b: String) {\n    let x = UNNotificationCategory(identifier: \"(\\(a))\", actions: [], intentIdentifiers: [], options: [])\n"
                + "    let y = UNNotificationCategory(identifier: \"promo.\\(b)\", actions: [], intentIdentifiers: [], options: [])\n}\n")
        _ = try directory.write("Content/Info.plist", Self.plist("reminder"))
        _ = try directory.write("Promo/Info.plist", Self.plist("promo.spring"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("warning: category 'promo.spring' is not registered by any code notifc could read [W451]"), "\(run.error)")
        #expect(run.error.contains("AppDelegate.swift:3:48: note: this registration is computed at run time; it may register 'promo.spring'"), "\(run.error)")
        #expect(run.error.contains("error: category 'reminder' is not registered by the app's code [E451]"), "\(run.error)")
        #expect(UnresolvedRegistration.affixes(ofInterpolatedLiteral: #""promo.\(b)""#) == ("promo.", ""))
        #expect(UnresolvedRegistration.affixes(ofInterpolatedLiteral: #""a\(x).\(f(y)).z""#) == ("a", ".z"))
        #expect(UnresolvedRegistration.affixes(ofInterpolatedLiteral: #""(\(a))""#) == ("(", ""))
        #expect(UnresolvedRegistration.affixes(ofInterpolatedLiteral: #""a\nb\(x)""#) == ("", ""))
        #expect(UnresolvedRegistration.affixes(ofInterpolatedLiteral: "kind") == ("", ""))
        #expect(UnresolvedRegistration.affixes(ofInterpolatedLiteral: #""promo."+"\(b)""#) == ("", ""), "two literals joined")
    }

    @Test func eachExtensionIsPairedWithTheAppAroundIt() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("Apps/Mail/Sources/App.swift", Self.register("mail"))
        _ = try directory.write("Apps/Mail/Content/Info.plist", Self.plist("chat"))
        _ = try directory.write("Apps/Chat/Sources/App.swift", Self.register("chat"))
        _ = try directory.write("Apps/Chat/Content/Info.plist", Self.plist("chat"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("Apps/Mail/Content/Info.plist:9:12: error: category 'chat' is not registered by the app's code [E451]"), "\(run.error)")
        #expect(!run.error.contains("Apps/Chat/Content/Info.plist"), "\(run.error)")
    }

    @Test func dependencyAndBuildFoldersAreNotRead() throws {
        let directory = try TemporaryDirectory()
        for folder in ["Pods", "Carthage", ".build", "DerivedData", "node_modules", "build"] {
            _ = try directory.write("\(folder)/X/A.swift", Self.register("reminder"))
        }
        _ = try directory.write("App/A.swift", Self.register("other"))
        _ = try directory.write("Content/Info.plist", Self.plist("reminder"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("error: category 'reminder' is not registered by the app's code [E451]"), "\(run.error)")
    }

    @Test func noCodeIsOneNote() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("Content/Info.plist", Self.plist("reminder"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .success)
        #expect(run.error.components(separatedBy: "[N452]").count == 2, "\(run.error)")
        #expect(run.error.contains("note: no Swift or Objective-C files among the inputs"))
    }

    /// Each finding points at the argument at fault (the empty title, the options list), not the whole initializer.
    @Test func rulesAreLocatedInTheCode() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "App/A.swift",
            """
            let reply = UNTextInputNotificationAction(identifier: "reply", title: "", options: [.authenticationRequired])
            let open = UNNotificationAction(identifier: "com.apple.UNNotificationDefaultActionIdentifier", title: "Open", options: [])
            let a = UNNotificationCategory(identifier: "a", actions: [reply, open], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: "%@ more", options: [.allowAnnouncement])
            let b = UNNotificationCategory(identifier: "a", actions: [], intentIdentifiers: [], options: [])
            func one() { UNUserNotificationCenter.current().setNotificationCategories([a]) }
            func two() { UNUserNotificationCenter.current().setNotificationCategories([b]) }
            let ask = UNTextInputNotificationAction(identifier: "ask", title: "Ask", options: [], textInputButtonTitle: " ", textInputPlaceholder: "")
            let hint = UNNotificationAction(identifier: "hint", title: " \\t", options: [])

            """)
        let run = runNotifc(["lint", directory.path])
        // A button title the code leaves out is not reported as blank; one written blank is.
        #expect(!run.error.contains("text-input action 'reply' has an empty button title"), "\(run.error)")
        #expect(run.error.contains("A.swift:8:60: error: action 'hint' has an empty title [E314]"), "\(run.error)")
        for expected in [
            "A.swift:7:109: error: text-input action 'ask' has an empty button title [E314]",
            "A.swift:1:71: error: action 'reply' has an empty title [E314]",
            "A.swift:1:84: warning: text-input action 'reply' requires authentication [W304]",
            "A.swift:2:45: error: 'com.apple.UNNotificationDefaultActionIdentifier' is reserved by UserNotifications [E312]",
            "A.swift:3:155: warning: categorySummaryFormat of category 'a' has no '%u' for the notification count [W305]",
            "A.swift:3:175: warning: option 'allowAnnouncement' of category 'a' is deprecated; iOS 15 and later ignore it [W301]",
            "A.swift:4:9: warning: category 'a' is registered here with actions [] and elsewhere with ['reply', 'com.apple.UNNotificationDefaultActionIdentifier'] [W452]",
            "A.swift:6:49: warning: setNotificationCategories is called from more than one place [W453]",
        ] {
            #expect(run.error.contains(expected), "missing: \(expected)\n\(run.error)")
        }
    }

    @Test func codeIsComparedWithTheManifestExceptGeneratedCode() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "app.notif",
            "action open { title: \"Open\", options: [foreground] }\ncategory reminder { actions: [open] }\ncontentExtension Content { categories: [reminder], initialContentSizeRatio: 1, storyboard: \"MainInterface\" }\n")
        _ = try directory.write(
            "App/A.swift",
            """
            let open = UNNotificationAction(identifier: "open", title: "Open it", options: [.foreground])
            let r = UNNotificationCategory(identifier: "reminder", actions: [open], intentIdentifiers: [], options: [])
            let x = UNNotificationCategory(identifier: "remindr", actions: [], intentIdentifiers: [], options: [])

            """)
        _ = try directory.write(
            "App/NotificationCategories.swift",
            "// Generated by notifc from app.notif. Do not edit.\nlet g = UNNotificationCategory(identifier: \"generated\", actions: [], intentIdentifiers: [], options: [])\n")
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("A.swift:2:9: warning: the code registers category 'reminder' differently from the manifest: action 'open' titled 'Open it' instead of 'Open' [W454]"), "\(run.error)")
        #expect(run.error.contains("A.swift:3:9: warning: the code registers category 'remindr', which the manifest does not declare [W454]"))
        #expect(!run.error.contains("'generated'"))
    }

    /// A localized title is compared by its default value (the text users see in the development language);
    /// a difference names the key.
    @Test func localizedTitlesAreComparedByDefaultValue() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "app.notif",
            "action open { title: \"Open\" }\naction snooze { title: \"Snooze\" }\ncategory reminder { actions: [open, snooze] }\n")
        _ = try directory.write(
            "App/A.swift",
            """
            let open = UNNotificationAction(identifier: "open", title: NSLocalizedString("action.open", value: "Open", comment: ""), options: [])
            let snooze = UNNotificationAction(identifier: "snooze", title: String(localized: "snooze.key", defaultValue: "Later"), options: [])
            let r = UNNotificationCategory(identifier: "reminder", actions: [open, snooze], intentIdentifiers: [], options: [])

            """)
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("differently from the manifest: action 'snooze' titled 'Later' (key 'snooze.key') instead of 'Snooze' [W454]"), "\(run.error)")
        #expect(!run.error.contains("action 'open'"), "\(run.error)")
    }

    /// Options, icons, intent identifiers and a category's placeholder and summary format are compared too, each
    /// named; what the code leaves unknown (options from a function, an icon from a variable) is not.
    @Test func optionsIconsIntentsAndCategoryStringsAreComparedByName() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "app.notif",
            """
            action open { title: "Open", options: [foreground], icon: systemImage("envelope.open") }
            action later { title: "Later", options: [destructive], icon: systemImage("clock") }
            category reminder {
                actions: [open, later]
                options: [customDismissAction]
                intentIdentifiers: ["INSendMessageIntent"]
                hiddenPreviewsBodyPlaceholder: "Reminder"
                categorySummaryFormat: "%u more reminders"
            }

            """)
        _ = try directory.write(
            "App/A.swift",
            """
            let open = UNNotificationAction(identifier: "open", title: "Open", options: [.foreground, .authenticationRequired], icon: UNNotificationActionIcon(templateImageName: "open"))
            let later = UNNotificationAction(identifier: "later", title: "Later", options: laterOptions(), icon: laterIcon)
            let r = UNNotificationCategory(identifier: "reminder", actions: [open, later], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "Reminders", categorySummaryFormat: "%u more reminders", options: [.customDismissAction, .allowInCarPlay])

            """)
        let run = runNotifc(["lint", directory.path])
        let expected = "the code registers category 'reminder' differently from the manifest: "
            + "options [customDismissAction, allowInCarPlay] instead of [customDismissAction]; "
            + "intent identifiers [] instead of ['INSendMessageIntent']; "
            + "hidden-previews placeholder 'Reminders' instead of 'Reminder'; "
            + "action 'open' with options [authenticationRequired, foreground] instead of [foreground]; "
            + "action 'open' with icon templateImage('open') instead of icon systemImage('envelope.open') [W454]"
        #expect(run.error.contains(expected), "\(run.error)")
        #expect(!run.error.contains("action 'later' with"), "what the code leaves unknown is not compared: \(run.error)")
    }

    /// A category's placeholder or summary format given as `""` is what iOS holds when none is given: it agrees with a
    /// manifest that has none, and the other way round.
    @Test func anEmptyCategoryStringAgreesWithNone() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "app.notif", "category a {}\ncategory b { hiddenPreviewsBodyPlaceholder: \"\" }\ncategory c {}\n")
        _ = try directory.write(
            "App/A.swift",
            """
            let a = UNNotificationCategory(identifier: "a", actions: [], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "", options: [])
            let b = UNNotificationCategory(identifier: "b", actions: [], intentIdentifiers: [], options: [])
            let c = UNNotificationCategory(identifier: "c", actions: [], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "", categorySummaryFormat: "%u more", options: [])

            """)
        let run = runNotifc(["lint", directory.path])
        #expect(!run.error.contains("category 'a' differently") && !run.error.contains("category 'b' differently"), "\(run.error)")
        #expect(run.error.contains("category 'c' differently from the manifest: summary format '%u more' instead of none [W454]"), "\(run.error)")
    }

    /// A text-input action made with UNNotificationAction's initializer has neither button title nor placeholder:
    /// `lint` says so, and no placeholder agrees with a manifest that leaves it out.
    @Test func aTextInputActionWithoutItsTextsIsComparedAsHavingNone() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "app.notif",
            "textInputAction reply { title: \"Reply\", buttonTitle: \"Send\", placeholder: \"Type…\" }\ntextInputAction note { title: \"Note\", buttonTitle: \"Save\" }\ncategory message { actions: [reply, note] }\n")
        _ = try directory.write(
            "App/A.swift",
            """
            let reply = UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [])
            let note = UNTextInputNotificationAction(identifier: "note", title: "Note", options: [], textInputButtonTitle: "Save", textInputPlaceholder: "")
            let m = UNNotificationCategory(identifier: "message", actions: [reply, note], intentIdentifiers: [], options: [])

            """)
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("differently from the manifest: action 'reply' with no button title (iOS's default label) instead of 'Send'; action 'reply' with no placeholder instead of 'Type…' [W454]"), "\(run.error)")
        #expect(!run.error.contains("action 'note' with"), "\(run.error)")
    }

    /// Code that looks up notifc's own key for a text the manifest leaves empty finds no entry in the table (an empty
    /// text is not localized) and shows the key: `lint` says so. Objective-C's `nil` for a text-input string is the
    /// same as leaving it out: not reported as blank, compared as none.
    @Test func ownKeysOfEmptyTextsAndNilTextsAreCompared() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "app.notif",
            "textInputAction reply { title: \"Reply\", buttonTitle: \"Send\" }\ntextInputAction note { title: \"Note\", buttonTitle: \"Save\", placeholder: \"Text\" }\ncategory msg { actions: [reply] }\ncategory memo { actions: [note] }\n")
        _ = try directory.write(
            "App/A.swift",
            """
            let reply = UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: NSLocalizedString("action.reply.placeholder", tableName: "Notifications", comment: ""))
            let msg = UNNotificationCategory(identifier: "msg", actions: [reply], intentIdentifiers: [], options: [])

            """)
        _ = try directory.write(
            "App/B.m",
            """
            - (void)registerCategories {
                UNTextInputNotificationAction *note = [UNTextInputNotificationAction actionWithIdentifier:@"note" title:@"Note" options:UNNotificationActionOptionNone textInputButtonTitle:nil textInputPlaceholder:nil];
                UNNotificationCategory *memo = [UNNotificationCategory categoryWithIdentifier:@"memo" actions:@[note] intentIdentifiers:@[] options:UNNotificationCategoryOptionNone];
            }

            """)
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("category 'msg' differently from the manifest: action 'reply' with placeholder 'action.reply.placeholder' instead of '' [W454]"), "\(run.error)")
        #expect(run.error.contains("category 'memo' differently from the manifest: action 'note' with no button title (iOS's default label) instead of 'Save'; action 'note' with no placeholder instead of 'Text' [W454]"), "\(run.error)")
        #expect(!run.error.contains("[E314]"), "\(run.error)")
    }

    /// A text-input action's button title and placeholder are compared too, when the code's are known.
    @Test func textInputIsComparedWithTheManifest() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "app.notif",
            "textInputAction reply { title: \"Reply\", buttonTitle: \"Send\", placeholder: \"Type a message…\" }\ntextInputAction note { title: \"Note\", buttonTitle: \"Save\" }\ncategory message { actions: [reply, note] }\n")
        _ = try directory.write(
            "App/A.swift",
            """
            let reply = UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Go", textInputPlaceholder: "Write something")
            let note = UNTextInputNotificationAction(identifier: "note", title: "Note", options: [], textInputButtonTitle: saveTitle(), textInputPlaceholder: placeholder)
            let m = UNNotificationCategory(identifier: "message", actions: [reply, note], intentIdentifiers: [], options: [])

            """)
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("differently from the manifest: action 'reply' with button title 'Go' instead of 'Send'; action 'reply' with placeholder 'Write something' instead of 'Type a message…' [W454]"), "\(run.error)")
        #expect(!run.error.contains("action 'note' with"), "what the code leaves unknown is not compared: \(run.error)")
        // Strings looked up with notifc's own keys and no default value come from the manifest's table.
        _ = try directory.write(
            "App/A.swift",
            """
            let reply = UNTextInputNotificationAction(identifier: "reply", title: NSLocalizedString("action.reply.title", comment: ""), options: [], textInputButtonTitle: NSLocalizedString("action.reply.buttonTitle", comment: ""), textInputPlaceholder: NSLocalizedString("action.reply.placeholder", comment: ""))
            let m = UNNotificationCategory(identifier: "message", actions: [reply], intentIdentifiers: [], options: [])

            """)
        let keyed = runNotifc(["lint", directory.path])
        #expect(!keyed.error.contains("action 'reply'"), "\(keyed.error)")
    }

    /// With a manifest, each category a manifest content extension renders is checked against the code, as an
    /// Info.plist's are without one: E451 at the category in the extension's list. Not when notifc's generated
    /// Swift is among the code, nor when the code registers nothing.
    @Test func manifestExtensionCategoriesAreCheckedAgainstTheCode() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write(
            "app.notif",
            "category reminder {}\ncategory invitation {}\ncontentExtension Content { categories: [reminder, invitation], storyboard: \"MainInterface\" }\n")
        let code = try directory.write(
            "App/A.swift",
            """
            let r = UNNotificationCategory(identifier: "reminder", actions: [], intentIdentifiers: [], options: [])
            let i = UNNotificationCategory(identifier: "invitaton", actions: [], intentIdentifiers: [], options: [])
            UNUserNotificationCenter.current().setNotificationCategories([r, i])

            """)
        let run = runNotifc(["lint", manifest, code])
        #expect(run.status == .failure)
        #expect(run.error.contains("app.notif:3:51: error: category 'invitation' is not registered by the app's code [E451]"), "\(run.error)")
        #expect(run.error.contains("help: did you mean 'invitaton'?"), "\(run.error)")
        #expect(run.error.contains("A.swift:3:36: note: the app registers 'reminder', 'invitaton' here"), "\(run.error)")
        #expect(!run.error.contains("'reminder' is not registered"), "\(run.error)")
        let generated = try directory.write(
            "App/NotificationCategories.swift", "// Generated by notifc from app.notif. Do not edit.\nlet x = 1\n")
        #expect(!runNotifc(["lint", manifest, code, generated]).error.contains("[E451]"))
        let unrelated = try directory.write("Other/B.swift", "let x = 1\n")
        let none = runNotifc(["lint", manifest, unrelated])
        #expect(none.status == .success && !none.error.contains("[E451]"), "\(none.error)")
    }

    static let registerOnce = "import UserNotifications\nfunc r() { UNUserNotificationCenter.current().setNotificationCategories([UNNotificationCategory(identifier: \"c\", actions: [], intentIdentifiers: [], options: [])]) }\n"

    /// W452 and W453 are per app (the code under the nearest folder holding registration code), not across
    /// every app of a repository.
    @Test func repeatedRegistrationIsCountedPerApp() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("Mail/App/A.swift", Self.registerOnce)
        _ = try directory.write(
            "Chat/App/A.swift",
            Self.registerOnce.replacingOccurrences(of: "actions: []", with: "actions: [UNNotificationAction(identifier: \"x\", title: \"X\", options: [])]"))
        let separate = runNotifc(["lint", directory.path])
        #expect(!separate.error.contains("[W453]"), "\(separate.error)")
        #expect(!separate.error.contains("[W452]"), "\(separate.error)")

        _ = try directory.write("Mail/App/B.swift", Self.registerOnce.replacingOccurrences(of: "func r()", with: "func s()"))
        let twice = runNotifc(["lint", directory.path])
        #expect(twice.error.contains("Mail/App/B.swift:2:47: warning: setNotificationCategories is called from more than one place [W453]"), "\(twice.error)")
        #expect(twice.error.components(separatedBy: "[W453]").count == 2, "\(twice.error)")
    }

    /// Categories registered in two folders of one app (no other app beside it) are one app's.
    @Test func repeatedRegistrationInOneAppAcrossFolders() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("App/Sources/A.swift", Self.registerOnce)
        _ = try directory.write("App/Other/B.swift", Self.registerOnce.replacingOccurrences(of: "actions: []", with: "actions: [UNNotificationAction(identifier: \"x\", title: \"X\", options: [])]"))
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("[W453]"), "\(run.error)")
        #expect(run.error.contains("[W452]"), "\(run.error)")
    }

    /// The corpus plists' `XREF` notes, against the corpus registration code of the same repository: a
    /// category recorded as registered gets no finding, one recorded as never registered is `E451`, and one
    /// registered by code computed at run time is `W451`. Categories generated from enums (`enum-generated`,
    /// `CaseIterable enum`) are registered: the scanner's interpreter computes them, so they get no finding.
    @Test func corpusCrossReferences() throws {
        guard let corpus = TestPaths.shared?.appendingPathComponent("corpus") else {
            print("skipped: ../shared/corpus is not available")
            return
        }
        let sources = try String(contentsOf: corpus.appendingPathComponent("plists/SOURCES.tsv"), encoding: .utf8)
        var checked = 0
        for line in sources.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6, fields[4] == "content" else { continue }
            let repo = fields[1]
            let code = corpus.appendingPathComponent("registrations/" + repo.replacingOccurrences(of: "/", with: "__"))
            guard FileManager.default.fileExists(atPath: code.path) else { continue }
            let note = fields[5]
            let expected: DiagnosticCode?
            if note.contains("XREF MISMATCH") || note.contains("is NOT registered") {
                expected = .categoryNotRegistered
            } else if note.contains("cannot be decided statically") {
                expected = .categoryPerhapsNotRegistered
            } else {
                expected = nil
            }
            let directory = try TemporaryDirectory()
            for ext in ["swift", "m", "h"] {
                for url in TestPaths.files(in: code, withExtension: ext) {
                    _ = try directory.write(TestPaths.relativePath(url, to: code), try Data(contentsOf: url))
                }
            }
            _ = try directory.write(fields[2], try Data(contentsOf: corpus.appendingPathComponent("plists/" + fields[0])))
            let run = runNotifc(["lint", directory.path])
            let found = [DiagnosticCode.categoryNotRegistered, .categoryPerhapsNotRegistered].filter { run.error.contains("[\($0.rawValue)]") }
            #expect(found == (expected.map { [$0] } ?? []), "\(repo): expected \(expected?.rawValue ?? "nothing")\n\(run.error)")
            checked += 1
        }
        #expect(checked >= 30)
        print("corpus cross-references checked: \(checked)")
    }
}

@Suite struct SuppressionAndBaselineTests {
    @Test func commentsSilenceFindingsInCodeAndPlists() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "App/A.swift",
            "// notifc:ignore E314\nlet a = UNNotificationAction(identifier: \"a\", title: \"\", options: [])\nlet c = UNNotificationCategory(identifier: \"c\", actions: [a], intentIdentifiers: [], options: []) // notifc:ignore W302\n")
        let plist = RegistrationLintTests.plist("missing").replacingOccurrences(
            of: "\t\t\t<key>UNNotificationExtensionCategory</key>",
            with: "\t\t\t<!-- notifc:ignore E451 -->\n\t\t\t<key>UNNotificationExtensionCategory</key>")
        _ = try directory.write("Content/Info.plist", plist)
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .success, "\(run.error)")
        #expect(!run.error.contains("[E314]") && !run.error.contains("[E451]"), "\(run.error)")
        #expect(run.error.contains("A.swift:3:102: warning: notifc:ignore W302 silences nothing here [W455]"), "\(run.error)")
    }

    @Test func theMarkerInsideAStringIsNotAComment() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "App/A.swift",
            "let a = UNNotificationAction(identifier: \"a\", title: \"\", options: []); let hint = \"// notifc:ignore E314\"\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [a], intentIdentifiers: [], options: [])\n")
        _ = try directory.write("app.notif", "action unused { title: \"// notifc:ignore W303\" }\n")
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("A.swift:1:54: error:") && run.error.contains("[E314]"), "\(run.error)")
        #expect(run.error.contains("app.notif:1:8: warning:") && run.error.contains("[W303]"), "\(run.error)")
        #expect(!run.error.contains("[W455]"), "\(run.error)")
    }

    /// A content plist for category `c` with an entitlement key (E419) in `NSExtension`, after the inner
    /// `NSExtensionAttributes` dictionary closes, and `text` replaced with `replacement`.
    static func plistWithEntitlement(replacing text: String, with replacement: String) -> String {
        RegistrationLintTests.plist("c")
            .replacingOccurrences(of: text, with: replacement)
            .replacingOccurrences(
                of: "\t\t<key>NSExtensionMainStoryboard</key>",
                with: "\t\t<key>com.apple.developer.usernotifications.time-sensitive</key>\n\t\t<true/>\n\t\t<key>NSExtensionMainStoryboard</key>")
    }

    @Test func aCommentBeforeAKeyCoversItsWholeValueWithNestedDictionaries() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("App/A.swift", RegistrationLintTests.register("c"))
        let plist = Self.plistWithEntitlement(
            replacing: "\t<key>NSExtension</key>", with: "\t<!-- notifc:ignore E419 -->\n\t<key>NSExtension</key>")
        _ = try directory.write("Content/Info.plist", plist)
        let silenced = runNotifc(["lint", directory.path])
        #expect(silenced.status == .success && !silenced.error.contains("[E419]"), "\(silenced.error)")
        #expect(!silenced.error.contains("[W455]"), "\(silenced.error)")
        // Without the comment the entitlement key (after the inner dictionary closes) is reported.
        _ = try directory.write("Content/Info.plist", plist.replacingOccurrences(of: "\t<!-- notifc:ignore E419 -->\n", with: ""))
        let reported = runNotifc(["lint", directory.path])
        #expect(reported.status == .failure && reported.error.contains("[E419]"), "\(reported.error)")
    }

    @Test func stringsTablesTakeCommentsInTheirOwnSyntax() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("app.notif", "action reply { title: \"Reply\" }\ncategory chat { actions: [reply] }\n")
        let strings = try directory.write(
            "en.lproj/Localizable.strings", "/* notifc:ignore W802 */\n\"action.gone.title\" = \"Gone\";\n\"action.other.title\" = \"// notifc:ignore W802\";\n")
        let silenced = runNotifc(["lint", manifest, strings])
        #expect(silenced.error.contains("Localizable.strings:3:1: warning:") && silenced.error.contains("[W802]"), "\(silenced.error)")
        #expect(!silenced.error.contains("Localizable.strings:2:"), "\(silenced.error)")
        #expect(!silenced.error.contains("[W455]"), "\(silenced.error)")
        let stringsdict = try directory.write(
            "en.lproj/Localizable.stringsdict",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<!-- notifc:ignore W802 -->
            \t<key>action.gone.title</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@n@</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d gone</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """)
        let dictRun = runNotifc(["lint", manifest, stringsdict])
        #expect(!dictRun.error.contains("[W802]") && !dictRun.error.contains("[W455]"), "\(dictRun.error)")
    }

    @Test func objectiveCStringsAndValuesOnTheKeyLine() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "App/A.m",
            "UNNotificationAction *a = [UNNotificationAction actionWithIdentifier:@\"a\" title:@\"\" options:0]; NSString *s = @\"// notifc:ignore E314\";\r\n"
                + "UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@\"c\" actions:@[a] intentIdentifiers:@[] options:0];\r\n")
        let plist = Self.plistWithEntitlement(
            replacing: "\t<key>NSExtension</key>\n\t<dict>", with: "\t<!-- notifc:ignore E419 -->\n\t<key>NSExtension</key><dict>")
        _ = try directory.write("Content/Info.plist", plist)
        let run = runNotifc(["lint", directory.path])
        #expect(run.error.contains("A.m:1:81: error:") && run.error.contains("[E314]"), "\(run.error)")
        #expect(!run.error.contains("[E419]") && !run.error.contains("[W455]"), "\(run.error)")
    }

    @Test func commentsSilenceManifestFindings() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("app.notif", "// notifc:ignore W303\naction unused { title: \"U\" }\n")
        let run = runNotifc(["lint", manifest])
        #expect(!run.error.contains("[W303]"), "\(run.error)")
        #expect(!run.error.contains("[W455]"), "\(run.error)")
    }

    /// `fmt` moves a one-line declaration's trailing comment to its `}`, below the lines it was on: a
    /// suppression there still silences what it silenced, before and after formatting.
    @Test func suppressionsSurviveFormatting() throws {
        let directory = try TemporaryDirectory()
        let longList = "[allowAnnouncement, allowInCarPlay, hiddenPreviewsShowTitle, hiddenPreviewsShowSubtitle]"
        let manifest = try directory.write(
            "app.notif",
            """
            action unused { title: "U" } // notifc:ignore W303
            action used { title: "Used" }
            category c { actions: [used], options: \(longList) } // notifc:ignore W301

            """)
        let before = runNotifc(["lint", manifest, "--warnings-as-errors"])
        #expect(before.status == .success, "\(before.error)")
        let format = runNotifc(["fmt", "--write", manifest])
        #expect(format.status == .success, "\(format.error)")
        let formatted = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(formatted.contains("} // notifc:ignore W303") && formatted.contains("} // notifc:ignore W301"), "\(formatted)")
        let after = runNotifc(["lint", manifest, "--warnings-as-errors"])
        #expect(after.status == .success, "\(after.error)")
        // Only what it closes: the next declaration's findings are not silenced.
        try directory.write("app.notif", "action b {\n  title: \"B\"\n}\naction a { title: \"A\" } // notifc:ignore W303\n")
        let next = runNotifc(["lint", manifest])
        #expect(next.error.contains("action 'b' is not used") && !next.error.contains("action 'a' is not used"), "\(next.error)")
    }

    /// `build` honours the comments `lint` honours, for warnings (so Xcode's build log and `--warnings-as-errors`
    /// agree with `lint`), and leaves comments that silence nothing to `lint`. An error in a manifest is never
    /// silenced: `build` cannot write outputs from it, so `lint` says the comment cannot silence it.
    @Test func buildHonoursSuppressionsAndErrorsAreNeverSilenced() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write(
            "app.notif",
            "action unused { title: \"U\" } // notifc:ignore W303\naction used { title: \"Used\" } // notifc:ignore W301\ncategory c { actions: [used] }\n")
        let build = runNotifc(["build", manifest, "-o", directory.path + "/out", "--warnings-as-errors"])
        #expect(build.status == .success, "\(build.error)")
        #expect(build.error.isEmpty, "\(build.error)")
        let lint = runNotifc(["lint", manifest])
        #expect(lint.error.contains("notifc:ignore W301 silences nothing here [W455]"), "\(lint.error)")
        let broken = try directory.write("broken.notif", "action a { title: = \"A\" } // notifc:ignore E103\ncategory c { actions: [a] }\n")
        let lintBroken = runNotifc(["lint", broken])
        #expect(lintBroken.status == .failure)
        #expect(lintBroken.error.contains("error: unexpected character '=' [E103]"), "\(lintBroken.error)")
        #expect(lintBroken.error.contains("notifc:ignore cannot silence E103 in a manifest: it is an error [W455]"))
        let buildBroken = runNotifc(["build", broken, "-o", directory.path + "/out2"])
        #expect(buildBroken.status == .failure)
        #expect(buildBroken.error.contains("[E103]") && !buildBroken.error.contains("W455"), "\(buildBroken.error)")
    }

    @Test func baselineReportsOnlyNewFindingsAndSurvivesUnrelatedEdits() throws {
        let directory = try TemporaryDirectory()
        let code = "let c = UNNotificationCategory(identifier: \"old\", actions: [], intentIdentifiers: [], options: [])\n"
        _ = try directory.write("App/A.swift", code)
        _ = try directory.write("Content/Info.plist", RegistrationLintTests.plist("olde"))
        let baseline = directory.path + "/lint.baseline"
        let first = runNotifc(["lint", directory.path, "--write-baseline", baseline])
        #expect(first.status == .failure)
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(written.contains("Content/Info.plist\tE451\tcategory 'olde' is not registered by the app's code"), "\(written)")
        // An unrelated edit moves the finding down a few lines: still recorded.
        _ = try directory.write("App/A.swift", "// a comment\n\n" + code)
        _ = try directory.write(
            "Content/Info.plist",
            RegistrationLintTests.plist("olde").replacingOccurrences(of: "<dict>\n", with: "<dict>\n\t<key>X</key>\n\t<string>y</string>\n"))
        let again = runNotifc(["lint", directory.path, "--baseline", baseline])
        #expect(again.status == .success, "\(again.error)")
        #expect(!again.error.contains("[E451]"))
        // A new finding is reported.
        _ = try directory.write("Other/Info.plist", RegistrationLintTests.plist("new"))
        let new = runNotifc(["lint", directory.path, "--baseline", baseline])
        #expect(new.status == .failure)
        #expect(new.error.contains("category 'new' is not registered"), "\(new.error)")
        #expect(!new.error.contains("category 'olde'"))
    }

    @Test func aFileThatIsNotABaselineIsRefused() throws {
        let directory = try TemporaryDirectory()
        let bad = try directory.write("b.txt", "hello\n")
        _ = try directory.write("app.notif", "category a {}\n")
        let run = runNotifc(["lint", directory.path + "/app.notif", "--baseline", bad])
        #expect(run.status == .ioFailure)
        #expect(run.error.hasPrefix("error: cannot read input: not a notifc lint baseline"), "\(run.error)")
        let missing = runNotifc(["lint", directory.path + "/app.notif", "--baseline", directory.path + "/missing.json"])
        #expect(missing.status == .ioFailure)
        #expect(missing.error.hasPrefix("error: cannot read input: No such file or directory"), "\(missing.error)")
        let unwritable = runNotifc(["lint", directory.path + "/app.notif", "--write-baseline", bad + "/baseline.json"])
        #expect(unwritable.status == .ioFailure)
        #expect(unwritable.error.hasPrefix("error: cannot write output: "), "\(unwritable.error)")
    }
}

@Suite struct RegistrationImportTests {
    /// `notifc import` of one Swift file, `code/A.swift` in `directory`, into `app.notif` beside it.
    static func importSwift(_ code: String, in directory: TemporaryDirectory) throws
        -> (run: (status: NotifcDriver.ExitStatus, output: String, error: String), output: String)
    {
        _ = try directory.write("code/A.swift", code)
        let output = directory.path + "/app.notif"
        return (runNotifc(["import", directory.path + "/code", "-o", output]), output)
    }

    /// The manifest `notifc import` writes for one Swift file, `code/A.swift`, after checking that it succeeded.
    static func importedManifest(fromSwift code: String) throws -> String {
        let directory = try TemporaryDirectory()
        let (run, output) = try importSwift(code, in: directory)
        #expect(run.status == .success, "\(run.error)")
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// Line breaks in what the header quotes from code (an identifier, a multi-line string that cannot be read)
    /// start new comment lines: they never end the comment and become manifest text.
    @Test func lineBreaksInTheHeaderStayComments() throws {
        let text = try Self.importedManifest(
            fromSwift: #"""
            func register(name: String) {
                let c = UNNotificationCategory(identifier: "x\naction evil { title: \"Evil\" }\ncategory evil {}\n//", actions: [], intentIdentifiers: [],
                    hiddenPreviewsBodyPlaceholder: """
                        New message
                        from \(name)
                        """, options: [])
                UNUserNotificationCenter.current().setNotificationCategories([c])
            }

            """#)
        let code = text.split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.isEmpty }
        #expect(code.count == 1, "\(text)")
        #expect(code.first?.hasPrefix("category \"x\\naction evil") == true, "\(text)")
        var sources = SourceFileSet()
        sources.add(path: "app.notif", bytes: Array(text.utf8))
        #expect(Compiler.compile(sources).manifest?.categories.count == 1)
    }

    /// Import titles an action with the default value of its localized title and lists the old key.
    @Test func localizedTitleImportsItsDefaultValue() throws {
        let text = try Self.importedManifest(
            fromSwift: """
            let a = UNNotificationAction(identifier: "reply", title: NSLocalizedString("reply.key", value: "Reply", comment: ""), options: [])
            let b = UNNotificationAction(identifier: "open", title: NSLocalizedString("Open", comment: ""), options: [])
            let c = UNNotificationCategory(identifier: "c", actions: [a, b], intentIdentifiers: [], options: [])

            """)
        #expect(text.contains("title: \"Reply\""), "\(text)")
        #expect(text.contains("title: \"Open\""), "\(text)")
        #expect(text.contains("A.swift:1: title of action 'reply' localized with key 'reply.key'"), "\(text)")
        // A key that is its text is a key too: the app's translations are under it.
        #expect(text.contains("A.swift:2: title of action 'open' localized with key 'Open'"), "\(text)")
    }

    /// Every localized string keeps its key, not only titles: button titles, placeholders and the category's
    /// strings are listed in the header at their argument.
    @Test func everyLocalizedStringListsItsKey() throws {
        let text = try Self.importedManifest(
            fromSwift: """
            let a = UNTextInputNotificationAction(
                identifier: "reply", title: "Reply", options: [],
                textInputButtonTitle: NSLocalizedString("send.key", value: "Send", comment: "Sends the reply"),
                textInputPlaceholder: String(localized: "Message")
            )
            let c = UNNotificationCategory(
                identifier: "c", actions: [a], intentIdentifiers: [],
                hiddenPreviewsBodyPlaceholder: NSLocalizedString("hidden.key", value: "%u new", comment: ""),
                categorySummaryFormat: NSLocalizedString("summary.key", value: "%u more", comment: ""), options: [])

            """)
        #expect(text.contains("buttonTitle: \"Send\""), "\(text)")
        #expect(text.contains("buttonTitleComment: \"Sends the reply\""), "\(text)")
        #expect(text.contains("A.swift:3: button title of action 'reply' localized with key 'send.key'"), "\(text)")
        #expect(text.contains("A.swift:8: hidden-previews placeholder of category 'c' localized with key 'hidden.key'"), "\(text)")
        #expect(text.contains("A.swift:9: summary format of category 'c' localized with key 'summary.key'"), "\(text)")
        #expect(text.contains("placeholder of action 'reply' localized with key 'Message'"), "\(text)")
        #expect(!text.contains(": title of action 'reply' localized"), "\(text)")  // a plain string
    }

    /// Names are matched by code points, as iOS matches them: a precomposed and a decomposed "café" are two
    /// categories, imported both, with no conflict reported.
    @Test func canonicallyEquivalentIdentifiersAreTwoCategories() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            "let a = UNNotificationAction(identifier: \"a\", title: \"A\", options: [])\n"
                + "func one() { center.setNotificationCategories([UNNotificationCategory(identifier: \"caf\u{E9}\", actions: [], intentIdentifiers: [], options: [])]) }\n"
                + "func two() { center.setNotificationCategories([UNNotificationCategory(identifier: \"cafe\u{301}\", actions: [a], intentIdentifiers: [], options: [])]) }\n",
            in: directory)
        #expect(run.status == .success, "\(run.error)")
        #expect(!run.error.contains("[W452]") && !run.error.contains("[E431]"), "\(run.error)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("category \"caf\u{E9}\"") && text.contains("category \"cafe\u{301}\""), "\(text)")
    }

    /// Branches that differ only in an icon (one read where the system has icons) or a translator comment register the
    /// same buttons: one category, with the icon, and no W452.
    @Test func branchesDifferingOnlyInIconOrCommentAreOneRegistration() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            """
            func register(useSymbols: Bool) {
                let c: UNNotificationCategory
                if #available(iOS 15.0, *), useSymbols {
                    c = UNNotificationCategory(identifier: "msg", actions: [UNNotificationAction(identifier: "reply", title: NSLocalizedString("Reply", comment: "A"), options: [], icon: UNNotificationActionIcon(systemImageName: "arrowshape.turn.up.left"))], intentIdentifiers: [], options: [])
                } else {
                    c = UNNotificationCategory(identifier: "msg", actions: [UNNotificationAction(identifier: "reply", title: NSLocalizedString("Reply", comment: "B"), options: [])], intentIdentifiers: [], options: [])
                }
                UNUserNotificationCenter.current().setNotificationCategories([c])
            }

            """, in: directory)
        #expect(run.status == .success, "\(run.error)")
        #expect(!run.error.contains("[W452]"), "\(run.error)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("icon: systemImage(\"arrowshape.turn.up.left\")"), "\(text)")
        let lint = runNotifc(["lint", directory.path + "/code", output])
        #expect(lint.status == .success && !lint.error.contains("[W454]"), "\(lint.error)")
    }

    /// Two branches that register one category with actions of the same identifiers but different titles or
    /// options are two registrations: the first is imported and the other is W452, never dropped without a word.
    @Test func branchesWithDifferentActionsAreAConflict() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            """
            func register(premium: Bool) {
                let c: UNNotificationCategory
                if premium {
                    c = UNNotificationCategory(identifier: "offer", actions: [UNNotificationAction(identifier: "buy", title: "Open Premium", options: [.foreground])], intentIdentifiers: [], options: [])
                } else {
                    c = UNNotificationCategory(identifier: "offer", actions: [UNNotificationAction(identifier: "buy", title: "Upgrade", options: [.destructive])], intentIdentifiers: [], options: [])
                }
                UNUserNotificationCenter.current().setNotificationCategories([c])
            }

            """, in: directory)
        #expect(run.status == .success, "\(run.error)")
        #expect(
            run.error.contains("A.swift:6:13: warning: category 'offer' is registered again here, differently; the first registration is imported [W452]"),
            "\(run.error)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("title: \"Open Premium\"") && !text.contains("Upgrade"), "\(text)")
    }

    /// An empty placeholder or summary format in code (there to reach an initializer) is what iOS reads when none
    /// is given: the imported manifest leaves it out, and a second registration differing only by it is no conflict.
    @Test func emptyCategoryStringsAreNotImported() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            "func one() { center.setNotificationCategories([UNNotificationCategory(identifier: \"c\", actions: [], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: \"\", categorySummaryFormat: \"\", options: [])]) }\n"
                + "func two() { center.setNotificationCategories([UNNotificationCategory(identifier: \"c\", actions: [], intentIdentifiers: [], options: [])]) }\n",
            in: directory)
        #expect(run.status == .success, "\(run.error)")
        #expect(!run.error.contains("[W452]"), "\(run.error)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("category c {}") || text.contains("category c {\n}"), "\(text)")
        #expect(!text.contains("hiddenPreviewsBodyPlaceholder") && !text.contains("categorySummaryFormat"), "\(text)")
        // An intent identifier SiriKit would not match is W313 in code too, at the list.
        _ = try directory.write(
            "code/B.swift",
            "func three() { center.setNotificationCategories([UNNotificationCategory(identifier: \"d\", actions: [], intentIdentifiers: [\"INSendMesageIntent\", \"OrderSoupIntent\"], options: [])]) }\n")
        // Nor does lint ask for a count in the empty summary format (W305), as it would not in a manifest.
        let lint = runNotifc(["lint", directory.path + "/code"])
        #expect(!lint.error.contains("[W305]"), "\(lint.error)")
        #expect(lint.error.contains("B.swift:1:122: warning: 'INSendMesageIntent' is not an intent of the Intents framework [W313]"), "\(lint.error)")
        #expect(lint.error.components(separatedBy: "[W313]").count == 2, "\(lint.error)")
    }

    /// A text-input action without a button title stops the import with the error at the code that creates
    /// it (the manifest it would print is not written, so an error located there could not be opened).
    @Test func aTextInputActionWithoutButtonTitleIsReportedInTheCode() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            "let r = UNTextInputNotificationAction(identifier: \"r\", title: \"R\", options: [])\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [r], intentIdentifiers: [], options: [])\n",
            in: directory)
        #expect(run.status == .failure)
        #expect(run.error.contains("A.swift:1:9: error: text-input action 'r' is created without a button title; a manifest requires one [E316]"), "\(run.error)")
        #expect(run.error.contains("help: the initializer it is created with is UNNotificationAction's, which sets no button title"), "\(run.error)")
        #expect(!run.error.contains("app.notif:"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
        // A button title the code computes at run time cannot be read.
        _ = try directory.write(
            "code/A.swift",
            "let r = UNTextInputNotificationAction(identifier: \"r\", title: \"R\", options: [], textInputButtonTitle: sendTitle(), textInputPlaceholder: \"\")\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [r], intentIdentifiers: [], options: [])\n")
        let computed = runNotifc(["import", directory.path + "/code", "-o", output])
        #expect(computed.error.contains("A.swift:1:103: error: text-input action 'r' has no button title notifc could read; a manifest requires one [E314]"), "\(computed.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
        // A button title the code spells out blank is read, and is reported as blank where it is written.
        _ = try directory.write(
            "code/A.swift",
            "let r = UNTextInputNotificationAction(identifier: \"r\", title: \"R\", options: [], textInputButtonTitle: \" \", textInputPlaceholder: \"\")\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [r], intentIdentifiers: [], options: [])\n")
        let blank = runNotifc(["import", directory.path + "/code", "-o", output])
        #expect(blank.status == .failure)
        #expect(blank.error.contains("A.swift:1:103: error: text-input action 'r' has an empty button title [E314]"), "\(blank.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Import reports what lint reports on the code it reads (located there), except the conflicts it reports itself:
    /// a deprecated option, a text-input action that requires authentication, two `setNotificationCategories` calls.
    @Test func importReportsTheCodeWarningsLintReports() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "App/A.swift",
            "let r = UNTextInputNotificationAction(identifier: \"r\", title: \"Reply\", options: [.authenticationRequired], textInputButtonTitle: \"Send\", textInputPlaceholder: \"\")\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [r], intentIdentifiers: [], options: [.allowAnnouncement])\n"
                + "let d = UNNotificationCategory(identifier: \"c\", actions: [], intentIdentifiers: [], options: [])\n"
                + "func one() { UNUserNotificationCenter.current().setNotificationCategories([c]) }\n"
                + "func two() { UNUserNotificationCenter.current().setNotificationCategories([d]) }\n")
        let output = directory.path + "/app.notif"
        let run = runNotifc(["import", directory.path + "/App", "-o", output, "--color", "never"])
        #expect(run.status == .success, "\(run.error)")
        for expected in [
            "A.swift:1:81: warning: text-input action 'r' requires authentication [W304]",
            "A.swift:2:95: warning: option 'allowAnnouncement' of category 'c' is deprecated; iOS 15 and later ignore it [W301]",
            "A.swift:5:49: warning: setNotificationCategories is called from more than one place [W453]",
            "A.swift:3:9: warning: category 'c' is registered again here, differently; the first registration is imported [W452]",
        ] {
            #expect(run.error.contains(expected), "\(expected)\n\(run.error)")
        }
        #expect(run.error.components(separatedBy: "[W452]").count == 2, "one W452, import's: \(run.error)")
        let strict = runNotifc(["import", directory.path + "/App", "-o", output, "--warnings-as-errors"])
        #expect(strict.status == .failure)
    }

    /// A category or action imported without a value notifc cannot compute is a warning at that argument (the
    /// manifest would state it as absent), beside the note that says what was not computed.
    @Test func valuesImportCannotComputeAreWarnings() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            "var options: UNNotificationActionOptions = [.foreground]\nif flag { options.insert(.destructive) }\n"
                + "let open = UNNotificationAction(identifier: \"open\", title: \"Open\", options: options)\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [open, more], intentIdentifiers: intents, options: UNNotificationCategoryOptions(arrayLiteral: .customDismissAction))\n",
            in: directory)
        #expect(run.status == .success, "\(run.error)")
        for expected in [
            "A.swift:3:77: warning: action 'open' is imported without the options notifc cannot compute here [W459]",
            "A.swift:4:58: warning: category 'c' is imported without the actions notifc cannot compute here [W459]",
            "A.swift:4:91: warning: category 'c' is imported without the intent identifiers notifc cannot compute here [W459]",
        ] {
            #expect(run.error.contains(expected), "\(expected)\n\(run.error)")
        }
        #expect(run.error.components(separatedBy: "[W459]").count == 4, "\(run.error)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("category c {\n    actions: [open]\n    options: [customDismissAction]\n}"))
        let strict = runNotifc(["import", directory.path + "/code", "-o", output, "--warnings-as-errors"])
        #expect(strict.status == .failure)
    }

    /// A list joined with `+` to one notifc cannot compute keeps its known actions, in order, as `+=` and a list
    /// literal with an unknown element do; the note points at the unknown operand, and lint compares nothing.
    @Test func aListJoinedWithAnUnknownOneKeepsItsKnownActions() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            "let open = UNNotificationAction(identifier: \"open\", title: \"Open\", options: [])\n"
                + "let reply = UNNotificationAction(identifier: \"reply\", title: \"Reply\", options: [])\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [open] + extra + [reply], intentIdentifiers: [], options: [])\n"
                + "let d = UNNotificationCategory(identifier: \"d\", actions: extra + [reply], intentIdentifiers: [], options: [])\n",
            in: directory)
        #expect(run.status == .success, "\(run.error)")
        let manifest = try String(contentsOfFile: output, encoding: .utf8)
        #expect(manifest.contains("category c {\n    actions: [open, reply]\n}"), "\(manifest)")
        #expect(manifest.contains("category d {\n    actions: [reply]\n}"), "\(manifest)")
        for expected in [
            "A.swift:3:58: warning: category 'c' is imported without the actions notifc cannot compute here [W459]",
            "A.swift:3:67: note: notifc cannot compute the action 'extra'; it is not checked [N451]",
            "A.swift:4:58: note: notifc cannot compute the action 'extra'; it is not checked [N451]",
        ] {
            #expect(run.error.contains(expected), "\(expected)\n\(run.error)")
        }
        let lint = runNotifc(["lint", directory.path + "/code", output])
        #expect(lint.status == .success && !lint.error.contains("[W454]"), "\(lint.error)")
    }

    /// A value chosen by `#if DEBUG` (the actions list defined in each branch) is `W458` at the condition, with a
    /// note at the definition imported, so `--warnings-as-errors` stops the import.
    @Test func aValueChosenByAnUndecidedConditionIsAWarning() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            "let reply = UNNotificationAction(identifier: \"reply\", title: \"Reply\", options: [])\n"
                + "let debug = UNNotificationAction(identifier: \"debug\", title: \"Debug\", options: [])\n"
                + "#if DEBUG\nlet actions = [reply, debug]\n#else\nlet actions = [reply]\n#endif\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: actions, intentIdentifiers: [], options: [])\n",
            in: directory)
        #expect(run.status == .success, "\(run.error)")
        for expected in [
            "A.swift:3:1: warning: '#if DEBUG' is a condition notifc cannot decide; a value the registrations read is defined under it, and imported as one branch defines it [W458]",
            "A.swift:6:5: note: the value imported is defined here",
        ] {
            #expect(run.error.contains(expected), "\(expected)\n\(run.error)")
        }
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("category c {\n    actions: [reply]\n}"))
        let strict = runNotifc(["import", directory.path + "/code", "-o", output, "--warnings-as-errors"])
        #expect(strict.status == .failure)
    }

    /// `notifc:ignore` in the code silences import's warnings as it does lint's (`W458` at the directive, `W459` at
    /// the argument), so `--warnings-as-errors` passes once they are acknowledged; an error is not silenced; lint
    /// does not call a comment naming a code only import reports unused.
    @Test func importAppliesSuppressionComments() throws {
        let directory = try TemporaryDirectory()
        let code = "let reply = UNNotificationAction(identifier: \"reply\", title: \"Reply\", options: [])\n"
            + "// notifc:ignore W458\n#if DEBUG\nlet actions = [reply]\n#else\nlet actions = [reply]\n#endif\n"
            + "// notifc:ignore W459\n"
            + "let c = UNNotificationCategory(identifier: \"c\", actions: [reply, extra], intentIdentifiers: [], options: [])\n"
            + "let d = UNNotificationCategory(identifier: \"d\", actions: actions, intentIdentifiers: [], options: [])\n"
        let (run, output) = try Self.importSwift(code, in: directory)
        #expect(run.status == .success, "\(run.error)")
        #expect(!run.error.contains("W458") && !run.error.contains("W459") && !run.error.contains("W455"), "\(run.error)")
        let strict = runNotifc(["import", directory.path + "/code", "-o", output, "--warnings-as-errors"])
        #expect(strict.status == .success, "\(strict.error)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("category c {\n    actions: [reply]\n}"))
        let lint = runNotifc(["lint", directory.path + "/code"])
        #expect(!lint.error.contains("W455"), "\(lint.error)")
        // A comment naming a code only import reports that silences nothing is import's W455 (lint cannot tell).
        _ = try directory.write("code/A.swift", code + "// notifc:ignore W458\nlet e = UNNotificationCategory(identifier: \"e\", actions: [], intentIdentifiers: [], options: [])\n")
        let stale = runNotifc(["import", directory.path + "/code", "-o", output, "--color", "never"])
        #expect(stale.error.contains("A.swift:11:4: warning: notifc:ignore W458 silences nothing here [W455]"), "\(stale.error)")
        #expect(stale.error.components(separatedBy: "[W455]").count == 2, "\(stale.error)")
        #expect(!runNotifc(["lint", directory.path + "/code"]).error.contains("W455"))
        // Without the comments, both warnings are back; an error named in a comment is still reported.
        _ = try directory.write("code/A.swift", code.replacingOccurrences(of: "notifc:ignore W45", with: "see W45"))
        let unsilenced = runNotifc(["import", directory.path + "/code", "-o", output])
        #expect(unsilenced.error.contains("[W458]") && unsilenced.error.contains("[W459]"), "\(unsilenced.error)")
        _ = try directory.write(
            "code/A.swift", "// notifc:ignore E312\nlet c = UNNotificationCategory(identifier: \"c\", actions: [UNNotificationAction(identifier: UNNotificationDismissActionIdentifier, title: \"D\", options: [])], intentIdentifiers: [], options: [])\n")
        let error = runNotifc(["import", directory.path + "/code", "-o", output])
        #expect(error.status == .failure && error.error.contains("[E312]"), "\(error.error)")
    }

    /// W457 is about what import brings in: a category registered by a package beside the app, or declared by a
    /// bundle given to the same import, is imported with its actions and not warned about; a typo is.
    @Test func aCategoryImportedFromAnyInputIsNotAW457() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("App/Content/Info.plist", RegistrationLintTests.plist("chapter"))
        _ = try directory.write("App/Legacy.swift", RegistrationLintTests.register("streak"))
        _ = try directory.write(
            "Packages/Feature/Registrar.swift",
            "let read = UNNotificationAction(identifier: \"read\", title: \"Read\", options: [])\n"
                + "let c = UNNotificationCategory(identifier: \"chapter\", actions: [read], intentIdentifiers: [], options: [])\n")
        let output = directory.path + "/app.notif"
        let run = runNotifc(["import", directory.path + "/App", directory.path + "/Packages", "-o", output, "--warnings-as-errors"])
        #expect(run.status == .success, "\(run.error)")
        #expect(!run.error.contains("W457"), "\(run.error)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("category chapter {\n    actions: [read]\n}"))
        _ = try directory.write("App/Content/Info.plist", RegistrationLintTests.plist("chaptr"))
        let typo = runNotifc(["import", directory.path + "/App", directory.path + "/Packages", "-o", output])
        #expect(typo.status == .success, "\(typo.error)")
        #expect(typo.error.contains("Content/Info.plist:9:12: warning: category 'chaptr' is not registered by the app's code; it is imported without actions [W457]"), "\(typo.error)")
        #expect(typo.error.contains("help: did you mean 'chapter'?"))
    }

    /// A title the code computes at run time stops the import with that said at the title, not as an empty title at
    /// the initializer (it read "action 'open' has an empty title").
    @Test func aTitleNotifcCannotReadIsReportedAsSuch() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            "let o = UNNotificationAction(identifier: \"open\", title: computeTitle(), options: [])\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [o], intentIdentifiers: [], options: [])\n",
            in: directory)
        #expect(run.status == .failure)
        #expect(run.error.contains("A.swift:1:57: error: action 'open' has no title notifc could read; a manifest requires one [E314]"), "\(run.error)")
        #expect(run.error.contains("A.swift:1:57: note: notifc cannot compute the action title 'computeTitle()'"), "\(run.error)")
        #expect(!run.error.contains("empty title"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Objective-C string literals decode C's escapes: universal character names, hexadecimal and octal bytes.
    @Test func objectiveCEscapesAreDecoded() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "code/A.m",
            #"""
            UNNotificationAction *a = [UNNotificationAction actionWithIdentifier:@"a" title:@"Don\'t \u2026 reply \U0001F600" options:0];
            UNNotificationAction *b = [UNNotificationAction actionWithIdentifier:@"b" title:@"\x41\102\x43\?" options:0];
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"c" actions:@[a, b] intentIdentifiers:@[] options:0];

            """#)
        let output = directory.path + "/app.notif"
        let run = runNotifc(["import", directory.path + "/code", "-o", output])
        #expect(run.status == .success, "\(run.error)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("title: \"Don't \u{2026} reply \u{1F600}\""), "\(text)")
        #expect(text.contains("title: \"ABC?\""), "\(text)")
    }

    /// Objective-C's `arrayByAddingObject:` and `arrayByAddingObjectsFromArray:` join lists as Swift's `+` does:
    /// every element, in order, with one notifc cannot compute standing for its elements.
    @Test func objectiveCArraysJoinedByMessages() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "code/A.m",
            """
            UNNotificationAction *open = [UNNotificationAction actionWithIdentifier:@"open" title:@"Open" options:0];
            UNNotificationAction *reply = [UNNotificationAction actionWithIdentifier:@"reply" title:@"Reply" options:0];
            NSArray *base = @[open];
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"c" actions:[base arrayByAddingObject:reply] intentIdentifiers:@[] options:0];
            UNNotificationCategory *d = [UNNotificationCategory categoryWithIdentifier:@"d" actions:[extra arrayByAddingObjectsFromArray:@[reply, open]] intentIdentifiers:@[] options:0];

            """)
        let output = directory.path + "/app.notif"
        let run = runNotifc(["import", directory.path + "/code", "-o", output])
        #expect(run.status == .success, "\(run.error)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("category c {\n    actions: [open, reply]\n}"), "\(text)")
        #expect(text.contains("category d {\n    actions: [reply, open]\n}"), "\(text)")
        #expect(run.error.contains("A.m:5:89: warning: category 'd' is imported without the actions notifc cannot compute here [W459]"), "\(run.error)")
        #expect(!run.error.contains("category 'c' is imported without"), "\(run.error)")
    }

    /// UserNotifications' own constants for the default and dismiss actions are read as their values, so an action
    /// created with one is reported as reserved (E312) rather than dropped as computed at run time.
    @Test func reservedActionConstantsAreReadAsTheirValues() throws {
        let code = """
            let open = UNNotificationAction(identifier: UNNotificationDefaultActionIdentifier, title: "Open", options: [.foreground])
            let gone = UNNotificationAction(identifier: UserNotifications.UNNotificationDismissActionIdentifier, title: "Gone", options: [])
            let c = UNNotificationCategory(identifier: "c", actions: [open, gone], intentIdentifiers: [], options: [])

            """
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(code, in: directory)
        #expect(run.status == .failure)
        #expect(run.error.contains("A.swift:1:45: error: 'com.apple.UNNotificationDefaultActionIdentifier' is reserved by UserNotifications [E312]"), "\(run.error)")
        #expect(run.error.contains("A.swift:2:45: error: 'com.apple.UNNotificationDismissActionIdentifier' is reserved by UserNotifications [E312]"), "\(run.error)")
        #expect(!run.error.contains("[N451]"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let lint = runNotifc(["lint", directory.path + "/code"])
        #expect(lint.error.contains("A.swift:1:45: error: 'com.apple.UNNotificationDefaultActionIdentifier' is reserved by UserNotifications [E312]"), "\(lint.error)")
    }

    /// What the imported manifest would break is reported in the code, not in the manifest, which is not written: a
    /// reserved identifier and a blank title at the argument, as lint reports them.
    @Test func findingsInTheImportedManifestAreReportedInTheCode() throws {
        let directory = try TemporaryDirectory()
        let (run, output) = try Self.importSwift(
            "let d = UNNotificationAction(identifier: \"com.apple.UNNotificationDismissActionIdentifier\", title: \"D\", options: [])\n"
                + "let b = UNNotificationAction(identifier: \"b\", title: \"  \", options: [])\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [d, b], intentIdentifiers: [], options: [])\n",
            in: directory)
        #expect(run.status == .failure)
        #expect(run.error.contains("A.swift:1:42: error: 'com.apple.UNNotificationDismissActionIdentifier' is reserved by UserNotifications [E312]"), "\(run.error)")
        #expect(run.error.contains("A.swift:2:54: error: action 'b' has an empty title [E314]"), "\(run.error)")
        #expect(!run.error.contains("app.notif"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
        // What only compiling the manifest finds (a character a property list cannot hold) is at the initializer.
        let (bell, _) = try Self.importSwift(
            "let b = UNNotificationAction(identifier: \"b\", title: \"Bell\\u{7}\", options: [])\n"
                + "let c = UNNotificationCategory(identifier: \"c\", actions: [b], intentIdentifiers: [], options: [])\n",
            in: directory)
        #expect(bell.status == .failure)
        #expect(bell.error.contains("A.swift:1:9: error: escape '\\u{7}' is not a character a property list can hold [E105]"), "\(bell.error)")
        #expect(!bell.error.contains("app.notif"), "\(bell.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Repositories whose import is expected to stop with an error, and why.
    static let refused: [String: String] = [
        "ReverseScale/NotificationNewFeatures":
            "a text-input action created with actionWithIdentifier:title:options: has no button title, which a manifest requires (E316)",
        "sunvc/NoLet":
            "a text-input action created with UNTextInputNotificationAction(identifier:title:options:) has no button title, which a manifest requires (E316)",
        "WillSoltani/Chapterflow-IOS":
            "two actions with the identifier CF_ACTION_OPEN_CHAPTER have different titles ('Open Chapter', 'Read Now'), which one manifest cannot declare (E431)",
    ]

    /// For every corpus repository, `import` of its code then `build` (compiling the manifest) gives back
    /// the categories and actions registrations.json records.
    @Test func importThenBuildGivesBackTheRegisteredCategories() throws {
        let records = RegistrationCorpus.records()
        guard !records.isEmpty, let corpus = RegistrationCorpus.directory else {
            print("skipped: ../shared/corpus is not available")
            return
        }
        var byRepo: [String: [RegistrationCorpus.Record]] = [:]
        for record in records { byRepo[record.repo, default: []].append(record) }
        var imported = 0
        for (repo, records) in byRepo.sorted(by: { $0.key < $1.key }) {
            let keys = records.map { "\(repo)/\($0.path)" }
            if keys.contains(where: { RegistrationCorpusTests.generatedByCode.contains($0) || RegistrationCorpusTests.commentedOut.contains($0) }) { continue }
            let expected = records.flatMap { ($0.json["categories"] as? [[String: Any]]) ?? [] }
            if expected.contains(where: { $0["identifier"] is NSNull || $0["identifier"] == nil }) { continue }
            let directory = try TemporaryDirectory()
            let root = corpus.appendingPathComponent("registrations/" + repo.replacingOccurrences(of: "/", with: "__"))
            for ext in ["swift", "m", "h"] {
                for url in TestPaths.files(in: root, withExtension: ext) {
                    _ = try directory.write("code/" + TestPaths.relativePath(url, to: root), try Data(contentsOf: url))
                }
            }
            let output = directory.path + "/app.notif"
            let run = runNotifc(["import", directory.path + "/code", "-o", output])
            if let reason = Self.refused[repo] {
                #expect(run.status == .failure, "\(repo) imports now (\(reason))")
                let code = String(reason.suffix(5).prefix(4))  // "E314" of "(E314)" at the end of the reason
                #expect(run.error.contains("[\(code)]"), "\(repo): \(run.error)")
                #expect(!run.error.contains("app.notif:"), "\(repo): an error located in the manifest, which is not written")
                continue
            }
            #expect(run.status == .success, "\(repo): \(run.error)")
            guard run.status == .success else { continue }
            let result = TestCompile.source(try String(contentsOfFile: output, encoding: .utf8), path: "app.notif")
            let manifest = try #require(result.manifest, "\(repo): \(result.diagnostics.map(\.message))")
            var expectedCategories: [String: [String]] = [:]
            for category in expected {
                guard let id = category["identifier"] as? String, expectedCategories[id] == nil else { continue }
                expectedCategories[id] = (category["actions"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String }
            }
            let actual = Dictionary(manifest.categories.map { ($0.identifier, $0.actions) }, uniquingKeysWith: { a, _ in a })
            #expect(actual == expectedCategories, "\(repo)")
            for category in expected {
                for action in category["actions"] as? [[String: Any]] ?? [] {
                    guard let id = action["identifier"] as? String, let declared = manifest.action(id) else { continue }
                    #expect(declared.title == action["title"] as? String, "\(repo): \(id)")
                    #expect((declared.textInput != nil) == (action["kind"] as? String == "textInput"), "\(repo): \(id)")
                }
            }
            imported += 1
        }
        print("imported and rebuilt: \(imported) repositories")
        #expect(imported >= 25)
    }
}

@Suite struct ServiceExtensionCountTests {
    @Test func aManifestWithTwoServiceExtensionsIsWarned() throws {
        let source = "serviceExtension A { principalClass: \"A\" }\nserviceExtension B { principalClass: \"B\" }\n"
        let result = TestCompile.source(source, path: "app.notif")
        let warnings = result.diagnostics.filter { $0.code == .severalServiceExtensions }
        #expect(warnings.map(\.message) == ["a second service extension 'B'; iOS runs only one per app"])
        #expect(result.manifest != nil)
    }
}
