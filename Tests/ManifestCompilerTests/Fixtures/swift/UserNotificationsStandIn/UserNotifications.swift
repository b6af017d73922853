// A stand-in for Apple's UserNotifications module, for type-checking and running generated Swift on Linux.
//
// It declares what NotificationCategories.swift uses with the Swift signatures Apple publishes (the
// project's fact sheet §1, §3, §5, and the UNUserNotificationCenter documentation), and nothing it does
// not need. Like Apple's, the classes are not Sendable, and completion handlers are @Sendable.
//
// Platforms are simulated with compilation conditions, since Linux has no iOS/macOS/watchOS availability:
// the tests compile this module once per condition and replace `os(watchOS)`, `os(macOS)` and `os(tvOS)`
// in the generated file with the same names. What Apple marks unavailable on a platform is simply absent
// here under that platform's condition, and what Apple deprecates is deprecated here everywhere, so a
// generated file that uses either fails to compile with -warnings-as-errors.
//
//   STANDIN_MACOS    no allowInCarPlay, no allowAnnouncement                          (API_UNAVAILABLE(macos))
//   STANDIN_WATCHOS  no hidden-previews options, placeholder or summary initializers  (API_UNAVAILABLE(watchos))
//   STANDIN_TVOS     no categories or actions at all, only the center                 (API_UNAVAILABLE(tvos))
//
// The center keeps categories in memory, so tests can run register(on:) and inspect what it set.

/// Stands in for Foundation's NSObject: identity equality and hashing, as NSObject has by default.
open class NSObject: Hashable {
    public init() {}

    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

#if !STANDIN_TVOS

/// `UNNotificationActionOptions` (NS_OPTIONS(NSUInteger, …)).
public struct UNNotificationActionOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// `UNNotificationCategoryOptions` (NS_OPTIONS(NSUInteger, …)).
public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    #if !STANDIN_MACOS
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    #endif
    #if !STANDIN_WATCHOS
    @available(iOS 11.0, macOS 10.14, *)
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    @available(iOS 11.0, macOS 10.14, *)
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
    #endif
    #if !STANDIN_MACOS
    @available(*, deprecated, message: "Announcement option is ignored")
    public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)
    #endif
}

/// `UNNotificationActionIcon` (iOS 15.0, macOS 12.0, watchOS 8.0). It has no public properties; the
/// stand-in keeps the name so tests can read it back.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
open class UNNotificationActionIcon: NSObject {
    /// Stand-in only: `systemImage:<name>` or `templateImage:<name>`.
    public let standInDescription: String

    private init(standInDescription: String) {
        self.standInDescription = standInDescription
    }

    public convenience init(templateImageName: String) { self.init(standInDescription: "templateImage:" + templateImageName) }
    public convenience init(systemImageName: String) { self.init(standInDescription: "systemImage:" + systemImageName) }
}

/// `UNNotificationAction` (iOS 10.0, macOS 10.14, watchOS 3.0).
open class UNNotificationAction: NSObject {
    open private(set) var identifier: String
    open private(set) var title: String
    open private(set) var options: UNNotificationActionOptions
    private var storedIcon: AnyObject?

    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    open var icon: UNNotificationActionIcon? { storedIcon as? UNNotificationActionIcon }

    init(identifier: String, title: String, options: UNNotificationActionOptions, storedIcon: AnyObject?) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.storedIcon = storedIcon
    }

    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(identifier: identifier, title: title, options: options, storedIcon: nil)
    }

    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?
    ) {
        self.init(identifier: identifier, title: title, options: options, storedIcon: icon)
    }
}

/// `UNTextInputNotificationAction` (iOS 10.0, macOS 10.14, watchOS 3.0).
open class UNTextInputNotificationAction: UNNotificationAction {
    open private(set) var textInputButtonTitle: String
    open private(set) var textInputPlaceholder: String

    init(
        identifier: String, title: String, options: UNNotificationActionOptions, storedIcon: AnyObject?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.textInputButtonTitle = textInputButtonTitle
        self.textInputPlaceholder = textInputPlaceholder
        super.init(identifier: identifier, title: title, options: options, storedIcon: storedIcon)
    }

    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], textInputButtonTitle: String,
        textInputPlaceholder: String
    ) {
        self.init(
            identifier: identifier, title: title, options: options, storedIcon: nil,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.init(
            identifier: identifier, title: title, options: options, storedIcon: icon,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }
}

/// `UNNotificationCategory` (iOS 10.0, macOS 10.14, watchOS 3.0).
open class UNNotificationCategory: NSObject {
    open private(set) var identifier: String
    open private(set) var actions: [UNNotificationAction]
    open private(set) var intentIdentifiers: [String]
    open private(set) var options: UNNotificationCategoryOptions
    private var storedPlaceholder: String?
    private var storedSummaryFormat: String?

    #if !STANDIN_WATCHOS
    @available(iOS 11.0, macOS 10.14, *)
    open var hiddenPreviewsBodyPlaceholder: String { storedPlaceholder ?? "" }
    @available(iOS 12.0, macOS 10.14, *)
    open var categorySummaryFormat: String { storedSummaryFormat ?? "" }
    #endif

    /// Stand-in only: the placeholder and summary format exactly as passed (`nil` when not passed).
    public var standInPlaceholder: String? { storedPlaceholder }
    public var standInSummaryFormat: String? { storedSummaryFormat }

    private init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions, placeholder: String?, summaryFormat: String?
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
        self.storedPlaceholder = placeholder
        self.storedSummaryFormat = summaryFormat
    }

    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers, options: options,
            placeholder: nil, summaryFormat: nil)
    }

    #if !STANDIN_WATCHOS
    @available(iOS 11.0, macOS 10.14, *)
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers, options: options,
            placeholder: hiddenPreviewsBodyPlaceholder, summaryFormat: nil)
    }

    @available(iOS 12.0, macOS 10.14, *)
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers, options: options,
            placeholder: hiddenPreviewsBodyPlaceholder, summaryFormat: categorySummaryFormat)
    }
    #endif
}

#endif

/// `UNUserNotificationCenter` (iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0). Not Sendable, as Apple's.
open class UNUserNotificationCenter: NSObject {
    nonisolated(unsafe) private static let shared = UNUserNotificationCenter()

    open class func current() -> UNUserNotificationCenter { shared }

    #if !STANDIN_TVOS
    private var categories: Set<UNNotificationCategory> = []

    /// Stand-in only: how many times `setNotificationCategories(_:)` was called.
    public private(set) var standInSetCount = 0

    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        self.categories = categories
        standInSetCount += 1
    }

    open func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        completionHandler(categories)
    }

    #if compiler(>=6.2)
    /// Swift 6.2 and later import Objective-C async methods as `nonisolated(nonsending)`: they run on the
    /// caller's actor. Earlier compilers import them as plain `nonisolated` async methods.
    nonisolated(nonsending) open func notificationCategories() async -> Set<UNNotificationCategory> { categories }
    #else
    open func notificationCategories() async -> Set<UNNotificationCategory> { categories }
    #endif
    #endif
}

// MARK: - Foundation's localization API (re-exported by Apple's UserNotifications)

/// Stands in for Foundation's `Bundle`: `main`, and the `module` bundle SwiftPM generates for a package
/// target with resources (declared here so that a file generated with `bundle: module` type-checks).
open class Bundle: NSObject, @unchecked Sendable {
    public static let main = Bundle()
    public static let module = Bundle()
}

/// Stands in for Foundation's `Locale`.
public struct Locale: Sendable {
    public static let current = Locale()
}

extension String {
    /// `String.LocalizationValue` (iOS 15, macOS 12, tvOS 15, watchOS 8): here a plain wrapper.
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
    public struct LocalizationValue: Sendable {
        let text: String
        public init(_ value: String) { text = value }
    }

    /// `init(localized:defaultValue:table:bundle:locale:comment:)` (iOS 15, macOS 12, tvOS 15, watchOS 8):
    /// here always the default value (the stand-in has no tables).
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
    public init(
        localized key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil,
        bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = defaultValue.text
    }
}

/// `NSLocalizedString(_:tableName:bundle:value:comment:)` (every OS): here always `value`.
public func NSLocalizedString(
    _ key: String, tableName: String? = nil, bundle: Bundle = Bundle.main, value: String = "", comment: String
) -> String {
    value
}
