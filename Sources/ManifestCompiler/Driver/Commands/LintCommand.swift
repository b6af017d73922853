// `notifc lint`: run every check on manifests and write nothing.

/// `notifc lint <inputs> ...`.
enum LintCommand: Subcommand {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check manifests and report every problem; write nothing.",
        positionals: ("inputs", ".notif files or directories (searched recursively for .notif files).", 1, nil),
        options: DiagnosticOptions.specs
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        return ManifestCompilation.run(arguments.positionals, options: options, context: context).status
    }
}
