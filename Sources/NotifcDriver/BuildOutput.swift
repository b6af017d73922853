// The end of `build`: merge into existing Info.plists, report, then write the outputs or check them.
import ManifestCompiler

/// Finishes `notifc build` once the manifest compiled without errors.
enum BuildOutput {
    /// Merges `files` into the existing Info.plist files of `directory`, reports every diagnostic (the
    /// compilation's warnings included), then writes the files — or, with `check`, writes nothing and
    /// reports each stale output (``DiagnosticCode/staleOutput``), printing a unified diff of each to
    /// standard output in the text format.
    /// The compilation's diagnostics in a bag that more can be added to (its `E006` notice is the bag's own).
    static func diagnostics(of result: CompilationResult, limits: Limits) -> DiagnosticBag {
        var diagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
        for diagnostic in result.diagnostics where diagnostic.code != .errorLimitReached { diagnostics.append(diagnostic) }
        if result.diagnostics.last?.code == .errorLimitReached { diagnostics.noteStoppedEarly() }
        return diagnostics
    }

    /// Prints `diagnostics` without those `notifc:ignore` comments silence, warnings promoted under
    /// `--warnings-as-errors` (after the comments, as `lint` does).
    static func report(
        _ diagnostics: inout DiagnosticBag, sources: SourceFileSet, options: DiagnosticOptions, context: DriverContext
    ) {
        diagnostics = diagnostics.withoutSuppressed(in: sources)
        if options.warningsAsErrors { diagnostics.promoteWarningsToErrors() }
        options.report(diagnostics.sorted(), sources: sources, to: context.console)
    }

    static func finish(
        _ files: [OutputFile], of result: CompilationResult, manifest: Manifest, directory: String, check: Bool,
        verbose: Bool, options: DiagnosticOptions, context: DriverContext
    ) -> ExitStatus {
        let limits = options.compilerOptions.limits
        var sources = result.sources
        var diagnostics = Self.diagnostics(of: result, limits: limits)
        var outputs: [OutputFile] = []
        var stale: [OutputCheck.Stale] = []
        do {
            outputs = try ExistingOutputs.merge(
                files, manifest: manifest, directory: directory, limits: limits, sources: &sources, into: &diagnostics)
            if check, !diagnostics.hasErrors {
                stale = try OutputCheck.stale(outputs, directory: directory, sources: &sources, into: &diagnostics)
            }
        } catch {
            context.console.writeError("error: cannot read output: \(error.message)\n")
            return .ioFailure
        }
        report(&diagnostics, sources: sources, options: options, context: context)
        if check {
            if options.format == .text {
                for output in stale {
                    guard let existing = output.existing else {
                        context.console.writeOutput("new file: \(output.path)\n")
                        continue
                    }
                    let diff = UnifiedDiff.render(
                        old: existing, new: output.contents, oldLabel: UnifiedDiff.headerName(output.path),
                        newLabel: UnifiedDiff.headerName(output.path), maximumLines: 200)
                    context.console.writeOutput(diff ?? "")
                }
            }
            if verbose {
                for output in outputs {
                    let path = FileSystem.join(directory, output.path)
                    context.console.writeError("\(stale.contains { $0.path == path } ? "out of date" : "up to date") \(path)\n")
                }
            }
            return diagnostics.hasErrors ? .failure : .success
        }
        guard !diagnostics.hasErrors else { return .failure }
        do {
            let outcomes = try OutputWriter(directory: directory).write(outputs)
            if verbose {
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
