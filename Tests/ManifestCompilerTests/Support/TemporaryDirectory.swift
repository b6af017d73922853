// A fresh temporary directory per test, removed afterwards.
import Foundation

final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("notifc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    /// Writes `text` to `relative` (creating folders) and returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Data(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file.path
    }

    /// Every file below the directory, as relative paths, sorted.
    func files() -> [String] {
        TestPaths.files(in: url, withExtension: "plist").map { TestPaths.relativePath($0, to: url) }
            + TestPaths.files(in: url, withExtension: "json").map { TestPaths.relativePath($0, to: url) }
    }
}
