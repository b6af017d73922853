// The settings of the Swift output: type name, access level and the source paths named in the header.

/// How `NotificationCategories.swift` is written (`--swift-type-name`, `--swift-access`).
public struct SwiftOutputSettings: Hashable, Sendable {
    /// The access level of the generated declarations.
    public enum AccessLevel: String, CaseIterable, Sendable {
        /// No modifier: the API is visible in its module only.
        case `internal`
        /// `public`: for a library module whose clients use the identifiers.
        case `public`

        /// The modifier to write before a declaration, with its trailing space (`""` for internal).
        var modifier: String { self == .public ? "public " : "" }
    }

    /// The default name of the generated type.
    public static let defaultTypeName = "NotificationManifest"

    /// The name of the generated enum that holds `Category` and `Action`.
    public var typeName: String
    /// The access level of every generated declaration.
    public var accessLevel: AccessLevel
    /// The manifest paths, in input order, as the header names them (see ``SwiftEmitter/headerPaths(_:)``).
    public var sourcePaths: [String]

    /// Creates settings.
    public init(
        typeName: String = SwiftOutputSettings.defaultTypeName, accessLevel: AccessLevel = .internal,
        sourcePaths: [String] = []
    ) {
        self.typeName = typeName
        self.accessLevel = accessLevel
        self.sourcePaths = sourcePaths
    }

    /// Why `name` cannot be the generated type's name, or `nil` when it can: it must be a plain Swift
    /// identifier that hides none of the types the generated code names.
    public static func typeNameProblem(_ name: String) -> String? {
        guard SwiftIdentifier.isPlainIdentifier(name), name != "Type", name != "Protocol" else {
            return "expected a Swift type name such as '\(defaultTypeName)'"
        }
        if namesUsedByGeneratedCode.contains(name) { return "'\(name)' would hide a type the generated code uses" }
        return nil
    }

    /// Type and module names the generated file refers to, which the generated type must not shadow.
    static let namesUsedByGeneratedCode: Set<String> = [
        "Action", "Category", "CaseIterable", "Hashable", "RawRepresentable", "Sendable", "Set", "String", "Swift",
        "UNNotificationAction", "UNNotificationActionIcon", "UNNotificationActionOptions", "UNNotificationCategory",
        "UNNotificationCategoryOptions", "UNTextInputNotificationAction", "UNUserNotificationCenter",
        "UserNotifications", "Bundle", "StaticString", "NSLocalizedString",
    ]
}
