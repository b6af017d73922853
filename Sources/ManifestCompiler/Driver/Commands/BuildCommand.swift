// `notifc build`: compile manifests and write the extension Info.plists and the JSON bundle.

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
                help: "What to write, comma-separated: plist, json (default: plist,json)."),
            .flag("--verbose", short: "-v", help: "List every output file and whether it changed."),
            .flag("--check", help: "Write nothing; show what would change and fail when an output is out of date."),
        ] + DiagnosticOptions.specs,
        discussion: """
            Writes <dir>/<Extension>/Info.plist for every extension and <dir>/notifications.json.
            An existing Info.plist keeps every key but NSExtension, which the manifest rewrites.
            Nothing is written when there is any error; files whose bytes are unchanged are not touched.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        let formats = (arguments.list("--emit") ?? ["plist", "json"]).compactMap(EmitFormat.init(rawValue:))
        guard let result = ManifestCompilation.compile(
            arguments.positionals, compilerOptions: options.compilerOptions, context: context)
        else { return .ioFailure }
        guard let manifest = result.manifest else {
            options.report(result.diagnostics, sources: result.sources, to: context.console)
            return .failure
        }
        var files: [EmittedFile] = []
        for format in EmitFormat.allCases where formats.contains(format) {
            files += format.emitter.emit(manifest)
        }
        return BuildOutput.finish(
            files, of: result, manifest: manifest, directory: arguments.value("--output") ?? ".",
            check: arguments.flag("--check"), verbose: arguments.flag("--verbose"), options: options, context: context)
    }
}
