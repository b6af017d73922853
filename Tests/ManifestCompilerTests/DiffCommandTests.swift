// `notifc diff` end to end: two files, manifests against bundles, --fail-on, colour, errors, and --against on a
// temporary git repository.
import Foundation
import NotifcDriver
import Testing

struct DiffCommandTests {
    static let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    static var messaging: String { TestPaths.manifests.appendingPathComponent("messaging.notif").path }

    static func edited(_ replacements: [(String, String)]) throws -> String {
        var text = try String(contentsOfFile: messaging, encoding: .utf8)
        for (old, new) in replacements { text = text.replacingOccurrences(of: old, with: new) }
        return text
    }

    @Test func twoManifests() throws {
        let directory = try TemporaryDirectory()
        let new = try directory.write("new.notif", try Self.edited([("title: \"Accept\"", "title: \"Join\"")]))
        let run = runNotifc(["diff", Self.messaging, new])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.error.isEmpty)
        #expect(
            run.output == """
                Actions
                  ~ cosmetic    changed    action[accept].title: "Accept" → "Join"

                1 change: 0 breaking, 0 behavioral, 1 cosmetic

                """)
        let same = runNotifc(["diff", Self.messaging, Self.messaging])
        #expect(same.output == "no changes\n")
    }

    @Test func jsonFormat() throws {
        let directory = try TemporaryDirectory()
        let new = try directory.write("new.notif", try Self.edited([("actions: [accept, decline]", "actions: [accept]")]))
        let run = runNotifc(["diff", Self.messaging, new, "--format", "json"])
        #expect(run.status == .success)
        let root = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let changes = try #require(root?["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["path"] as? String == "category[invitation].actions")
        #expect(changes.first?["class"] as? String == "breaking")
        #expect(changes.first?["old"] as? String == "decline")
        #expect(changes.first?["new"] is NSNull)
        #expect(!runNotifc(["diff", Self.messaging, new, "--format", "json"], terminal: true).output.contains("\u{1B}"))
    }

    @Test(arguments: [
        ("breaking", [("    options: [destructive]\n", "")], NotifcDriver.ExitStatus.success),
        ("behavioral", [("    options: [destructive]\n", "")], .failure),
        ("breaking", [("actions: [accept, decline]", "actions: [accept]")], .failure),
        ("any", [("title: \"Accept\"", "title: \"Join\"")], .failure),
        ("behavioral", [("title: \"Accept\"", "title: \"Join\"")], .success),
        ("any", [], .success),
    ])
    func failOn(_ threshold: String, _ edits: [(String, String)], _ status: NotifcDriver.ExitStatus) throws {
        let directory = try TemporaryDirectory()
        let new = try directory.write("new.notif", try Self.edited(edits))
        let run = runNotifc(["diff", Self.messaging, new, "--fail-on", threshold])
        #expect(run.status == status, "\(run.output)")
        #expect(runNotifc(["diff", Self.messaging, new]).status == .success)
    }

    @Test func manifestsAgainstTheirBundles() throws {
        for name in ExampleManifestTests.names {
            let manifest = TestPaths.manifests.appendingPathComponent("\(name).notif").path
            let bundle = TestPaths.fixtures.appendingPathComponent("examples/\(name)/notifications.json").path
            let forward = runNotifc(["diff", manifest, bundle])
            #expect(forward.status == .success && forward.output == "no changes\n", "\(name): \(forward.output)\(forward.error)")
            let backward = runNotifc(["diff", bundle, manifest])
            #expect(backward.output == "no changes\n", "\(name)")
        }
        let directory = try TemporaryDirectory()
        let new = try directory.write("new.notif", try Self.edited([("title: \"Remind me later\"", "title: \"Later\"")]))
        let bundle = TestPaths.fixtures.appendingPathComponent("examples/messaging/notifications.json").path
        #expect(runNotifc(["diff", bundle, new]).output.contains("action[remindLater].title: \"Remind me later\" → \"Later\""))
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        let directory = try TemporaryDirectory()
        let new = try directory.write("new.notif", try Self.edited([("actions: [accept, decline]", "actions: [accept]")]))
        let coloured = runNotifc(["diff", Self.messaging, new], terminal: true)
        #expect(coloured.output.contains("\u{1B}[1;31mbreaking"))
        #expect(!runNotifc(["diff", Self.messaging, new], environment: ["NO_COLOR": "1"], terminal: true).output.contains("\u{1B}"))
        #expect(!runNotifc(["diff", Self.messaging, new], terminal: true, arguments: ["--color", "never"]).output.contains("\u{1B}"))
        #expect(!runNotifc(["diff", Self.messaging, new]).output.contains("\u{1B}"))
        #expect(runNotifc(["diff", Self.messaging, new, "--color", "always"]).output.contains("\u{1B}"))
    }

    @Test func errorsOnEitherSideStopTheDiff() throws {
        let directory = try TemporaryDirectory()
        let broken = try directory.write("broken.notif", "category c { actions: [missing] }\n")
        let bundle = try directory.write("bad.json", "{\"schemaVersion\": 1, \"categories\": [], \"extensions\": [], \"x\": 0}")
        let run = runNotifc(["diff", bundle, broken])
        #expect(run.status == .failure)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("bad.json:1:58: error: unknown key \"x\" in the bundle [E603]"), "\(run.error)")
        #expect(run.error.contains("broken.notif:1:24: error: unknown action 'missing' [E305]"))
        #expect(run.error.hasSuffix("2 errors generated.\n"))
        // Both sides form one report: one error limit over both, one notice when it is reached.
        let many = try directory.write("many.notif", "category a { actions: [x, y, z] }\n")
        let limited = runNotifc(["diff", many, many, "--error-limit", "2"])
        #expect(limited.error.components(separatedBy: "error: unknown action").count - 1 == 2, "\(limited.error)")
        #expect(limited.error.components(separatedBy: "[E006]").count - 1 == 1, "\(limited.error)")
        // A file that is the same on both sides has its errors reported once.
        let twice = runNotifc(["diff", broken, broken])
        #expect(twice.error.components(separatedBy: "[E305]").count - 1 == 1, "\(twice.error)")
        #expect(twice.error.hasSuffix("1 error generated.\n"), "\(twice.error)")
        let warnings = try directory.write("warn.notif", "action lonely { title: \"L\" }\ncategory c {}\n")
        let quiet = runNotifc(["diff", warnings, warnings])
        #expect(quiet.status == .success)
        #expect(quiet.error.isEmpty)
    }

    @Test func usageAndInputErrors() throws {
        #expect(runNotifc(["diff", Self.messaging]).status == .usage)
        #expect(runNotifc(["diff", Self.messaging, Self.messaging, Self.messaging]).error.hasPrefix("error: unexpected argument"))
        #expect(runNotifc(["diff", "--against", "-x", Self.messaging]).status == .usage)
        #expect(runNotifc(["diff", Self.messaging, Self.messaging, "--fail-on", "severe"]).status == .usage)
        let missing = runNotifc(["diff", Self.messaging, "/nonexistent/new.notif"])
        #expect(missing.status == .ioFailure)
        #expect(missing.error == "error: cannot read input: No such file or directory: '/nonexistent/new.notif'\n")
    }

    @Test func help() {
        let help = runNotifc(["diff", "--help"])
        #expect(help.status == .success)
        Golden.assertMatches(help.output, "help/diff.txt")
        Golden.assertMatches(runNotifc(["--help"]).output, "help/notifc.txt")
    }

    // MARK: - --against

    /// A git repository in a temporary directory, driven with Foundation's Process (independent of ProcessRunner).
    final class Repository {
        let directory: TemporaryDirectory
        var path: String { directory.path }

        init?() throws {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") || Self.whichGit() != nil else { return nil }
            directory = try TemporaryDirectory()
            try git("init", "-q")
        }

        static func whichGit() -> String? {
            DiffCommandTests.path.split(separator: ":").map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.whichGit() ?? "/usr/bin/git")
            process.arguments = ["-C", path, "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }

        func commit(_ files: [String: String], message: String) throws {
            for (name, text) in files.sorted(by: { $0.key < $1.key }) { try directory.write(name, text) }
            try git("add", "-A")
            try git("commit", "-q", "-m", message)
        }
    }

    @Test func againstARevision() throws {
        guard let repository = try Repository() else {
            print("skipping: git is not installed")
            return
        }
        let original = try String(contentsOfFile: Self.messaging, encoding: .utf8)
        let bills = try String(contentsOf: TestPaths.manifests.appendingPathComponent("bills.notif"), encoding: .utf8)
        try repository.commit(["app/messaging.notif": original, "other/bills.notif": bills], message: "first")
        try repository.commit(["app/messaging.notif": try Self.edited([("actions: [accept, decline]", "actions: [decline, accept]")])], message: "second")
        try repository.directory.write("app/messaging.notif", try Self.edited([("actions: [accept, decline]", "actions: [accept]")]))
        let file = repository.path + "/app/messaging.notif"
        let environment = ["PATH": Self.path]

        let againstHead = runNotifc(["diff", "--against", "HEAD", file], environment: environment)
        #expect(againstHead.status == .success, "\(againstHead.error)")
        #expect(againstHead.output.contains("- breaking    removed    category[invitation].actions: decline"))
        let againstFirst = runNotifc(["diff", "--against", "HEAD~1", file, "--fail-on", "breaking"], environment: environment)
        #expect(againstFirst.status == .failure)
        #expect(againstFirst.output == "Categories\n  - breaking    removed    category[invitation].actions: decline\n\n1 change: 1 breaking, 0 behavioral, 0 cosmetic\n")
        let directoryRun = runNotifc(["diff", "--against", "HEAD", repository.path + "/app"], environment: environment)
        #expect(directoryRun.output == againstHead.output)
        let json = runNotifc(["diff", "--against", "HEAD", file, "--format", "json"], environment: environment)
        #expect(json.output.contains("\"path\": \"category[invitation].actions\""))
        // A broken file that did not change since the revision: its errors once, at the working copy.
        try repository.commit(["broken/b.notif": "category c { actions: [missing] }\n"], message: "broken")
        let broken = runNotifc(["diff", "--against", "HEAD", repository.path + "/broken/b.notif"], environment: environment)
        #expect(broken.status == .failure)
        #expect(broken.error.components(separatedBy: "[E305]").count - 1 == 1, "\(broken.error)")
        #expect(broken.error.hasPrefix(repository.path + "/broken/b.notif:1:24: error: unknown action 'missing' [E305]"), "\(broken.error)")
    }

    /// A symbolic link to a manifest is followed at the revision as on disk, so a change through it is seen.
    @Test func againstARevisionFollowsSymbolicLinks() throws {
        guard let repository = try Repository() else {
            print("skipping: git is not installed")
            return
        }
        let manifest = "action a { title: \"A\" }\naction b { title: \"B\" }\ncategory c { actions: [a, b] }\n"
        try repository.directory.write("manifests/app.notif", manifest)
        try FileManager.default.createDirectory(atPath: repository.path + "/up", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: repository.path + "/up/link.notif", withDestinationPath: "../manifests/app.notif")
        try FileManager.default.createSymbolicLink(atPath: repository.path + "/up/nowhere.notif", withDestinationPath: "../gone.notif")
        try repository.git("add", "-A")
        try repository.git("commit", "-q", "-m", "links")
        try FileManager.default.removeItem(atPath: repository.path + "/up/nowhere.notif")
        let environment = ["PATH": Self.path]
        let unchanged = runNotifc(["diff", "--against", "HEAD", repository.path + "/up"], environment: environment)
        #expect(unchanged.status == .success && unchanged.output == "no changes\n", "\(unchanged.output)\(unchanged.error)")
        try repository.directory.write("manifests/app.notif", manifest.replacingOccurrences(of: "[a, b]", with: "[a]"))
        let changed = runNotifc(["diff", "--against", "HEAD", repository.path + "/up", "--fail-on", "breaking"], environment: environment)
        #expect(changed.status == .failure, "\(changed.output)\(changed.error)")
        #expect(changed.output.contains("category[c].actions"), "\(changed.output)")
        let named = runNotifc(["diff", "--against", "HEAD", repository.path + "/up/link.notif"], environment: environment)
        #expect(named.output.contains("category[c].actions"), "\(named.output)\(named.error)")
        try FileManager.default.createSymbolicLink(atPath: repository.path + "/up/nowhere.notif", withDestinationPath: "../gone.notif")
        let dangling = runNotifc(["diff", "--against", "HEAD", repository.path + "/up/nowhere.notif"], environment: environment)
        #expect(dangling.status == .ioFailure)
        #expect(dangling.error.contains("is a symbolic link to '../gone.notif', which is not a file in the repository"), "\(dangling.error)")
    }

    @Test func againstARevisionReportsGitProblems() throws {
        guard let repository = try Repository() else {
            print("skipping: git is not installed")
            return
        }
        try repository.commit(["a.notif": "category a {}\n"], message: "first")
        try repository.directory.write("b.notif", "category b {}\n")
        try repository.directory.write("empty/readme.txt", "")
        let environment = ["PATH": Self.path]
        let unknownRevision = runNotifc(["diff", "--against", "nope", repository.path + "/a.notif"], environment: environment)
        #expect(unknownRevision.status == .ioFailure)
        #expect(unknownRevision.error == "error: cannot read input: unknown revision 'nope'\n")
        let mixed = runNotifc(["diff", "--against", "HEAD", repository.path + "/gen/notifications.json", repository.path + "/a.notif"], environment: environment)
        #expect(mixed.status == .usage)
        #expect(mixed.error.contains("is a bundle; with --against, give one bundle alone or only manifests"), "\(mixed.error)")
        let newFile = runNotifc(["diff", "--against", "HEAD", repository.path + "/b.notif"], environment: environment)
        #expect(newFile.status == .ioFailure)
        #expect(newFile.error == "error: cannot read input: '\(repository.path)/b.notif' does not exist at revision 'HEAD'\n")
        let missing = runNotifc(["diff", "--against", "HEAD", repository.path + "/c.notif"], environment: environment)
        #expect(missing.status == .ioFailure)
        #expect(missing.error == "error: cannot read input: '\(repository.path)/c.notif' does not exist at revision 'HEAD' or in the working copy\n")
        let noGit = runNotifc(["diff", "--against", "HEAD", repository.path + "/a.notif"], environment: ["PATH": "/nonexistent"])
        #expect(noGit.status == .ioFailure)
        #expect(noGit.error == "error: cannot read input: git was not found on PATH; --against needs git\n")
        let outside = try TemporaryDirectory()
        let notARepository = try outside.write("c.notif", "category c {}\n")
        let failure = runNotifc(["diff", "--against", "HEAD", notARepository], environment: environment)
        #expect(failure.status == .ioFailure)
        #expect(failure.error.hasPrefix("error: cannot read input: git failed in '\(outside.path)': fatal: not a git repository"))
        let emptyDirectory = runNotifc(["diff", "--against", "HEAD", repository.path + "/empty"], environment: environment)
        #expect(emptyDirectory.status == .failure)
        #expect(emptyDirectory.error.contains("no .notif files in directory '\(repository.path)/empty' [E007]"), "\(emptyDirectory.error)")
        #expect(!emptyDirectory.error.contains("at revision"), "empty now: reported once, from the disk")
        // The change that adds a directory of manifests: at the revision it holds none, so everything is added.
        try repository.directory.write("new/app.notif", "action go { title: \"Go\" }\ncategory fresh { actions: [go] }\n")
        let adopted = runNotifc(
            ["diff", "--against", "HEAD", repository.path + "/new", "--fail-on", "breaking"], environment: environment)
        #expect(adopted.status == .success, "\(adopted.error)")
        #expect(adopted.output.contains("added") && adopted.output.contains("category[fresh]"), "\(adopted.output)")
        #expect(adopted.output.contains("0 breaking"), "\(adopted.output)")
        #expect(adopted.error == "note: the inputs held no manifest at revision 'HEAD'; everything in them is compared as added\n")
        let existing = runNotifc(["diff", "--against", "HEAD", repository.path + "/a.notif"], environment: environment)
        #expect(existing.status == .success && existing.error.isEmpty, "\(existing.error)")
    }

    @Test func errorsAtARevisionNameTheRevision() throws {
        guard let repository = try Repository() else {
            print("skipping: git is not installed")
            return
        }
        try repository.commit(["m/a.notif": "category a { actions: [gone] }\n"], message: "broken")
        try repository.directory.write("m/a.notif", "category a {}\n")
        let run = runNotifc(["diff", "--against", "HEAD", repository.path + "/m"], environment: ["PATH": Self.path])
        #expect(run.status == .failure)
        #expect(run.error.contains("HEAD:\(repository.path)/m/a.notif:1:24: error: unknown action 'gone' [E305]"), "\(run.error)")
    }

    @Test func bundlesAtARevision() throws {
        guard let repository = try Repository() else {
            print("skipping: git is not installed")
            return
        }
        let bundle = try String(
            contentsOf: TestPaths.fixtures.appendingPathComponent("examples/messaging/notifications.json"), encoding: .utf8)
        try repository.commit(["out/notifications.json": bundle], message: "bundle")
        try repository.directory.write(
            "out/notifications.json", bundle.replacingOccurrences(of: "\"Remind me later\"", with: "\"Later\""))
        let run = runNotifc(["diff", "--against", "HEAD", repository.path + "/out/notifications.json"], environment: ["PATH": Self.path])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.contains("~ cosmetic    changed    action[remindLater].title: \"Remind me later\" → \"Later\""))
    }
}

/// Runs the driver with extra arguments appended (for tables of options).
func runNotifc(
    _ arguments: [String], environment: [String: String] = [:], terminal: Bool, arguments extra: [String]
) -> (status: NotifcDriver.ExitStatus, output: String, error: String) {
    runNotifc(arguments + extra, environment: environment, terminal: terminal)
}
