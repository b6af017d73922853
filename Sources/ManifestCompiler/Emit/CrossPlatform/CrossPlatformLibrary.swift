// The Flutter and React Native libraries notifc writes registration code for, and what each cannot express.

/// A library that registers iOS notification categories from Dart or TypeScript (`--emit flutter,notifee,expo`).
public enum CrossPlatformLibrary: String, CaseIterable, Sendable {
    /// flutter_local_notifications 21–22 (Dart).
    case flutter
    /// @notifee/react-native 3.x–9.x (TypeScript).
    case notifee
    /// expo-notifications 0.30 and later (TypeScript).
    case expo

    /// The package's name, as messages and generated comments say it.
    public var packageName: String {
        switch self {
        case .flutter: "flutter_local_notifications"
        case .notifee: "@notifee/react-native"
        case .expo: "expo-notifications"
        }
    }

    /// The `--emit` format that writes this library's file.
    public var format: EmitFormat {
        switch self {
        case .flutter: .flutter
        case .notifee: .notifee
        case .expo: .expo
        }
    }

    /// The library that `format` writes for, if any.
    public init?(_ format: EmitFormat) {
        switch format {
        case .flutter: self = .flutter
        case .notifee: self = .notifee
        case .expo: self = .expo
        default: return nil
        }
    }
}

/// One value of a manifest that a library's registration code cannot carry (or, for Notifee's
/// `customDismissAction`, cannot leave out).
public struct CrossPlatformOmission: Hashable, Sendable {
    /// What the value belongs to: an action or a category, by its position in the manifest.
    public enum Subject: Hashable, Sendable {
        case action(Int)
        case category(Int)
    }

    /// The value.
    public enum Field: Hashable, Sendable {
        /// The action's icon (no library has one).
        case icon
        /// Intent identifiers the library cannot pass (all of them on Flutter; those outside Notifee's list).
        case intentIdentifiers([String])
        /// `hiddenPreviewsBodyPlaceholder` (Flutter).
        case hiddenPreviewsBodyPlaceholder
        /// `categorySummaryFormat` (Flutter).
        case categorySummaryFormat
        /// The `allowAnnouncement` option (expo-notifications accepts and ignores it).
        case allowAnnouncement
        /// A category without `customDismissAction`, which Notifee sets on every category anyway.
        case customDismissActionForced
        /// A category identifier with `:` or `-`, which expo-notifications asks apps not to use (Expo Go
        /// prefixes category identifiers with a scope); registered as it is.
        case discouragedIdentifier
        /// A category without actions, which expo-notifications rejects on Android ("Must provide at least one
        /// action"); registered on iOS only.
        case iOSOnlyWithoutActions
    }

    public let subject: Subject
    public let field: Field
}

extension CrossPlatformLibrary {
    /// What this library's code leaves out of (or adds to) the given declarations, in manifest order: actions
    /// first, then categories. Works on the checked declarations of a manifest that still has errors too.
    public func omissions(actions: [Action], categories: [Category]) -> [CrossPlatformOmission] {
        var omissions: [CrossPlatformOmission] = []
        for (index, action) in actions.enumerated() where action.icon != nil {
            omissions.append(CrossPlatformOmission(subject: .action(index), field: .icon))
        }
        for (index, category) in categories.enumerated() {
            let subject = CrossPlatformOmission.Subject.category(index)
            var fields: [CrossPlatformOmission.Field] = []
            switch self {
            case .flutter:
                if !category.intentIdentifiers.isEmpty { fields.append(.intentIdentifiers(category.intentIdentifiers)) }
                // `""` is what iOS reads when neither is given, so leaving one out loses nothing.
                if category.hiddenPreviewsBodyPlaceholder?.isEmpty == false { fields.append(.hiddenPreviewsBodyPlaceholder) }
                if category.categorySummaryFormat?.isEmpty == false { fields.append(.categorySummaryFormat) }
            case .notifee:
                let unsupported = category.intentIdentifiers.filter { NotifeeIntent.member(for: $0) == nil }
                if !unsupported.isEmpty { fields.append(.intentIdentifiers(unsupported)) }
                if !category.options.contains(.customDismissAction) { fields.append(.customDismissActionForced) }
            case .expo:
                if category.options.contains(.allowAnnouncement) { fields.append(.allowAnnouncement) }
                if category.identifier.unicodeScalars.contains(where: { $0 == ":" || $0 == "-" }) {
                    fields.append(.discouragedIdentifier)
                }
                if category.actions.isEmpty { fields.append(.iOSOnlyWithoutActions) }
            }
            omissions += fields.map { CrossPlatformOmission(subject: subject, field: $0) }
        }
        return omissions
    }

    /// The omissions of `manifest`, each as one line for the generated file's header comment (plain text; the
    /// emitter escapes it for a comment).
    func omissionLines(_ manifest: Manifest) -> [String] {
        omissions(actions: manifest.actions, categories: manifest.categories).map { omission in
            let owner: String
            switch omission.subject {
            case .action(let index): owner = "action '\(manifest.actions[index].identifier)'"
            case .category(let index): owner = "category '\(manifest.categories[index].identifier)'"
            }
            return "\(owner): \(description(of: omission.field))"
        }
    }

    /// What happens to `field` in this library's code, for messages and comments.
    public func description(of field: CrossPlatformOmission.Field) -> String {
        switch field {
        case .icon: "icon left out (\(packageName) has no action icons)"
        case .intentIdentifiers(let identifiers):
            "intentIdentifiers " + identifiers.map { "'\($0)'" }.joined(separator: ", ")
                + (self == .notifee ? " left out (not in IOSIntentIdentifier)" : " left out (\(packageName) registers none)")
        case .hiddenPreviewsBodyPlaceholder: "hiddenPreviewsBodyPlaceholder left out (\(packageName) has no field for it)"
        case .categorySummaryFormat: "categorySummaryFormat left out (\(packageName) has no field for it)"
        case .allowAnnouncement: "option allowAnnouncement left out (\(packageName) ignores it)"
        case .customDismissActionForced: "customDismissAction is set anyway (\(packageName) sets it on every category)"
        case .discouragedIdentifier: "identifier has ':' or '-', which \(packageName) asks apps not to use"
        case .iOSOnlyWithoutActions:
            "registered on iOS only (\(packageName) rejects a category without actions on Android, and the categories after it would not be registered)"
        }
    }
}

/// Notifee's `IOSIntentIdentifier`: a numeric enum of the SiriKit intents Notifee passes to iOS.
enum NotifeeIntent {
    /// Each member with the intent identifier iOS uses (the `IN…IntentIdentifier` constant's value), in the
    /// enum's order (member `n` has the value `n`).
    static let members: [(member: String, intent: String)] = [
        ("START_AUDIO_CALL", "INStartAudioCallIntent"), ("START_VIDEO_CALL", "INStartVideoCallIntent"),
        ("SEARCH_CALL_HISTORY", "INSearchCallHistoryIntent"), ("SET_AUDIO_SOURCE_IN_CAR", "INSetAudioSourceInCarIntent"),
        ("SET_CLIMATE_SETTINGS_IN_CAR", "INSetClimateSettingsInCarIntent"),
        ("SET_DEFROSTER_SETTINGS_IN_CAR", "INSetDefrosterSettingsInCarIntent"),
        ("SET_SEAT_SETTINGS_IN_CAR", "INSetSeatSettingsInCarIntent"), ("SET_PROFILE_IN_CAR", "INSetProfileInCarIntent"),
        ("SAVE_PROFILE_IN_CAR", "INSaveProfileInCarIntent"), ("START_WORKOUT", "INStartWorkoutIntent"),
        ("PAUSE_WORKOUT", "INPauseWorkoutIntent"), ("END_WORKOUT", "INEndWorkoutIntent"),
        ("CANCEL_WORKOUT", "INCancelWorkoutIntent"), ("RESUME_WORKOUT", "INResumeWorkoutIntent"),
        ("SET_RADIO_STATION", "INSetRadioStationIntent"), ("SEND_MESSAGE", "INSendMessageIntent"),
        ("SEARCH_FOR_MESSAGES", "INSearchForMessagesIntent"), ("SET_MESSAGE_ATTRIBUTE", "INSetMessageAttributeIntent"),
        ("SEND_PAYMENT", "INSendPaymentIntent"), ("REQUEST_PAYMENT", "INRequestPaymentIntent"),
        ("SEARCH_FOR_PHOTOS", "INSearchForPhotosIntent"), ("START_PHOTO_PLAYBACK", "INStartPhotoPlaybackIntent"),
        ("LIST_RIDE_OPTIONS", "INListRideOptionsIntent"), ("REQUEST_RIDE", "INRequestRideIntent"),
        ("GET_RIDE_STATUS", "INGetRideStatusIntent"),
    ]

    /// The member for intent identifier `intent`, or `nil` when Notifee has none.
    static func member(for intent: String) -> String? {
        members.first { $0.intent.utf8.elementsEqual(intent.utf8) }?.member
    }
}

/// An emitter of one Flutter or React Native source file: `emit` and `source` come from its `contents`.
public protocol CrossPlatformEmitter: Emitter {
    /// The output's file name.
    static var fileName: String { get }
    /// The file's bytes.
    func contents(_ manifest: Manifest) -> [UInt8]
}

extension CrossPlatformEmitter {
    public func emit(_ manifest: Manifest) -> [EmittedFile] {
        [EmittedFile(path: Self.fileName, contents: contents(manifest))]
    }

    /// The file's text.
    public func source(_ manifest: Manifest) -> String {
        String(decoding: contents(manifest), as: UTF8.self)
    }
}
