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

    /// ``names`` in a fixed order, so that of two equally near names the suggestion is always the same one.
    private static let orderedNames = names.sorted()

    /// The Intents framework's `IN…IntentIdentifier` constants, each the name of its intent class
    /// (`INIntentIdentifiers.h`: "Identifier for INSendMessageIntent class"), by constant.
    static let identifierConstants: [String: String] = Dictionary(
        uniqueKeysWithValues: [
            "StartAudioCall", "StartVideoCall", "SearchCallHistory", "StartCall", "AnswerCall", "HangUpCall",
            "SetAudioSourceInCar", "SetClimateSettingsInCar", "SetDefrosterSettingsInCar", "SetSeatSettingsInCar",
            "SetProfileInCar", "SaveProfileInCar", "StartWorkout", "PauseWorkout", "EndWorkout", "CancelWorkout",
            "ResumeWorkout", "SetRadioStation", "SendMessage", "SearchForMessages", "SetMessageAttribute",
            "SendPayment", "RequestPayment", "SearchForPhotos", "StartPhotoPlayback", "ListRideOptions",
            "RequestRide", "GetRideStatus",
        ].map { ("IN\($0)IntentIdentifier", "IN\($0)Intent") })

    /// Reports the entries of one `intentIdentifiers` list that SiriKit would not match: an empty or blank one,
    /// one with whitespace at an end (W309), and one clearly meant for a system intent (W313): the name of an
    /// `IN…IntentIdentifier` constant instead of its value, or a near miss of a system intent's name.
    static func check(_ identifiers: [Located<String>], into diagnostics: inout DiagnosticBag) {
        for identifier in identifiers where !names.contains(identifier.value) {
            if let diagnostic = problem(identifier.value, at: identifier.range) { diagnostics.append(diagnostic) }
        }
    }

    /// What ``check(_:into:)`` tells to write instead of `text` when it reports it: the intent meant, or `""` for a
    /// blank one (remove it); `nil` when it does not report `text`.
    static func correction(of text: String) -> String? {
        guard !names.contains(text) else { return nil }
        if text.isBlank { return "" }
        if text.hasEdgeWhitespace { return intended(by: text.withoutEdgeWhitespace) ?? text.withoutEdgeWhitespace }
        return intended(by: text)
    }

    private static func problem(_ text: String, at range: SourceRange) -> Diagnostic? {
        if text.isBlank {
            return Diagnostic(
                .unknownIntent,
                text.isEmpty ? "intent identifier is empty" : "intent identifier \(StringEscapes.literal(text)) is blank",
                at: range, help: ["it names no intent; remove it"])
        }
        if text.hasEdgeWhitespace {
            return Diagnostic(
                .identifierWhitespace,
                "intent identifier \(StringEscapes.literal(text)) has leading or trailing whitespace", at: range,
                help: ["identifiers are matched exactly; SiriKit would not match the trimmed name"]
            ).suggesting(intended(by: text.withoutEdgeWhitespace))
        }
        guard let intent = intended(by: text) else { return nil }
        if identifierConstants[String(text.dropFirst(text.hasPrefix("Intents.") ? "Intents.".count : 0))] != nil {
            return Diagnostic(
                .unknownIntent, "'\(text)' is the name of the Intents constant, not its value", at: range,
                help: ["the constant's value is the intent's class name"]
            ).suggesting(intent)
        }
        return Diagnostic(
            .unknownIntent, "'\(text)' is not an intent of the Intents framework", at: range,
            help: ["intent identifiers are intent class names, which SiriKit matches exactly"]
        ).suggesting(intent)
    }

    /// The system intent `text` names or was clearly meant to name: the same name with the module, the
    /// `Identifier` of a constant or the `Intent` suffix added or removed, or a near miss of it written with Apple's
    /// `IN` prefix (another name may be one of the app's own intents) or differing only in case.
    private static func intended(by text: String) -> String? {
        var name = Substring(text)
        if name.hasPrefix("Intents.") { name = name.dropFirst("Intents.".count) }
        if name.lowercased().hasSuffix("identifier") { name = name.dropLast("Identifier".count) }
        let candidate = name.lowercased().hasSuffix("intent") ? String(name) : name + "Intent"
        if names.contains(candidate) { return candidate }
        guard let near = NameSuggester.suggestion(for: candidate, among: orderedNames),
            candidate.hasPrefix("IN") || near.lowercased() == candidate.lowercased()
        else { return nil }
        return near
    }
}
