// The driver, in process: subcommands, options, exit codes, output writing guarantees, help and usage errors.
import Foundation
import ManifestCompiler
import NotifcDriver
import Testing

/// Runs the driver with a capturing console.
func runNotifc(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false)
    -> (status: NotifcDriver.ExitStatus, output: String, error: String)
{
    let console = CapturingConsole(isTerminal: terminal)
    let status = CommandLineTool.run(arguments, context: DriverContext(console: console, environment: environment))
    return (status, console.output, console.error)
}

struct CommandLineTests {
    static var messaging: String { TestPaths.manifests.appendingPathComponent("messaging.notif").path }

    @Test func buildWritesPlistsAndBundle() throws {
        let output = try TemporaryDirectory()
        let run = runNotifc(["build", Self.messaging, "--output", output.path])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.error.isEmpty)
        #expect(output.files() == ["InvitationContent/Info.plist", "MessagingService/Info.plist", "notifications.json"])
        let expected = try String(
            contentsOf: TestPaths.fixtures.appendingPathComponent("examples/messaging/InvitationContent/Info.plist"),
            encoding: .utf8)
        #expect(try String(contentsOfFile: output.path + "/InvitationContent/Info.plist", encoding: .utf8) == expected)
    }

    @Test func emitSelectsOutputs() throws {
        let output = try TemporaryDirectory()
        #expect(runNotifc(["build", Self.messaging, "-o", output.path, "--emit", "json"]).status == .success)
        #expect(output.files() == ["notifications.json"])
    }

    @Test func nothingIsWrittenWhenThereIsAnError() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("in/good.notif", "category a {}\ncontentExtension E { categories: [a], initialContentSizeRatio: 1, storyboard: \"M\" }\n")
        let bad = try directory.write("in/bad.notif", "category b { actions: [missing] }\n")
        let run = runNotifc(["build", good, bad, "-o", directory.path + "/out"])
        #expect(run.status == .failure)
        #expect(run.error.contains("unknown action 'missing'"))
        #expect(run.error.hasSuffix("1 error generated.\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out"))
    }

    @Test func warningsAsErrorsFailsAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.notif", "action lonely { title: \"L\" }\ncategory c {}\n")
        let lenient = runNotifc(["build", input, "-o", directory.path + "/out1"])
        #expect(lenient.status == .success)
        #expect(lenient.error.contains("warning: action 'lonely' is not used"))
        // With something to report, the manifest's text is kept for the source line (build frees it otherwise).
        #expect(lenient.error.contains("1 | action lonely { title: \"L\" }"))
        let strict = runNotifc(["build", input, "-o", directory.path + "/out2", "--warnings-as-errors"])
        #expect(strict.status == .failure)
        #expect(strict.error.contains("error: action 'lonely' is not used"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out2"))
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let output = try TemporaryDirectory()
        #expect(runNotifc(["build", Self.messaging, "-o", output.path]).status == .success)
        let plist = output.path + "/InvitationContent/Info.plist"
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: plist)
        let second = runNotifc(["build", Self.messaging, "-o", output.path, "--verbose"])
        #expect(second.status == .success)
        #expect(second.error.contains("unchanged \(plist)"))
        let modified = try FileManager.default.attributesOfItem(atPath: plist)[.modificationDate] as? Date
        #expect(modified == past)
    }

    @Test func changedFilesAreReplacedAndNoTemporaryFilesRemain() throws {
        let output = try TemporaryDirectory()
        // An outdated but readable Info.plist (an unreadable one is an error: see BuildMergeTests).
        try output.write("InvitationContent/Info.plist", "<plist><dict><key>NSExtension</key><dict/></dict></plist>")
        #expect(runNotifc(["build", Self.messaging, "-o", output.path]).status == .success)
        #expect(try String(contentsOfFile: output.path + "/InvitationContent/Info.plist", encoding: .utf8).hasPrefix("<?xml"))
        let all = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        #expect(!all.contains { $0.hasSuffix(".tmp") })
    }

    @Test func unwritableOutputIsAnIOFailure() throws {
        let directory = try TemporaryDirectory()
        let blocker = try directory.write("blocker", "a file, not a directory")
        let run = runNotifc(["build", Self.messaging, "-o", blocker])
        #expect(run.status == .ioFailure)
        #expect(run.error.hasPrefix("error: cannot write output:"))
    }

    @Test func missingInputIsAnIOFailure() {
        let run = runNotifc(["lint", "/nonexistent/x.notif"])
        #expect(run.status == .ioFailure)
        #expect(run.error == "error: cannot read input: No such file or directory: '/nonexistent/x.notif'\n")
    }

    @Test func directoriesAreSearchedRecursively() throws {
        let directory = try TemporaryDirectory()
        try directory.write("m/a.notif", "action accept { title: \"A\" }\n")
        try directory.write("m/sub/b.notif", "category c { actions: [accept] }\n")
        try directory.write("m/ignored.txt", "not a manifest")
        try directory.write("m/.hidden/c.notif", "garbage {{{")
        let run = runNotifc(["build", directory.path + "/m", "-o", directory.path + "/out"])
        #expect(run.status == .success, "\(run.error)")
        let bundle = try String(contentsOfFile: directory.path + "/out/notifications.json", encoding: .utf8)
        #expect(bundle.contains("\"identifier\": \"accept\""))
    }

    @Test func aFileReachedTwiceIsReadOnce() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("m/a.notif", "category a {}\n")
        let run = runNotifc(["lint", file, directory.path + "/m", file])
        #expect(run.status == .success, "\(run.error)")
    }

    @Test func devicesAreNotRead() {
        let run = runNotifc(["lint", "/dev/null"])
        #expect(run.status == .ioFailure)
        #expect(run.error.contains("not a regular file or directory"))
    }

    @Test func unlocatedDiagnosticsComeAfterLocatedOnes() throws {
        let directory = try TemporaryDirectory()
        try directory.write("empty/readme.txt", "")
        let bad = try directory.write("bad.notif", "category a { actions: [x] }\n")
        let run = runNotifc(["lint", directory.path + "/empty", bad])
        let unknown = try #require(run.error.range(of: "[E305]"))
        let empty = try #require(run.error.range(of: "[E007]"))
        #expect(unknown.lowerBound < empty.lowerBound)
    }

    @Test func aFailedWriteLeavesNoNewDirectories() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.notif", """
            category a {}
            category b {}
            contentExtension A { categories: [a], initialContentSizeRatio: 1, storyboard: "M" }
            contentExtension B { categories: [b], initialContentSizeRatio: 1, storyboard: "M" }
            """)
        try directory.write("out/B", "a file where the folder B should go")
        let run = runNotifc(["build", input, "-o", directory.path + "/out"])
        #expect(run.status == .ioFailure)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/out") == ["B"])
    }

    @Test func anEmptyDirectoryIsAnInputError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("empty/readme.txt", "nothing here")
        let run = runNotifc(["lint", directory.path + "/empty"])
        #expect(run.status == .failure)
        #expect(run.error.contains("error: no .notif files in directory"))
        #expect(run.error.contains("[E007]"))
    }

    @Test func lintWritesNothingAndReportsEverything() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.notif", "category a { actions: [x, y] }\n")
        let run = runNotifc(["lint", input])
        #expect(run.status == .failure)
        #expect(run.error.components(separatedBy: "error: unknown action").count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.notif"])
        #expect(runNotifc(["lint", Self.messaging]).status == .success)
    }

    @Test(arguments: DiagnosticFormat.allCases)
    func diagnosticFormatsGoToTheRightStream(_ format: DiagnosticFormat) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.notif", "category a { actions: [x] }\n")
        let run = runNotifc(["lint", input, "--diagnostics-format", format.rawValue])
        #expect(run.status == .failure)
        if format == .text {
            #expect(run.output.isEmpty)
            #expect(run.error.contains("error: unknown action 'x' [E305]"))
        } else {
            #expect(run.error.isEmpty)
            #expect(run.output.contains("E305"))
        }
        if format == .json || format == .sarif {
            #expect(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) is [String: Any])
        }
    }

    @Test func jsonFormatPrintsADocumentEvenWithoutDiagnostics() throws {
        let run = runNotifc(["lint", Self.messaging, "--diagnostics-format", "json"])
        #expect(run.status == .success)
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect((object?["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func colourFollowsTheTerminalAndNoColor() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.notif", "category a { actions: [x] }\n")
        #expect(runNotifc(["lint", input], terminal: true).error.contains("\u{1B}["))
        #expect(!runNotifc(["lint", input], environment: ["NO_COLOR": "1"], terminal: true).error.contains("\u{1B}["))
        #expect(!runNotifc(["lint", input], terminal: false).error.contains("\u{1B}["))
        #expect(runNotifc(["lint", input, "--color", "always"]).error.contains("\u{1B}["))
        #expect(!runNotifc(["lint", input, "--color", "never"], terminal: true).error.contains("\u{1B}["))
    }

    @Test func errorLimitOption() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.notif", (0..<10).map { "category c\($0) { actions: [x\($0)] }" }.joined(separator: "\n"))
        let run = runNotifc(["lint", input, "--error-limit", "3"])
        #expect(run.error.components(separatedBy: "[E305]").count == 4)
        #expect(run.error.contains("too many errors; stopped reporting after 3 [E006]"))
        #expect(run.error.hasSuffix("3 errors generated.\n"), "the notice is not one of the errors found: \(run.error)")
        let json = runNotifc(["lint", input, "--error-limit", "3", "--diagnostics-format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(document["errorCount"] as? Int == 3, "counted as the text summary counts")
        #expect(runNotifc(["lint", input, "--error-limit", "zero"]).status == .usage)
    }

    // MARK: - Usage

    @Test(arguments: [
        (["build", Self.messaging, "--outptu", "x"], "error: unknown option '--outptu'\nhelp: did you mean '--output'?"),
        (["build", Self.messaging], "error: missing required option '--output <dir>'"),
        (["build", "--output", "x"], "error: missing <inputs>"),
        (["build", Self.messaging, "-o"], "error: missing value for '--output <dir>'"),
        (["build", Self.messaging, "-o", ""], "error: empty value for '--output <dir>'\nhelp: give a value; an unset shell variable gives an empty one"),
        (["build", Self.messaging, "--output="], "error: empty value for '--output <dir>'"),
        (["build", Self.messaging, "-o", "x", "--emit", "plist,Swift"], "error: invalid value 'Swift' for '--emit'\nhelp: did you mean 'swift'? expected a comma"),
        (["build", Self.messaging, "-o", "x", "--emit", "plist,xml"], "error: invalid value 'xml' for '--emit'"),
        (["lint", Self.messaging, "--diagnostics-format", "xml"], "error: invalid value 'xml' for '--diagnostics-format'"),
        (["lint", Self.messaging, "--warnings-as-errors=yes"], "error: option '--warnings-as-errors' does not take a value"),
        (["biuld"], "error: unknown subcommand 'biuld'\nhelp: did you mean 'build'?"),
        (["--verison"], "error: unknown option '--verison'\nhelp: did you mean '--version'?"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        let run = runNotifc(arguments)
        #expect(run.status == .usage)
        #expect(run.error.hasPrefix(message), "\(run.error)")
        #expect(run.error.contains("See 'notifc"))
        #expect(run.output.isEmpty)
    }

    @Test func noArgumentsPrintsUsage() {
        let run = runNotifc([])
        #expect(run.status == .usage)
        #expect(run.error.contains("USAGE: notifc <subcommand>"))
    }

    @Test func version() {
        let run = runNotifc(["--version"])
        #expect(run.status == .success)
        #expect(run.output == "notifc \(NotifcVersion.current)\n")
    }

    @Test func helpTexts() {
        let overview = runNotifc(["--help"])
        #expect(overview.status == .success)
        Golden.assertMatches(overview.output, "help/notifc.txt")
        for command in ["build", "lint"] {
            let help = runNotifc([command, "--help"])
            #expect(help.status == .success)
            #expect(runNotifc(["help", command]).output == help.output)
            Golden.assertMatches(help.output, "help/\(command).txt")
        }
    }

    @Test func argumentsAfterDoubleDashArePositional() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("-odd.notif", "category a {}\n")
        let run = runNotifc(["lint", "--", input])
        #expect(run.status == .success, "\(run.error)")
    }
}

/// The real executable, for what in-process runs cannot show: the process exit status and stream separation.
struct ExecutableTests {
    @Test func executableBuildsAnExample() throws {
        guard let executable = TestPaths.notifcExecutable else {
            print("skipping: the notifc executable has not been built (run 'swift build' first)")
            return
        }
        let output = try TemporaryDirectory()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["build", CommandLineTests.messaging, "--output", output.path]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.files().count == 3)

        let failing = Process()
        failing.executableURL = executable
        failing.arguments = ["lint", "/nonexistent.notif"]
        failing.standardError = Pipe()
        try failing.run()
        failing.waitUntilExit()
        #expect(failing.terminationStatus == 74)
    }
}
