// The golden NotificationCategories.swift files: which manifests and settings produce each one.
import Foundation
@testable import ManifestCompiler

/// One golden Swift output: its inputs (with the paths the header names), settings and golden file.
struct SwiftGolden: Sendable, CustomStringConvertible {
    /// A short name for test output (`examples/alarm`, `swift/keywords`).
    let name: String
    /// The inputs, in order: the path shown in the header and diagnostics, and where the file is.
    let inputs: [(display: String, url: URL)]
    /// The type name and access level (the source paths come from ``inputs``).
    let settings: SwiftOutputSettings
    /// The golden file, relative to Fixtures/.
    let golden: String

    var description: String { name }

    /// The five examples, then the fixtures under Fixtures/swift (and the multi-file valid fixture).
    static let all: [SwiftGolden] =
        ExampleManifestTests.names.map { example in
            SwiftGolden(
                name: "examples/\(example)",
                inputs: [("manifests/\(example).notif", TestPaths.manifests.appendingPathComponent("\(example).notif"))],
                settings: SwiftOutputSettings(), golden: "examples/\(example)/NotificationCategories.swift")
        }
        + ["keywords", "icons", "placeholders", "no-categories", "localized"].map { stem in
            SwiftGolden(
                name: "swift/\(stem)", inputs: [fixture("swift/\(stem).notif")], settings: SwiftOutputSettings(),
                golden: "swift/\(stem).swift")
        }
        + [
            SwiftGolden(
                name: "swift/multi-file",
                inputs: [fixture("valid/multi-file/actions.notif"), fixture("valid/multi-file/nested/categories.notif")],
                settings: SwiftOutputSettings(), golden: "swift/multi-file.swift"),
            SwiftGolden(
                name: "swift/public-access",
                inputs: [("manifests/alarm.notif", TestPaths.manifests.appendingPathComponent("alarm.notif"))],
                settings: SwiftOutputSettings(typeName: "AlarmNotifications", accessLevel: .public),
                golden: "swift/public-access.swift"),
        ]

    private static func fixture(_ relative: String) -> (display: String, url: URL) {
        (relative, TestPaths.fixtures.appendingPathComponent(relative))
    }

    /// Compiles the inputs as `notifc build --emit swift` does: with the Swift name rule.
    func compile() throws -> CompilationResult {
        var sources = SourceFileSet()
        for input in inputs { sources.add(path: input.display, bytes: Array(try Data(contentsOf: input.url))) }
        var options = CompilerOptions()
        options.extraRules = [SwiftNameRule()]
        return Compiler.compile(sources, options: options)
    }

    /// The settings with the header's source paths.
    var fullSettings: SwiftOutputSettings {
        var settings = self.settings
        settings.sourcePaths = inputs.map(\.display)
        return settings
    }

    /// The golden file's URL.
    var goldenURL: URL { TestPaths.fixtures.appendingPathComponent(golden) }
}
