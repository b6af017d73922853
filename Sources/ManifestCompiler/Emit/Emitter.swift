// The emitter contract: a pure function from the validated Manifest to files.

/// The output formats of `notifc build`.
public enum EmitFormat: String, CaseIterable, Sendable {
    /// `<Extension>/Info.plist` for every extension.
    case plist
    /// `notifications.json`, the registration bundle.
    case json
    /// `NotificationCategories.swift`, typed identifiers and registration code.
    case swift
    /// `<Table>.xcstrings`, the String Catalog of the manifest's strings (merged into an existing one).
    case xcstrings
    /// `notification_categories.dart`, for flutter_local_notifications.
    case flutter
    /// `notificationCategories.notifee.ts`, for @notifee/react-native.
    case notifee
    /// `notificationCategories.expo.ts`, for expo-notifications.
    case expo

    /// What `notifc build` writes when `--emit` is not given.
    public static let defaultFormats: [EmitFormat] = [.plist, .json]
}

/// One output file, relative to the output directory.
public struct EmittedFile: Hashable, Sendable {
    /// The path below the output directory, with `/` separators.
    public let path: String
    /// The file's bytes (UTF-8 text with `\n` line ends and a final newline).
    public let contents: [UInt8]

    /// Creates a file.
    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }
}

/// Turns a manifest into files. Emitters are pure, total and deterministic: they never fail and
/// never report diagnostics (anything they could reject the validator rejects first).
public protocol Emitter: Sendable {
    /// The files for `manifest`.
    func emit(_ manifest: Manifest) -> [EmittedFile]
}

extension EmitFormat {
    /// The emitter for this format, with default Swift settings.
    public var emitter: any Emitter { emitter(swift: SwiftOutputSettings()) }

    /// The emitter for this format; `swift` configures the Swift output (its source paths are every output's header's).
    public func emitter(swift: SwiftOutputSettings) -> any Emitter {
        switch self {
        case .plist: PropertyListEmitter()
        case .json: JSONBundleEmitter()
        case .swift: SwiftEmitter(settings: swift)
        case .xcstrings: StringCatalogEmitter()
        case .flutter: FlutterEmitter(sourcePaths: swift.sourcePaths)
        case .notifee: NotifeeEmitter(sourcePaths: swift.sourcePaths)
        case .expo: ExpoEmitter(sourcePaths: swift.sourcePaths)
        }
    }
}
