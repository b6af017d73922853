// `notifc fmt` end to end: printing, --check diffs and exit codes, --write in place, errors leave files untouched.
import Foundation
import ManifestCompiler
@testable import NotifcDriver
import Testing

struct FormatCommandTests {
    static let messy = "action accept { title: \"Accept\" } // keep me\ncategory c { actions: [accept] }\n"
    static let canonical = "action accept {\n    title: \"Accept\"\n} // keep me\n\ncategory c {\n    actions: [accept]\n}\n"

    @Test func printsTheFormattedText() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.notif", Self.messy)
        let second = try directory.write("b.notif", "category  d{}")
        let run = runNotifc(["fmt", first, second])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output == Self.canonical + "category d {}\n")
        #expect(run.error.isEmpty)
        #expect(try String(contentsOfFile: first, encoding: .utf8) == Self.messy)
    }

    @Test func checkPrintsADiffAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let messy = try directory.write("messy.notif", Self.messy)
        let clean = try directory.write("clean.notif", Self.canonical)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: messy)
        let run = runNotifc(["fmt", "--check", clean, messy])
        #expect(run.status == .failure)
        Golden.assertMatches(run.output.replacingOccurrences(of: directory.path + "/", with: ""), "fmt/check.diff")
        #expect(run.error == "1 file is not formatted; run 'notifc fmt --write' to format\n")
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == Self.messy)
        #expect(try FileManager.default.attributesOfItem(atPath: messy)[.modificationDate] as? Date == past)
        let passing = runNotifc(["fmt", "--check", clean])
        #expect(passing.status == .success)
        #expect(passing.output.isEmpty && passing.error.isEmpty)
    }

    /// A path with a space is quoted in the diff's headers as `diff -u` quotes it, so patch(1) finds the file
    /// (unquoted, it read `My App/x.notif` as `My`); where patch is installed, it applies the diff.
    @Test func checkQuotesPathsWithSpaces() throws {
        let directory = try TemporaryDirectory()
        let messy = try directory.write("My App/x.notif", Self.messy)
        let run = runNotifc(["fmt", "--check", messy])
        let diff = run.output.replacingOccurrences(of: directory.path + "/", with: "")
        #expect(diff.hasPrefix("--- \"My App/x.notif\"\n+++ \"My App/x.notif\" (formatted)\n@@ "), "\(diff)")
        #expect(UnifiedDiff.headerName("plain/x.notif") == "plain/x.notif")
        #expect(UnifiedDiff.headerName("a\"b\\c\td\u{1}é") == #""a\"b\\c\td\001é""#)
        guard let patchTool = ProcessRunner.locate("patch", searchPath: ProcessInfo.processInfo.environment["PATH"]) else {
            print("skipping the patch(1) check: patch is not on PATH")
            return
        }
        let patchPath = try directory.write("change.diff", diff)
        let result = try ProcessRunner.run(patchTool, ["-s", "-d", directory.path, "-p0", "-i", patchPath], searchPath: nil)
        #expect(result.status == 0, "\(result.errorText)")
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == Self.canonical)
    }

    @Test func checkColoursOnlyATerminal() throws {
        let directory = try TemporaryDirectory()
        let messy = try directory.write("messy.notif", Self.messy)
        #expect(runNotifc(["fmt", "--check", messy], terminal: true).output.contains("\u{1B}[31m-"))
        #expect(!runNotifc(["fmt", "--check", messy], environment: ["NO_COLOR": "1"], terminal: true).output.contains("\u{1B}"))
        #expect(!runNotifc(["fmt", "--check", messy]).output.contains("\u{1B}"))
        #expect(runNotifc(["fmt", "--check", messy, "--color", "always"]).output.contains("\u{1B}[32m+"))
    }

    @Test func writeRewritesOnlyWhatChanged() throws {
        let directory = try TemporaryDirectory()
        let messy = try directory.write("in/messy.notif", Self.messy)
        let clean = try directory.write("in/clean.notif", Self.canonical)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: clean)
        let run = runNotifc(["fmt", "--write", "--verbose", directory.path + "/in"])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.isEmpty)
        #expect(run.error == "unchanged \(clean)\nformatted \(messy)\n")
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == Self.canonical)
        #expect(try FileManager.default.attributesOfItem(atPath: clean)[.modificationDate] as? Date == past)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/in")
        #expect(leftovers.sorted() == ["clean.notif", "messy.notif"])
        #expect(runNotifc(["fmt", "--check", messy]).status == .success)
    }

    /// A file whose name is near the 255-byte limit is rewritten: the temporary file beside it gets a shortened
    /// name (it used to be the whole name plus 26 bytes, which the file system refused).
    @Test func writeHandlesLongFileNames() throws {
        let directory = try TemporaryDirectory()
        let messy = try directory.write(String(repeating: "n", count: 240) + ".notif", Self.messy)
        let run = runNotifc(["fmt", "--write", messy])
        #expect(run.status == .success, "\(run.error)")
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == Self.canonical)
        // A failure on a temporary file or a resolved link is reported with the path the user gave.
        let error = FileSystemError(path: "/tmp/x/.a.notif.notifc-1-0.tmp", reason: "Operation not permitted")
        #expect(error.naming("a.notif", for: "/tmp/x/.a.notif.notifc-1-0.tmp").message == "Operation not permitted: 'a.notif'")
        #expect(error.naming("a.notif", for: "/elsewhere").path == error.path)
    }

    @Test func writeKeepsPermissionsAndSymbolicLinks() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("real/target.notif", Self.messy)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        let link = directory.path + "/link.notif"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/target.notif")
        let run = runNotifc(["fmt", "-w", link])
        #expect(run.status == .success, "\(run.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/target.notif")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.canonical)
        let permissions = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func aSyntaxErrorAnywhereLeavesEveryFileUntouched() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.notif", Self.messy)
        let bad = try directory.write("bad.notif", "action a {\n    title: \"A\"\n    options: [.foreground]\n}\n")
        for mode in [["--write"], ["--check"], []] {
            let run = runNotifc(["fmt", good, bad] + mode)
            #expect(run.status == .failure)
            #expect(run.output.isEmpty)
            #expect(run.error.contains("bad.notif:3:15: error: unexpected '.' before a name [E103]"), "\(run.error)")
            #expect(run.error.hasSuffix("1 error generated.\n"))
        }
        #expect(try String(contentsOfFile: good, encoding: .utf8) == Self.messy)
    }

    @Test func semanticErrorsDoNotStopFormatting() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("refs.notif", "category c {actions:[elsewhere]}")
        let run = runNotifc(["fmt", file])
        #expect(run.status == .success)
        #expect(run.output == "category c {\n    actions: [elsewhere]\n}\n")
    }

    @Test func usageAndInputErrors() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("a.notif", Self.canonical)
        let both = runNotifc(["fmt", "--write", "--check", file])
        #expect(both.status == .usage)
        #expect(both.error.hasPrefix("error: '--write' and '--check' cannot be used together\n"))
        #expect(runNotifc(["fmt", "--verbose", file]).status == .usage)
        #expect(runNotifc(["fmt"]).status == .usage)
        let missing = runNotifc(["fmt", directory.path + "/nope.notif"])
        #expect(missing.status == .ioFailure)
        #expect(missing.error.hasPrefix("error: cannot read input: No such file or directory"))
        let empty = try directory.write("empty/readme.txt", "")
        let noFiles = runNotifc(["fmt", FileManager.default.directory(of: empty)])
        #expect(noFiles.status == .failure)
        #expect(noFiles.error.contains("[E007]"))
    }

    @Test func help() {
        let help = runNotifc(["fmt", "--help"])
        #expect(help.status == .success)
        #expect(runNotifc(["help", "fmt"]).output == help.output)
        Golden.assertMatches(help.output, "help/fmt.txt")
    }
}

extension FileManager {
    /// The directory that holds `path`.
    func directory(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }
}
