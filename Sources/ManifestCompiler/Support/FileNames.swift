// File names as Xcode and macOS treat them.

/// Matching file names by their ending.
public enum FileNames {
    /// Whether `path` ends in `suffix` in any letter case (`App.SWIFT`, `Info.PLIST`): macOS file systems and
    /// Xcode ignore the case of a file's extension, and so do notifc's inputs.
    public static func hasSuffix(_ path: String, _ suffix: String) -> Bool {
        path.lowercased().hasSuffix(suffix.lowercased())
    }
}
