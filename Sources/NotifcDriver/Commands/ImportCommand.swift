// `notifc import`: turn existing registration code, extension Info.plists and notifications.json bundles into one manifest.
import ManifestCompiler

/// `notifc import <inputs> ... [-o <file>] [--name <name>]`.
enum ImportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Turn existing registration code, extension Info.plists and notifications.json bundles into one manifest.",
        positionals: (
            "inputs",
            "Info.plist files, notifications.json bundles (ending in .json), .swift/.m/.mm files or directories (searched for Info.plist and code).",
            1, nil
        ),
        options: [
            .option("--output", short: "-o", value: "file", help: "Write the manifest to this file (default: standard output)."),
            .option("--name", value: "name", help: "The extension's name, for a single Info.plist (default: its folder's name)."),
        ] + DiagnosticOptions.specs,
        discussion: """
            Each Info.plist becomes a contentExtension or serviceExtension declaration, named after its folder,
            and every category it names becomes a category declaration. Swift and Objective-C code gives the
            categories and actions it registers with setNotificationCategories. Misspelled or unknown keys are
            reported and not carried over; nothing is written when there is any error.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let options = try DiagnosticOptions(arguments, context: context)
        let output = arguments.value("--output")
        if output == nil, options.format.writesToStandardOutput {
            throw UsageError(
                message: "'--diagnostics-format \(options.format.rawValue)' writes to standard output, where the manifest goes",
                help: "write the manifest to a file with '-o <file>'")
        }
        let limits = options.compilerOptions.limits
        var bundleArguments: [String] = []
        var plistArguments: [String] = []
        for argument in arguments.positionals {
            if FileNames.hasSuffix(argument, ".notif"), FileSystem.entry(at: argument)?.kind != .directory {
                throw UsageError(
                    message: "'\(argument)' is a manifest already; import reads Info.plist files, notifications.json bundles and Swift or Objective-C code",
                    help: "to lay a manifest out in the canonical layout, run 'notifc fmt \(argument)'")
            }
            if FileNames.hasSuffix(argument, ".json"), FileSystem.entry(at: argument)?.kind != .directory {
                bundleArguments.append(argument)
            } else if PlistInputs.codeExtensions.contains(where: { FileNames.hasSuffix(argument, $0) }),
                FileSystem.entry(at: argument)?.kind != .directory
            {
                continue  // read below, with the code in directories
            } else {
                plistArguments.append(argument)
            }
        }
        let plistFiles: InputCollector.Collected
        let bundleFiles: InputCollector.Collected
        let codeFiles: InputCollector.Collected
        do {
            codeFiles = try PlistInputs(arguments.positionals).collectCode(limits: limits)
            var plistCollected = try InputCollector(fileExtension: PlistInputs.fileNameSuffix, limits: limits).collect(plistArguments)
            if !codeFiles.sources.files.isEmpty {
                // A directory of code is not empty: it is imported for the categories it registers.
                plistCollected.diagnostics.removeAll { $0.code == .noInputFiles }
            }
            plistFiles = plistCollected
            bundleFiles = try InputCollector(fileExtension: ".json", limits: limits).collect(bundleArguments)
        } catch {
            context.console.writeError("error: cannot read input: \(error.message)\n")
            return .ioFailure
        }
        if let output, let target = FileSystem.entry(at: output)?.identity,
            let input = (codeFiles.sources.files + plistFiles.sources.files + bundleFiles.sources.files)
                .first(where: { FileSystem.entry(at: $0.path)?.identity == target })
        {
            throw UsageError(
                message: input.path == output
                    ? "'\(output)' is one of the inputs; writing the manifest there would replace it"
                    : "'\(output)' is the input '\(input.path)'; writing the manifest there would replace it",
                help: "write the manifest to a new file, such as '-o notifications.notif'")
        }
        let name = arguments.value("--name")
        if name != nil, plistFiles.sources.files.count != 1 {
            throw UsageError(
                message: "'--name' names one extension, but \(plistFiles.sources.files.count) Info.plist files were found",
                help: "import Info.plist files one at a time to name each, or name their folders after the extensions")
        }
        var sources = SourceFileSet()
        var diagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
        for diagnostic in plistFiles.diagnostics + bundleFiles.diagnostics { diagnostics.append(diagnostic) }
        let explicit = Set(plistArguments.filter { FileSystem.entry(at: $0)?.kind != .directory })
        let analyzed = PlistAnalysis.analyze(
            plistFiles, explicit: explicit, mode: .importing, limits: limits, sources: &sources, into: &diagnostics)
        var bundles: [ImportedBundle] = []
        for file in bundleFiles.sources.files {
            let id = sources.add(path: file.path, bytes: file.bytes, size: file.size)
            if file.bytes.isEmpty, file.size > 0, file.size <= limits.maxFileSize {
                // Not read: the bundles before it already took the total past the limit.
                diagnostics.append(
                    Diagnostic(
                        .inputTooLarge, "inputs are too large together (more than \(limits.maxTotalInputSize) bytes)",
                        at: .point(id, 0), help: ["import fewer files at once"]))
                break
            }
            if let root = JSONReader.read(sources[id], limits: limits, into: &diagnostics),
                let bundle = BundleImporter.read(root, into: &diagnostics)
            {
                bundles.append(bundle)
            }
        }
        var origins: [(String, SourceRange)] = []
        if !codeFiles.sources.files.isEmpty {
            var scanned: [SourceFile] = []
            var paths: [SourceFileID: String] = [:]
            for file in codeFiles.sources.files {
                let id = sources.add(path: file.path, bytes: file.bytes, size: file.size)
                scanned.append(sources[id])
                paths[id] = file.path
            }
            let code = RegistrationScanner.scan(scanned)
            RegistrationCheck.reportUnresolved(code, into: &diagnostics)
            // What lint reports on the code, located there (the imported manifest states it too).
            RegistrationCheck.checkCode(code, codePaths: paths, importing: true, into: &diagnostics)
            let bundle = RegistrationImport.bundle(from: code, into: &diagnostics)
            // A category an Info.plist names that nothing imported declares gets no actions: said at the plist.
            RegistrationCheck.checkImportedCategories(
                analyzed.map { RegistrationCheck.PlistSubject(plist: $0.plist, path: $0.path) }, code: code,
                imported: Set((bundles + [bundle]).flatMap { $0.categories.map(\.value.identifier) }), into: &diagnostics)
            origins = bundle.categories.map { ("category '\($0.value.identifier)'", $0.range) }
            // A string the code localizes with a key other than its text: the manifest's string is the default
            // value and notifc's catalog uses its own keys, so the old key is listed for moving translations.
            var listed = Set<String>()
            let importedCategories = Set(bundle.categories.map(\.value))
            let importedActions = Set(bundle.actions.map(\.value))
            for registered in code.categories {
                if importedCategories.contains(registered.category) {
                    let category = registered.category
                    origins += Self.localizedOrigins(
                        of: "category '\(category.identifier)'", registered.localizationKeys,
                        values: [
                            .hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder,
                            .categorySummaryFormat: category.categorySummaryFormat,
                        ],
                        ranges: registered.argumentRanges, at: registered.range)
                }
                for action in registered.actions where listed.insert(action.action.identifier).inserted {
                    guard importedActions.contains(action.action) else { continue }
                    origins += Self.localizedOrigins(
                        of: "action '\(action.action.identifier)'", action.localizationKeys,
                        values: [
                            .title: action.action.title, .buttonTitle: action.action.textInput?.buttonTitle,
                            .placeholder: action.action.textInput?.placeholder,
                        ],
                        ranges: action.argumentRanges, at: action.range)
                }
            }
            bundles.append(bundle)
        }
        var plists: [ManifestAssembler.PlistInput] = []
        for item in analyzed {
            guard let extensionName = ImportNaming.name(for: item, given: name, into: &diagnostics) else { continue }
            plists.append(ManifestAssembler.PlistInput(plist: item.plist, name: extensionName))
        }
        let (manifest, declarationOrigins) = ManifestAssembler.assemble(bundles: bundles, plists: plists, into: &diagnostics)
        var listed = Set<String>()  // an input named twice is read once, and listed once
        return ImportOutput.finish(
            manifest, inputs: arguments.positionals.filter { listed.insert($0).inserted }, origins: origins,
            declarationOrigins: declarationOrigins, output: output, diagnostics: diagnostics, sources: sources,
            options: options, context: context)
    }

    /// One origin line per localized string: `title of action 'reply' localized with key 'reply.key'`, located at
    /// the argument (its translations are under that key, and the manifest's table uses its own keys; a key that
    /// is its text, `NSLocalizedString("Open", …)`, is a key too).
    private static func localizedOrigins(
        of owner: String, _ keys: [ManifestKey: String], values: [ManifestKey: String?],
        ranges: [String: SourceRange], at range: SourceRange
    ) -> [(String, SourceRange)] {
        let properties: [(ManifestKey, what: String, label: String)] = [
            (.title, "title", "title"), (.buttonTitle, "button title", "textInputButtonTitle"),
            (.placeholder, "placeholder", "textInputPlaceholder"),
            (.hiddenPreviewsBodyPlaceholder, "hidden-previews placeholder", "hiddenPreviewsBodyPlaceholder"),
            (.categorySummaryFormat, "summary format", "categorySummaryFormat"),
        ]
        return properties.compactMap { property, what, label in
            guard let key = keys[property], (values[property] ?? nil) != nil else { return nil }
            return ("\(what) of \(owner) localized with key '\(key)'", ranges[label] ?? range)
        }
    }
}
