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
            let path = "\(declared.name)/Info.plist"
            guard let index = result.firstIndex(where: { $0.path == path }) else { continue }
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
