// `notifc lint`: run every check on manifests and extension Info.plists, cross-check them, write nothing.
import ManifestCompiler

/// `notifc lint <inputs> ...`.
enum LintCommand: Subcommand {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check manifests and extension Info.plists and report every problem; write nothing.",
        positionals: (
            "inputs",
            ".notif files, Info.plist files (ending in .plist), .swift/.m/.mm files or directories (searched for all).",
            1, nil
        ),
        options: DiagnosticOptions.specs + BaselineOptions.specs,
        discussion: """
            Info.plist files of notification extensions are checked on their own and, when manifests are given
            too, against the manifest: each is matched to the extension named like its folder. Swift and
            Objective-C code is read for the categories it registers: without manifests, each content extension's
            categories are checked against it; with manifests, it is checked against them.
            Silence a finding with a 'notifc:ignore CODE' comment on or above its line.
            String Catalogs (.xcstrings) and <lang>.lproj/*.strings and *.stringsdict tables are checked against the
            manifest's strings: missing translations, format specifiers, entries to review, stale keys. Without a
            manifest, or while it has errors, only the tables' own problems are reported. Directories are searched
            for the manifest's own table (without manifests, for Notifications); name other tables as files.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        return ProjectLint.run(arguments.positionals, options: options, baseline: BaselineOptions(arguments), context: context)
    }
}
