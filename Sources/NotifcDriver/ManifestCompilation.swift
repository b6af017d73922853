// The step build, lint and later subcommands share: read the manifest inputs and compile them.
import ManifestCompiler

/// Reads manifest inputs and compiles them, reporting I/O failures and diagnostics.
enum ManifestCompilation {
    /// The outcome for a subcommand to continue from.
    enum Outcome {
        /// Compiled without errors; the diagnostics (warnings) were already printed.
        case compiled(CompilationResult)
        /// The run is over with this status (errors printed).
        case finished(ExitStatus)
    }

    /// Collects `inputs`, compiles them with `options`, prints the diagnostics, and returns the result
    /// when there is no error. I/O failures print one `error:` line and end with ``ExitStatus/ioFailure``.
    /// With `reportsCleanResults` false, diagnostics are printed only when there is an error (a caller
    /// that prints its own report, such as `check-payload`, then owns the one diagnostics document).
    static func run(
        _ inputs: [String], options: DiagnosticOptions, compilerOptions: CompilerOptions? = nil,
        reportsCleanResults: Bool = true, context: DriverContext
    ) -> Outcome {
        guard let result = compile(inputs, compilerOptions: compilerOptions ?? options.compilerOptions, context: context)
        else { return .finished(.ioFailure) }
        if reportsCleanResults || result.hasErrors {
            options.report(result.diagnostics, sources: result.sources, to: context.console)
        }
        return result.hasErrors ? .finished(.failure) : .compiled(result)
    }

    /// Collects `inputs` and compiles them without printing diagnostics (for subcommands that report them
    /// together with their own). An I/O failure prints one `error:` line and gives `nil`.
    static func compile(_ inputs: [String], compilerOptions: CompilerOptions, context: DriverContext) -> CompilationResult? {
        let collected: InputCollector.Collected
        do {
            collected = try InputCollector(fileExtension: ".notif", limits: compilerOptions.limits).collect(inputs)
        } catch {
            context.console.writeError("error: cannot read input: \(error.message)\n")
            return nil
        }
        return Compiler.compile(collected.sources, options: compilerOptions, inputDiagnostics: collected.diagnostics)
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
