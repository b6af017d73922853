// Locations the tests read from: the package root, fixtures, example manifests and ../shared.
import Foundation

enum TestPaths {
    /// The package root (four levels above this file).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Tests/ManifestCompilerTests/Fixtures`.
    static let fixtures = packageRoot.appendingPathComponent("Tests/ManifestCompilerTests/Fixtures")

    /// `manifests/`.
    static let manifests = packageRoot.appendingPathComponent("manifests")

    /// `../shared` beside the clone, when present (CI has it; a bare clone may not).
    static var shared: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The example manifests, sorted by name.
    static var exampleManifests: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: manifests, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "notif" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The files below `directory` (recursively) with extension `ext`, sorted by path.
    static func files(in directory: URL, withExtension ext: String) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }
            .sorted { $0.path < $1.path }
    }

    /// `url`'s path relative to `base`.
    static func relativePath(_ url: URL, to base: URL) -> String {
        let full = url.standardizedFileURL.path
        let prefix = base.standardizedFileURL.path + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }

    /// The built `notifc` executable beside the test bundle, when it exists.
    static var notifcExecutable: URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("notifc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/notifc")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }
}
