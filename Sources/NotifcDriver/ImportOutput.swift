// The end of `notifc import`: name each extension, print the manifest, check it compiles, report, write.
import ManifestCompiler

/// The extension name of an imported Info.plist.
enum ImportNaming {
    /// `given` (from `--name`) or the plist's folder name; `nil` after reporting a name that cannot be used.
    static func name(for item: PlistAnalysis.Analyzed, given: String?, into diagnostics: inout DiagnosticBag) -> String? {
        let source = given == nil ? "its folder" : "'--name'"
        guard let name = given ?? ExtensionNaming.name(forPlistAt: item.path) else {
            diagnostics.append(
                Diagnostic(
                    .invalidImportedName, "cannot tell the name of the extension of '\(item.path)'",
                    at: item.plist.extensionKeyRange, help: ["give it with '--name <Extension>'"]))
            return nil
        }
        if let problem = name.isEmpty ? "it is empty" : IdentifierRule.folderNameProblem(name) {
            diagnostics.append(
                Diagnostic(
                    .invalidImportedName, "extension name '\(name)' from \(source) cannot be a folder name: \(problem)",
                    at: item.plist.extensionKeyRange, help: ["give another with '--name <Extension>'"]))
            return nil
        }
        return name
    }
}

/// Prints, checks, reports and writes the imported manifest.
enum ImportOutput {
    /// The path diagnostics use for the imported manifest when it goes to standard output.
    static let standardOutputName = "<imported manifest>"

    static func finish(
        _ manifest: Manifest, inputs: [String], origins: [(String, SourceRange)] = [],
        declarationOrigins: ManifestAssembler.Origins, output: String?, diagnostics: DiagnosticBag, sources: SourceFileSet,
        options: DiagnosticOptions, context: DriverContext
    ) -> ExitStatus {
        // The header lists what was not resolved or carried over whatever comments silence on the console.
        let text = ManifestPrinter.text(of: manifest, header: header(inputs: inputs, origins: origins, diagnostics: diagnostics, sources: sources))
        // `notifc:ignore` silences import's warnings as lint's (`W458`, `W459` acknowledged in the code); a comment
        // that silences nothing is reported here when it names codes only import reports, else by lint.
        var diagnostics = diagnostics.withoutSuppressed(in: sources, reporting: .importOnly, keepingErrors: true)
        var sources = sources
        if !diagnostics.hasErrors {
            // A safety net: what import writes must compile. Its warnings repeat the Info.plist and code findings
            // already reported, so only errors (which would mean import has a gap) are shown.
            var printed = SourceFileSet()
            printed.add(path: output ?? standardOutputName, bytes: Array(text.utf8))
            let compiled = Compiler.compile(printed)
            if compiled.hasErrors {
                // Reported where the declaration was read, since the manifest is not written; what no declaration
                // holds, in the manifest's text.
                var id: SourceFileID?
                for diagnostic in compiled.diagnostics where diagnostic.severity == .error {
                    if let origin = Self.origin(of: diagnostic, in: compiled, declarationOrigins) {
                        var relocated = diagnostic
                        relocated.range = origin
                        relocated.notes = []
                        diagnostics.append(relocated)
                    } else {
                        let file = id ?? sources.add(path: output ?? standardOutputName, bytes: Array(text.utf8))
                        id = file
                        diagnostics.append(moved(diagnostic, to: file))
                    }
                }
            }
        }
        if options.warningsAsErrors { diagnostics.promoteWarningsToErrors() }
        options.report(diagnostics.sorted(), sources: sources, to: context.console)
        guard !diagnostics.hasErrors else { return .failure }
        guard let output else {
            context.console.writeOutput(text)
            return .success
        }
        let file = EmittedFile(path: lastComponent(of: output), contents: Array(text.utf8))
        do {
            _ = try OutputWriter(directory: FileSystem.parentDirectory(of: output)).write([file])
        } catch {
            context.console.writeError("error: cannot write output: \(error.message)\n")
            return .ioFailure
        }
        return .success
    }

    /// The comment at the top of the manifest: the inputs, and what was not carried over.
    static func header(
        inputs: [String], origins: [(String, SourceRange)] = [], diagnostics: DiagnosticBag, sources: SourceFileSet
    ) -> [String] {
        var lines = ["Imported by 'notifc import' from:"] + inputs.map { "  " + $0 }
        var locator = SourceLocator(sources: sources)
        /// A titled list of `path:line: text` lines, after an empty line; nothing when `items` is empty.
        func section(_ title: String, _ items: [(text: String, range: SourceRange?)]) {
            guard !items.isEmpty else { return }
            lines += ["", title]
            for item in items {
                let place = item.range.map { range -> String in
                    let span = locator.span(range)
                    return "\(span.path):\(span.start.line): "
                } ?? ""
                lines.append("  " + place + item.text)
            }
        }
        let sorted = diagnostics.sorted()
        section("Registered in code:", origins.map { ($0.0, $0.1) })
        section(
            "Not resolved (computed at run time; the import's notes say where):",
            sorted.filter { $0.code == .unresolvedRegistration }.map { ($0.message, $0.range) })
        section(
            "Not carried over (the import's warnings say why):",
            sorted.filter { $0.code == .importDroppedKey || ($0.code == .unknownBundleKey && $0.severity == .warning) }
                .map { ($0.message, $0.range) })
        return lines
    }

    /// Where the declaration of the imported manifest that holds `diagnostic` was read, if it is one.
    private static func origin(
        of diagnostic: Diagnostic, in compiled: CompilationResult, _ origins: ManifestAssembler.Origins
    ) -> SourceRange? {
        guard let start = diagnostic.range?.start else { return nil }
        let checked = compiled.checked
        func find(_ locations: [DeclarationLocation], _ names: [String], _ ranges: [Identifier: SourceRange]) -> SourceRange? {
            guard let index = locations.firstIndex(where: { $0.range.start <= start && start < $0.range.end }),
                index < names.count
            else { return nil }
            return ranges[Identifier(names[index])]
        }
        return find(checked.locations.actions, checked.actions.map(\.identifier), origins.actions)
            ?? find(checked.locations.categories, checked.categories.map(\.identifier), origins.categories)
            ?? find(checked.locations.extensions, checked.extensions.map(\.name), origins.extensions)
    }

    /// `diagnostic` with its ranges (and its notes') moved to file `id`.
    private static func moved(_ diagnostic: Diagnostic, to id: SourceFileID) -> Diagnostic {
        var copy = diagnostic
        copy.range = diagnostic.range.map { SourceRange(file: id, start: $0.start, end: $0.end) }
        copy.notes = diagnostic.notes.map { note in
            DiagnosticNote(note.message, at: note.range.map { SourceRange(file: id, start: $0.start, end: $0.end) })
        }
        return copy
    }

    private static func lastComponent(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }
}
