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
        ] + DiagnosticOptions.specs,
        discussion: """
            Writes <dir>/<Extension>/Info.plist for every extension and <dir>/notifications.json.
            Nothing is written when there is any error; files whose bytes are unchanged are not touched.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        let formats = (arguments.list("--emit") ?? ["plist", "json"]).compactMap(EmitFormat.init(rawValue:))
        let outcome = ManifestCompilation.run(arguments.positionals, options: options, context: context)
        guard case .compiled(let result) = outcome, let manifest = result.manifest else { return outcome.status }
        var files: [EmittedFile] = []
        for format in EmitFormat.allCases where formats.contains(format) {
            files += format.emitter.emit(manifest)
        }
        let directory = arguments.value("--output") ?? "."
        do {
            let outcomes = try OutputWriter(directory: directory).write(files)
            if arguments.flag("--verbose") {
                for (path, outcome) in outcomes {
                    context.console.writeError("\(outcome == .written ? "wrote" : "unchanged") \(path)\n")
                }
            }
        } catch {
            context.console.writeError("error: cannot write output: \(error.message)\n")
            return .ioFailure
        }
        return .success
    }
}

extension ManifestCompilation.Outcome {
    /// The exit status of a run that ended here.
    var status: ExitStatus {
        switch self {
        case .compiled: .success
        case .finished(let status): status
        }
    }
}
