// `build` into a directory that already has Info.plist files: read them and merge the generated NSExtension.
import ManifestCompiler

/// The existing files of an output directory.
enum ExistingOutputs {
    /// `files` with each extension's Info.plist merged into the ones already in the extension's folder
    /// (``PropertyListMerge``, ``existingPlists(of:in:limits:sources:into:)``). An existing file that cannot be read as
    /// a property list, or whose root is not a dictionary, is reported in it (and the build must not write). A key of
    /// notifc's that the merge removes, since the manifest does not set it, is a warning at the key (`W441`).
    static func merge(
        _ files: [OutputFile], manifest: Manifest, directory: String, limits: Limits, sources: inout SourceFileSet,
        into diagnostics: inout DiagnosticBag
    ) throws(FileSystemError) -> [OutputFile] {
        var result = files
        for declared in manifest.extensions {
            guard let index = result.firstIndex(where: { $0.path == "\(declared.name)/Info.plist" }) else { continue }
            let existing = try existingPlists(of: declared.name, in: directory, limits: limits, sources: &sources, into: &diagnostics)
            var merged: [OutputFile] = []
            for (path, id, root) in existing {
                guard case .dictionary(let entries) = root.value else {
                    diagnostics.append(
                        Diagnostic(
                            .existingPlistNotDictionary,
                            "the existing Info.plist's root is \(root.typeDescription), so notifc cannot add NSExtension to it",
                            at: SourceRange(file: id, start: root.range.start, end: root.contentRange.start),
                            help: ["an Info.plist is a <dict>; fix or remove this file"]))
                    continue
                }
                let generated = PropertyListEmitter.extensionDictionary(declared)
                for removed in PropertyListMerge.removedKeys(generated: generated, existing: root) {
                    diagnostics.append(.existingPlistKeyRemoved(removed, of: declared))
                }
                let document = PropertyListWriter.document(PropertyListMerge.merge(generated: generated, into: entries))
                merged.append(OutputFile(EmittedFile(path: path, contents: document)))
            }
            if !merged.isEmpty { result.replaceSubrange(index...index, with: merged) }
        }
        try mergeCatalog(&result, manifest: manifest, directory: directory, limits: limits, sources: &sources, into: &diagnostics)
        return result
    }

    /// The existing Info.plists of the extension `name` under `directory` (paths relative to it), read: its
    /// `<name>/Info.plist`, and every other file in `<name>/`, or in a folder there that holds a target's files
    /// (`Resources`, `Supporting Files`, …, as lint matches them), whose name ends in `Info.plist` and that declares
    /// `NSExtension` (`<Target>-Info.plist`, `Resources/Info.plist`, one per build configuration), so the build
    /// updates the files Xcode builds instead of adding a new one beside them. Hidden files are skipped and a file
    /// reached by two paths is read once. Files that cannot be read are reported when they may be the extension's
    /// (`<name>/Info.plist`, or when no other file declares `NSExtension`) and are left out; the build then writes
    /// nothing. Empty when there is none: the build writes a new `<name>/Info.plist`.
    private static func existingPlists(
        of name: String, in directory: String, limits: Limits, sources: inout SourceFileSet,
        into diagnostics: inout DiagnosticBag
    ) throws(FileSystemError) -> [(path: String, id: SourceFileID, root: PropertyListNode)] {
        let standard = "\(name)/Info.plist"
        let folder = FileSystem.join(directory, name)
        guard FileSystem.entry(at: folder)?.kind == .directory else { return [] }
        var finder = InputCollector(fileExtension: "Info.plist", limits: limits)
        finder.descendsInto = { path in  // only the extension folder's `Resources`-like folders, not its sources
            let inner = path.dropFirst(folder.count + 1)
            return !inner.contains("/") && ExtensionNaming.genericFolderNames.contains(inner.lowercased())
        }
        var found: [(path: String, id: SourceFileID, root: PropertyListNode)] = []
        var unreadable: [(path: String, diagnostics: DiagnosticBag)] = []
        for path in try finder.paths(in: folder) {
            guard let entry = FileSystem.entry(at: path) else { continue }
            let relative = name + "/" + path.dropFirst(folder.count + 1)
            let bytes = entry.size > limits.maxFileSize ? [] : try FileSystem.readFile(path)
            let id = sources.add(path: path, bytes: bytes, size: entry.size)
            var reading = DiagnosticBag()
            let root = PropertyListReader.read(sources[id], limits: limits, into: &reading)
            if let root, !reading.hasErrors, relative == standard || root.entry("NSExtension") != nil {
                found.append((relative, id, root))
            } else if reading.hasErrors {
                unreadable.append((relative, reading))
            }
        }
        // The standard file is the extension's even when it cannot be read; any other only when nothing else is.
        for (path, reading) in unreadable where path == standard || found.isEmpty {
            for diagnostic in reading.diagnostics { diagnostics.append(diagnostic) }
        }
        return found
    }

    /// Merges the generated String Catalog into the one already at its destination (``StringCatalog``): an
    /// existing catalog that cannot be read is reported in it and its file returned unchanged (the build must
    /// not write).
    private static func mergeCatalog(
        _ result: inout [OutputFile], manifest: Manifest, directory: String, limits: Limits,
        sources: inout SourceFileSet, into diagnostics: inout DiagnosticBag
    ) throws(FileSystemError) {
        let path = StringCatalogEmitter.path(manifest)
        guard let index = result.firstIndex(where: { $0.path == path }) else { return }
        let destination = FileSystem.join(directory, path)
        guard let entry = FileSystem.entry(at: destination), entry.kind == .file else { return }
        let bytes = entry.size > limits.maxFileSize ? [] : try FileSystem.readFile(destination)
        let id = sources.add(path: destination, bytes: bytes, size: entry.size)
        guard let merged = StringCatalog.merge(
            manifest.localizableStrings, sourceLanguage: manifest.localization.developmentLanguage,
            into: sources[id], limits: limits, diagnostics: &diagnostics)
        else { return }
        result[index] = OutputFile(EmittedFile(path: path, contents: merged))
    }
}
