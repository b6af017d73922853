// Command plugin: `swift package notifc …` runs notifc in the package directory, to write extension plists there.
import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory notifc [subcommand] [--target <name>]… [notifc arguments]`
///
/// Runs `notifc` with the arguments, in the package directory, so relative paths are relative to the
/// package and the outputs land in the source tree, where an Xcode extension target's `INFOPLIST_FILE`
/// can point (a build plugin's outputs live in the build folder, which an Info.plist setting cannot name).
///
/// - `--target <name>` (repeatable) adds the `.notif` files of that target as inputs of `build`, `lint`, `fmt` or
///   `check-payload`; naming only targets without any is an error.
/// - Without a subcommand, `build` is run: `swift package notifc --target App --output Extensions`.
/// - Everything else passes through to `notifc`, `--` and what follows it included; see `notifc help build`.
@main
struct NotifcCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (targetNames, remaining) = Self.extractTargets(arguments)
        var manifests: [String] = []
        for target in try context.package.targets(named: targetNames) {
            manifests += (target as? SourceModuleTarget)?.sourceFiles(withSuffix: ".notif").map { file in
                Self.relativePath(file.url.path, to: context.package.directoryURL.path)
            } ?? []
        }
        try Self.requireManifests(manifests, of: targetNames)
        try Self.run(
            tool: try context.tool(named: "notifc").url, in: context.package.directoryURL,
            arguments: try Self.notifcArguments(remaining, manifests: manifests.sorted()))
    }

    /// The names given with `--target` and the other arguments, in order; `--` and what follows it are not read
    /// (ArgumentExtractor would drop the `--` itself, which notifc needs to read a path that starts with `-`).
    static func extractTargets(_ arguments: [String]) -> (targets: [String], remaining: [String]) {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var extractor = ArgumentExtractor(Array(arguments[..<end]))
        let targets = extractor.extractOption(named: "target")
        return (targets, extractor.remainingArguments + arguments[end...])
    }

    /// Targets were named but none of them has a manifest: notifc would run without the inputs meant.
    static func requireManifests(_ manifests: [String], of targetNames: [String]) throws {
        guard !targetNames.isEmpty, manifests.isEmpty else { return }
        let names = targetNames.map { "'\($0)'" }.joined(separator: ", ")
        throw PluginUsageError(message: "no .notif files in the target\(targetNames.count == 1 ? "" : "s") \(names)")
    }

    /// `arguments` with `build` in front when no subcommand is given, and `manifests` right after the subcommand of
    /// those that take manifests as inputs.
    static func notifcArguments(_ arguments: [String], manifests: [String]) throws -> [String] {
        let takesManifests: Set<String> = ["build", "lint", "fmt", "check-payload"]
        let others: Set<String> = ["diff", "import", "lsp", "help", "--help", "-h", "--version"]
        guard let first = arguments.first, takesManifests.contains(first) || others.contains(first) else {
            return ["build"] + manifests + arguments
        }
        guard takesManifests.contains(first) || manifests.isEmpty else {
            throw PluginUsageError(message: "'--target' adds manifests to build, lint, fmt and check-payload, not to '\(first)'")
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

/// Arguments the plugin itself cannot use.
struct PluginUsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { "notifc plugin: \(message)" }
}

/// notifc exited with a failure status (its diagnostics are already printed).
struct NotifcFailure: Error, CustomStringConvertible {
    let status: Int32

    var description: String {
        switch status {
        case 1: "notifc found errors in the manifests"
        case 64: "notifc was called with invalid arguments; see 'swift package notifc help <subcommand>' (the plugin adds '--target <name>')"
        case 74: "notifc could not read an input or write an output"
        default: "notifc exited with status \(status)"
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension NotifcCommandPlugin: XcodeCommandPlugin {
    /// From Xcode: the same command, run in the project's directory; Xcode passes `--target <name>` for each target
    /// chosen in its dialog, whose `.notif` files become inputs.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let (targetNames, remaining) = Self.extractTargets(arguments)
        var manifests: [String] = []
        for name in targetNames {
            guard let target = context.xcodeProject.targets.first(where: { $0.displayName == name }) else {
                throw PluginUsageError(message: "no target '\(name)' in the project")
            }
            manifests += target.inputFiles.map(\.url.path).filter { $0.hasSuffix(".notif") }.map { path in
                Self.relativePath(path, to: context.xcodeProject.directoryURL.path)
            }
        }
        try Self.requireManifests(manifests, of: targetNames)
        try Self.run(
            tool: try context.tool(named: "notifc").url, in: context.xcodeProject.directoryURL,
            arguments: try Self.notifcArguments(remaining, manifests: manifests.sorted()))
    }
}
#endif
