// `notifc lint` over manifests and Info.plist files together: every check, the cross-check, one report.
import ManifestCompiler

/// Lints manifests and extension Info.plists in one run.
///
/// Manifests are compiled as by `build`; each Info.plist is read and checked on its own; when the run
/// has manifest inputs and they compile without errors, every Info.plist is also cross-checked against
/// the manifest (``ManifestCrossCheck``). String Catalogs and `.strings`/`.stringsdict` tables are checked
/// against the manifest when it compiles, and for their own problems otherwise. All diagnostics are reported
/// together: manifests first, then property lists, each in input order.
enum ProjectLint {
    static func run(
        _ arguments: [String], options: DiagnosticOptions, baseline: BaselineOptions = BaselineOptions(),
        context: DriverContext
    ) -> ExitStatus {
        // String Catalogs and .strings/.stringsdict tables named as files; every other input is a manifest, a plist
        // or a directory (searched for the manifest's own table below).
        let isTable = { (path: String) in
            FileNames.stringsTableSuffixes.contains { FileNames.hasSuffix(path, $0) }
        }
        let catalogs = arguments.filter(isTable)
        let inputs = PlistInputs(arguments.filter { !isTable($0) })
        var compilerOptions = options.compilerOptions
        compilerOptions.warningsAsErrors = false
        let limits = compilerOptions.limits
        let plistFiles: InputCollector.Collected
        var manifestFiles: InputCollector.Collected
        var codeFiles = InputCollector.Collected()
        let readsCode = !inputs.directories.isEmpty || !inputs.codeFiles.isEmpty
        do {
            plistFiles = try inputs.collectPlists(limits: limits)
            manifestFiles = try inputs.collectManifests(limits: limits, plists: plistFiles)
            if readsCode { codeFiles = try inputs.collectCode(limits: limits) }
        } catch {
            context.console.writeError("error: cannot read input: \(error.message)\n")
            return .ioFailure
        }
        if !codeFiles.sources.files.isEmpty {
            // Swift or Objective-C code is something to lint: a directory holding only code is not empty.
            manifestFiles.diagnostics.removeAll { $0.code == .noInputFiles }
        }
        let result = Compiler.compile(
            manifestFiles.sources, options: compilerOptions, inputDiagnostics: manifestFiles.diagnostics)
        var diagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
        for diagnostic in result.diagnostics where diagnostic.code != .errorLimitReached { diagnostics.append(diagnostic) }
        if result.diagnostics.contains(where: { $0.code == .errorLimitReached }) { diagnostics.noteStoppedEarly() }
        var sources = result.sources
        let analyzed = PlistAnalysis.analyze(
            plistFiles, explicit: inputs.explicitPlists, mode: .lint, limits: limits, sources: &sources,
            into: &diagnostics)
        // The manifest to check the other inputs against: there is none without manifest inputs, or when they have errors.
        let manifest = manifestFiles.sources.files.isEmpty ? nil : result.manifest
        if let manifest {
            let subjects = analyzed.map {
                ManifestCrossCheck.Subject(plist: $0.plist, name: ExtensionNaming.name(forPlistAt: $0.path))
            }
            ManifestCrossCheck.check(subjects, manifest: manifest, compiledFrom: result, into: &diagnostics)
        }
        // Tables are read whether or not there is a manifest to check them against: their own problems are reported
        // either way. Directories are also searched for the manifest's own table's files, or without manifests for
        // those of the table a manifest names by default.
        var tablePaths = catalogs
        let searchedTable = manifestFiles.sources.files.isEmpty ? PlistInputs.defaultTable : manifest?.localization.table
        do {
            if let searchedTable {
                tablePaths += try tableFiles(named: searchedTable, in: inputs.directories, besides: catalogs, limits: limits)
            }
        } catch {
            context.console.writeError("error: cannot read input: \(error.message)\n")
            return .ioFailure
        }
        var tables: [(path: String, id: SourceFileID)] = []
        for path in tablePaths {
            do {
                tables.append((path, try sources.read(path, limits: limits)))
            } catch {
                context.console.writeError("error: cannot read input: \(error.message)\n")
                return .ioFailure
            }
        }
        lintTables(tables, manifest: manifest, limits: limits, sources: sources, into: &diagnostics)
        // Xcode lays an app's targets out as sibling folders: two service extensions in sibling folders are
        // two service extensions of one app, of which iOS runs one.
        var servicesByProject: [String: [PlistAnalysis.Analyzed]] = [:]
        for service in analyzed where service.plist.kind == .service {
            let folder = FileSystem.parentDirectory(of: service.path)
            servicesByProject[FileSystem.parentDirectory(of: folder), default: []].append(service)
        }
        for (_, services) in servicesByProject.sorted(by: { $0.key < $1.key }) {
            let folders = Set(services.map { FileSystem.parentDirectory(of: $0.path) })
            guard folders.count == services.count, let first = services.first else { continue }
            for service in services.dropFirst() {
                diagnostics.append(
                    Diagnostic(
                        .severalServiceExtensions, "a second notification service extension; iOS runs only one per app",
                        at: service.plist.pointIdentifierRange ?? service.plist.extensionKeyRange,
                        notes: [DiagnosticNote("the first one", at: first.plist.pointIdentifierRange ?? first.plist.extensionKeyRange)],
                        help: ["merge them into one extension; when they belong to different apps, lint each app on its own"]))
            }
        }
        if readsCode {
            RegistrationLint.run(
                codeFiles, plists: analyzed, hasManifests: !manifestFiles.sources.files.isEmpty, manifest: result.manifest,
                locations: result.locations,
                inputs: inputs, sources: &sources, into: &diagnostics)
        }
        var found = SuppressionFilter.apply(diagnostics.diagnostics, sources: sources)
        do {
            found = try baseline.apply(found, sources: sources)
        } catch {
            context.console.writeError("error: \(error.message)\n")
            return .ioFailure
        }
        if found.count != diagnostics.diagnostics.count || found.contains(where: { $0.code == .unusedSuppression }) {
            let stoppedEarly = diagnostics.isTruncated
            diagnostics = DiagnosticBag(errorLimit: limits.maxReportedErrors)
            for diagnostic in found { diagnostics.append(diagnostic) }
            if stoppedEarly { diagnostics.noteStoppedEarly() }
        }
        if options.warningsAsErrors { diagnostics.promoteWarningsToErrors() }
        options.report(diagnostics.sorted(), sources: sources, to: context.console)
        return diagnostics.hasErrors ? .failure : .success
    }

    /// The files of the strings table `table` in `directories`, besides those named (`given`): its String Catalog
    /// (`Notifications.xcstrings`) and its `.strings` and `.stringsdict` files in `<lang>.lproj` folders, in any
    /// letter case, outside the folders of build products and dependencies. Other tables hold other strings, and a
    /// project has many (storyboards', `InfoPlist.strings`), so they are not searched for.
    private static func tableFiles(named table: String, in directories: [String], besides given: [String], limits: Limits)
        throws(FileSystemError) -> [String]
    {
        let finder = PlistInputs.tableFinder(limits: limits, named: table)
        var found: [String] = []
        for directory in directories {
            for path in try finder.paths(in: directory) where !given.contains(path) && !found.contains(path) {
                found.append(path)
            }
        }
        return found
    }

    /// Checks String Catalogs and `.strings`/`.stringsdict` tables in input order, each against `manifest` when there
    /// is one; without one (none given, or it has errors) each is read as `check-payload --strings` reads it, which
    /// reports the same problems with the file itself. `.stringsdict` files are checked first, so that the `.strings`
    /// file of the same folder and table counts their keys as translated.
    private static func lintTables(
        _ tables: [(path: String, id: SourceFileID)], manifest: Manifest?, limits: Limits, sources: SourceFileSet,
        into diagnostics: inout DiagnosticBag
    ) {
        var pluralKeys: [String: Set<String>] = [:]  // by path without extension
        for (path, id) in tables where FileNames.hasSuffix(path, ".stringsdict") {
            guard let manifest else {
                _ = LocalizableTable.stringsdict(sources[id], limits: limits, into: &diagnostics)
                continue
            }
            let keys = CatalogLint.checkStringsdict(sources[id], manifest: manifest, limits: limits, into: &diagnostics)
            pluralKeys[String(path.dropLast(".stringsdict".count)), default: []].formUnion(keys)
        }
        for (path, id) in tables where !FileNames.hasSuffix(path, ".stringsdict") {
            let isStrings = FileNames.hasSuffix(path, ".strings")
            switch (manifest, isStrings) {
            case (let manifest?, true):
                CatalogLint.checkStrings(
                    sources[id], manifest: manifest, limits: limits,
                    alsoTranslated: pluralKeys[String(path.dropLast(".strings".count))] ?? [], into: &diagnostics)
            case (let manifest?, false):
                CatalogLint.check(sources[id], manifest: manifest, limits: limits, into: &diagnostics)
            case (nil, true):
                _ = LocalizableTable.strings(sources[id], limits: limits, into: &diagnostics)
            case (nil, false):
                _ = LocalizableTable.catalog(sources[id], limits: limits, into: &diagnostics)
            }
        }
    }
}
