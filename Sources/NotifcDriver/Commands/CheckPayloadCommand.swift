// `notifc check-payload`: check APNs payload files against the manifest they are sent for.
import ManifestCompiler

/// `notifc check-payload <inputs> ...`: payloads (`.json`, `.apns`) and the manifest (`.notif` files,
/// directories), told apart by name.
enum CheckPayloadCommand: Subcommand {
    static let spec = CommandSpec(
        name: "check-payload",
        abstract: "Check APNs payloads (JSON) against manifests; write nothing.",
        positionals: (
            "inputs", "Payload files (.json, .apns) and the manifest (.notif files or directories).", 1, nil
        ),
        options: [
            .flag("--voip", help: "The payloads are VoIP notifications: allow 5120 bytes instead of 4096."),
            .option(
                "--strings", value: "file",
                help: "The app's Localizable.xcstrings (or .strings/.stringsdict): check loc-key, title-loc-key, subtitle-loc-key and their args."),
        ] + DiagnosticOptions.specs,
        discussion: """
            Files whose name ends in .json or .apns are payloads; every other input is part of the manifest.
            Manifest errors are reported and stop the check; manifest warnings are left to 'notifc lint'.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        let payloadPaths = arguments.positionals.filter(isPayloadPath)
        let manifestPaths = arguments.positionals.filter { !isPayloadPath($0) }
        guard !payloadPaths.isEmpty else {
            throw UsageError(
                message: "missing payload", help: "name at least one payload file ending in .json or .apns")
        }
        guard !manifestPaths.isEmpty else {
            throw UsageError(
                message: "missing manifest", help: "name the .notif files or directories the payloads are sent for")
        }
        if let path = arguments.value("--strings"),
            !FileNames.stringsTableSuffixes.contains(where: { FileNames.hasSuffix(path, $0) })
        {
            throw UsageError(
                message: "'--strings' takes the app's strings table, not '\(path)'",
                help: "name its String Catalog (Localizable.xcstrings) or its .strings or .stringsdict file")
        }
        let limits = options.compilerOptions.limits
        let payloads: InputCollector.Collected
        do {
            payloads = try InputCollector(fileExtension: ".json", limits: limits).collect(payloadPaths)
        } catch {
            context.console.writeError("error: cannot read input: \(error.message)\n")
            return .ioFailure
        }
        let outcome = ManifestCompilation.run(
            manifestPaths, options: options, compilerOptions: CompilerOptions(limits: limits),
            reportsCleanResults: false, context: context)
        guard case .compiled(let result) = outcome, let manifest = result.manifest else { return outcome.status }
        // The table is read into a copy of the payloads' sources (so its diagnostics can be shown) after them,
        // so that the checker, which checks every file of its set, sees only payloads.
        var sources = payloads.sources
        var table: LocalizableTable?
        if let path = arguments.value("--strings") {
            var tableDiagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
            do {
                table = try LocalizableTableFiles.read(path, limits: limits, sources: &sources, diagnostics: &tableDiagnostics)
            } catch {
                context.console.writeError("error: cannot read input: \(error.message)\n")
                return .ioFailure
            }
            guard let table else {
                options.report(tableDiagnostics.sorted(), sources: sources, to: context.console)
                return .failure
            }
            _ = table
        }
        let diagnostics = PayloadChecker.check(
            payloads.sources, against: manifest,
            options: PayloadCheckOptions(
                limits: limits, warningsAsErrors: options.warningsAsErrors, isVoIP: arguments.flag("--voip"),
                localizableTable: table),
            inputDiagnostics: payloads.diagnostics)
        options.report(diagnostics, sources: sources, to: context.console)
        return diagnostics.contains { $0.severity == .error } ? .failure : .success
    }

    /// Whether an input argument names a payload: a file (not a directory: those are manifests) whose name ends
    /// in `.json` or `.apns` (Simulator push files), in any letter case.
    static func isPayloadPath(_ path: String) -> Bool {
        (FileNames.hasSuffix(path, ".json") || FileNames.hasSuffix(path, ".apns"))
            && FileSystem.entry(at: path)?.kind != .directory
    }
}
