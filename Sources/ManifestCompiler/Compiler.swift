// The public entry point: wires screening, lexing/parsing and validation into one call.

/// Compiles manifests.
///
/// The pipeline, and what each stage promises:
/// 1. **Screen** (``TextScreening``): each file is within the size limit, has no NUL byte and is valid
///    UTF-8; a file that is not is reported once and skipped.
/// 2. **Parse** (``Parser``, pulling tokens from ``Lexer``): declarations as ``DeclarationSyntax`` trees;
///    problems are diagnostics, never thrown; at most one syntax error per line.
/// 3. **Check** (``DeclarationChecker``): each declaration's keys and value types, giving the model's values and
///    where their parts were written (``SourceMap``).
/// 4. **Validate** (``Validator``): name resolution across all files (one namespace) and every rule; a
///    ``Manifest`` only if there is no error.
/// 5. **Emit** (``Emitter``s, called by the driver): pure functions of the ``Manifest``.
/// The library does no I/O: it takes bytes and returns diagnostics, models and bytes.
public enum Compiler {
    /// Compiles `sources` as one manifest.
    ///
    /// Each declaration is checked as soon as it is parsed and its syntax is dropped, so memory holds the
    /// checked declarations, not the syntax trees (``parse(_:options:into:)`` returns those).
    ///
    /// - Parameters:
    ///   - sources: The input files, in order.
    ///   - options: The compilation options.
    ///   - inputDiagnostics: Problems found while gathering the inputs (reported with the others).
    public static func compile(
        _ sources: SourceFileSet, options: CompilerOptions = CompilerOptions(), inputDiagnostics: [Diagnostic] = []
    ) -> CompilationResult {
        var diagnostics = DiagnosticBag(errorLimit: options.limits.maxReportedErrors)
        for diagnostic in inputDiagnostics { diagnostics.append(diagnostic) }
        var checked = CheckedManifest()
        let isNamespaceComplete = readFiles(sources, options: options, into: &diagnostics) { file, budget, bag in
            Parser.parse(file, limits: options.limits, declarationBudget: &budget, diagnostics: &bag) { declaration, bag in
                DeclarationChecker.check(declaration, into: &checked, diagnostics: &bag)
            }
        }
        var manifest = Validator.validate(
            checked, isNamespaceComplete: isNamespaceComplete, options: options, into: &diagnostics)
        if isNamespaceComplete, !diagnostics.hasErrors, checked.declaresNothing, let first = sources.files.first {
            diagnostics.append(.emptyManifest(at: .point(first.id, 0), fileCount: sources.files.count))
        }
        if options.warningsAsErrors {
            diagnostics.promoteWarningsToErrors()
            if diagnostics.hasErrors { manifest = nil }
        }
        var result = CompilationResult(
            sources: sources, diagnostics: diagnostics.sorted(), manifest: manifest,
            locations: options.keepsLocations ? checked.locations : SourceMap())
        if options.keepsLocations { result.checked = checked }
        return result
    }

    /// The first two stages alone: screens and parses every file into a syntax tree, within the size and
    /// declaration limits (for tools that need the trees, and for timing the stages).
    ///
    /// - Returns: The trees of the files that could be read, and whether every file could (when not,
    ///   unknown references are not reported: they may be declared in what was not read).
    public static func parse(_ sources: SourceFileSet, options: CompilerOptions, into diagnostics: inout DiagnosticBag)
        -> (trees: [SyntaxTree], isNamespaceComplete: Bool)
    {
        var trees: [SyntaxTree] = []
        let isNamespaceComplete = readFiles(sources, options: options, into: &diagnostics) { file, budget, bag in
            trees.append(Parser.parse(file, limits: options.limits, declarationBudget: &budget, diagnostics: &bag))
        }
        return (trees, isNamespaceComplete)
    }

    /// Screens every file within the total size and declaration limits and hands each readable one to `read`.
    /// - Returns: Whether every file was read (the namespace is complete).
    private static func readFiles(
        _ sources: SourceFileSet, options: CompilerOptions, into diagnostics: inout DiagnosticBag,
        read: (SourceFile, inout Int, inout DiagnosticBag) -> Void
    ) -> Bool {
        var isNamespaceComplete = true
        var declarationBudget = options.limits.maxDeclarations
        var totalSize = 0
        for file in sources.files {
            totalSize += file.size
            if totalSize > options.limits.maxTotalInputSize {
                diagnostics.append(
                    Diagnostic(
                        .inputTooLarge,
                        "inputs are too large together (more than \(options.limits.maxTotalInputSize) bytes)",
                        at: .point(file.id, 0), help: ["compile fewer files at once"]))
                return false
            }
            guard TextScreening.screen(file, limits: options.limits, into: &diagnostics) else {
                isNamespaceComplete = false
                continue
            }
            read(file, &declarationBudget, &diagnostics)
            if declarationBudget < 0 || diagnostics.isFull {
                if file.id.index + 1 < sources.files.count { diagnostics.noteStoppedEarly() }
                return false
            }
        }
        return isNamespaceComplete
    }
}
