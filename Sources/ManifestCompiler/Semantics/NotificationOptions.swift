// Apple's option sets, by their Swift names: UNNotificationActionOptions and UNNotificationCategoryOptions.

/// An option of one of Apple's option sets, named in manifests by its Swift name (its raw value).
protocol NamedOption: RawRepresentable<String>, CaseIterable, Comparable {
    /// Apple's raw bit value (one bit per option).
    var bit: Int { get }
}

/// An option of `UNNotificationActionOptions`. Cases are in Apple's bit order, which is the
/// canonical order everywhere notifc writes options.
public enum ActionOption: String, CaseIterable, Sendable, Comparable, NamedOption {
    /// `.authenticationRequired` (1 << 0): the device must be unlocked first.
    case authenticationRequired
    /// `.destructive` (1 << 1): the button is highlighted as destructive.
    case destructive
    /// `.foreground` (1 << 2): the action launches the app into the foreground.
    case foreground

    /// Apple's raw bit value.
    public var bit: Int {
        switch self {
        case .authenticationRequired: 1
        case .destructive: 2
        case .foreground: 4
        }
    }

    public static func < (lhs: ActionOption, rhs: ActionOption) -> Bool { lhs.bit < rhs.bit }
}

/// An option of `UNNotificationCategoryOptions`, in Apple's bit order.
public enum CategoryOption: String, CaseIterable, Sendable, Comparable, NamedOption {
    /// `.customDismissAction` (1 << 0): dismissals reach the delegate.
    case customDismissAction
    /// `.allowInCarPlay` (1 << 1): notifications may show in CarPlay.
    case allowInCarPlay
    /// `.hiddenPreviewsShowTitle` (1 << 2, iOS 11): keep the title when previews are hidden.
    case hiddenPreviewsShowTitle
    /// `.hiddenPreviewsShowSubtitle` (1 << 3, iOS 11): keep the subtitle when previews are hidden.
    case hiddenPreviewsShowSubtitle
    /// `.allowAnnouncement` (1 << 4, iOS 13): deprecated in iOS 15, which ignores it.
    case allowAnnouncement

    /// Apple's raw bit value.
    public var bit: Int {
        switch self {
        case .customDismissAction: 1
        case .allowInCarPlay: 2
        case .hiddenPreviewsShowTitle: 4
        case .hiddenPreviewsShowSubtitle: 8
        case .allowAnnouncement: 16
        }
    }

    /// Whether Apple has deprecated the option.
    public var isDeprecated: Bool { self == .allowAnnouncement }

    public static func < (lhs: CategoryOption, rhs: CategoryOption) -> Bool { lhs.bit < rhs.bit }
}
