// Compiles the golden Swift files with swiftc (Swift 6, strict concurrency, warnings as errors): against the
// UserNotifications stand-in on each simulated platform, without UserNotifications, and as a program that runs.
import Foundation
@testable import ManifestCompiler
import Testing

/// Every golden is compiled once per check, all goldens together (each type renamed so they can share a
/// module). The tests skip with a message when no `swiftc` is found.
@Suite(.serialized)
struct GeneratedSwiftCompileTests {
    static let standInSource = TestPaths.fixtures.appendingPathComponent(
        "swift/UserNotificationsStandIn/UserNotifications.swift")
    static let strictFlags = ["-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors"]

    /// A platform the stand-in simulates through a compilation condition.
    enum SimulatedPlatform: String, CaseIterable {
        case iOS, macOS, watchOS, tvOS

        var condition: String { "STANDIN_" + rawValue.uppercased() }
    }

    /// A platform and the language settings of the module that compiles the generated file.
    struct Configuration: CustomTestStringConvertible, Sendable {
        var platform: SimulatedPlatform
        var flags: [String] = []
        var name: String

        var testDescription: String { name }

        /// Swift 6 on every platform; on iOS also the settings of a new Xcode 26 app (main-actor default
        /// isolation, approachable concurrency), which need a Swift 6.2 compiler.
        static var all: [Configuration] {
            var configurations = SimulatedPlatform.allCases.map { Configuration(platform: $0, name: $0.rawValue) }
            #if compiler(>=6.2)
            configurations.append(
                Configuration(
                    platform: .iOS,
                    flags: [
                        "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                        "-enable-upcoming-feature", "InferIsolatedConformances",
                    ],
                    name: "iOS, main actor by default"))
            #endif
            return configurations
        }
    }

    static func requireSwiftc() -> URL? {
        guard let swiftc = SwiftToolchain.swiftc else {
            print("skipping: no swiftc found (set SWIFTC, or put swiftc on PATH) to compile the generated Swift")
            return nil
        }
        return swiftc
    }

    /// The goldens, each with its type renamed to `<TypeName>_<n>` and, for the stand-in checks, every
    /// `os(X)` replaced by the stand-in's `STANDIN_X` condition. Returns the files and the renamed types.
    static func prepareGoldens(in directory: URL, simulatingPlatforms: Bool) throws -> [(file: URL, typeName: String)] {
        var prepared: [(URL, String)] = []
        for (index, golden) in SwiftGolden.all.enumerated() {
            var text = try String(contentsOf: golden.goldenURL, encoding: .utf8)
            let typeName = "\(golden.settings.typeName)_\(index)"
            text = replacing(#"\b\#(golden.settings.typeName)\b"#, in: text, with: typeName)
            if simulatingPlatforms {
                for platform in SimulatedPlatform.allCases {
                    text = text.replacingOccurrences(of: "os(\(platform.rawValue))", with: platform.condition)
                }
            }
            let file = directory.appendingPathComponent("Golden\(index).swift")
            try text.write(to: file, atomically: true, encoding: .utf8)
            prepared.append((file, typeName))
        }
        return prepared
    }

    private static func replacing(_ pattern: String, in text: String, with replacement: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        return expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
    }

    /// Builds the stand-in module for `platform` into `directory` (`-emit-module`; with `object`, also an object file).
    static func buildStandIn(_ swiftc: URL, for platform: SimulatedPlatform, into directory: URL, object: Bool = false)
        -> SwiftToolchain.Run?
    {
        var arguments =
            ["-parse-as-library", "-module-name", "UserNotifications", "-D", platform.condition] + strictFlags + [
                "-emit-module", "-emit-module-path", directory.appendingPathComponent("UserNotifications.swiftmodule").path,
            ]
        if object { arguments += ["-c", "-o", directory.appendingPathComponent("UserNotifications.o").path] }
        return SwiftToolchain.run(swiftc, arguments + [standInSource.path])
    }

    // MARK: - Type checks

    /// Compiles to a module rather than only type-checking: `-typecheck` skips the diagnostics that run on
    /// SIL (such as unreachable code), which `-warnings-as-errors` must see too. Whole-module mode runs one
    /// frontend for all files (about a fifth of the time of one per file).
    static func checkArguments(in scratch: TemporaryDirectory) -> [String] {
        [
            "-wmo", "-parse-as-library", "-module-name", "Generated", "-emit-module", "-emit-module-path",
            scratch.url.appendingPathComponent("Generated.swiftmodule").path,
        ]
    }

    /// Each golden, and code that uses its API from nonisolated functions and from a main-actor app delegate.
    @Test(arguments: Configuration.all)
    func goldensCompileAgainstTheStandIn(_ configuration: Configuration) throws {
        guard let swiftc = Self.requireSwiftc() else { return }
        let platform = configuration.platform
        let scratch = try TemporaryDirectory()
        let standIn = try #require(Self.buildStandIn(swiftc, for: platform, into: scratch.url))
        try #require(standIn.succeeded, "the stand-in does not compile:\n\(standIn.output)")
        let goldens = try Self.prepareGoldens(in: scratch.url, simulatingPlatforms: true)
        var files = goldens.map(\.file.path)
        if platform != .tvOS {
            files.append(try scratch.write("Use.swift", Self.usage(of: goldens.map(\.typeName))))
        }
        let run = try #require(
            SwiftToolchain.run(
                swiftc,
                Self.checkArguments(in: scratch) + ["-I", scratch.path, "-D", platform.condition] + Self.strictFlags
                    + configuration.flags + files))
        #expect(run.succeeded, "\(configuration.name): compilation failed:\n\(run.output)")
    }

    /// Calls of every generated API the way apps make them: from nonisolated code, and from a main-actor
    /// `application(_:didFinishLaunchingWithOptions:)` as the README shows.
    static func usage(of typeNames: [String]) -> String {
        var text = "import UserNotifications\n\n"
        for (index, type) in typeNames.enumerated() {
            text += """
                nonisolated func use\(index)() -> (Set<UNNotificationCategory>, [String], [String]) {
                    (\(type).makeCategories(), \(type).Category.allCases.map(\\.rawValue), \(type).Action.allCases.map(\\.rawValue))
                }

                @MainActor func launch\(index)() -> Bool {
                    Task { await \(type).register(on: .current()) }
                    return true
                }


                """
        }
        return text
    }

    /// On Linux there is no UserNotifications, so this checks that the identifier enums compile on their own.
    /// On macOS the SDK has the framework, so the goldens are checked against Apple's real declarations.
    @Test func goldensCompileWithTheHostsOwnModules() throws {
        guard let swiftc = Self.requireSwiftc() else { return }
        let scratch = try TemporaryDirectory()
        let goldens = try Self.prepareGoldens(in: scratch.url, simulatingPlatforms: false)
        let run = try #require(
            SwiftToolchain.run(swiftc, Self.checkArguments(in: scratch) + Self.strictFlags + goldens.map(\.file.path)))
        #expect(run.succeeded, "compilation failed:\n\(run.output)")
    }

    /// Every character ``SwiftIdentifier`` keeps is one the compiler accepts, at the start of a name where
    /// it allows that: samples at both ends and the middle of every range of Swift's identifier grammar.
    @Test func keptCharactersAreAcceptedByTheCompiler() throws {
        guard let swiftc = Self.requireSwiftc() else { return }
        var samples: Set<UInt32> = []
        let boundaries: [UInt32] = [
            0xA8, 0xAA, 0xAD, 0xAF, 0xB2, 0xB5, 0xB7, 0xBA, 0xBC, 0xBE, 0xC0, 0xD6, 0xD8, 0xF6, 0xF8, 0xFF, 0x100, 0x2FF,
            0x300, 0x36F, 0x370, 0x167F, 0x1681, 0x180D, 0x180F, 0x1DBF, 0x1DC0, 0x1DFF, 0x1E00, 0x1FFF, 0x203F, 0x2040,
            0x2054, 0x2070, 0x20CF, 0x20D0, 0x20FF, 0x2100, 0x218F, 0x2460, 0x24FF, 0x2776, 0x2793, 0x2C00, 0x2DFF,
            0x2E80, 0x2FFF, 0x3004, 0x3007, 0x3021, 0x302F, 0x3031, 0x303F, 0x3040, 0xD7FF, 0xF900, 0xFD3D, 0xFD40,
            0xFDCF, 0xFDF0, 0xFE1F, 0xFE20, 0xFE2F, 0xFE30, 0xFE44, 0xFE47, 0xFFFC, 0x10000, 0x1F525, 0x1FFFD, 0x20000,
            0xEFFFD,
        ]
        for value in boundaries { for delta in [-1, 0, 1] { samples.insert(UInt32(Int(value) + delta)) } }
        var source = ""
        for (index, value) in samples.sorted().enumerated() {
            guard let scalar = Unicode.Scalar(value), SwiftIdentifier.isWordCharacter(scalar) else { continue }
            var character = ""
            character.unicodeScalars.append(scalar)
            source += "enum Continue\(index) { case a\(character) }\n"
            if SwiftIdentifier.canStartIdentifier(scalar) { source += "enum Start\(index) { case \(character)a }\n" }
        }
        let scratch = try TemporaryDirectory()
        let file = try scratch.write("Characters.swift", source)
        let run = try #require(SwiftToolchain.run(swiftc, ["-typecheck", "-parse-as-library", "-swift-version", "6", file]))
        #expect(run.succeeded, "\(run.output)")
    }

    // MARK: - Running

    /// Builds the goldens with the stand-in into a program that prints what `makeCategories()` builds and
    /// what `register(on:)` leaves registered, and compares that with the manifests.
    @Test func goldensBuildExactlyTheManifestsCategoriesAndMerge() throws {
        guard let swiftc = Self.requireSwiftc() else { return }
        let scratch = try TemporaryDirectory()
        let standIn = try #require(Self.buildStandIn(swiftc, for: .iOS, into: scratch.url, object: true))
        try #require(standIn.succeeded, "the stand-in does not compile:\n\(standIn.output)")
        let goldens = try Self.prepareGoldens(in: scratch.url, simulatingPlatforms: true)
        var main = Self.harnessPrologue
        var expected: [String] = []
        for (golden, prepared) in zip(SwiftGolden.all, goldens) {
            let manifest = try #require(try golden.compile().manifest)
            main += "extension \(prepared.typeName): Generated {}\n"
            main += "await check(\(prepared.typeName).self, name: \(SwiftLiteral.string(golden.name)))\n"
            expected += Self.expectedReport(for: manifest, name: golden.name)
        }
        let mainFile = try scratch.write("main.swift", main)
        let executable = scratch.url.appendingPathComponent("harness").path
        let build = try #require(
            SwiftToolchain.run(
                swiftc,
                ["-wmo", "-I", scratch.path, "-D", "STANDIN_IOS"] + Self.strictFlags + goldens.map(\.file.path)
                    + [mainFile, scratch.url.appendingPathComponent("UserNotifications.o").path, "-o", executable]))
        try #require(build.succeeded, "the harness does not build:\n\(build.output)")
        let run = try #require(SwiftToolchain.run(URL(fileURLWithPath: executable), []))
        #expect(run.succeeded)
        let actual = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(actual == expected + [""], "\(Golden.lineDiff(expected: expected.joined(separator: "\n") + "\n", actual: run.output))")
    }

    /// The harness: a protocol every generated type satisfies, a description of UN objects through Apple's
    /// properties, and the check run for each golden.
    static let harnessPrologue = #"""
        import UserNotifications

        protocol Generated {
            associatedtype Category: RawRepresentable, CaseIterable where Category.RawValue == String
            associatedtype Action: RawRepresentable, CaseIterable where Action.RawValue == String
            static func makeCategories() -> Set<UNNotificationCategory>
            static func register(on center: UNUserNotificationCenter) async
        }

        func describe(_ categories: Set<UNNotificationCategory>) -> [String] {
            var lines: [String] = []
            for category in categories.sorted(by: { $0.identifier < $1.identifier }) {
                lines.append(
                    "category \(String(reflecting: category.identifier)) options=\(category.options.rawValue)"
                        + " intents=\(category.intentIdentifiers) placeholder=\(String(reflecting: category.standInPlaceholder))"
                        + " summary=\(String(reflecting: category.standInSummaryFormat))")
                for action in category.actions {
                    var line = "  action \(String(reflecting: action.identifier)) title=\(String(reflecting: action.title))"
                        + " options=\(action.options.rawValue) icon=\(String(reflecting: action.icon?.standInDescription))"
                    if let textInput = action as? UNTextInputNotificationAction {
                        line += " button=\(String(reflecting: textInput.textInputButtonTitle))"
                            + " placeholder=\(String(reflecting: textInput.textInputPlaceholder))"
                    }
                    lines.append(line)
                }
            }
            return lines
        }

        func check<T: Generated>(_ type: T.Type, name: String) async {
            print("== \(name)")
            print("categories \(T.Category.allCases.map(\.rawValue))")
            print("actions \(T.Action.allCases.map(\.rawValue))")
            for line in describe(T.makeCategories()) { print(line) }
            let center = UNUserNotificationCenter.current()
            var existing: Set<UNNotificationCategory> = [
                UNNotificationCategory(identifier: "com.example.sdk", actions: [], intentIdentifiers: ["foreign"])
            ]
            if let first = T.Category.allCases.first {
                existing.insert(UNNotificationCategory(identifier: first.rawValue, actions: [], intentIdentifiers: ["stale"]))
            }
            center.setNotificationCategories(existing)
            let before = center.standInSetCount
            await T.register(on: center)
            print("register called setNotificationCategories \(center.standInSetCount - before) time(s)")
            for line in describe(await center.notificationCategories()) { print("registered " + line) }
        }


        """#

    /// What the harness must print for `manifest`, derived from the model (not from the generated code).
    static func expectedReport(for manifest: Manifest, name: String) -> [String] {
        var lines = [
            "== \(name)", "categories \(manifest.categories.map(\.identifier))", "actions \(manifest.actions.map(\.identifier))",
        ]
        let ours = manifest.categories.map { (identifier: $0.identifier, lines: describe($0, of: manifest)) }
        lines += ours.sorted { $0.identifier < $1.identifier }.flatMap(\.lines)
        lines.append("register called setNotificationCategories 1 time(s)")
        let foreign = (
            identifier: "com.example.sdk",
            lines: ["category \"com.example.sdk\" options=0 intents=[\"foreign\"] placeholder=nil summary=nil"]
        )
        lines += (ours + [foreign]).sorted { $0.identifier < $1.identifier }.flatMap(\.lines).map { "registered " + $0 }
        return lines
    }

    /// A category line and one line per action, in the harness's format.
    private static func describe(_ category: ManifestCompiler.Category, of manifest: Manifest) -> [String] {
        let options = category.options.reduce(0) { $0 | $1.bit }
        var lines = [
            "category \(String(reflecting: category.identifier)) options=\(options) intents=\(category.intentIdentifiers)"
                + " placeholder=\(String(reflecting: category.hiddenPreviewsBodyPlaceholder))"
                + " summary=\(String(reflecting: category.categorySummaryFormat))"
        ]
        for action in manifest.actions(of: category) {
            let icon: String? =
                switch action.icon {
                case .systemImage(let name)?: "systemImage:" + name
                case .templateImage(let name)?: "templateImage:" + name
                case nil: nil
                }
            var line =
                "  action \(String(reflecting: action.identifier)) title=\(String(reflecting: action.title))"
                + " options=\(action.options.reduce(0) { $0 | $1.bit }) icon=\(String(reflecting: icon))"
            if let textInput = action.textInput {
                line += " button=\(String(reflecting: textInput.buttonTitle))"
                    + " placeholder=\(String(reflecting: textInput.placeholder))"
            }
            lines.append(line)
        }
        return lines
    }
}
