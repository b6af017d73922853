// Where each part of a checked manifest was written: what diagnostics (and editors) point at.

/// Where one entry of a declaration was written.
public struct EntryLocation: Sendable, Hashable {
    /// The key.
    public var key: ManifestKey
    /// Where the key was written.
    public var keyRange: SourceRange
    /// Where the value was written, when it has the type the key requires.
    public var value: SourceRange?
}

/// Where the parts of one declaration were written.
public struct DeclarationLocation: Sendable, Hashable {
    /// The whole declaration, from its kind's keyword to its closing brace.
    public var range: SourceRange
    /// The declaration's name.
    public var name: SourceRange
    /// Every key written once, in source order (a repeated or unknown key is reported and not listed; a misspelt
    /// key read as its correction is listed as that key, at the misspelling).
    public var entries: [EntryLocation] = []
    /// Where each name of the `actions` (category) or `categories` (content extension) list was written, in the
    /// order of the model's list.
    public var listItems: [SourceRange] = []
    /// Where each option was written, in the order of the model's options (Apple's bit order).
    public var options: [SourceRange] = []

    /// Where the value of `key` was written, when it has the type the key requires.
    public func value(of key: ManifestKey) -> SourceRange? {
        entries.first { $0.key == key }?.value
    }

    /// Whether `key` was written, with a valid value or not.
    public func wrote(_ key: ManifestKey) -> Bool {
        entries.contains { $0.key == key }
    }
}

/// Where every declaration of a manifest was written: one ``DeclarationLocation`` for each action, category and
/// extension, at the same positions as in the ``Manifest``.
public struct SourceMap: Sendable, Hashable {
    public var actions: [DeclarationLocation] = []
    public var categories: [DeclarationLocation] = []
    public var extensions: [DeclarationLocation] = []
    public var localizations: [DeclarationLocation] = []

    /// An empty map.
    public init() {}
}
