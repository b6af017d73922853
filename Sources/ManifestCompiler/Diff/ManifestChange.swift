// One semantic difference between two manifests: where it is, what happened, how serious it is, the values.

/// How much a change can hurt what already shipped: apps, extensions and servers move on different schedules.
public enum ChangeClass: String, CaseIterable, Sendable, Comparable {
    /// Something the app, its extensions or the servers sending payloads rely on changes or disappears.
    case breaking
    /// The app or the system behaves differently, but nothing relied on disappears.
    case behavioral
    /// Only what the user reads or sees changes: titles, placeholders, icons, summary text.
    case cosmetic

    /// Breaking first.
    public static func < (lhs: ChangeClass, rhs: ChangeClass) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What happened at a path.
public enum ChangeKind: String, CaseIterable, Sendable {
    /// A declaration, a list element, an option or an optional value appeared.
    case added
    /// It disappeared.
    case removed
    /// A value was replaced by another.
    case changed
    /// A list kept its elements but not their order.
    case reordered
}

/// A value as a change reports it: the plain value, written in JSON as a string, number, boolean or array.
public indirect enum ChangeValue: Hashable, Sendable {
    /// Text: a title, a placeholder, a class name (shown quoted).
    case text(String)
    /// An identifier, an option or a declaration kind (shown bare when it is a plain word).
    case name(String)
    /// A number (the content size ratio).
    case number(Double)
    /// A boolean.
    case bool(Bool)
    /// An icon (shown and written as the manifest writes it: `systemImage("bell")`).
    case icon(ActionIcon)
    /// A list, in order.
    case list([ChangeValue])
}

/// What a change is about: a declaration, and optionally one of its properties.
public struct ChangePath: Hashable, Sendable, CustomStringConvertible {
    /// The three namespaces.
    public enum Entity: String, CaseIterable, Sendable {
        /// Categories, by identifier.
        case category
        /// Actions (plain and text-input), by identifier.
        case action
        /// Extensions (content and service), by name.
        case `extension`
        /// The strings table (the `localization` declaration), by table name.
        case localization
    }

    /// A property of a declaration: its kind (plain or text-input action; content or service extension), or a key.
    public enum Field: Hashable, Sendable {
        /// The declaration kind: `action` or `textInputAction`, `contentExtension` or `serviceExtension`.
        case kind
        /// The value of a key.
        case key(ManifestKey)

        /// The name used in paths: `kind`, or the key as the manifest writes it.
        public var name: String {
            switch self {
            case .kind: "kind"
            case .key(let key): key.rawValue
            }
        }
    }

    /// The namespace.
    public var entity: Entity
    /// The identifier (the extension's name for extensions).
    public var identifier: String
    /// The property, or `nil` when the declaration itself was added or removed.
    public var field: Field?

    /// Creates a path.
    public init(_ entity: Entity, _ identifier: String, _ field: Field? = nil) {
        self.entity = entity
        self.identifier = identifier
        self.field = field
    }

    /// `category[invitation].actions`: the identifier in brackets as it is, or as a string literal when it is
    /// empty or contains a bracket, a quote, a backslash or a control character.
    public var description: String {
        let base = "\(entity.rawValue)[\(Self.bracketed(identifier))]"
        return field.map { base + "." + $0.name } ?? base
    }

    private static func bracketed(_ identifier: String) -> String {
        let needsQuotes =
            identifier.isEmpty
            || identifier.unicodeScalars.contains { "[]\"\\".unicodeScalars.contains($0) || $0.value < 0x20 || $0.value == 0x7F }
        return needsQuotes ? StringEscapes.literal(identifier) : identifier
    }
}

/// One difference between an old and a new manifest.
public struct ManifestChange: Hashable, Sendable {
    /// Where.
    public var path: ChangePath
    /// What happened.
    public var kind: ChangeKind
    /// How serious it is.
    public var changeClass: ChangeClass
    /// The value before (`nil` for an addition).
    public var old: ChangeValue?
    /// The value after (`nil` for a removal).
    public var new: ChangeValue?
    /// A hint: "possibly renamed from 'X'", "moved to category[Y]".
    public var note: String?

    /// Creates a change.
    public init(
        _ path: ChangePath, _ kind: ChangeKind, _ changeClass: ChangeClass, old: ChangeValue? = nil,
        new: ChangeValue? = nil, note: String? = nil
    ) {
        self.path = path
        self.kind = kind
        self.changeClass = changeClass
        self.old = old
        self.new = new
        self.note = note
    }
}
