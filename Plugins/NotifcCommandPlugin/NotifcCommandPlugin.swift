// Command plugin: `swift package notifc …` runs notifc in the package directory, to write extension plists there.
import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory notifc [build|lint] [--target <name>]… [notifc arguments]`
///
/// Runs `notifc` with the arguments, in the package directory, so relative paths are relative to the
/// package and the outputs land in the source tree, where an Xcode extension target's `INFOPLIST_FILE`
/// can point (a build plugin's outputs live in the build folder, which an Info.plist setting cannot name).
///
/// - `--target <name>` (repeatable) adds the `.notif` files of that target as inputs.
/// - Without a subcommand, `build` is run: `swift package notifc --target App --output Extensions`.
/// - `notifc`'s own options pass through (`--emit`, `--diagnostics-format`, …); see `notifc build --help`.
@main
struct NotifcCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var manifests: [String] = []
        for target in try context.package.targets(named: targetNames) {
            guard let target = target as? SourceModuleTarget else { continue }
            manifests += target.sourceFiles(withSuffix: ".notif").map { file in
                Self.relativePath(file.url.path, to: context.package.directoryURL.path)
            }
        }
        try Self.run(
            tool: try context.tool(named: "notifc").url, in: context.package.directoryURL,
            arguments: Self.notifcArguments(extractor.remainingArguments, manifests: manifests.sorted()))
    }

    /// `arguments` with `build` in front when no subcommand is given, and `manifests` right after the subcommand.
    static func notifcArguments(_ arguments: [String], manifests: [String]) -> [String] {
        let subcommands: Set<String> = ["build", "lint", "help", "--help", "--version"]
        guard let first = arguments.first, subcommands.contains(first) else {
            return ["build"] + manifests + arguments
        }
        return [first] + manifests + arguments.dropFirst()
    }

    /// Runs notifc with the plugin's standard error as its output; a failure ends the command with its status.
    static func run(tool: URL, in directory: URL, arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NotifcFailure(status: process.terminationStatus)
        }
    }

    /// `path` relative to `directory` when it lies below it, else unchanged.
    static func relativePath(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// notifc exited with a failure status (its diagnostics are already printed).
struct NotifcFailure: Error, CustomStringConvertible {
    let status: Int32

    var description: String {
        switch status {
        case 1: "notifc found errors in the manifests"
        case 64: "notifc was called with invalid arguments; see 'swift package notifc --help'"
        case 74: "notifc could not read an input or write an output"
        default: "notifc exited with status \(status)"
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension NotifcCommandPlugin: XcodeCommandPlugin {
    /// From Xcode: the same command, run in the project's directory.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try Self.run(
            tool: try context.tool(named: "notifc").url, in: context.xcodeProject.directoryURL,
            arguments: Self.notifcArguments(arguments, manifests: []))
    }
}
#endif
