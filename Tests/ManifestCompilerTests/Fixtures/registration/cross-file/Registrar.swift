import UserNotifications

final class Registrar {
    private static var accept: UNNotificationAction {
        UNNotificationAction(identifier: ActionID.accept.rawValue, title: String(localized: "Accept"),
                             options: UNNotificationActionOptions.foreground,
                             icon: UNNotificationActionIcon(systemImageName: "checkmark"))
    }

    func register(server: [String]) {
        let decline = UNNotificationAction(identifier: .decline.rawValue, title: "Decline", options: [.destructive])
        let snooze = UNNotificationAction(identifier: Constants.Notifications.snooze,
                                          title: Constants.Notifications.snoozeTitle, options: [])
        let unused = UNNotificationAction(identifier: "unused", title: "", options: [])
        let invitation = UNNotificationCategory(identifier: CategoryKind.invitation.rawValue,
                                                actions: [Self.accept, decline, snooze],
                                                intentIdentifiers: [],
                                                hiddenPreviewsBodyPlaceholder: "",
                                                categorySummaryFormat: globalSummaryFormat,
                                                options: UNNotificationCategoryOptions(rawValue: 0))
        let reminder = UNNotificationCategory(identifier: CategoryKind.reminder.rawValue,
                                              actions: [snooze, decline],
                                              intentIdentifiers: ["INSendMessageIntent"],
                                              options: [])
        let fromServer = server.map { UNNotificationCategory(identifier: $0, actions: [], intentIdentifiers: [], options: []) }
        UNUserNotificationCenter.current().setNotificationCategories(Set([invitation, reminder] + fromServer))
    }
}
