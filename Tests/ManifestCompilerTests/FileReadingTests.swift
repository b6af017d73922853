// Reading input files: the bytes of any size of file, up to a limit, independent of the file once read, and the
// errors for what cannot be read.
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct FileReadingTests {
    /// Deterministic bytes of every value, `count` long.
    private func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    }

    @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 300_001])
    func readFileGivesTheFilesBytes(_ size: Int) throws {
        let directory = try TemporaryDirectory()
        let expected = pattern(size)
        let path = try directory.write("input.notif", Data(expected))
        #expect(try FileSystem.readFile(path) == expected)
    }

    @Test(arguments: [0, 1, 300_001])
    func collectedInputsHoldTheFilesBytes(_ size: Int) throws {
        let directory = try TemporaryDirectory()
        let expected = pattern(size)
        let path = try directory.write("input.notif", Data(expected))
        let collected = try InputCollector(fileExtension: ".notif", limits: .default).collect([path])
        #expect(collected.sources.files.map(\.bytes) == [expected])
        #expect(collected.sources.files.map(\.size) == [size])
    }

    @Test func bytesReadStayWhenTheFileChangesOrGoes() throws {
        let directory = try TemporaryDirectory()
        let expected = pattern(200_000)
        let path = try directory.write("big.notif", Data(expected))
        let collected = try InputCollector(fileExtension: ".notif", limits: .default).collect([path])
        try directory.write("big.notif", Data(pattern(10)))
        #expect(collected.sources.files.first?.bytes == expected)
        #expect(unlink(path) == 0)
        #expect(collected.sources.files.first?.bytes == expected)
    }

    @Test func aLargeFileIsReadUpToTheLimitPlusOne() throws {
        let directory = try TemporaryDirectory()
        let expected = pattern(70_000)
        let path = try directory.write("large.notif", Data(expected))
        #expect(try FileSystem.readFile(path, maximumSize: 65_536) == Array(expected.prefix(65_537)))
        #expect(try FileSystem.readFile(path, maximumSize: 70_000) == expected)
    }

    @Test func missingFilesAndDirectoriesAreErrors() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path + "/missing.notif"
        #expect(throws: FileSystemError(path: missing, reason: "No such file or directory")) {
            try FileSystem.readFile(missing)
        }
        #expect(throws: FileSystemError(path: directory.path, reason: "Is a directory")) {
            try FileSystem.readFile(directory.path)
        }
        #expect(throws: FileSystemError(path: missing, reason: "No such file or directory")) {
            try InputCollector(fileExtension: ".notif", limits: .default).collect([missing])
        }
    }

    @Test func aMissingInputEndsTheRunWithOneLine() {
        let console = CapturingConsole()
        let status = CommandLineTool.run(
            ["lint", "/nonexistent/x.notif"], context: DriverContext(console: console, environment: [:]))
        #expect(status == .ioFailure)
        #expect(console.output.isEmpty)
        #expect(console.error == "error: cannot read input: No such file or directory: '/nonexistent/x.notif'\n")
    }

    @Test func filesMadeInMemoryKeepTheirBytesAndSize() {
        let file = SourceFile(id: SourceFileID(index: 0), path: "a.notif", bytes: [1, 2, 3])
        #expect(file.bytes == [1, 2, 3] && file.size == 3)
        var sources = SourceFileSet()
        let id = sources.add(path: "b.notif", bytes: [], size: 40)
        #expect(sources[id].bytes.isEmpty && sources[id].size == 40)
    }
}
