// `notifc fmt`: print, rewrite or check manifests in the canonical layout, keeping their comments.
import ManifestCompiler

/// `notifc fmt <inputs> ... [--write | --check]`.
enum FormatCommand: Subcommand {
    static let spec = CommandSpec(
        name: "fmt",
        abstract: "Format manifests in the canonical layout, keeping comments.",
        positionals: ("inputs", ".notif files or directories (searched recursively for .notif files).", 1, nil),
        options: [
            .flag("--write", short: "-w", help: "Rewrite the files that are not canonical, in place and atomically."),
            .flag("--check", help: "Write nothing; print a unified diff of every file that is not canonical and exit 1."),
            .flag("--verbose", short: "-v", help: "With --write, list every file and whether it changed."),
            .option("--error-limit", value: "n", help: "Stop reporting errors after n (default 100)."),
            .option(
                "--color", value: "when", allowed: ["auto", "always", "never"],
                help: "Colour diagnostics and diffs: auto (default: on a terminal, unless NO_COLOR is non-empty), always or never."),
        ],
        discussion: """
            Without --write or --check, prints the formatted text of the inputs, in order, to standard output.
            A file with syntax errors is reported; then nothing is printed or written.
            """
    )

    /// What to do with the formatted text.
    private enum Mode {
        case print
        case write(verbose: Bool)
        case check
    }

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        let mode = try mode(arguments)
        let limits = options.compilerOptions.limits
        let collected: InputCollector.Collected
        do {
            collected = try InputCollector(fileExtension: ".notif", limits: limits).collect(arguments.positionals)
        } catch {
            context.console.writeError("error: cannot read input: \(error.message)\n")
            return .ioFailure
        }
        var diagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
        collected.diagnostics.forEach { diagnostics.append($0) }
        var formatted: [(file: SourceFile, text: String)] = []
        var unformattable: [String] = []
        var totalSize = 0
        for file in collected.sources.files {
            totalSize += file.size
            if totalSize > limits.maxTotalInputSize {
                diagnostics.append(
                    Diagnostic(
                        .inputTooLarge, "inputs are too large together (more than \(limits.maxTotalInputSize) bytes)",
                        at: .point(file.id, 0), help: ["format fewer files at once"]))
                break
            }
            switch ManifestFormatter.format(file, limits: limits) {
            case .formatted(let text):
                formatted.append((file, text))
            case .invalid(let fileDiagnostics):
                diagnostics.append(contentsOf: fileDiagnostics)
                if fileDiagnostics.isTruncated { diagnostics.noteStoppedEarly() }
            case .internalFailure:
                unformattable.append(file.path)
            }
        }
        options.report(diagnostics.sorted(), sources: collected.sources, to: context.console)
        for path in unformattable {
            context.console.writeError(
                "error: cannot format '\(path)': the result would not keep the file's meaning; "
                    + "the file was left unchanged (please report this)\n")
        }
        guard !diagnostics.hasErrors, unformattable.isEmpty else { return .failure }
        return finish(formatted, mode: mode, arguments: arguments, context: context)
    }

    private static func mode(_ arguments: ParsedArguments) throws(UsageError) -> Mode {
        let verbose = arguments.flag("--verbose")
        switch (arguments.flag("--write"), arguments.flag("--check")) {
        case (true, true): throw UsageError(message: "'--write' and '--check' cannot be used together")
        case (true, false): return .write(verbose: verbose)
        case (false, _) where verbose: throw UsageError(message: "'--verbose' is only used with '--write'")
        case (false, true): return .check
        case (false, false): return .print
        }
    }

    private static func finish(
        _ formatted: [(file: SourceFile, text: String)], mode: Mode, arguments: ParsedArguments, context: DriverContext
    ) -> ExitStatus {
        switch mode {
        case .print:
            context.console.writeOutput(formatted.map(\.text).joined())
            return .success
        case .check:
            let useColor = DiagnosticOptions.colorEnabled(
                arguments.value("--color"), isTerminal: context.console.outputIsTerminal,
                environment: context.environment)
            var unformatted = 0
            for (file, text) in formatted {
                let original = String(decoding: file.bytes, as: UTF8.self)
                guard
                    let diff = UnifiedDiff.render(
                        old: original, new: text, oldLabel: UnifiedDiff.headerName(file.path),
                        newLabel: UnifiedDiff.headerName(file.path) + " (formatted)",
                        useColor: useColor)
                else { continue }
                context.console.writeOutput(diff)
                unformatted += 1
            }
            guard unformatted > 0 else { return .success }
            let files = unformatted == 1 ? "1 file is" : "\(unformatted) files are"
            context.console.writeError("\(files) not formatted; run 'notifc fmt --write' to format\n")
            return .failure
        case .write(let verbose):
            let files = formatted.map { EmittedFile(path: $0.file.path, contents: Array($0.text.utf8)) }
            do {
                let outcomes = try OutputWriter(directory: ".").write(files)  // through links, keeping permissions
                if verbose {
                    for (path, outcome) in outcomes {
                        context.console.writeError("\(outcome == .written ? "formatted" : "unchanged") \(path)\n")
                    }
                }
            } catch {
                context.console.writeError("error: cannot write output: \(error.message)\n")
                return .ioFailure
            }
            return .success
        }
    }
}
