import UserNotifications

/// Categories from enums: implicit and explicit raw values, computed titles, and a type with an
/// associated value that therefore has no synthesized allCases.
enum MessageKind: String, CaseIterable {
    case chat
    case group = "group.chat"
    case call

    var summary: String {
        switch self {
        case .chat, .group: "%u new messages"
        case .call: return "%u missed calls"
        }
    }
}

enum QuickAction: String, CaseIterable {
    case like
    case mute = "mute.thread"

    var title: String {
        switch self {
        case .like: NSLocalizedString("like.title", value: "Like", comment: "")
        case .mute: "Mute"
        }
    }

    var icon: UNNotificationActionIcon {
        .init(systemImageName: self == .like ? "heart" : "bell.slash")
    }
}

enum ServerKind {
    case promo
    case custom(String)

    var id: String {
        switch self {
        case .promo: "promo"
        case .custom(let name): name
        }
    }
}
