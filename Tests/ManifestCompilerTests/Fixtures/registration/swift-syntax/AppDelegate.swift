import UserNotifications

/* A block comment /* nested */ that still hides
   UNNotificationCategory(identifier: "commented", actions: [], intentIdentifiers: [], options: [])
*/
// UNNotificationCategory(identifier: "alsoCommented", actions: [], intentIdentifiers: [], options: [])

let banner = """
    UNNotificationCategory(identifier: "inString", actions: [], intentIdentifiers: [], options: [])
    """

func register(name: String) {
    let reply = UNTextInputNotificationAction(
        identifier: #"reply"#, // a raw string
        title: "Say \"hi\"",
        options: [],
        textInputButtonTitle: """
            Send
            """,
        textInputPlaceholder: "Type…\u{1F600}")
    let open = UNNotificationAction(identifier: "open", title: NSLocalizedString("Open", comment: "button"), options: .foreground)
    #if DEBUG
    let debug = UNNotificationCategory(identifier: "debug", actions: [open], intentIdentifiers: [], options: [])
    #else
    let debug = UNNotificationCategory(identifier: "release", actions: [open, reply], intentIdentifiers: [],
                                       options: [.customDismissAction, .hiddenPreviewsShowTitle])
    #endif
    let personal = UNNotificationCategory(identifier: "user.\(name)", actions: [], intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([debug, personal])
}
