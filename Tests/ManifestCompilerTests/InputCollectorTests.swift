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

    @Test func tooDeepDirectoriesAreAnError() throws {
        let directory = try TemporaryDirectory()
        let deep = (0...InputCollector.maximumDirectoryDepth).map { "d\($0)" }.joined(separator: "/")
        try directory.write("\(deep)/x.notif", "category a {}\n")
        #expect(throws: FileSystemError.self) {
            try InputCollector(fileExtension: ".notif", limits: .default).collect([directory.path])
        }
    }
}
