// The tool's version, printed by `notifc --version` and written into SARIF logs.

/// notifc's version.
public enum NotifcVersion {
    /// The current version (semantic versioning).
    public static let current = "0.1.0"
}
