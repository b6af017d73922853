// `notifc lint`: run every check on manifests and extension Info.plists, cross-check them, write nothing.
import ManifestCompiler

/// `notifc lint <inputs> ...`.
enum LintCommand: Subcommand {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check manifests and extension Info.plists and report every problem; write nothing.",
        positionals: (
            "inputs", ".notif files, Info.plist files (ending in .plist) or directories (searched for both).", 1, nil
        ),
        options: DiagnosticOptions.specs,
        discussion: """
            Info.plist files of notification extensions are checked on their own and, when manifests are given
            too, against the manifest: each is matched to the extension named like its folder.
            String Catalogs (.xcstrings) and <lang>.lproj/*.strings tables are checked against the manifest's strings: missing
            translations, format specifiers, entries to review, stale keys.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        return ProjectLint.run(arguments.positionals, options: options, context: context)
    }
}
