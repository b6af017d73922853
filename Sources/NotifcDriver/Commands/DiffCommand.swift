// `notifc diff`: compare two manifests (or bundles, or a git revision) and classify every change.
import ManifestCompiler

/// `notifc diff <old> <new>` and `notifc diff --against <rev> <inputs> ...`.
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Compare two manifests and classify each change as breaking, behavioral or cosmetic.",
        positionals: (
            "inputs",
            "OLD and NEW: each a .notif file, a directory or a notifications.json bundle; with --against, the manifests to compare.",
            1, nil
        ),
        options: [
            .option("--against", value: "rev", help: "Compare the inputs with their content at a git revision."),
            .option(
                "--format", value: "format", allowed: ["text", "json"],
                help: "How to print the changes: text (default) or json."),
            .option(
                "--fail-on", value: "class", allowed: ["breaking", "behavioral", "any"],
                help: "Exit 1 when a change of this class, or a more serious one, is found."),
            .option("--error-limit", value: "n", help: "Stop reporting errors after n (default 100)."),
            .option(
                "--color", value: "when", allowed: ["auto", "always", "never"],
                help: "Colour diagnostics and changes: auto (default: on a terminal, unless NO_COLOR is non-empty), always or never."),
        ],
        discussion: """
            FORMS:
              notifc diff OLD NEW                Compare two sides: .notif files or directories, or notifications.json bundles.
              notifc diff --against REV INPUTS   Compare manifests with their content at a git revision.

            A side that is one file ending in .json is read as a bundle. Changes go to standard output. Errors in
            the inputs are reported as by lint (warnings are not) and stop the diff.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        let inputs = arguments.positionals
        let revision = arguments.value("--against")
        if let revision {
            guard !revision.isEmpty, !revision.hasPrefix("-") else {
                throw UsageError(message: "invalid value '\(revision)' for '--against'", help: "expected a git revision")
            }
            if inputs.count > 1, let bundle = inputs.first(where: DiffInputs.isBundle) {
                throw UsageError(
                    message: "'\(bundle)' is a bundle; with --against, give one bundle alone or only manifests",
                    help: "a bundle is compared with itself at the revision, manifests with theirs")
            }
        } else if inputs.count != 2 {
            throw UsageError(
                message: inputs.count < 2 ? "missing <new>: expected OLD and NEW" : "unexpected argument '\(inputs[2])'",
                help: "compare two inputs, or give --against <rev> to compare inputs with a git revision")
        }
        let reader = DiffInputs(options: options.compilerOptions, context: context)
        let oldSide = revision == nil ? reader.read([inputs[0]]) : reader.read(inputs, at: revision)
        guard let old = oldSide, let new = reader.read(revision == nil ? [inputs[1]] : inputs) else {
            return .ioFailure
        }
        let (sources, errors) = DiffInputs.combined(
            old, new, errorLimit: options.compilerOptions.limits.maxReportedErrors)
        options.report(errors, sources: sources, to: context.console)
        guard var oldManifest = old.manifest, var newManifest = new.manifest, errors.isEmpty else { return .failure }
        if old.isBundle || new.isBundle {
            oldManifest = oldManifest.withoutUnusedActions()
            newManifest = newManifest.withoutUnusedActions()
        }
        let changes = ManifestDiffer.changes(from: oldManifest, to: newManifest)
        if let revision, old.sources.files.isEmpty {
            // The change that adopts notifc, or a directory renamed since: say why nothing is removed.
            context.console.writeError(
                "note: the inputs held no manifest at revision '\(revision)'; everything in them is compared as added\n")
        }
        if arguments.value("--format") == "json" {
            context.console.writeOutput(ChangeRendering.json(changes))
        } else {
            let useColor = DiagnosticOptions.colorEnabled(
                arguments.value("--color"), isTerminal: context.console.outputIsTerminal,
                environment: context.environment)
            context.console.writeOutput(ChangeRendering.text(changes, useColor: useColor))
        }
        return failureThreshold(arguments.value("--fail-on")).map { threshold in
            changes.contains { $0.changeClass <= threshold } ? .failure : .success
        } ?? .success
    }

    /// The least serious class that fails the run: `any` is cosmetic (every change), absent is none.
    private static func failureThreshold(_ value: String?) -> ChangeClass? {
        switch value {
        case "breaking": .breaking
        case "behavioral": .behavioral
        case "any": .cosmetic
        default: nil
        }
    }
}
