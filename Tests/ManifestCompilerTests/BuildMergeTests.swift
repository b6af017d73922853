// build into existing Info.plists (merge, errors, nothing written) and build --check (stale outputs, diffs).
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct BuildMergeTests {
    static let manifest = PlistDiagnosticCases.manifest

    /// An app's existing content extension Info.plist: bundle keys, a date, data, and an outdated NSExtension
    /// with a misspelled key and a key notifc does not own.
    static let existingContent = TestPlist.document("""
        <dict>
        \t<key>BuildDate</key>
        \t<date>2024-01-31T12:00:00Z</date>
        \t<key>CFBundleVersion</key>
        \t<string>$(CURRENT_PROJECT_VERSION)</string>
        \t<key>Blob</key>
        \t<data>AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xN</data>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionAttributes</key>
        \t\t<dict>
        \t\t\t<key>UNNotificationExtensionCategory</key>
        \t\t\t<string>old</string>
        \t\t\t<key>UNNotificationExtensionDefaultContentHidden </key>
        \t\t\t<true/>
        \t\t\t<key>IntentsSupported</key>
        \t\t\t<array><string>INSendMessageIntent</string></array>
        \t\t</dict>
        \t\t<key>NSExtensionPrincipalClass</key>
        \t\t<string>Old</string>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>com.apple.usernotifications.content-extension</string>
        \t</dict>
        </dict>
        """)

    @Test func anExistingInfoPlistKeepsEveryKeyButNSExtension() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest)
        let path = try directory.write("out/InvitationContent/Info.plist", Self.existingContent)
        let run = runNotifc(["build", input, "-o", directory.path + "/out"])
        #expect(run.status == .success, "\(run.error)")
        // The keys of notifc's that the merge removes are warnings, once: the next build finds them gone.
        #expect(run.error.contains("warning: this build removes 'UNNotificationExtensionDefaultContentHidden ', a misspelling of 'UNNotificationExtensionDefaultContentHidden' that iOS ignores [W441]"), "\(run.error)")
        #expect(run.error.contains("warning: this build removes 'NSExtensionPrincipalClass': the manifest's contentExtension InvitationContent does not set it [W441]"), "\(run.error)")
        #expect(run.error.contains("help: the manifest's storyboard replaces it: iOS does not load an extension that has both"), "\(run.error)")
        #expect(run.error.components(separatedBy: "[W441]").count == 3, "\(run.error)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let merged = FoundationPlist.normalized(try FoundationPlist.read(Array(bytes)))
        let original = FoundationPlist.normalized(try FoundationPlist.read(Array(Self.existingContent.utf8)))
        for key in ["BuildDate", "CFBundleVersion", "Blob"] { #expect(merged[key] == original[key], "\(key)") }
        let expected = PropertyListValue.dictionary([
            ("NSExtensionAttributes", .dictionary([
                ("IntentsSupported", .array([.string("INSendMessageIntent")])),
                ("UNNotificationExtensionCategory", .string("invitation")),
                ("UNNotificationExtensionInitialContentSizeRatio", .real(1)),
            ])),
            ("NSExtensionMainStoryboard", .string("MainInterface")),
            ("NSExtensionPointIdentifier", .string("com.apple.usernotifications.content-extension")),
        ])
        #expect(merged["NSExtension"] == expected)
        let layout = try PropertyListSerialization.data(
            fromPropertyList: PropertyListSerialization.propertyList(from: bytes, format: nil), format: .xml, options: 0)
        #expect(bytes == layout, "dates and data are written back as CoreFoundation writes them")
        let again = runNotifc(["build", input, "-o", directory.path + "/out", "--check"])
        #expect(again.status == .success && !again.error.contains("[W441]"), "\(again.error)")
    }

    @Test func aServiceExtensionKeepsItsOwnAttributes() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest)
        let path = try directory.write(
            "out/MessagingService/Info.plist",
            TestPlist.document(
                "<dict><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>IntentsSupported</key><array><string>INSendMessageIntent</string></array></dict></dict></dict>"
            ))
        let run = runNotifc(["build", input, "-o", directory.path + "/out"])
        #expect(run.status == .success && !run.error.contains("[W441]"), "IntentsSupported is not notifc's: \(run.error)")
        let merged = try FoundationPlist.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(
            FoundationPlist.normalized(merged["NSExtension"] ?? .string("")) == .dictionary([
                ("NSExtensionAttributes", .dictionary([("IntentsSupported", .array([.string("INSendMessageIntent")]))])),
                ("NSExtensionPointIdentifier", .string("com.apple.usernotifications.service")),
                ("NSExtensionPrincipalClass", .string("$(PRODUCT_MODULE_NAME).NotificationService")),
            ]))
    }

    /// `NSExtensionAttributes` (and a misspelt `NSExtention`) at the top level, where iOS ignores them: lint gives one
    /// error for each and reads the settings as meant, import says where its missing category list is, and build
    /// removes the stray copies (`W441`, naming a key of the app's that goes with them), so lint passes afterwards.
    @Test func strayTopLevelCopiesAreReadByLintAndRemovedByBuild() throws {
        let directory = try TemporaryDirectory()
        let plist = TestPlist.document("""
            <dict>
            \t<key>CFBundleName</key>
            \t<string>A</string>
            \t<key>NSExtensionAttributes</key>
            \t<dict>
            \t\t<key>UNNotificationExtensionCategory</key>
            \t\t<string>invitation</string>
            \t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>
            \t\t<real>1</real>
            \t\t<key>IntentsSupported</key>
            \t\t<array/>
            \t</dict>
            \t<key>NSExtention</key>
            \t<dict/>
            \t<key>NSExtension</key>
            \t<dict>
            \t\t<key>NSExtensionMainStoryboard</key>
            \t\t<string>MainInterface</string>
            \t\t<key>NSExtensionPointIdentifier</key>
            \t\t<string>com.apple.usernotifications.content-extension</string>
            \t</dict>
            </dict>
            """)
        let path = try directory.write("out/InvitationContent/Info.plist", plist)
        let lint = runNotifc(["lint", path])
        #expect(lint.status == .failure)
        #expect(lint.error.contains("Info.plist:7:7: error: 'NSExtensionAttributes' is at the wrong level; the system ignores it here [E413]"), "\(lint.error)")
        #expect(lint.error.contains("Info.plist:16:7: error: unknown key 'NSExtention'; the system ignores it [E411]"), "\(lint.error)")
        #expect(lint.error.contains("2 errors and 1 warning generated"), "one error for each stray key, none for what they hold: \(lint.error)")

        let imported = runNotifc(["import", path, "-o", directory.path + "/imported.notif"])
        #expect(imported.status == .failure)
        #expect(
            imported.error.contains(
                "help: the 'NSExtensionAttributes' dropped above holds it at the wrong level, where iOS does not read it: move it into NSExtension, then import again"),
            "\(imported.error)")

        let input = try directory.write("app.notif", Self.manifest)
        let run = runNotifc(["build", input, "-o", directory.path + "/out"])
        #expect(run.status == .success, "\(run.error)")
        for expected in [
            "Info.plist:7:7: warning: this build removes 'NSExtensionAttributes' from the top level, where iOS ignores it [W441]",
            "help: iOS reads it in NSExtension, where the build writes what the manifest's contentExtension InvitationContent sets",
            "help: it also holds 'IntentsSupported': to keep it, add it to NSExtension → NSExtensionAttributes",
            "Info.plist:16:7: warning: this build removes 'NSExtention', a misspelling of 'NSExtension' that iOS ignores [W441]",
        ] {
            #expect(run.error.contains(expected), "\(expected)\n\(run.error)")
        }
        let merged = try FoundationPlist.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        guard case .dictionary(let entries) = merged else { Issue.record("not a dictionary"); return }
        #expect(entries.map(\.key).sorted() == ["CFBundleName", "NSExtension"])
        let after = runNotifc(["lint", input, path])
        #expect(after.status == .success && !after.error.contains("E413"), "\(after.error)")
    }

    @Test func mergeRulesInIsolation() {
        let generated = PropertyListValue.dictionary([
            ("NSExtensionPointIdentifier", .string("com.apple.usernotifications.service")),
            ("NSExtensionPrincipalClass", .string("S")),
        ])
        let existing: [(key: String, value: PropertyListValue)] = [
            ("CFBundleName", .string("N")),
            ("NSExtension", .dictionary([
                ("NSExtensionMainStoryboard", .string("Old")), ("nsextensionprincipalclass", .string("Wrong case")),
                ("NSExtensionAttributes", .dictionary([("UNNotificationExtensionCategory", .string("c"))])),
                ("Custom", .integer(1)),
            ])),
        ]
        let merged = PropertyListMerge.merge(generated: generated, into: existing)
        #expect(
            merged == .dictionary([
                ("CFBundleName", .string("N")),
                ("NSExtension", .dictionary([
                    ("Custom", .integer(1)), ("NSExtensionPointIdentifier", .string("com.apple.usernotifications.service")),
                    ("NSExtensionPrincipalClass", .string("S")),
                ])),
            ]))
        #expect(
            PropertyListMerge.merge(generated: generated, into: [("A", .boolean(true))])
                == .dictionary([("A", .boolean(true)), ("NSExtension", generated)]))
        #expect(
            PropertyListMerge.merge(generated: generated, into: [("NSExtension", .string("not a dictionary"))])
                == .dictionary([("NSExtension", generated)]))
    }

    @Test(arguments: [
        ("garbage", DiagnosticCode.unsupportedPlistFormat), ("<plist><dict><key>A</key></plist>", .malformedPropertyList),
        ("<plist><dict><key>A</key><true/><key>A</key><true/></dict></plist>", .duplicatePlistKey),
        ("<plist><array/></plist>", .existingPlistNotDictionary), ("", .malformedPropertyList),
    ])
    func anUnreadableExistingFileIsAnErrorAndNothingIsWritten(_ existing: String, _ code: DiagnosticCode) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest)
        try directory.write("out/MessagingService/Info.plist", existing)
        let run = runNotifc(["build", input, "-o", directory.path + "/out"])
        #expect(run.status == .failure)
        #expect(run.error.contains("out/MessagingService/Info.plist:"), "located in the existing file: \(run.error)")
        #expect(run.error.contains("[\(code.rawValue)]"), "\(run.error)")
        #expect(try String(contentsOfFile: directory.path + "/out/MessagingService/Info.plist", encoding: .utf8) == existing)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out/InvitationContent"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out/notifications.json"))
    }

    /// Where Xcode projects keep an extension's Info.plist besides `<Extension>/Info.plist`: build updates that file
    /// (the one that declares NSExtension) and adds no second one.
    @Test(arguments: [
        "InvitationContent/Resources/Info.plist", "InvitationContent/InvitationContent-Info.plist",
        "InvitationContent/Supporting Files/InvitationContent-Info.plist",
    ])
    func buildUpdatesTheInfoPlistWhereTheProjectKeepsIt(_ existing: String) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest)
        let path = try directory.write("out/" + existing, Self.existingContent)
        // Firebase's file often sits beside it; it declares no extension and is left alone.
        let firebase = TestPlist.document("<dict><key>API_KEY</key><string>k</string></dict>")
        let other = try directory.write("out/InvitationContent/GoogleService-Info.plist", firebase)
        let run = runNotifc(["build", input, "-o", directory.path + "/out", "--emit", "plist", "--verbose"])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.error.contains("wrote \(path)"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out/InvitationContent/Info.plist"))
        let merged = try FoundationPlist.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(merged["NSExtension"]?["NSExtensionAttributes"]?["UNNotificationExtensionCategory"] == .string("invitation"))
        #expect(merged["CFBundleVersion"] == .string("$(CURRENT_PROJECT_VERSION)"))
        #expect(try String(contentsOfFile: other, encoding: .utf8) == firebase)
        let again = runNotifc(["build", input, "-o", directory.path + "/out", "--emit", "plist", "--check"])
        #expect(again.status == .success, "\(again.error)")
    }

    /// Every file of the extension that declares NSExtension is updated: one per build configuration, and a
    /// `<Extension>/Info.plist` beside the real one; hidden files, a file linked twice and an unreadable file that
    /// is not the extension's do not get in the way.
    @Test func everyInfoPlistOfTheExtensionIsUpdated() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest)
        let paths = try ["Config/Debug-Info.plist", "Config/Release-Info.plist", "Info.plist"].map {
            try directory.write("out/InvitationContent/" + $0, Self.existingContent)
        }
        try directory.write("out/InvitationContent/Config/._Info.plist", "\0\u{5}\u{16}\0")  // macOS AppleDouble
        try directory.write("out/InvitationContent/GoogleService-Info.plist", "bplist00\0")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/out/InvitationContent/Linked-Info.plist", withDestinationPath: "Config/Debug-Info.plist")
        let run = runNotifc(["build", input, "-o", directory.path + "/out", "--emit", "plist", "--verbose"])
        #expect(run.status == .success, "\(run.error)")
        for path in paths {
            let merged = try FoundationPlist.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(merged["NSExtension"]?["NSExtensionAttributes"]?["UNNotificationExtensionCategory"] == .string("invitation"), "\(path)")
        }
        #expect(run.error.components(separatedBy: "wrote ").count == 5, "three files and the service extension's: \(run.error)")
        #expect(!run.error.contains("Linked-Info.plist"), "the link is the Debug file, updated once: \(run.error)")
    }

    /// A project's Info.plist that cannot be read stops the build even when it is not at `<Extension>/Info.plist`,
    /// and a folder with no file that declares NSExtension gets a new `Info.plist`.
    @Test func anUnreadableInfoPlistElsewhereStopsTheBuildAndNoneDeclaringGetsANewOne() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest)
        try directory.write("out/InvitationContent/Resources/Info.plist", "<plist><dict><key>A</key></plist>")
        try directory.write("out/MessagingService/GoogleService-Info.plist", TestPlist.document("<dict/>"))
        let run = runNotifc(["build", input, "-o", directory.path + "/out", "--emit", "plist"])
        #expect(run.status == .failure)
        #expect(run.error.contains("out/InvitationContent/Resources/Info.plist:"), "\(run.error)")
        #expect(run.error.contains("[E401]"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out/MessagingService/Info.plist"))
        try FileManager.default.removeItem(atPath: directory.path + "/out/InvitationContent/Resources")
        let fixed = runNotifc(["build", input, "-o", directory.path + "/out", "--emit", "plist"])
        #expect(fixed.status == .success, "\(fixed.error)")
        #expect(FileManager.default.fileExists(atPath: directory.path + "/out/MessagingService/Info.plist"))
        #expect(FileManager.default.fileExists(atPath: directory.path + "/out/InvitationContent/Info.plist"))
    }

    @Test func warningsAndMergeErrorsAreReportedTogether() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest + "action lonely { title: \"L\" }\n")
        try directory.write("out/MessagingService/Info.plist", "<plist><array/></plist>")
        let run = runNotifc(["build", input, "-o", directory.path + "/out", "--diagnostics-format", "json"])
        #expect(run.status == .failure)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect((document["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["W303", "E441"])
    }

    // MARK: - --check

    @Test func checkReportsStaleAndMissingOutputsWritesNothingAndShowsADiff() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest)
        #expect(runNotifc(["build", input, "-o", directory.path + "/out"]).status == .success)
        let upToDate = runNotifc(["build", input, "-o", directory.path + "/out", "--check"])
        #expect(upToDate.status == .success)
        #expect(upToDate.output.isEmpty && upToDate.error.isEmpty)

        let changed = Self.manifest.replacingOccurrences(of: "initialContentSizeRatio: 1", with: "initialContentSizeRatio: 0.5")
        try directory.write("app.notif", changed)
        try FileManager.default.removeItem(atPath: directory.path + "/out/MessagingService/Info.plist")
        let before = try directory.files().map { try Data(contentsOf: directory.url.appendingPathComponent($0)) }
        let stale = runNotifc(["build", input, "-o", directory.path + "/out", "--check"])
        #expect(stale.status == .failure)
        #expect(stale.error.contains("/out/InvitationContent/Info.plist:12:4: error: output"), "\(stale.error)")
        #expect(stale.error.contains("error: output '\(directory.path)/out/MessagingService/Info.plist' does not exist [E442]"))
        #expect(stale.error.contains("error: output '\(directory.path)/out/notifications.json' is out of date [E442]"))
        #expect(stale.error.hasSuffix("3 errors generated.\n"))
        #expect(stale.output.contains("@@ -9,7 +9,7 @@\n \t\t\t<key>UNNotificationExtensionCategory</key>\n \t\t\t<string>invitation</string>\n \t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n-\t\t\t<real>1</real>\n+\t\t\t<real>0.5</real>\n \t\t</dict>\n"), "\(stale.output)")
        #expect(stale.output.contains("new file: \(directory.path)/out/MessagingService/Info.plist\n"))
        #expect(try directory.files().map { try Data(contentsOf: directory.url.appendingPathComponent($0)) } == before)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out/MessagingService/Info.plist"))

        let json = runNotifc(["build", input, "-o", directory.path + "/out", "--check", "--diagnostics-format", "json"])
        #expect(json.status == .failure)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((document["errorCount"] as? Int) == 3, "machine-readable formats get the diagnostics and no diff")
    }

    @Test func checkVerboseListsEveryOutput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.notif", Self.manifest)
        let run = runNotifc(["build", input, "-o", directory.path + "/out", "--check", "-v", "--emit", "json"])
        #expect(run.status == .failure)
        #expect(run.error.hasSuffix("out of date \(directory.path)/out/notifications.json\n"))
    }
}
