// notifc import: the canonical manifest from plists and bundles, names, conflicts, output, round trips.
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct ImportTests {
    static let fixtureRoot = TestPaths.fixtures.appendingPathComponent("import")

    @Test func aProjectImportsToTheGoldenManifestWithItsWarnings() {
        let base = Self.fixtureRoot.path + "/"
        let run = runNotifc(
            ["import", base + "project/NotificationContent/Info.plist", base + "project/Sources", base + "project/notifications.json"])
        #expect(run.status == .success)
        Golden.assertMatches(run.output.replacingOccurrences(of: base, with: ""), "import/project.notif")
        Golden.assertMatches(run.error.replacingOccurrences(of: base, with: ""), "import/project.diagnostics")
    }

    @Test func theImportedManifestCompilesAndBuildsTheSameSettings() throws {
        let base = Self.fixtureRoot.path + "/"
        let directory = try TemporaryDirectory()
        let output = directory.path + "/app.notif"
        let run = runNotifc(["import", base + "project/NotificationContent/Info.plist", base + "project/notifications.json", "-o", output])
        #expect(run.status == .success)
        #expect(run.output.isEmpty, "with -o nothing goes to standard output")
        var sources = SourceFileSet()
        sources.add(path: output, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        let manifest = try #require(Compiler.compile(sources).manifest)
        #expect(manifest.extensions.first?.defaultContentHidden == true)
        #expect(manifest.categories.map(\.identifier) == ["invitation", "com.example.reminder"])
    }

    /// Every example manifest: build it, import what was built (bundle and Info.plists), and get the same
    /// manifest back.
    @Test(arguments: TestPaths.exampleManifests.map(\.lastPathComponent))
    func importingWhatBuildWroteGivesBackTheManifest(_ name: String) throws {
        let directory = try TemporaryDirectory()
        let example = TestPaths.manifests.appendingPathComponent(name).path
        #expect(runNotifc(["build", example, "-o", directory.path + "/out"]).status == .success)
        var original = SourceFileSet()
        original.add(path: example, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: example))))
        let expected = try #require(Compiler.compile(original).manifest)
        // A directory without Info.plist files is an input error (E007), so "out" is searched only when
        // the manifest has extensions.
        let variants = expected.extensions.isEmpty ? [["out/notifications.json"]] : [["out/notifications.json"], ["out/notifications.json", "out"]]
        for inputs in variants {
            let output = directory.path + "/imported.notif"
            let run = runNotifc(["import"] + inputs.map { directory.path + "/" + $0 } + ["-o", output])
            #expect(run.status == .success, "\(run.error)")
            var sources = SourceFileSet()
            sources.add(path: output, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
            #expect(Compiler.compile(sources).manifest == expected, "\(inputs)")
        }
    }

    @Test func nameGivesTheExtensionItsName() throws {
        let directory = try TemporaryDirectory()
        let plist = try directory.write("Resources/Info.plist", PlistDiagnosticCases.content())
        let run = runNotifc(["import", plist, "--name", "Invitations"])
        #expect(run.output.contains("contentExtension Invitations {"))
        let other = try directory.write("Other/Info.plist", PlistDiagnosticCases.service)
        let two = runNotifc(["import", plist, other, "--name", "X"])
        #expect(two.status == .usage)
        #expect(two.error.contains("error: '--name' names one extension, but 2 Info.plist files were found"))
    }

    /// An input named twice is read once and listed once in the header.
    @Test func anInputNamedTwiceIsListedOnce() throws {
        let directory = try TemporaryDirectory()
        let plist = try directory.write("Invitations/Info.plist", PlistDiagnosticCases.content())
        let run = runNotifc(["import", plist, plist])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.components(separatedBy: plist).count == 2, "\(run.output)")
        #expect(run.output.components(separatedBy: "contentExtension Invitations {").count == 2)
    }

    /// An output that is one of the inputs (named directly, found in a directory, or through a link) is refused:
    /// the manifest would replace the code or Info.plist it was read from.
    @Test func anInputIsNotOverwritten() throws {
        let directory = try TemporaryDirectory()
        let plist = try directory.write("Invitations/Info.plist", PlistDiagnosticCases.content())
        let code = try directory.write("App/Push.swift", "let c = UNNotificationCategory(identifier: \"k\", actions: [], intentIdentifiers: [], options: [])\n")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.swift", withDestinationPath: code)
        for (inputs, output) in [([plist], plist), ([directory.path + "/App"], code), ([code], directory.path + "/link.swift")] {
            let run = runNotifc(["import"] + inputs + ["-o", output])
            #expect(run.status == .usage, "\(inputs) -o \(output)")
            #expect(run.error.contains("writing the manifest there would replace it"), "\(run.error)")
        }
        #expect(try String(contentsOfFile: code, encoding: .utf8).hasPrefix("let c = UNNotificationCategory"))
        #expect(try String(contentsOfFile: plist, encoding: .utf8).hasPrefix("<?xml"))
    }

    /// A manifest given to import is a usage error that points at `fmt`, not an Info.plist that does not parse.
    @Test func aManifestIsNotImported() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("App.NOTIF", "category a {}\n")
        let run = runNotifc(["import", manifest])
        #expect(run.status == .usage)
        #expect(run.error.hasPrefix("error: '\(manifest)' is a manifest already;"), "\(run.error)")
        #expect(run.error.contains("help: to lay a manifest out in the canonical layout, run 'notifc fmt \(manifest)'"))
    }

    @Test func machineReadableDiagnosticsNeedAnOutputFile() throws {
        let directory = try TemporaryDirectory()
        let plist = try directory.write("Content/Info.plist", PlistDiagnosticCases.content())
        let run = runNotifc(["import", plist, "--diagnostics-format", "json"])
        #expect(run.status == .usage)
        #expect(run.error.contains("help: write the manifest to a file with '-o <file>'"))
        let withFile = runNotifc(["import", plist, "--diagnostics-format", "json", "-o", directory.path + "/m.notif"])
        #expect(withFile.status == .success)
        #expect(withFile.output.contains("\"diagnostics\": []"))
    }

    @Test func anUnchangedOutputIsNotRewrittenAndAnErrorWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let plist = try directory.write("Content/Info.plist", PlistDiagnosticCases.content())
        let output = directory.path + "/m.notif"
        #expect(runNotifc(["import", plist, "-o", output]).status == .success)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output)
        #expect(runNotifc(["import", plist, "-o", output]).status == .success)
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date == past)

        let clash = try directory.write("Clash/Info.plist", PlistDiagnosticCases.content())
        let failed = runNotifc(["import", plist, clash, "-o", directory.path + "/never.notif"])
        #expect(failed.status == .failure)
        #expect(failed.error.contains("[E431]"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/never.notif"))
    }

    @Test func conflictingBundlesAreReported() throws {
        let directory = try TemporaryDirectory()
        let bundle = """
            {"schemaVersion": 1, "categories": [{"identifier": "c", "actions": [{"identifier": "a", "title": "A", "options": []}], "intentIdentifiers": [], "options": []}], "extensions": []}
            """
        let first = try directory.write("one.json", bundle)
        let second = try directory.write("two.json", bundle.replacingOccurrences(of: "\"title\": \"A\"", with: "\"title\": \"B\""))
        let same = try directory.write("same.json", bundle)
        #expect(runNotifc(["import", first, same]).status == .success, "equal definitions are merged")
        let run = runNotifc(["import", first, second])
        #expect(run.status == .failure)
        #expect(run.error.contains("error: action 'a' is defined differently here: title \"B\" here, \"A\" there [E431]"), "\(run.error)")
        #expect(run.error.contains("help: make the inputs agree, or import them separately"), "\(run.error)")
        // Two definitions in one file cannot be imported apart.
        let code = try directory.write(
            "App/Actions.swift",
            "let a = UNNotificationAction(identifier: \"open\", title: \"Open\", options: [])\nlet b = UNNotificationAction(identifier: \"open\", title: \"Read\", options: [])\nlet c = UNNotificationCategory(identifier: \"c\", actions: [a, b], intentIdentifiers: [], options: [])\n")
        let oneFile = runNotifc(["import", code, "--color", "never"])
        #expect(oneFile.error.contains("help: an identifier names one action of the app; give one of them another identifier, or make them agree"), "\(oneFile.error)")
        // Each property that differs is named, with both values.
        let extensions = #"{"schemaVersion": 1, "categories": [], "extensions": [{"name": "E", "kind": "content", "categories": ["c"], "initialContentSizeRatio": 0.5}]}"#
        let three = try directory.write("three.json", extensions)
        let four = try directory.write(
            "four.json",
            extensions.replacingOccurrences(of: "0.5}", with: "1, \"defaultContentHidden\": true}"))
        let both = runNotifc(["import", three, four])
        #expect(both.status == .failure)
        #expect(
            both.error.contains(
                "error: extension 'E' is imported twice, with different settings: initialContentSizeRatio 1 here, 0.5 there; defaultContentHidden true only here [E431]"),
            "\(both.error)")
        // A list: the elements only one side has, together.
        let five = try directory.write("five.json", bundle.replacingOccurrences(of: "\"options\": []}]", with: "\"options\": [\"foreground\", \"destructive\"]}]"))
        let six = try directory.write("six.json", bundle.replacingOccurrences(of: "\"options\": []}]", with: "\"options\": [\"foreground\", \"authenticationRequired\"]}]"))
        let lists = runNotifc(["import", five, six])
        #expect(
            lists.error.contains("error: action 'a' is defined differently here: options destructive only there, authenticationRequired only here [E431]"),
            "\(lists.error)")
    }

    @Test(arguments: [
        ("[]", "a notifications.json bundle is a JSON object, found an array", DiagnosticCode.invalidBundle),
        ("{\"schemaVersion\": 2, \"categories\": [], \"extensions\": []}", "unsupported schemaVersion 2; this notifc reads version 1", .unsupportedBundleVersion),
        ("{\"schemaVersion\": 1, \"extensions\": []}", "the bundle has no 'categories'", .missingBundleKey),
        ("{\"schemaVersion\": 1, \"categories\": [{\"actions\": []}], \"extensions\": []}", "a category has no 'identifier'", .missingBundleKey),
        ("{\"schemaVersion\": 1, \"categories\": [], \"extensions\": [{\"name\": \"E\", \"kind\": \"content\", \"defaultContentHidden\": \"yes\"}]}", "'defaultContentHidden' must be true or false, found \"yes\"", .invalidBundleValue),
        ("{\"schemaVersion\": 1, \"categories\": [], \"extensions\": [{\"name\": \"E\", \"kind\": \"content\", \"initialContentSizeRatio\": \"1\"}]}", "'initialContentSizeRatio' must be a number, found \"1\"", .invalidBundleValue),
    ])
    func invalidBundlesAreReportedWhereTheyAreWrong(_ text: String, _ message: String, _ code: DiagnosticCode) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("notifications.json", text)
        let run = runNotifc(["import", path])
        #expect(run.status == .failure)
        #expect(run.error.contains("error: \(message) [\(code.rawValue)]"), "\(run.error)")
    }

    @Test func aJSONSyntaxErrorIsReportedByTheJSONReader() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("notifications.json", "{\"schemaVersion\": 1,}")
        let run = runNotifc(["import", path])
        #expect(run.status == .failure)
        #expect(run.error.contains("[E501]"))
    }

    @Test func plistsThatAreNotNotificationExtensionsAreSkipped() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App/Info.plist", TestPlist.document("<dict><key>CFBundleName</key><string>App</string></dict>"))
        try directory.write("Content/Info.plist", PlistDiagnosticCases.content())
        let run = runNotifc(["import", directory.path])
        #expect(run.status == .success)
        #expect(run.error.isEmpty)
        #expect(run.output.contains("contentExtension Content {"))
        #expect(!run.output.contains("App"))
        let named = runNotifc(["import", directory.path + "/App/Info.plist"])
        #expect(named.error.contains("[W416]"))
    }

    @Test func helpText() {
        let help = runNotifc(["import", "--help"])
        #expect(help.status == .success)
        #expect(runNotifc(["help", "import"]).output == help.output)
        Golden.assertMatches(help.output, "help/import.txt")
    }
}
