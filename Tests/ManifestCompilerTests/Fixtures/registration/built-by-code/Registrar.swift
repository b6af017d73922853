import UserNotifications

struct Registrar {
    static func quickActions() -> [UNNotificationAction] {
        QuickAction.allCases.map { action in
            UNNotificationAction(identifier: action.rawValue, title: action.title, options: [], icon: action.icon)
        }
    }

    static func reply(_ placeholder: String = "Message") -> UNTextInputNotificationAction {
        UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: placeholder)
    }

    private static func category(for kind: MessageKind) -> UNNotificationCategory? {
        guard kind != .call else { return nil }
        return UNNotificationCategory(
            identifier: kind.rawValue,
            actions: kind == .chat ? [reply()] + quickActions() : quickActions(),
            intentIdentifiers: [],
            hiddenPreviewsBodyPlaceholder: nil,
            categorySummaryFormat: kind.summary,
            options: [.customDismissAction]
        )
    }

    static func register(center: UNUserNotificationCenter) {
        let messages = MessageKind.allCases.compactMap(category(for:))
        // Not run: ServerKind has an associated value, and the loop is not run either.
        let server = ServerKind.allCases.map { UNNotificationCategory(identifier: $0.id, actions: [], intentIdentifiers: [], options: []) }
        let calls = MessageKind.allCases.map { kind -> UNNotificationCategory in
            for _ in 0..<1 {}
            return UNNotificationCategory(identifier: kind.rawValue + ".call", actions: [], intentIdentifiers: [], options: [])
        }
        center.setNotificationCategories(Set(messages + server + calls))
    }
}
