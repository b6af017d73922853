// The APNs payload keys notifc knows: which dictionary each belongs to, its documented type, and other names for it.

/// What the value of a documented payload key must be (Apple, "Generating a remote notification", Tables 1–3).
enum PayloadValueKind: Equatable, Sendable {
    /// A string.
    case string
    /// A number.
    case number
    /// The number 1 to switch a behaviour on (0 leaves it off).
    case flag
    /// A number within 0…1.
    case unitInterval
    /// A number within 0…1, except in Live Activity updates, where any number is allowed.
    case relevanceScore
    /// An array of strings.
    case stringArray
    /// A dictionary whose contents are the app's own (Live Activity `content-state` and `attributes`).
    case object
    /// A string, or a dictionary (a Live Activity alert's localized `title` and `body`).
    case stringOrDictionary
    /// One of a fixed set of strings.
    case oneOf([String])
    /// A string (the body) or an alert dictionary.
    case alert
    /// A string (a sound name) or a critical-sound dictionary.
    case sound
    /// Known (legacy, Safari or Live Activity detail) but not type-checked.
    case unchecked
}

/// Another name people write for a documented key, and where that name comes from.
struct PayloadKeyAlias: Sendable {
    /// The name written in the payload (`categoryIdentifier`).
    let name: String
    /// Where the name comes from, for the help line: "'categoryIdentifier' is <origin>".
    let origin: String
}

/// One documented key of an APNs dictionary.
struct PayloadKey: Sendable {
    /// The key as APNs spells it.
    let name: String
    /// The type Apple documents for its value.
    let kind: PayloadValueKind
    /// Names from other APIs that people write instead (spellings that differ only in case, `-` and `_` are
    /// recognised without being listed).
    let aliases: [PayloadKeyAlias]
    /// The folded forms (see ``fold(_:)``) of the name and the aliases.
    private let foldedSpellings: Set<String>

    /// Creates a key.
    init(name: String, kind: PayloadValueKind, aliases: [PayloadKeyAlias] = []) {
        self.name = name
        self.kind = kind
        self.aliases = aliases
        foldedSpellings = Set([Self.fold(name)] + aliases.map { Self.fold($0.name) })
    }

    /// Whether `candidate`, whose folded form is `folded`, is another spelling of this key: the same
    /// letters once case, `-` and `_` are ignored (`mutableContent`, `mutable_content`), or a listed alias.
    func isSpelled(as candidate: String, folded: String) -> Bool {
        candidate != name && foldedSpellings.contains(folded)
    }

    /// The listed alias written exactly as `candidate`, if any (for its origin).
    func alias(named candidate: String) -> PayloadKeyAlias? {
        aliases.first { $0.name == candidate }
    }

    /// Lowercased, without `-`, `_` and spaces: the form in which spellings are compared.
    static func fold(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " }.map(Character.init))
    }
}

/// The dictionaries of a payload whose keys Apple documents.
enum PayloadDictionary: Sendable {
    case aps
    case alert
    case sound

    /// The dictionary's key, as messages name it.
    var name: String {
        switch self {
        case .aps: "aps"
        case .alert: "alert"
        case .sound: "sound"
        }
    }

    /// What messages put before a key of this dictionary: nothing for `aps` (`'badge'`), the dictionary
    /// for the nested ones (`'alert.title'`, `'sound.volume'`).
    var keyPrefix: String {
        self == .aps ? "" : name + "."
    }

    /// The documented keys, in Apple's table order.
    func keys(liveActivity: Bool) -> [PayloadKey] {
        switch self {
        case .aps: PayloadSchema.apsKeys
        case .alert: liveActivity ? PayloadSchema.liveActivityAlertKeys : PayloadSchema.alertKeys
        case .sound: PayloadSchema.soundKeys
        }
    }

    /// The documented key `name`, if any.
    func key(_ name: String, liveActivity: Bool) -> PayloadKey? {
        keys(liveActivity: liveActivity).first { $0.name == name }
    }
}

/// The tables. Sources are cited in `docs/check-payload.md`.
enum PayloadSchema {
    private static let contentProperty = "the UNNotificationContent property's name, not the payload key"

    private static func firebaseField(_ key: String) -> String {
        "a Firebase field; Firebase writes it to APNs as '\(key)'"
    }

    /// Table 1 of "Generating a remote notification", plus Safari's `url-args` and the iOS 18 Live Activity
    /// `input-push-token` and `input-push-channel` keys.
    static let apsKeys: [PayloadKey] = [
        PayloadKey(name: "alert", kind: .alert),
        PayloadKey(name: "badge", kind: .number),
        PayloadKey(name: "sound", kind: .sound),
        PayloadKey(
            name: "thread-id", kind: .string,
            aliases: [PayloadKeyAlias(name: "threadIdentifier", origin: contentProperty)]),
        PayloadKey(
            name: "category", kind: .string,
            aliases: [
                PayloadKeyAlias(name: "categoryIdentifier", origin: contentProperty),
                PayloadKeyAlias(name: "click_action", origin: firebaseField("category")),
                PayloadKeyAlias(
                    name: "categoryId", origin: "an Expo push-service field; Expo writes it to APNs as 'category'"),
            ]),
        PayloadKey(name: "content-available", kind: .flag),
        PayloadKey(name: "mutable-content", kind: .flag),
        PayloadKey(
            name: "target-content-id", kind: .string,
            aliases: [PayloadKeyAlias(name: "targetContentIdentifier", origin: contentProperty)]),
        PayloadKey(name: "interruption-level", kind: .oneOf(interruptionLevels)),
        PayloadKey(name: "relevance-score", kind: .relevanceScore),
        PayloadKey(name: "filter-criteria", kind: .string),
        PayloadKey(name: "stale-date", kind: .number),
        PayloadKey(name: "content-state", kind: .object),
        PayloadKey(name: "timestamp", kind: .number),
        PayloadKey(name: "event", kind: .oneOf(["start", "update", "end"])),
        PayloadKey(name: "dismissal-date", kind: .number),
        PayloadKey(name: "attributes-type", kind: .string),
        PayloadKey(name: "attributes", kind: .object),
        PayloadKey(name: "input-push-token", kind: .flag),
        PayloadKey(name: "input-push-channel", kind: .string),
        PayloadKey(name: "url-args", kind: .unchecked),
    ]

    /// Table 2, plus the legacy `action-loc-key`, Safari's `action` and iOS 12's `summary-arg` keys.
    static let alertKeys: [PayloadKey] = [
        PayloadKey(name: "title", kind: .string),
        PayloadKey(name: "subtitle", kind: .string),
        PayloadKey(name: "body", kind: .string),
        PayloadKey(name: "launch-image", kind: .string),
        PayloadKey(name: "title-loc-key", kind: .string),
        PayloadKey(name: "title-loc-args", kind: .stringArray),
        PayloadKey(name: "subtitle-loc-key", kind: .string),
        PayloadKey(name: "subtitle-loc-args", kind: .stringArray),
        PayloadKey(
            name: "loc-key", kind: .string,
            aliases: [PayloadKeyAlias(name: "body_loc_key", origin: firebaseField("loc-key"))]),
        PayloadKey(
            name: "loc-args", kind: .stringArray,
            aliases: [PayloadKeyAlias(name: "body_loc_args", origin: firebaseField("loc-args"))]),
        PayloadKey(
            name: "summary-arg", kind: .string,
            aliases: [PayloadKeyAlias(name: "summaryArgument", origin: contentProperty)]),
        PayloadKey(
            name: "summary-arg-count", kind: .number,
            aliases: [PayloadKeyAlias(name: "summaryArgumentCount", origin: contentProperty)]),
        PayloadKey(name: "action-loc-key", kind: .unchecked),
        PayloadKey(name: "action", kind: .unchecked),
    ]

    /// A Live Activity alert: its `title` and `body` may be localization dictionaries (`loc-key`, `loc-args`),
    /// and it names its `sound` inside `alert` ("Starting and updating Live Activities with ActivityKit push
    /// notifications").
    static let liveActivityAlertKeys: [PayloadKey] =
        alertKeys.map { key in
            ["title", "subtitle", "body"].contains(key.name) ? PayloadKey(name: key.name, kind: .stringOrDictionary) : key
        }
        + [PayloadKey(name: "sound", kind: .string)]

    /// Table 3: the critical-alert sound dictionary.
    static let soundKeys: [PayloadKey] = [
        PayloadKey(name: "critical", kind: .flag),
        PayloadKey(name: "name", kind: .string),
        PayloadKey(name: "volume", kind: .unitInterval),
    ]

    /// `UNNotificationInterruptionLevel`'s payload values.
    static let interruptionLevels = ["passive", "active", "time-sensitive", "critical"]

    /// The `aps` keys that are checked when written at the top level of the payload, where iOS treats
    /// them as custom data. Only the keys a notification is built from, and only names that are unlikely
    /// to be an app's own data.
    static let keysCheckedOutsideAps: [String] = [
        "alert", "badge", "sound", "category", "thread-id", "content-available", "mutable-content",
        "interruption-level", "relevance-score", "target-content-id", "filter-criteria",
    ]

    /// Other spellings checked at the top level: each with the `aps` key it stands for.
    static let aliasesCheckedOutsideAps: [(alias: String, key: String)] = [
        ("categoryIdentifier", "category"), ("click_action", "category"), ("threadIdentifier", "thread-id"),
        ("mutableContent", "mutable-content"), ("mutable_content", "mutable-content"),
        ("contentAvailable", "content-available"), ("content_available", "content-available"),
    ]

    /// The APNs key that `key`, written beside `aps`, was meant to be: itself or the key an alias names (E517);
    /// `nil` for the app's own data.
    static func apsKey(writtenOutsideAps key: String) -> String? {
        keysCheckedOutsideAps.contains(key) ? key : aliasesCheckedOutsideAps.first { $0.alias == key }?.key
    }

    /// The `alert` keys that make a notification display something.
    static let displayedAlertKeys = ["title", "subtitle", "body", "title-loc-key", "subtitle-loc-key", "loc-key"]

    /// The `aps` keys that only Live Activity pushes carry.
    static let liveActivityMarkers = ["event", "content-state"]
}
