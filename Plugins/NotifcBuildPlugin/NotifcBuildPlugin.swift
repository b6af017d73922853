// Build tool plugin: generates NotificationCategories.swift from a target's .notif files during every build.
import Foundation
import PackagePlugin

/// Adds one build command to every target that contains `.notif` files:
/// `notifc build <the target's .notif files> --output <plugin work directory> --emit swift`.
///
/// - The manifests are the command's inputs and `NotificationCategories.swift` its output, so the build
///   system runs it only when a manifest (or notifc itself) changes, and compiles the output with the target.
/// - Diagnostics use the text format without colour: its `path:line:column: error: message` lines are the
///   ones SwiftPM and Xcode show as errors at the manifest's file and line.
/// - The generated API uses the defaults (`NotificationManifest`, internal); use `notifc build` directly
///   for another type name or access level.
@main
struct NotifcBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let manifests = target.sourceFiles(withSuffix: ".notif").map(\.url)
        return try Self.commands(
            manifests: manifests, tool: try context.tool(named: "notifc").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The command for `manifests` (none when there are no manifests). Inputs are sorted by path so the
    /// generated file does not depend on the order the build system lists them in.
    static func commands(manifests: [URL], tool: URL, workDirectory: URL) throws -> [Command] {
        guard !manifests.isEmpty else { return [] }
        let inputs = manifests.sorted { $0.path < $1.path }
        let output = workDirectory.appendingPathComponent("NotificationCategories.swift")
        let count = inputs.count == 1 ? "1 manifest" : "\(inputs.count) manifests"
        return [
            .buildCommand(
                displayName: "Generating NotificationCategories.swift from \(count)",
                executable: tool,
                arguments: ["build"] + inputs.map(\.path) + [
                    "--output", workDirectory.path, "--emit", "swift", "--color", "never",
                ],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension NotifcBuildPlugin: XcodeBuildToolPlugin {
    /// The same command for an Xcode target: its `.notif` files generate the Swift file it compiles.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let manifests = target.inputFiles.filter { $0.url.lastPathComponent.hasSuffix(".notif") }.map(\.url)
        return try Self.commands(
            manifests: manifests, tool: try context.tool(named: "notifc").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
