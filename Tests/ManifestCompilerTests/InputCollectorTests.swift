// Input gathering: order, the total-size limit enforced before reading, and deep directories.
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct InputCollectorTests {
    @Test func directoryContentsAreOrderedByFullPath() throws {
        let directory = try TemporaryDirectory()
        try directory.write("m/a/x.notif", "")
        try directory.write("m/a-b.notif", "")
        try directory.write("m/b.notif", "")
        let collected = try InputCollector(fileExtension: ".notif", limits: .default).collect([directory.path + "/m"])
        let names = collected.sources.files.map { TestPaths.relativePath(URL(fileURLWithPath: $0.path), to: directory.url) }
        #expect(names == ["m/a-b.notif", "m/a/x.notif", "m/b.notif"])
    }

    @Test func filesPastTheTotalLimitAreNotRead() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.notif", "category a {}\n")
        let second = try directory.write("b.notif", "category b {}\n")
        var limits = Limits.default
        limits.maxTotalInputSize = 20
        let collected = try InputCollector(fileExtension: ".notif", limits: limits).collect([first, second])
        #expect(collected.sources.files.map(\.bytes.count) == [14, 0])
        #expect(collected.sources.files.map(\.size) == [14, 14])
        let result = Compiler.compile(collected.sources, options: CompilerOptions(limits: limits))
        #expect(result.codes == [.inputTooLarge])
    }

    /// A manifest whose name is not valid UTF-8 cannot be opened by its decoded name: an error, not a file left out.
    @Test func aFileNameThatIsNotUTF8IsAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("m/main.notif", "category a {}\n")
        let name = Array((directory.path + "/m/extra").utf8) + [0xFF] + Array(".notif".utf8)
        let descriptor = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        guard descriptor >= 0 else {
            print("skipping: this file system refuses names that are not UTF-8 (APFS does)")
            return
        }
        close(descriptor)
        #expect(throws: FileSystemError.self) {
            try InputCollector(fileExtension: ".notif", limits: .default).collect([directory.path + "/m"])
        }
        let run = runNotifc(["lint", directory.path + "/m"])
        #expect(run.status == .ioFailure)
        #expect(run.error.contains("the file name is not valid UTF-8; rename the file"), "\(run.error)")
    }

    @Test func tooDeepDirectoriesAreAnError() throws {
        let directory = try TemporaryDirectory()
        let deep = (0...InputCollector.maximumDirectoryDepth).map { "d\($0)" }.joined(separator: "/")
        try directory.write("\(deep)/x.notif", "category a {}\n")
        #expect(throws: FileSystemError.self) {
            try InputCollector(fileExtension: ".notif", limits: .default).collect([directory.path])
        }
    }
}
