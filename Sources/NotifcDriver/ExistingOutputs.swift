// `build` into a directory that already has Info.plist files: read them and merge the generated NSExtension.
import ManifestCompiler

/// The existing files of an output directory.
enum ExistingOutputs {
    /// `files` with each extension's Info.plist merged into the one already at its destination
    /// (``PropertyListMerge``). An existing file that cannot be read as a property list, or whose root is
    /// not a dictionary, is reported in it (and the build must not write); its file is returned unchanged. A key
    /// of notifc's that the merge removes, since the manifest does not set it, is a warning at the key (`W441`).
    static func merge(
        _ files: [OutputFile], manifest: Manifest, directory: String, limits: Limits, sources: inout SourceFileSet,
        into diagnostics: inout DiagnosticBag
    ) throws(FileSystemError) -> [OutputFile] {
        var result = files
        for declared in manifest.extensions {
            guard let index = result.firstIndex(where: { $0.path == "\(declared.name)/Info.plist" }),
                let path = try existingPlistPath(
                    of: declared.name, in: directory, limits: limits, sources: &sources, into: &diagnostics)
            else { continue }
            let destination = FileSystem.join(directory, path)
            guard let entry = FileSystem.entry(at: destination), entry.kind == .file else { continue }
            let bytes = entry.size > limits.maxFileSize ? [] : try FileSystem.readFile(destination)
            let id = sources.add(path: destination, bytes: bytes, size: entry.size)
            let errorsBefore = diagnostics.errorCount
            guard let root = PropertyListReader.read(sources[id], limits: limits, into: &diagnostics),
                diagnostics.errorCount == errorsBefore
            else { continue }
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
            let merged = PropertyListMerge.merge(generated: generated, into: entries)
            result[index] = OutputFile(EmittedFile(path: path, contents: PropertyListWriter.document(merged)))
        }
        try mergeCatalog(&result, manifest: manifest, directory: directory, limits: limits, sources: &sources, into: &diagnostics)
        return result
    }

    /// The Info.plist of the extension `name` under `directory`, relative to it: `<name>/Info.plist` when that
    /// file exists or no other file can be the extension's; otherwise the one file in `<name>/`, or in a folder
    /// there that holds a target's files (`Resources`, `Supporting Files`, …, as lint matches them), whose name
    /// ends in `Info.plist` and that declares `NSExtension` (`Resources/Info.plist`, `<Target>-Info.plist`), so
    /// the build updates the file Xcode builds instead of adding a second one beside it. `nil`, with `E443` or the
    /// reading errors reported, when two files declare `NSExtension` or one of the files cannot be read.
    private static func existingPlistPath(
        of name: String, in directory: String, limits: Limits, sources: inout SourceFileSet,
        into diagnostics: inout DiagnosticBag
    ) throws(FileSystemError) -> String? {
        let standard = "\(name)/Info.plist"
        let folder = FileSystem.join(directory, name)
        guard FileSystem.entry(at: FileSystem.join(directory, standard)) == nil,
            FileSystem.entry(at: folder)?.kind == .directory
        else { return standard }
        var candidates: [String] = []
        for entry in try FileSystem.contentsOfDirectory(folder) {
            let kind = FileSystem.entry(at: FileSystem.join(folder, entry))?.kind
            if kind == .file, FileNames.hasSuffix(entry, "Info.plist") {
                candidates.append("\(name)/\(entry)")
            } else if kind == .directory, ExtensionNaming.genericFolderNames.contains(entry.lowercased()) {
                for inner in try FileSystem.contentsOfDirectory(FileSystem.join(folder, entry))
                where FileNames.hasSuffix(inner, "Info.plist")
                    && FileSystem.entry(at: FileSystem.join(folder, "\(entry)/\(inner)"))?.kind == .file
                {
                    candidates.append("\(name)/\(entry)/\(inner)")
                }
            }
        }
        var declaring: [(path: String, key: SourceRange)] = []
        var readable = true
        for candidate in candidates {
            let path = FileSystem.join(directory, candidate)
            guard let entry = FileSystem.entry(at: path) else { continue }
            let bytes = entry.size > limits.maxFileSize ? [] : try FileSystem.readFile(path)
            let id = sources.add(path: path, bytes: bytes, size: entry.size)
            let errorsBefore = diagnostics.errorCount
            let root = PropertyListReader.read(sources[id], limits: limits, into: &diagnostics)
            if diagnostics.errorCount != errorsBefore { readable = false }
            if let key = root?.entry("NSExtension")?.keyRange { declaring.append((candidate, key)) }
        }
        guard readable else { return nil }
        guard declaring.count > 1, let first = declaring.first else { return declaring.first?.path ?? standard }
        for other in declaring.dropFirst() {
            diagnostics.append(
                Diagnostic(
                    .ambiguousExistingPlist,
                    "'\(FileSystem.join(directory, first.path))' and '\(FileSystem.join(directory, other.path))' both declare NSExtension, so notifc cannot tell which one is extension \(name)'s Info.plist",
                    at: other.key, notes: [DiagnosticNote("the other one", at: first.key)],
                    help: [
                        "delete the one the target does not build (the target's INFOPLIST_FILE build setting names the one it builds), or move that one to '\(FileSystem.join(directory, standard))'"
                    ]))
        }
        return nil
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
