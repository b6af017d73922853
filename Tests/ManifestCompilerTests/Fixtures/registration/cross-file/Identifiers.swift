enum CategoryKind: String {
    case invitation
    case reminder = "daily-reminder"
}

enum ActionID: String, CaseIterable {
    case accept, decline = "DECLINE"
}

struct Constants {
    struct Notifications {
        static let snooze = "snooze"
        static let snoozeTitle = "Snooze"
    }
}

let globalSummaryFormat = "%u more invitations"
