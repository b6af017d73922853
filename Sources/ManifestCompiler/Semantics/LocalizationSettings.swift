// The manifest's localization settings: the strings table its texts live in, the language they are written in,
// and the bundle the generated code reads the table from (the `localization` declaration).

/// Where the strings table is, its name and its development language. A manifest without a `localization`
/// declaration has the defaults: table `Notifications`, development language `en`, the main bundle.
public struct LocalizationSettings: Hashable, Sendable {
    /// The bundle the generated code reads the table from.
    public enum BundleLocation: String, Hashable, Sendable, CaseIterable {
        /// `Bundle.main`: the app's bundle (an app target, or a framework whose table is copied into the app).
        case main
        /// `Bundle.module`: the bundle SwiftPM generates for a package target with resources.
        case module
    }

    /// The default table name.
    public static let defaultTable = "Notifications"
    /// The default development language.
    public static let defaultDevelopmentLanguage = "en"

    /// The table's name: the catalog is `<table>.xcstrings`, the compiled table `<lang>.lproj/<table>.strings`.
    public var table: String
    /// The language the manifest's texts are written in (the catalog's `sourceLanguage`).
    public var developmentLanguage: String
    /// Where the generated code finds the table.
    public var bundle: BundleLocation

    /// Creates settings; the defaults are a manifest's without a `localization` declaration.
    public init(
        table: String = LocalizationSettings.defaultTable,
        developmentLanguage: String = LocalizationSettings.defaultDevelopmentLanguage, bundle: BundleLocation = .main
    ) {
        self.table = table
        self.developmentLanguage = developmentLanguage
        self.bundle = bundle
    }
}
