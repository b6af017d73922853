// lint with Info.plists: inputs, directories, analysis details, matching plists to manifest extensions.
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct PlistLintTests {
    static let content = PlistDiagnosticCases.content()
    static let manifest = PlistDiagnosticCases.manifest

    static func lint(_ text: String, mode: ExtensionPlistMode = .lint, isExplicit: Bool = true)
        -> (plist: ExtensionPlist?, codes: [DiagnosticCode])
    {
        let read = TestPlist.read(text)
        guard let root = read.node else { return (nil, read.diagnostics.map(\.code)) }
        var bag = DiagnosticBag()
        let plist = ExtensionPlistAnalyzer.analyze(root, mode: mode, isExplicit: isExplicit, into: &bag)
        return (plist, read.diagnostics.map(\.code) + bag.sorted().map(\.code))
    }

    // MARK: - Analysis

    @Test func aCleanContentExtensionIsReadCompletely() throws {
        let result = Self.lint(Self.content)
        #expect(result.codes.isEmpty)
        let plist = try #require(result.plist)
        #expect(plist.kind == .content)
        #expect(
            plist.notificationExtension(named: "X")
                == NotificationExtension(
                    name: "X", kind: .content, categories: ["invitation"], initialContentSizeRatio: 1,
                    storyboard: "MainInterface"))
    }

    /// Every problem found in an extension's attributes says how to fix it: an unknown UserNotifications key (no
    /// near name) lists the keys there are, an empty array or identifier and a value of the wrong type say what to write.
    static let ratio = "\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n"

    @Test func everyAttributeProblemHasAHelp() throws {
        let text = PlistDiagnosticCases.content(
            "\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<array><string></string><integer>1</integer></array>\n"
                + "\t\t\t<key>UNNotificationExtensionFoo</key>\n\t\t\t<true/>\n" + Self.ratio,
            rest: "\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string> </string>\n")
        let read = TestPlist.read(text)
        let root = try #require(read.node)
        var bag = DiagnosticBag()
        _ = ExtensionPlistAnalyzer.analyze(root, mode: .lint, isExplicit: true, into: &bag)
        let found = bag.sorted()
        #expect(Set(found.map(\.code)) == [.emptyPlistValue, .plistTypeMismatch, .misspelledPlistKey], "\(found.map(\.message))")
        for diagnostic in found { #expect(!diagnostic.help.isEmpty, "\(diagnostic.message)") }
        #expect(found.contains { $0.help.contains { $0.hasPrefix("a content extension's attributes are UNNotificationExtensionCategory") } })
        let empty = TestPlist.read(PlistDiagnosticCases.content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<array/>\n" + Self.ratio))
        var emptyBag = DiagnosticBag()
        _ = ExtensionPlistAnalyzer.analyze(try #require(empty.node), mode: .lint, isExplicit: true, into: &emptyBag)
        #expect(emptyBag.sorted().map(\.help) == [["name the categories the extension shows; with none, iOS never uses it"]])
    }

    @Test func lintReadsAMisspelledKeyAsMeantSoOneMistakeIsOneError() throws {
        let text = Self.content.replacingOccurrences(
            of: "<key>UNNotificationExtensionCategory</key>", with: "<key>UNNotificationExtensionCategory </key>")
        let lint = Self.lint(text)
        #expect(lint.codes == [.misspelledPlistKey])
        #expect(lint.plist?.categories.map(\.value) == ["invitation"])
        let imported = Self.lint(text, mode: .importing)
        #expect(imported.codes == [.missingPlistKey, .importDroppedKey], "import drops it, and then it is missing")
    }

    @Test func importConvertsValuesWithAnObviousMeaning() throws {
        let text = Self.content.replacingOccurrences(
            of: "\t\t\t<real>1</real>\n",
            with: "\t\t\t<string> 0.5 </string>\n\t\t\t<key>UNNotificationExtensionDefaultContentHidden</key>\n\t\t\t<string>YES</string>\n\t\t\t<key>UNNotificationExtensionUserInteractionEnabled</key>\n\t\t\t<integer>0</integer>\n")
        let imported = Self.lint(text, mode: .importing)
        #expect(imported.codes == [.importConvertedValue, .importConvertedValue, .importConvertedValue])
        let declared = try #require(imported.plist).notificationExtension(named: "X")
        #expect(declared.initialContentSizeRatio == 0.5)
        #expect(declared.defaultContentHidden == true)
        #expect(declared.userInteractionEnabled == false)
        #expect(Self.lint(text).codes == [.plistTypeMismatch, .plistTypeMismatch, .plistTypeMismatch])
    }

    @Test(arguments: [
        ("<string>maybe</string>", DiagnosticCode.plistTypeMismatch), ("<integer>2</integer>", .plistTypeMismatch),
        ("<real>1</real>", .plistTypeMismatch), ("<dict/>", .plistTypeMismatch),
    ])
    func booleansWithoutAnObviousMeaningAreErrorsInBothModes(_ value: String, _ code: DiagnosticCode) {
        let text = Self.content.replacingOccurrences(
            of: "\t\t\t<real>1</real>\n", with: "\t\t\t<real>1</real>\n\t\t\t<key>UNNotificationExtensionOverridesDefaultTitle</key>\n\t\t\t\(value)\n")
        #expect(Self.lint(text).codes == [code])
        #expect(Self.lint(text, mode: .importing).codes == [code])
    }

    @Test func categoriesAreAStringOrAnArrayOfStrings() {
        let array = Self.content.replacingOccurrences(
            of: "<string>invitation</string>", with: "<array><string>a</string><integer>1</integer><string>b</string></array>")
        let result = Self.lint(array)
        #expect(result.codes == [.plistTypeMismatch])
        #expect(result.plist?.categories.map(\.value) == ["a", "b"])
        #expect(Self.lint(Self.content.replacingOccurrences(of: "<string>invitation</string>", with: "<array/>")).codes == [.emptyPlistValue])
        #expect(Self.lint(Self.content.replacingOccurrences(of: "<string>invitation</string>", with: "<true/>")).codes == [.plistTypeMismatch])
    }

    @Test func structuralProblems() {
        let noPoint = TestPlist.document(
            "<dict><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>UNNotificationExtensionCategory</key><string>a</string><key>UNNotificationExtensionInitialContentSizeRatio</key><real>1</real></dict><key>NSExtensionMainStoryboard</key><string>M</string></dict></dict>")
        #expect(Self.lint(noPoint).codes == [.missingPlistKey])
        #expect(Self.lint(noPoint).plist?.kind == .content)
        let notDictionary = TestPlist.document("<dict><key>NSExtension</key><string>x</string><key>UNNotificationExtensionCategory</key><string>a</string></dict>")
        #expect(Self.lint(notDictionary).codes == [.plistTypeMismatch, .misplacedPlistKey])
        let neither = Self.content.replacingOccurrences(of: "NSExtensionMainStoryboard", with: "NSExtensionMainStoryboardX")
        #expect(Self.lint(neither).codes == [.misspelledPlistKey], "a misspelled entry point still counts as one")
        let none = Self.content.replacingOccurrences(of: "\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>\n", with: "")
        #expect(Self.lint(none).codes == [.missingPlistKey])
        let emptyClass = PlistDiagnosticCases.service.replacingOccurrences(of: "$(PRODUCT_MODULE_NAME).NotificationService", with: " ")
        #expect(Self.lint(emptyClass).codes == [.emptyPlistValue])
        let serviceStoryboard = PlistDiagnosticCases.service.replacingOccurrences(
            of: "\t</dict>\n</dict>", with: "\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>M</string>\n\t</dict>\n</dict>")
        #expect(Self.lint(serviceStoryboard).codes == [.ineffectivePlistKey])
        let attributesInRoot = TestPlist.document(
            "<dict><key>NSExtensionAttributes</key><dict/><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string><key>NSExtensionPrincipalClass</key><string>S</string></dict></dict>")
        #expect(Self.lint(attributesInRoot).codes == [.misplacedPlistKey])
        let nonFinite = Self.content.replacingOccurrences(of: "<real>1</real>", with: "<real>nan</real>")
        #expect(Self.lint(nonFinite).codes == [.invalidPlistRatio])
        let integerRatio = Self.content.replacingOccurrences(of: "<real>1</real>", with: "<integer>0</integer>")
        #expect(Self.lint(integerRatio).codes.isEmpty, "an <integer> ratio is a number")
    }

    @Test func otherPlistsAreSkippedUnlessNamed() {
        let widget = TestPlist.document(
            "<dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict>")
        #expect(Self.lint(widget).codes == [.notAnExtensionPlist])
        #expect(Self.lint(widget, isExplicit: false).codes.isEmpty)
        #expect(Self.lint(widget, isExplicit: false).plist == nil)
        let app = TestPlist.document("<dict><key>CFBundleName</key><string>App</string></dict>")
        #expect(Self.lint(app, isExplicit: false).codes.isEmpty)
        #expect(Self.lint(TestPlist.document("<array/>")).codes == [.notAnExtensionPlist])
    }

    @Test(arguments: [
        ("UNNotificationExtensionCategory ", "UNNotificationExtensionCategory"),
        ("unnotificationextensioncategory", "UNNotificationExtensionCategory"),
        ("UNNotificationExtensionCategories", "UNNotificationExtensionCategory"),
        ("UNNotificationDefaultContentHidden", "UNNotificationExtensionDefaultContentHidden"),
        ("UNNotificationExtensionInitialContentSize", "UNNotificationExtensionInitialContentSizeRatio"),
        ("NSExtensionPrincipleClass", "NSExtensionPrincipalClass"), ("NSExtentionAttributes", "NSExtensionAttributes"),
    ])
    func misspellingsFindTheKeyMeant(_ written: String, _ meant: String) {
        #expect(ExtensionPlistKeys.intendedKey(for: written, among: ExtensionPlistKeys.extensionKeys + ExtensionPlistKeys.attributeKeys) == meant)
    }

    @Test(arguments: ["CFBundleName", "Category", "DefaultContentHidden", "IntentsSupported", "NSExtensionActivationRule", "UNNotificationExtensionFoo"])
    func otherKeysAreNotTakenForNotifcsKeys(_ key: String) {
        #expect(ExtensionPlistKeys.intendedKey(for: key, among: ExtensionPlistKeys.extensionKeys + ExtensionPlistKeys.attributeKeys) == nil)
    }

    @Test(arguments: [
        ("NotificationContent/Info.plist", "NotificationContent"), ("a/b/NotificationService/Info.plist", "NotificationService"),
        ("Sources/Extensions/NotificationContent/Resources/Info.plist", "NotificationContent"),
        ("Ext/Supporting Files/Info.plist", "Ext"), ("/abs/Content/./Info.plist", "Content"), ("x/../Real/Info.plist", "Real"),
    ])
    func extensionsAreNamedAfterTheirFolders(_ path: String, _ name: String) {
        #expect(ExtensionNaming.name(forPlistAt: path) == name)
    }

    @Test func aBareFileNameTakesTheCurrentDirectorysName() {
        let current = FileManager.default.currentDirectoryPath.split(separator: "/").last.map(String.init)
        #expect(ExtensionNaming.name(forPlistAt: "Info.plist") == current)
    }

    // MARK: - The command

    @Test func directoriesAreSearchedForInfoPlistsAndOtherPlistsAreLeftAlone() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app.notif", Self.manifest)
        try directory.write("InvitationContent/Info.plist", Self.content)
        try directory.write("App/Info.plist", TestPlist.document("<dict><key>A</key><true/><key>A</key><true/></dict>"))
        try directory.write("Widget/Info.plist", TestPlist.document("<dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict>"))
        try directory.write("Pods/Binary/Info.plist", Data("bplist00".utf8))
        try directory.write("GoogleService-Info.plist", TestPlist.document("<dict><key>API_KEY</key><string>k</string></dict>"))
        try directory.write("Settings.plist", "not even a plist")
        let clean = runNotifc(["lint", directory.path])
        #expect(clean.status == .success, "\(clean.error)")
        #expect(clean.error.isEmpty)
        try directory.write("Broken/Info.plist", "<plist><dict>")
        let broken = runNotifc(["lint", directory.path])
        #expect(broken.status == .failure)
        #expect(broken.error.contains("Broken/Info.plist:1:14: error: expected '</dict>', found the end of the file [E401]"), "\(broken.error)")
    }

    /// A notification extension's Info.plist in a format notifc does not read (binary, as in a built `.appex`, or
    /// UTF-16) is reported even when found in a directory; other such plists are still left alone.
    @Test func anUnreadableExtensionPlistInADirectoryIsReported() throws {
        func plist(point: String, format: PropertyListSerialization.PropertyListFormat) throws -> Data {
            let extensionDictionary: [String: Any] = [
                "NSExtensionPointIdentifier": point, "NSExtensionPrincipalClass": "NotificationService",
            ]
            return try PropertyListSerialization.data(
                fromPropertyList: ["CFBundleIdentifier": "com.example.app.ext", "NSExtension": extensionDictionary],
                format: format, options: 0)
        }
        let directory = try TemporaryDirectory()
        try directory.write("Widget.appex/Info.plist", try plist(point: "com.apple.widgetkit-extension", format: .binary))
        let clean = runNotifc(["lint", directory.path])
        #expect(clean.status == .success && clean.error.isEmpty, "\(clean.error)")
        try directory.write("Service.appex/Info.plist", try plist(point: "com.apple.usernotifications.service", format: .binary))
        let xml = try plist(point: "com.apple.usernotifications.content-extension", format: .xml)
        let utf16 = try #require(String(data: xml, encoding: .utf8)?.replacingOccurrences(of: "UTF-8", with: "UTF-16"))
        try directory.write("Content/Info.plist", try #require(("\u{FEFF}" + utf16).data(using: .utf16LittleEndian)))
        let run = runNotifc(["lint", directory.path])
        #expect(run.status == .failure)
        #expect(run.error.contains("Service.appex/Info.plist:1:1: error:"), "\(run.error)")
        #expect(run.error.contains("Content/Info.plist:1:1: error:"), "\(run.error)")
        #expect(run.error.components(separatedBy: "[E406]").count == 3, "\(run.error)")
        #expect(!run.error.contains("Widget.appex"), "\(run.error)")
        let imported = runNotifc(["import", directory.path + "/Service.appex", "-o", directory.path + "/imported.notif"])
        #expect(imported.status == .failure && imported.error.contains("[E406]"), "\(imported.error)")
    }

    /// A property list written in the other encoding its XML declaration names (ISO-8859-1, as some older tools
    /// write) is reported as that encoding (`E406`, with the conversion), not as broken UTF-8; without the
    /// declaration, the same bytes are invalid UTF-8 (`E101`).
    @Test func aPlistInTheEncodingItDeclaresIsReportedAsThatEncoding() throws {
        let directory = try TemporaryDirectory()
        let text = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + "\t<key>CFBundleDisplayName</key>\n\t<string>Caf\u{E9}</string>\n</dict>\n</plist>\n"
        try directory.write("Latin/Info.plist", try #require(text.data(using: .isoLatin1)))
        let declared = runNotifc(["lint", directory.path + "/Latin/Info.plist"])
        #expect(declared.status == .failure)
        #expect(declared.error.hasPrefix(directory.path + "/Latin/Info.plist:1:31: error: the XML declaration names encoding 'ISO-8859-1'"), "\(declared.error)")
        #expect(declared.error.contains("[E406]") && !declared.error.contains("[E101]"), "\(declared.error)")
        let undeclared = text.replacingOccurrences(of: " encoding=\"ISO-8859-1\"", with: "")
        try directory.write("Plain/Info.plist", try #require(undeclared.data(using: .isoLatin1)))
        let plain = runNotifc(["lint", directory.path + "/Plain/Info.plist"])
        #expect(plain.error.contains("Info.plist:5:13: error: invalid UTF-8 byte 0xE9") && plain.error.contains("[E101]"), "\(plain.error)")
        // Declared UTF-8 (blanks around the name too): the invalid byte is the problem.
        let spaced = text.replacingOccurrences(of: "ISO-8859-1", with: " UTF-8 ")
        try directory.write("Spaced/Info.plist", try #require(spaced.data(using: .isoLatin1)))
        let utf8 = runNotifc(["lint", directory.path + "/Spaced/Info.plist"])
        #expect(utf8.error.contains("Info.plist:5:13: error: invalid UTF-8 byte 0xE9") && !utf8.error.contains("[E406]"), "\(utf8.error)")
    }

    /// A file's extension is matched in any letter case, as macOS and Xcode do: `Info.PLIST` is a property list,
    /// `App.SWIFT` code, and a directory's `info.plist` is found.
    @Test func fileExtensionsAreMatchedInAnyLetterCase() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("app.notif", Self.manifest)
        let plist = try directory.write("InvitationContent/Info.PLIST", Self.content)
        let code = try directory.write(
            "App/App.SWIFT",
            "import UserNotifications\nlet c = UNNotificationCategory(identifier: \"invitation\", actions: [], intentIdentifiers: [])\n")
        let run = runNotifc(["lint", manifest, plist, code])
        #expect(!run.error.contains("[E1"), "read as a manifest: \(run.error)")
        #expect(!run.error.contains("[E2"), "read as a manifest: \(run.error)")
        // Objective-C in `.M` is read as Objective-C; a suppression comment in `Info.PLIST` is found.
        #expect(CodeLanguage(path: "App/Registration.M") == .objectiveC)
        let template = try directory.write(
            "Template/Info.PLIST",
            Self.content.replacingOccurrences(of: "<string>invitation</string>", with: "<!-- notifc:ignore W411 -->\n\t\t\t<string>myNotificationCategory</string>"))
        #expect(template.isEmpty == false)
        let suppressed = runNotifc(["lint", template])
        #expect(!suppressed.error.contains("[W411]") && !suppressed.error.contains("[W455]"), "\(suppressed.error)")
        try directory.write("found/InvitationContent/info.plist", Self.content.replacingOccurrences(of: "</dict>\n</plist>", with: ""))
        let searched = runNotifc(["lint", directory.path + "/found"])
        #expect(searched.error.contains("InvitationContent/info.plist:"), "\(searched.error)")
        #expect(!searched.error.contains("[E007]"), "\(searched.error)")
    }

    @Test func aPlistNamedOnTheCommandLineIsCheckedWhateverItsName() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Settings.plist", TestPlist.document("<dict><key>A</key><true/></dict>"))
        let run = runNotifc(["lint", path])
        #expect(run.status == .success)
        #expect(run.error.contains("warning: not a notification extension's Info.plist: it has no 'NSExtension' dictionary [W416]"))
        #expect(runNotifc(["lint", path, "--warnings-as-errors"]).status == .failure)
    }

    @Test func aDirectoryWithNeitherManifestsNorPlistsIsStillAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("empty/readme.txt", "")
        try directory.write("plists/Content/Info.plist", Self.content)
        let run = runNotifc(["lint", directory.path + "/empty", directory.path + "/plists"])
        #expect(run.status == .failure)
        #expect(run.error.contains("notifc: error: no .notif files in directory '\(directory.path)/empty' [E007]"))
        #expect(run.error.contains("lint also looks for files named '*Info.plist' and for strings tables there; there are none either"))
        #expect(!run.error.contains("/plists'"), "a directory with Info.plists is not empty")
    }

    @Test func theCrossCheckNeedsAValidManifest() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("app.notif", "category invitation { actions: [missing] }\n")
        let plist = try directory.write(
            "InvitationContent/Info.plist", Self.content.replacingOccurrences(of: "<string>invitation", with: "<string>undeclared"))
        let run = runNotifc(["lint", manifest, plist])
        #expect(run.error.contains("[E305]"))
        #expect(!run.error.contains("[E421]"), "no cross-check against a manifest with errors")
    }

    @Test func manifestDiagnosticsComeFirstThenPlists() throws {
        let directory = try TemporaryDirectory()
        let plist = try directory.write("InvitationContent/Info.plist", Self.content.replacingOccurrences(of: "<real>1</real>", with: "<real>-1</real>"))
        let manifest = try directory.write("app.notif", Self.manifest + "action lonely { title: \"L\" }\n")
        let run = runNotifc(["lint", plist, manifest, "--diagnostics-format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect((document["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["W303", "E417"])
    }

    @Test func plistsAreMatchedByFolderThenByCategoriesThenAsTheOnlyService() throws {
        var sources = SourceFileSet()
        sources.add(path: "app.notif", bytes: Array(Self.manifest.utf8))
        let manifest = try #require(Compiler.compile(sources).manifest)
        let content = try #require(Self.lint(Self.content).plist)
        let service = try #require(Self.lint(PlistDiagnosticCases.service).plist)
        #expect(ManifestCrossCheck.match(.init(plist: content, name: "InvitationContent"), in: manifest)?.name == "InvitationContent")
        #expect(ManifestCrossCheck.match(.init(plist: content, name: "Elsewhere"), in: manifest)?.name == "InvitationContent")
        #expect(ManifestCrossCheck.match(.init(plist: service, name: "Elsewhere"), in: manifest)?.name == "MessagingService")
        #expect(ManifestCrossCheck.match(.init(plist: service, name: "InvitationContent"), in: manifest)?.name == "InvitationContent")
        let unclaimed = try #require(Self.lint(Self.content.replacingOccurrences(of: "<string>invitation", with: "<string>reminder")).plist)
        #expect(ManifestCrossCheck.match(.init(plist: unclaimed, name: "Elsewhere"), in: manifest) == nil)
    }

    @Test func absentAndFalseBooleansAreTheSameForTheCrossCheck() throws {
        let run = try Self.lintAgainstTheManifest(addingAfterTheRatio: "<key>UNNotificationExtensionDefaultContentHidden</key><false/>")
        #expect(run.status == .success)
        #expect(run.error.isEmpty, "\(run.error)")
    }

    /// A misspelled key is one mistake: its `E411`, not also a `W421` saying the value iOS ignores differs from
    /// the manifest's.
    @Test func aMisspelledKeyIsNotComparedWithTheManifest() throws {
        let run = try Self.lintAgainstTheManifest(addingAfterTheRatio: "<key>UNNotificationExtensionDefaultContentHidden </key><true/>")
        #expect(run.error.contains("[E411]"), "\(run.error)")
        #expect(!run.error.contains("[W421]"), "\(run.error)")
    }

    /// `lint` of the manifest and its content extension's Info.plist with `entries` added after the ratio.
    static func lintAgainstTheManifest(addingAfterTheRatio entries: String) throws
        -> (status: NotifcDriver.ExitStatus, output: String, error: String)
    {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("app.notif", Self.manifest)
        let plist = try directory.write(
            "InvitationContent/Info.plist", Self.content.replacingOccurrences(of: "<real>1</real>", with: "<real>1</real>" + entries))
        return runNotifc(["lint", manifest, plist])
    }
}
