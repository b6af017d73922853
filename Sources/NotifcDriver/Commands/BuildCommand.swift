// `notifc build`: compile manifests and write the extension Info.plists, the JSON bundle and the Swift file.
import ManifestCompiler

/// `notifc build <inputs> ... --output <dir>`.
enum BuildCommand: Subcommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Compile manifests and write extension Info.plists and the JSON bundle.",
        positionals: ("inputs", ".notif files or directories (searched recursively for .notif files).", 1, nil),
        options: [
            .option("--output", short: "-o", value: "dir", isRequired: true, help: "The directory to write into."),
            .option(
                "--emit", value: "formats", allowed: EmitFormat.allCases.map(\.rawValue), isList: true,
                help: "What to write, comma-separated: plist, json, swift, xcstrings, flutter, notifee, expo (default: plist,json)."),
            .option(
                "--swift-type-name", value: "name",
                help: "The Swift type that holds the generated enums (default: NotificationManifest)."),
            .option(
                "--swift-access", value: "level", allowed: SwiftOutputSettings.AccessLevel.allCases.map(\.rawValue),
                help: "The access level of the generated Swift: internal (default) or public."),
            .option(
                "--strings-table", value: "name",
                help: "The strings table of the localized strings (default: the manifest's, else Notifications)."),
            .flag("--verbose", short: "-v", help: "List every output file and whether it changed."),
            .flag("--check", help: "Write nothing; show what would change and fail when an output is out of date."),
        ] + DiagnosticOptions.specs,
        discussion: """
            Writes <dir>/<Extension>/Info.plist for every extension and <dir>/notifications.json; with
            --emit swift, also <dir>/NotificationCategories.swift; with --emit xcstrings, <dir>/<Table>.xcstrings
            (merged into an existing catalog as Xcode would); with --emit flutter, notifee or expo,
            <dir>/notification_categories.dart, notificationCategories.notifee.ts or notificationCategories.expo.ts.
            An existing Info.plist keeps every key but NSExtension, which the manifest rewrites: <Extension>/Info.plist
            and every file in <Extension>/ (or its Resources or Supporting Files folder) whose name ends in Info.plist
            and that declares NSExtension.
            Nothing is written when there is any error; files whose bytes are unchanged are not touched.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        let formats = arguments.list("--emit")?.compactMap(EmitFormat.init(rawValue:)) ?? EmitFormat.defaultFormats
        var swift = try swiftSettings(arguments)
        let stringsTable = arguments.value("--strings-table")
        if let table = stringsTable, let problem = LocalizationRule.tableNameProblem(table) {
            throw UsageError(message: "invalid value '\(table)' for '--strings-table'", help: "the name \(problem)")
        }
        var compilerOptions = options.compilerOptions
        if formats.contains(.swift) { compilerOptions.extraRules.append(SwiftNameRule()) }
        let libraries = formats.compactMap(CrossPlatformLibrary.init)
        if !libraries.isEmpty { compilerOptions.extraRules.append(CrossPlatformRule(libraries: libraries)) }
        compilerOptions.stringsTable = stringsTable
        compilerOptions.keepsLocations = false  // build only emits: the locations are freed before the outputs are built
        compilerOptions.warningsAsErrors = false  // promoted after `notifc:ignore` comments are applied (BuildOutput)
        guard var result = ManifestCompilation.compile(
            arguments.positionals, compilerOptions: compilerOptions, context: context)
        else { return .ioFailure }
        guard let manifest = result.manifest else {
            var diagnostics = BuildOutput.diagnostics(of: result, limits: compilerOptions.limits)
            BuildOutput.report(&diagnostics, sources: result.sources, options: options, context: context)
            return .failure
        }
        // Nothing to report in a clean manifest: its text is not needed any more, so it is freed before the
        // outputs are built (for a large manifest, a good part of the peak memory; docs/performance.md).
        if result.diagnostics.isEmpty { result.sources.releaseContents() }
        swift.sourcePaths = result.sources.files.map(\.path)
        let check = arguments.flag("--check")
        var files: [OutputFile] = []
        for format in EmitFormat.allCases where formats.contains(format) {
            if format == .json {
                // Written to its file in pieces, so the bundle (larger than the manifest) is not held whole
                // (`--check` joins them for a stale bundle's diff).
                let model = manifest
                files.append(
                    OutputFile(path: JSONBundleEmitter.fileName) { sink in
                        JSONBundleEmitter.write(model, inPiecesOf: 64 << 10, to: sink)
                    })
            } else {
                files += format.emitter(swift: swift).emit(manifest).map(OutputFile.init)
            }
        }
        return BuildOutput.finish(
            files, of: result, manifest: manifest, directory: arguments.value("--output") ?? ".",
            check: check, verbose: arguments.flag("--verbose"), options: options, context: context)
    }

    /// `--swift-type-name` and `--swift-access`; a type name that cannot be used is a usage error.
    private static func swiftSettings(_ arguments: ParsedArguments) throws(UsageError) -> SwiftOutputSettings {
        var settings = SwiftOutputSettings()
        if let name = arguments.value("--swift-type-name") {
            if let problem = SwiftOutputSettings.typeNameProblem(name) {
                throw UsageError(message: "invalid value '\(name)' for '--swift-type-name'", help: problem)
            }
            settings.typeName = name
        }
        if let level = arguments.value("--swift-access").flatMap(SwiftOutputSettings.AccessLevel.init(rawValue:)) {
            settings.accessLevel = level
        }
        return settings
    }
}
