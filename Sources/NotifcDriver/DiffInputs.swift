// Reads one side of `notifc diff`: manifests or a notifications.json bundle, from disk or at a git revision.
import ManifestCompiler

/// One side of a diff, read and checked.
struct DiffSide {
    /// The files read.
    var sources = SourceFileSet()
    /// The errors found (warnings are for `lint`), sorted.
    var errors: [Diagnostic] = []
    /// The manifest, when there is no error.
    var manifest: Manifest?
    /// Whether the side is a registration bundle (which holds only the actions categories list).
    var isBundle = false
}

/// Reads diff inputs.
///
/// A side that is a single file whose name ends in `.json` is a registration bundle, read with
/// ``BundleReader``; anything else is manifests (files and directories, as `build` reads them), compiled as one
/// manifest. Reading failures end the run with one `error: cannot read input: …` line.
struct DiffInputs {
    let options: CompilerOptions
    let context: DriverContext

    /// Whether `path` names a registration bundle: a file (not a directory) whose name ends in `.json`.
    static func isBundle(_ path: String) -> Bool {
        FileNames.hasSuffix(path, ".json") && FileSystem.entry(at: path)?.kind != .directory
    }

    /// Reads `arguments` from disk, or at `revision` with git; `nil` after printing why they cannot be read.
    func read(_ arguments: [String], at revision: String? = nil) -> DiffSide? {
        let isBundle = arguments.count == 1 && Self.isBundle(arguments[0])
        let collected: InputCollector.Collected
        if let revision {
            let reader = GitRevisionReader(
                revision: revision, searchPath: context.environment["PATH"], fileExtension: ".notif",
                limits: options.limits)
            do {
                collected = try reader.collect(arguments)
            } catch {
                context.console.writeError("error: cannot read input: \(error.message)\n")
                return nil
            }
        } else {
            do {
                collected = try InputCollector(fileExtension: ".notif", limits: options.limits).collect(arguments)
            } catch {
                context.console.writeError("error: cannot read input: \(error.message)\n")
                return nil
            }
        }
        var side = DiffSide(sources: collected.sources, isBundle: isBundle)
        if isBundle, let file = collected.sources.files.first {
            var diagnostics = DiagnosticBag(errorLimit: options.limits.maxReportedErrors)
            side.manifest = BundleReader.read(file, limits: options.limits, into: &diagnostics)
            side.errors = diagnostics.sorted().filter { $0.severity == .error }
        } else {
            let result = Compiler.compile(collected.sources, options: options, inputDiagnostics: collected.diagnostics)
            side.manifest = result.manifest
            side.errors = result.diagnostics.filter { $0.severity == .error }
        }
        return side
    }

    /// The two sides' files as one set (old first) and their errors, renumbered to match, for one report.
    static func combined(
        _ old: DiffSide, _ new: DiffSide, errorLimit: Int
    ) -> (sources: SourceFileSet, errors: [Diagnostic]) {
        var sources = SourceFileSet()
        for file in old.sources.files + new.sources.files {
            sources.add(path: file.path, bytes: file.bytes, size: file.size)
        }
        let offset = old.sources.files.count
        // A file that is the same on both sides (`diff a.notif a.notif`, `--against` a file that did not change,
        // whose old side is named `REV:a.notif`) has its errors reported once, at the new side's copy: the one to edit.
        let newFiles = new.sources.files
        let repeated = old.errors.filter { error in
            guard let index = error.range?.file.index, index < old.sources.files.count else { return false }
            let file = old.sources.files[index]
            return newFiles.indices.contains { newIndex in
                let path = newFiles[newIndex].path
                return (file.path == path || file.path.hasSuffix(":" + path)) && newFiles[newIndex].bytes == file.bytes
                    && new.errors.contains(shifted(error, by: newIndex - index))
            }
        }
        // One report: one error limit over both sides, and one notice when it was reached.
        var errors = DiagnosticBag(errorLimit: errorLimit)
        for error in old.errors.filter({ !repeated.contains($0) }) + new.errors.map({ shifted($0, by: offset) }) {
            if error.code == .errorLimitReached { errors.noteStoppedEarly() } else { errors.append(error) }
        }
        return (sources, errors.sorted())
    }

    private static func shifted(_ diagnostic: Diagnostic, by offset: Int) -> Diagnostic {
        func shift(_ range: SourceRange?) -> SourceRange? {
            range.map { SourceRange(file: SourceFileID(index: $0.file.index + offset), start: $0.start, end: $0.end) }
        }
        var copy = diagnostic
        copy.range = shift(diagnostic.range)
        copy.notes = diagnostic.notes.map { DiagnosticNote($0.message, at: shift($0.range)) }
        return copy
    }
}
