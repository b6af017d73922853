// File names as Xcode and macOS treat them.

/// Matching file names by their ending.
public enum FileNames {
    /// Whether `path` ends in `suffix` in any letter case (`App.SWIFT`, `Info.PLIST`): macOS file systems and
    /// Xcode ignore the case of a file's extension, and so do notifc's inputs.
    public static func hasSuffix(_ path: String, _ suffix: String) -> Bool {
        path.lowercased().hasSuffix(suffix.lowercased())
    }

    /// The endings of a strings table's files: a String Catalog, and a legacy table's two files.
    public static let stringsTableSuffixes = [".xcstrings", ".strings", ".stringsdict"]

    /// The language of the `<language>.lproj` folder the file at `path` is in (`de`, `Base`); `nil` outside one.
    public static func lprojLanguage(ofFileAt path: String) -> String? {
        let folder = path.split(separator: "/").dropLast().last.map(String.init) ?? ""
        return hasSuffix(folder, ".lproj") ? String(folder.dropLast(".lproj".count)) : nil
    }
}
