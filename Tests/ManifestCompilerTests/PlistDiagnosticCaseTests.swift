// One end-to-end case per property-list code (E4xx/W4xx): the command, its files, and where the code must point.
import Foundation
import ManifestCompiler
import Testing

/// A property-list diagnostic reproduced through the command line: files (with a 1️⃣ marker where the
/// diagnostic must start) written into a temporary directory, and the arguments (`$D` is the directory).
struct PlistCase: CustomTestStringConvertible, Sendable {
    let code: DiagnosticCode
    let arguments: [String]
    let files: [String: String]
    /// The file holding the marker.
    var markedFile: String?

    var testDescription: String { code.rawValue + " " + code.name }

    /// Runs the case with `format`; returns the run and the directory's path.
    func run(format: String) throws -> (output: String, error: String, directory: TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write(path, MarkedSource(text).text) }
        let resolved = arguments.map { $0.replacingOccurrences(of: "$D", with: directory.path) }
        let run = runNotifc(resolved + ["--diagnostics-format", format, "--color", "never"])
        return (run.output, run.error, directory)
    }

    /// The marker's 1-based line and column (in Unicode scalars).
    var markerPosition: (path: String, line: Int, column: Int)? {
        guard let markedFile, let text = files[markedFile] else { return nil }
        let marked = MarkedSource(text)
        guard let offset = marked.offsets["1️⃣"] else { return nil }
        let before = String(decoding: Array(marked.text.utf8)[..<offset], as: UTF8.self)
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        return (markedFile, lines.count, (lines.last?.unicodeScalars.count ?? 0) + 1)
    }
}

enum PlistDiagnosticCases {
    static let header = TestPlist.header
    static func plist(_ body: String) -> String { header + body + "\n</plist>\n" }

    /// A content extension's Info.plist with `attributes` and `rest` inside NSExtension.
    static func content(
        _ attributes: String = "\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n",
        rest: String = "\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>\n",
        point: String = "com.apple.usernotifications.content-extension"
    ) -> String {
        plist(
            "<dict>\n\t<key>CFBundleName</key>\n\t<string>$(PRODUCT_NAME)</string>\n\t<key>NSExtension</key>\n\t<dict>\n"
                + "\t\t<key>NSExtensionAttributes</key>\n\t\t<dict>\n" + attributes + "\t\t</dict>\n" + rest
                + "\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>\(point)</string>\n\t</dict>\n</dict>")
    }

    static let service = plist(
        "<dict>\n\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.usernotifications.service</string>\n\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>$(PRODUCT_MODULE_NAME).NotificationService</string>\n\t</dict>\n</dict>")

    static let manifest = """
        category invitation {}
        category reminder {}
        contentExtension InvitationContent {
            categories: [invitation]
            initialContentSizeRatio: 1
            storyboard: "MainInterface"
        }
        serviceExtension MessagingService {
            principalClass: "$(PRODUCT_MODULE_NAME).NotificationService"
        }

        """

    static func lint(_ code: DiagnosticCode, _ text: String, withManifest: Bool = false, folder: String = "InvitationContent")
        -> PlistCase
    {
        let path = "\(folder)/Info.plist"
        var files = [path: text]
        var arguments = ["lint", "$D/\(path)"]
        if withManifest {
            files["app.notif"] = manifest
            arguments.insert("$D/app.notif", at: 1)
        }
        return PlistCase(code: code, arguments: arguments, files: files, markedFile: path)
    }

    static func importing(_ code: DiagnosticCode, _ files: [String: String], arguments: [String], marked: String?) -> PlistCase {
        PlistCase(code: code, arguments: ["import"] + arguments + ["-o", "$D/imported.notif"], files: files, markedFile: marked)
    }

    static let deepNesting: String = {
        let depth = 40
        var body = "<dict>\n\t<key>NSExtension</key>\n"
        for level in 0..<depth { body += (level == 31 ? "1️⃣" : "") + "<array>" }
        body += String(repeating: "</array>", count: depth) + "\n</dict>"
        return plist(body)
    }()

    static let cases: [PlistCase] = [
        // Reading
        lint(.malformedPropertyList, plist("<dict>\n\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>A</key>\n\t\t<string>x</string>\n1️⃣</plist>")),
        lint(.duplicatePlistKey, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>1️⃣UNNotificationExtensionCategory</key>\n\t\t\t<string>reminder</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n")),
        lint(.unexpectedPlistElement, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionDefaultContentHidden</key>\n\t\t\t1️⃣<bool>YES</bool>\n")),
        lint(.invalidPlistValue, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1️⃣0,5</real>\n")),
        lint(.plistNestingTooDeep, deepNesting),
        lint(.unsupportedPlistFormat, "1️⃣bplist00\u{1}\u{2}\u{3}"),
        // Extension Info.plist checks
        lint(.misspelledPlistKey, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n\t\t\t<key>1️⃣UNNotificationExtensionDefaultContentHidden </key>\n\t\t\t<true/>\n")),
        lint(.plistTypeMismatch, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n\t\t\t<key>UNNotificationExtensionDefaultContentHidden</key>\n\t\t\t1️⃣<string>YES</string>\n")),
        lint(.misplacedPlistKey, content("\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n", rest: "\t\t<key>1️⃣UNNotificationExtensionCategory</key>\n\t\t<string>invitation</string>\n\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>\n")),
        lint(.plistConflictingEntryPoints, content(rest: "\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>\n\t\t<key>NSExtensionPrincipalClass</key>\n\t\t1️⃣<string>$(PRODUCT_MODULE_NAME).NotificationViewController</string>\n")),
        lint(.missingPlistKey, plist("<dict>\n\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>1️⃣NSExtensionAttributes</key>\n\t\t<dict>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n\t\t</dict>\n\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.usernotifications.content-extension</string>\n\t</dict>\n</dict>")),
        lint(.unknownExtensionPoint, plist("<dict>\n\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t1️⃣<string>com.apple.usernotifications.servise</string>\n\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>NotificationService</string>\n\t</dict>\n</dict>")),
        lint(.invalidPlistRatio, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t1️⃣<real>-0.5</real>\n")),
        lint(.emptyPlistValue, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<array>\n\t\t\t\t<string>invitation</string>\n\t\t\t\t1️⃣<string></string>\n\t\t\t</array>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n")),
        lint(.plistTemplateCategory, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>1️⃣myNotificationCategory</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n")),
        lint(.ineffectivePlistKey, plist("<dict>\n\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionAttributes</key>\n\t\t<dict>\n\t\t\t<key>1️⃣UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t</dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.usernotifications.service</string>\n\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>NotificationService</string>\n\t</dict>\n</dict>"), folder: "MessagingService"),
        lint(.plistMissingContentSizeRatio, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n").replacingOccurrences(of: "<key>NSExtensionAttributes", with: "<key>1️⃣NSExtensionAttributes")),
        lint(.duplicatePlistCategory, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<array>\n\t\t\t\t<string>invitation</string>\n\t\t\t\t<string>1️⃣invitation</string>\n\t\t\t</array>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n")),
        lint(.plistIdentifierWhitespace, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>1️⃣invitation </string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n")),
        lint(.notAnExtensionPlist, plist("1️⃣<dict>\n\t<key>CFBundleName</key>\n\t<string>App</string>\n</dict>"), folder: "App"),
        // Cross-checks
        lint(.plistCategoryNotDeclared, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<array>\n\t\t\t\t<string>invitation</string>\n\t\t\t\t<string>1️⃣remindr</string>\n\t\t\t</array>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n"), withManifest: true),
        PlistCase(
            code: .plistCategoryMissing, arguments: ["lint", "$D/app.notif", "$D/InvitationContent/Info.plist"],
            files: [
                "app.notif": manifest.replacingOccurrences(of: "categories: [invitation]", with: "categories: [invitation, reminder]"),
                "InvitationContent/Info.plist": content().replacingOccurrences(of: "\t\t\t<string>invitation", with: "\t\t\t1️⃣<string>invitation"),
            ], markedFile: "InvitationContent/Info.plist"),
        PlistCase(
            code: .plistCategoryElsewhere, arguments: ["lint", "$D/app.notif", "$D/InvitationContent/Info.plist"],
            files: [
                "app.notif": manifest + "contentExtension ReminderContent {\n    categories: [reminder]\n    initialContentSizeRatio: 1\n    storyboard: \"MainInterface\"\n}\n",
                "InvitationContent/Info.plist": content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<array>\n\t\t\t\t<string>invitation</string>\n\t\t\t\t<string>1️⃣reminder</string>\n\t\t\t</array>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n"),
            ], markedFile: "InvitationContent/Info.plist"),
        lint(.plistExtensionKindMismatch, service.replacingOccurrences(of: "\t\t<string>com.apple.usernotifications.service", with: "\t\t1️⃣<string>com.apple.usernotifications.service"), withManifest: true),
        lint(.plistDiffersFromManifest, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t1️⃣<real>0.5</real>\n"), withManifest: true),
        lint(.plistWithoutManifestExtension, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>reminder</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n").replacingOccurrences(of: "<key>NSExtension</key>", with: "<key>1️⃣NSExtension</key>"), withManifest: true, folder: "Other"),
        // Import
        importing(
            .importConflict,
            ["A/Info.plist": content(), "B/Info.plist": content().replacingOccurrences(of: "<string>invitation", with: "<string>1️⃣invitation")],
            arguments: ["$D/A/Info.plist", "$D/B/Info.plist"], marked: "B/Info.plist"),
        importing(
            .invalidBundle, ["notifications.json": "1️⃣[{\"schemaVersion\": 1, \"categories\": [], \"extensions\": []}]"],
            arguments: ["$D/notifications.json"], marked: "notifications.json"),
        importing(
            .invalidImportedName, ["A/Info.plist": content().replacingOccurrences(of: "<key>NSExtension</key>", with: "<key>1️⃣NSExtension</key>")],
            arguments: ["$D/A/Info.plist", "--name", "a/b"], marked: "A/Info.plist"),
        importing(
            .importDroppedKey, ["A/Info.plist": content().replacingOccurrences(of: "<key>UNNotificationExtensionInitialContentSizeRatio", with: "<key>1️⃣UNNotificationInitialContentSizeRatio")],
            arguments: ["$D/A/Info.plist"], marked: "A/Info.plist"),
        importing(
            .importConvertedValue, ["A/Info.plist": content().replacingOccurrences(of: "\t\t\t<real>1</real>", with: "\t\t\t1️⃣<string>1</string>")],
            arguments: ["$D/A/Info.plist"], marked: "A/Info.plist"),
        // Build into existing files
        PlistCase(
            code: .existingPlistNotDictionary, arguments: ["build", "$D/app.notif", "-o", "$D/out"],
            files: ["app.notif": manifest, "out/MessagingService/Info.plist": plist("1️⃣<array/>")],
            markedFile: "out/MessagingService/Info.plist"),
        PlistCase(
            code: .existingPlistKeyRemoved, arguments: ["build", "$D/app.notif", "-o", "$D/out", "--emit", "plist"],
            files: [
                "app.notif": manifest,
                "out/InvitationContent/Info.plist": content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n\t\t\t<key>1️⃣UNNotificationExtensionUserInteractionEnabled</key>\n\t\t\t<true/>\n"),
            ], markedFile: "out/InvitationContent/Info.plist"),
        PlistCase(
            code: .staleOutput, arguments: ["build", "$D/app.notif", "-o", "$D/out", "--check", "--emit", "plist"],
            files: [
                "app.notif": manifest, "out/InvitationContent/Info.plist": content(),
                "out/MessagingService/Info.plist": service.replacingOccurrences(of: "\t\t<string>$(PRODUCT_MODULE_NAME).NotificationService", with: "\t\t1️⃣<string>NotificationService"),
            ], markedFile: "out/MessagingService/Info.plist"),
        // More Info.plist checks
        lint(.entitlementInPlist, content().replacingOccurrences(of: "\t<key>CFBundleName</key>", with: "\t<key>1️⃣com.apple.developer.usernotifications.communication</key>\n\t<true/>\n\t<key>CFBundleName</key>")),
        lint(.unknownExtensionAttribute, content("\t\t\t<key>UNNotificationExtensionCategory</key>\n\t\t\t<string>invitation</string>\n\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>1</real>\n\t\t\t<key>1️⃣RequestsOpenAccess</key>\n\t\t\t<true/>\n")),
        PlistCase(
            code: .severalServiceExtensions, arguments: ["lint", "$D"],
            files: [
                "AService/Info.plist": service,
                "BService/Info.plist": service.replacingOccurrences(of: "\t\t<string>com.apple.usernotifications.service", with: "\t\t1️⃣<string>com.apple.usernotifications.service"),
            ], markedFile: "BService/Info.plist"),
        // Registration code
        PlistCase(
            code: .categoryNotRegistered, arguments: ["lint", "$D"],
            files: [
                "App/AppDelegate.swift": registration("invitation", "reminder"),
                "InvitationContent/Info.plist": content().replacingOccurrences(of: "<string>invitation", with: "<string>1️⃣remindr"),
            ], markedFile: "InvitationContent/Info.plist"),
        PlistCase(
            code: .categoryPerhapsNotRegistered, arguments: ["lint", "$D"],
            files: [
                "App/AppDelegate.swift": "func register(ids: [String]) {\n    let categories = ids.map { UNNotificationCategory(identifier: $0, actions: [], intentIdentifiers: [], options: []) }\n    UNUserNotificationCenter.current().setNotificationCategories(Set(categories))\n}\n",
                "InvitationContent/Info.plist": content().replacingOccurrences(of: "<string>invitation", with: "<string>1️⃣invitation"),
            ], markedFile: "InvitationContent/Info.plist"),
        PlistCase(
            code: .conflictingRegistrations, arguments: ["lint", "$D"],
            files: [
                "App/AppDelegate.swift": "let open = UNNotificationAction(identifier: \"open\", title: \"Open\", options: [.foreground])\nlet a = UNNotificationCategory(identifier: \"invitation\", actions: [open], intentIdentifiers: [], options: [])\nlet b = 1️⃣UNNotificationCategory(identifier: \"invitation\", actions: [], intentIdentifiers: [], options: [])\n",
            ], markedFile: "App/AppDelegate.swift"),
        PlistCase(
            code: .repeatedRegistrationCall, arguments: ["lint", "$D"],
            files: [
                "App/AppDelegate.swift": "let a = UNNotificationCategory(identifier: \"invitation\", actions: [], intentIdentifiers: [], options: [])\nfunc one() { UNUserNotificationCenter.current().setNotificationCategories([a]) }\nfunc two() { UNUserNotificationCenter.current().1️⃣setNotificationCategories([]) }\n",
            ], markedFile: "App/AppDelegate.swift"),
        PlistCase(
            code: .codeDiffersFromManifest, arguments: ["lint", "$D"],
            files: [
                "app.notif": manifest,
                "App/AppDelegate.swift": "let a = 1️⃣UNNotificationCategory(identifier: \"invitatoin\", actions: [], intentIdentifiers: [], options: [])\n",
            ], markedFile: "App/AppDelegate.swift"),
        PlistCase(
            code: .unusedSuppression, arguments: ["lint", "$D"],
            files: [
                "App/AppDelegate.swift": "// 1️⃣notifc:ignore E314\nlet a = UNNotificationCategory(identifier: \"invitation\", actions: [], intentIdentifiers: [], options: [])\n",
            ], markedFile: "App/AppDelegate.swift"),
        PlistCase(
            code: .registrationScanLimit, arguments: ["lint", "$D"],
            files: [
                "App/AppDelegate.swift": "enum K: String, CaseIterable { " + (0..<28).map { "case k\($0) " }.joined() + "}\n"
                    + "let all = K.allCases.flatMap { a in K.allCases.flatMap { b in K.allCases.map { c in 1️⃣UNNotificationCategory(identifier: a.rawValue + b.rawValue + c.rawValue, actions: [], intentIdentifiers: [], options: []) } } }\n"
                    + "UNUserNotificationCenter.current().setNotificationCategories(Set(all))\n"
            ], markedFile: "App/AppDelegate.swift"),
        importing(
            .importedCategoryNotRegistered,
            [
                "App/AppDelegate.swift": registration("invitation", "reminder"),
                "InvitationContent/Info.plist": content().replacingOccurrences(of: "<string>invitation", with: "<string>1️⃣remindr"),
            ], arguments: ["$D"], marked: "InvitationContent/Info.plist"),
        importing(
            .importedFromEveryBranch,
            [
                "App/AppDelegate.swift": "import UserNotifications\n\n1️⃣#if DEBUG\nlet debug = UNNotificationCategory(identifier: \"debug-tools\", actions: [], intentIdentifiers: [], options: [])\n#else\nlet release = UNNotificationCategory(identifier: \"invitation\", actions: [], intentIdentifiers: [], options: [])\n#endif\n",
            ], arguments: ["$D"], marked: "App/AppDelegate.swift"),
        importing(
            .importedWithoutUnknownValue,
            [
                "App/AppDelegate.swift": "import UserNotifications\n\nfunc register(extra: [UNNotificationAction]) {\n    let open = UNNotificationAction(identifier: \"open\", title: \"Open\", options: [.foreground])\n    let c = UNNotificationCategory(identifier: \"invitation\", actions: 1️⃣[open] + extra, intentIdentifiers: [], options: [])\n}\n",
            ], arguments: ["$D"], marked: "App/AppDelegate.swift"),
        PlistCase(
            code: .unresolvedRegistration, arguments: ["lint", "$D"],
            files: [
                "App/AppDelegate.swift": "func register(ids: [String]) {\n    let categories = ids.map { UNNotificationCategory(identifier: 1️⃣$0, actions: [], intentIdentifiers: [], options: []) }\n}\n",
            ], markedFile: "App/AppDelegate.swift"),
        PlistCase(code: .noRegistrationCode, arguments: ["lint", "$D"], files: ["InvitationContent/Info.plist": content()], markedFile: nil),
    ]

    /// Swift code registering `identifiers` in one `setNotificationCategories` call.
    static func registration(_ identifiers: String...) -> String {
        let categories = identifiers.map { "UNNotificationCategory(identifier: \"\($0)\", actions: [], intentIdentifiers: [], options: [])" }
        return "import UserNotifications\n\nfunc register() {\n    UNUserNotificationCenter.current().setNotificationCategories([\n        "
            + categories.joined(separator: ",\n        ") + ",\n    ])\n}\n"
    }

    /// Every property-list code.
    static let codes = Set(cases.map(\.code))

    /// The text rendering of `code`'s case, only its own diagnostics, with paths relative to the directory
    /// (for docs/diagnostics.md).
    static func renderedExample(_ code: DiagnosticCode) -> String? {
        guard let example = cases.first(where: { $0.code == code }), let run = try? example.run(format: "text") else {
            return nil
        }
        let text = run.error.replacingOccurrences(of: run.directory.path + "/", with: "")
        var blocks: [[Substring]] = []
        for line in text.split(separator: "\n") {
            let isHeader = line.hasSuffix("]") && (line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: "))
            if isHeader { blocks.append([line]) } else if !blocks.isEmpty, !line.hasSuffix(" generated.") { blocks[blocks.count - 1].append(line) }
        }
        let shown = blocks.filter { $0.first?.hasSuffix("[\(code.rawValue)]") == true }
        guard !shown.isEmpty else { return nil }
        return shown.map { $0.joined(separator: "\n") + "\n" }.joined()
    }
}

struct PlistDiagnosticCaseTests {
    @Test(arguments: PlistDiagnosticCases.cases)
    func codeIsReportedAtTheMarker(_ row: PlistCase) throws {
        let run = try row.run(format: "json")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)\(run.error)")
        let diagnostics = document["diagnostics"] as? [[String: Any]] ?? []
        let matching = diagnostics.filter { $0["code"] as? String == row.code.rawValue }
        #expect(!matching.isEmpty, "no \(row.code.rawValue) in \(diagnostics.map { "\($0["code"] ?? "?") \($0["message"] ?? "")" })")
        guard let marker = row.markerPosition else { return }
        let path = run.directory.path + "/" + marker.path
        #expect(
            matching.contains { $0["file"] as? String == path && $0["line"] as? Int == marker.line && $0["column"] as? Int == marker.column },
            "expected \(row.code.rawValue) at \(marker.line):\(marker.column), got \(matching.map { "\($0["line"] ?? "?"):\($0["column"] ?? "?")" })")
    }

    @Test func everyPropertyListCodeHasACase() {
        let band = DiagnosticCode.allCases.filter { $0.rawValue.dropFirst().hasPrefix("4") }
        #expect(Set(band) == PlistDiagnosticCases.codes, "missing: \(band.filter { !PlistDiagnosticCases.codes.contains($0) })")
        #expect(PlistDiagnosticCases.cases.count == PlistDiagnosticCases.codes.count, "one case per code")
    }

    @Test(arguments: PlistDiagnosticCases.cases)
    func textRenderingShowsTheCode(_ row: PlistCase) throws {
        #expect(PlistDiagnosticCases.renderedExample(row.code)?.contains("[\(row.code.rawValue)]") == true)
    }
}
