// The posix_spawn process helper: output capture on both streams, exit statuses, signals, PATH lookup.
import Foundation
@testable import NotifcDriver
import Testing

struct ProcessRunnerTests {
    static let systemPath = "/usr/bin:/bin"

    @Test func capturesBothStreamsAndTheStatus() throws {
        let result = try ProcessRunner.run("sh", ["-c", "echo out; echo err >&2; exit 3"], searchPath: Self.systemPath)
        #expect(result.status == 3)
        #expect(String(decoding: result.output, as: UTF8.self) == "out\n")
        #expect(result.errorText == "err")
    }

    /// Both pipes fill far beyond their buffer: reading them concurrently keeps the child from blocking.
    @Test func largeOutputOnBothStreamsDoesNotDeadlock() throws {
        let script = "i=0; while [ $i -lt 20000 ]; do echo 'line to stdout'; echo 'line to stderr' >&2; i=$((i+1)); done"
        let result = try ProcessRunner.run("sh", ["-c", script], searchPath: Self.systemPath)
        #expect(result.status == 0)
        #expect(result.output.count == 20_000 * 15)
        #expect(result.error.count == 20_000 * 15)
    }

    @Test func standardInputIsEmpty() throws {
        let result = try ProcessRunner.run("sh", ["-c", "cat; echo done"], searchPath: Self.systemPath)
        #expect(String(decoding: result.output, as: UTF8.self) == "done\n")
    }

    @Test func aSignalGivesStatus128PlusItsNumber() throws {
        let result = try ProcessRunner.run("sh", ["-c", "kill -9 $$"], searchPath: Self.systemPath)
        #expect(result.status == 128 + 9)
    }

    @Test func argumentsArePassedVerbatim() throws {
        let arguments = ["with space", "quote\"s", "", "ünïcødé", "$HOME"]
        let result = try ProcessRunner.run("sh", ["-c", "printf '%s|' \"$@\"", "sh"] + arguments, searchPath: Self.systemPath)
        #expect(String(decoding: result.output, as: UTF8.self) == arguments.map { $0 + "|" }.joined())
    }

    @Test func aMissingProgramIsReportedAsNotFound() {
        #expect(throws: ProcessLaunchError(program: "notifc-no-such-program", reason: "'notifc-no-such-program' was not found on PATH", isNotFound: true)) {
            try ProcessRunner.run("notifc-no-such-program", [], searchPath: Self.systemPath)
        }
        #expect(ProcessRunner.locate("sh", searchPath: nil) == nil)
        #expect(ProcessRunner.locate("sh", searchPath: "") == nil || FileManager.default.fileExists(atPath: "./sh"))
    }

    @Test func lookupFollowsTheSearchPathInOrder() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first/tool", "#!/bin/sh\necho first\n")
        let second = try directory.write("second/tool", "#!/bin/sh\necho second\n")
        try directory.write("notexecutable/tool", "#!/bin/sh\necho no\n")
        for path in [first, second] { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        let searchPath = ["\(directory.path)/missing", "\(directory.path)/notexecutable", "\(directory.path)/first", "\(directory.path)/second"]
            .joined(separator: ":")
        #expect(ProcessRunner.locate("tool", searchPath: searchPath) == first)
        #expect(ProcessRunner.locate(second, searchPath: nil) == second)
        let result = try Self.runRetryingBusyFile("tool", searchPath: searchPath)
        #expect(String(decoding: result.output, as: UTF8.self) == "first\n")
    }

    /// Runs a script this test has just written. Tests run in parallel, and a child process another test
    /// starts while the script's file is still open for writing inherits that descriptor for a moment;
    /// executing the script then fails with ETXTBSY ("Text file busy"). That is the test harness's race, not
    /// the runner's, so retry a few times.
    private static func runRetryingBusyFile(_ program: String, searchPath: String) throws -> ProcessRunner.Result {
        for _ in 0..<20 {
            do {
                return try ProcessRunner.run(program, [], searchPath: searchPath)
            } catch {
                guard error.reason == "Text file busy" else { throw error }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        return try ProcessRunner.run(program, [], searchPath: searchPath)
    }
}
