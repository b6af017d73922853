// Reads the Localizable table that `check-payload --strings` names: a String Catalog, or a legacy table's files in
// every language.
import ManifestCompiler

/// Finds and reads the files of the table `--strings` names.
enum LocalizableTableFiles {
    /// The suffixes of a legacy table's two files; Xcode writes them in lowercase.
    static let legacySuffixes = [".strings", ".stringsdict"]

    /// The table at `path`, its files added to `sources`; `nil` after reporting why a file cannot be read as a table.
    ///
    /// A String Catalog holds every language. A legacy table is the `.strings` and `.stringsdict` files of one name
    /// in one folder (iOS looks a key up in both, the `.stringsdict` first): either may be named, and the other is
    /// read too when it is a file. When the named file is in a `<lang>.lproj` folder, its values come first (as a
    /// catalog's source language does), then the same table's in every other `*.lproj` folder beside it, in name
    /// order, as translations. A file that exists but cannot be read is an I/O error, as for the named file.
    static func read(
        _ path: String, limits: Limits, sources: inout SourceFileSet, diagnostics: inout DiagnosticBag
    ) throws(FileSystemError) -> LocalizableTable? {
        guard let suffix = legacySuffixes.first(where: { FileNames.hasSuffix(path, $0) }) else {
            let id = try sources.read(path, limits: limits)
            return LocalizableTable.catalog(sources[id], limits: limits, into: &diagnostics)
        }
        let stem = String(path.dropLast(suffix.count))
        let named = try readLegacy(stem: stem, named: path, limits: limits, sources: &sources, diagnostics: &diagnostics)
        guard named.isReadable, var table = named.table else { return nil }
        let folder = FileSystem.parentDirectory(of: path)
        guard FileNames.hasSuffix(folder, ".lproj") else { return table }
        let name = String(stem.dropFirst(folder.count + 1))  // the table's file name without its suffix
        let root = FileSystem.parentDirectory(of: folder)
        let folderName = folder.split(separator: "/").last.map(String.init) ?? folder
        var isReadable = true
        for language in try FileSystem.contentsOfDirectory(root.isEmpty ? "." : root)
        where FileNames.hasSuffix(language, ".lproj") && language != folderName {
            let translation = try readLegacy(
                stem: FileSystem.join(FileSystem.join(root, language), name), named: nil, limits: limits,
                sources: &sources, diagnostics: &diagnostics)
            isReadable = isReadable && translation.isReadable
            if let values = translation.table { table = table.addingTranslations(values) }
        }
        return isReadable ? table : nil
    }

    /// The files `stem.strings` and `stem.stringsdict` that exist (and `named`, which must) as one table, the
    /// `.stringsdict`'s values winning; `nil` when there is neither. Not readable when either file reported errors.
    private static func readLegacy(
        stem: String, named: String?, limits: Limits, sources: inout SourceFileSet, diagnostics: inout DiagnosticBag
    ) throws(FileSystemError) -> (table: LocalizableTable?, isReadable: Bool) {
        var table: LocalizableTable?
        var isReadable = true
        for suffix in legacySuffixes {  // the .stringsdict last, so that its values win
            let named = named.flatMap { $0.lowercased().hasSuffix(suffix) ? $0 : nil }
            let path = named ?? stem + suffix
            guard named != nil || FileSystem.entry(at: path)?.kind == .file else { continue }
            let id = try sources.read(path, limits: limits)
            let read =
                suffix == ".strings"
                ? LocalizableTable.strings(sources[id], limits: limits, into: &diagnostics)
                : LocalizableTable.stringsdict(sources[id], limits: limits, into: &diagnostics)
            guard let read else {
                isReadable = false
                continue
            }
            table = table.map { $0.merging(read) } ?? read
        }
        return (table, isReadable)
    }
}
