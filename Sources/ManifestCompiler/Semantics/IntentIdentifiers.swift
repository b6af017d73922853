// A category's `intentIdentifiers`: SiriKit matches them exactly, so the mistakes that leave one unmatched are
// reported (W313, W309). An app's own intents are named by their class names, which notifc cannot know, so only
// names that are clearly meant for one of the Intents framework's intents are questioned.

/// The Intents framework's system intents (iOS), by class name: each is also its intent identifier
/// (`INIntentIdentifiers.h`: "Identifier for INSendMessageIntent class").
enum SystemIntents {
    /// The classes the framework's umbrella header `INIntents.h` imports, with the restaurant reservation
    /// intents and those added since iOS 15.
    static let names: Set<String> = Set(
        [
            // Calls
            "SearchCallHistory", "StartAudioCall", "StartCall", "StartVideoCall", "AnswerCall", "HangUpCall",
            // CarPlay
            "ActivateCarSignal", "GetCarLockStatus", "GetCarPowerLevelStatus", "ListCars", "SaveProfileInCar",
            "SetAudioSourceInCar", "SetCarLockStatus", "SetClimateSettingsInCar", "SetDefrosterSettingsInCar",
            "SetProfileInCar", "SetSeatSettingsInCar", "SetRadioStation",
            // Workouts
            "CancelWorkout", "EndWorkout", "PauseWorkout", "ResumeWorkout", "StartWorkout",
            // Focus, media
            "ShareFocusStatus", "AddMedia", "PlayMedia", "SearchForMedia", "UpdateMediaAffinity",
            // Messages
            "SearchForMessages", "SendMessage", "SetMessageAttribute", "EditMessage", "UnsendMessages",
            // Lists and notes
            "AddTasks", "AppendToNote", "CreateNote", "CreateTaskList", "DeleteTasks", "SearchForNotebookItems",
            "SetTaskAttribute", "SnoozeTasks",
            // Payments
            "PayBill", "RequestPayment", "SearchForAccounts", "SearchForBills", "SendPayment", "TransferMoney",
            // Photos, reservations, rides, visual codes
            "SearchForPhotos", "StartPhotoPlayback", "GetReservationDetails", "GetRideStatus", "ListRideOptions",
            "RequestRide", "CancelRide", "SendRideFeedback", "GetVisualCode",
            // Restaurants
            "BookRestaurantReservation", "GetAvailableRestaurantReservationBookings",
            "GetAvailableRestaurantReservationBookingDefaults", "GetRestaurantGuest",
            "GetUserCurrentRestaurantReservationBookings",
        ].map { "IN\($0)Intent" })

    /// Reports the entries of one `intentIdentifiers` list that SiriKit would not match: an empty one, one with
    /// whitespace at an end, the name of an `IN…IntentIdentifier` constant instead of its value, and one that is
    /// a near miss of a system intent's name (written with Apple's `IN` prefix, or differing only in case).
    static func check(_ identifiers: [Located<String>], into diagnostics: inout DiagnosticBag) {
        for identifier in identifiers where !names.contains(identifier.value) {
            if let diagnostic = problem(identifier.value, at: identifier.range) { diagnostics.append(diagnostic) }
        }
    }

    private static func problem(_ text: String, at range: SourceRange) -> Diagnostic? {
        if text.isEmpty {
            return Diagnostic(
                .unknownIntent, "intent identifier is empty", at: range,
                help: ["an empty identifier names no intent; remove it"])
        }
        if text.hasEdgeWhitespace {
            let trimmed = text.withoutEdgeWhitespace
            return Diagnostic(
                .identifierWhitespace,
                "intent identifier \(StringEscapes.literal(text)) has leading or trailing whitespace", at: range,
                help: ["identifiers are matched exactly; SiriKit would not match the trimmed name"]
            ).suggesting(names.contains(trimmed) ? trimmed : nil)
        }
        let intent = String(text.dropLast("Identifier".count))
        if text.hasSuffix("IntentIdentifier"), names.contains(intent) {
            return Diagnostic(
                .unknownIntent, "'\(text)' is the name of the Intents constant, not an intent identifier", at: range,
                help: ["the constant's value is the intent's class name"]
            ).suggesting(intent)
        }
        guard let near = NameSuggester.suggestion(for: text, among: names.sorted()),
            text.hasPrefix("IN") || near.lowercased() == text.lowercased()
        else { return nil }
        return Diagnostic(
            .unknownIntent, "'\(text)' is not an intent of the Intents framework", at: range,
            help: ["SiriKit matches intent identifiers exactly"]
        ).suggesting(near)
    }
}
