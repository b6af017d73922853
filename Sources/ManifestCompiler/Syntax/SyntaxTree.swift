// The syntax tree of one manifest file, exactly as written: every node carries its byte range.

/// The five kinds of top-level declaration, spelled as in the language.
public enum DeclarationKind: String, CaseIterable, Sendable {
    case action
    case textInputAction
    case category
    case contentExtension
    case serviceExtension

    /// How the kind is named in messages ("text-input action").
    public var displayName: String {
        switch self {
        case .action: "action"
        case .textInputAction: "text-input action"
        case .category: "category"
        case .contentExtension: "content extension"
        case .serviceExtension: "service extension"
        }
    }

    /// Whether declarations of this kind are actions (plain or text-input).
    public var isAction: Bool { self == .action || self == .textInputAction }

    /// Whether declarations of this kind are app extensions.
    public var isExtension: Bool { self == .contentExtension || self == .serviceExtension }
}

/// A declaration's name or an entry's key: a plain word, or a quoted string for identifiers that
/// are not plain words (`"com.example.invite"`).
public struct NameSyntax: Sendable, Hashable {
    /// The name's text (decoded, for quoted names).
    public var text: String
    /// Where it was written, quotes included.
    public var range: SourceRange
    /// Whether it was written as a quoted string.
    public var isQuoted: Bool
    /// For a plain word: the language keyword it spells, if any (keys are matched by it, not by text).
    var keyword: Keyword?

    /// Creates a name.
    public init(text: String, range: SourceRange, isQuoted: Bool) {
        self.init(text: text, range: range, isQuoted: isQuoted, keyword: nil)
    }

    init(text: String, range: SourceRange, isQuoted: Bool, keyword: Keyword?) {
        self.text = text
        self.range = range
        self.isQuoted = isQuoted
        self.keyword = keyword
    }
}

/// A value as written: its shape is checked against the key's expected type by the validator.
public struct ValueSyntax: Sendable {
    /// The shapes a value can take.
    public enum Kind: Sendable {
        /// A string literal, decoded.
        case string(String)
        /// A number literal (`-inf`, `-infinity` and `-nan` included).
        case number(Double)
        /// A bare word: a reference, `true`/`false`, an option, or `nan`/`inf`.
        case word(String)
        /// `[a, b, c]`.
        case list([ValueSyntax])
        /// `systemImage("bell")`.
        case call(NameSyntax, [ValueSyntax])
    }

    /// The value's shape and content.
    public var kind: Kind
    /// Where it was written.
    public var range: SourceRange
    /// For a bare word: the language keyword it spells, if any (options and `true`/`false` are matched by it).
    var keyword: Keyword?

    /// Creates a value.
    public init(_ kind: Kind, range: SourceRange) {
        self.init(kind, range: range, keyword: nil)
    }

    init(_ kind: Kind, range: SourceRange, keyword: Keyword?) {
        self.kind = kind
        self.range = range
        self.keyword = keyword
    }
}

/// One `key: value` line of a declaration body.
public struct EntrySyntax: Sendable {
    /// The key.
    public var key: NameSyntax
    /// The value, or `nil` when it was missing (already reported by the parser).
    public var value: ValueSyntax?
    /// The whole entry.
    public var range: SourceRange
}

/// `kind name { entries }`.
public struct DeclarationSyntax: Sendable {
    /// The declaration kind and where its keyword was written.
    public var kind: Located<DeclarationKind>
    /// The name, or `nil` when it was missing (already reported by the parser).
    public var name: NameSyntax?
    /// The entries in source order.
    public var entries: [EntrySyntax]
    /// From the keyword to the closing brace.
    public var range: SourceRange
}

/// The parse of one file: its declarations in order, and its comments for the formatter.
public struct SyntaxTree: Sendable {
    /// The file that was parsed.
    public var file: SourceFileID
    /// Every declaration that could be recovered, in source order.
    public var declarations: [DeclarationSyntax]
    /// The range of every `//` comment, in source order.
    public var comments: [SourceRange]
}
