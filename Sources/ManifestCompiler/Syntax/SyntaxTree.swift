// The syntax tree of one manifest file, exactly as written: every node carries its byte range, and every
// comment is attached to the token it belongs to.

/// The five kinds of top-level declaration, spelled as in the language.
public enum DeclarationKind: String, CaseIterable, Sendable {
    case action
    case textInputAction
    case category
    case contentExtension
    case serviceExtension
    case localization

    /// How the kind is named in messages ("text-input action").
    public var displayName: String {
        switch self {
        case .action: "action"
        case .textInputAction: "text-input action"
        case .category: "category"
        case .contentExtension: "content extension"
        case .serviceExtension: "service extension"
        case .localization: "localization"
        }
    }

    /// Whether declarations of this kind are actions (plain or text-input).
    public var isAction: Bool { self == .action || self == .textInputAction }

    /// Whether declarations of this kind are app extensions.
    public var isExtension: Bool { self == .contentExtension || self == .serviceExtension }

}

/// A `//` comment on a line of its own.
public struct Comment: Sendable, Hashable {
    /// The comment from `//` to the end of its line, without trailing whitespace.
    public var text: String
    /// Whether a blank line separates it from the token or comment before it.
    public var followsBlankLine: Bool

    /// Creates a comment.
    public init(_ text: String, followsBlankLine: Bool = false) {
        self.text = text
        self.followsBlankLine = followsBlankLine
    }
}

/// The comments attached to one token.
///
/// A comment that starts on the line of the token before it trails that token; every other comment is on its own
/// line and leads the next token. Commas are not kept in the tree, so a comment after a comma trails the token
/// before the comma, and one before a comma leads the token after it.
public struct Trivia: Sendable, Hashable {
    /// The own-line comments before the token, in order.
    public var leading: [Comment] = []
    /// The comments after the token on its line (more than one only when a comma's comment moved here).
    public var trailing: [String] = []
    /// Whether a blank line separates the token from the token or comment before it.
    public var followsBlankLine = false

    /// No comments.
    public init() {}

    /// Whether any comment is attached.
    public var hasComments: Bool { !leading.isEmpty || !trailing.isEmpty }
}

/// The trivia of a node's tokens, by the token's place in the node (0, 1, 2). Most nodes have no comments;
/// they then hold one empty array, so copying a node costs one reference however many tokens it has.
struct TokenTrivia: Sendable, Hashable {
    private var slots: [Trivia] = []

    subscript(slot: Int) -> Trivia {
        get { slot < slots.count ? slots[slot] : Trivia() }
        set {
            if slot >= slots.count {
                guard newValue != Trivia() else { return }
                slots += Array(repeating: Trivia(), count: slot + 1 - slots.count)
            }
            slots[slot] = newValue
        }
    }
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
    private var tokenTrivia = TokenTrivia()
    /// The comments attached to it.
    public var trivia: Trivia {
        get { tokenTrivia[0] }
        set { tokenTrivia[0] = newValue }
    }

    /// Creates a name.
    public init(text: String, range: SourceRange, isQuoted: Bool) {
        self.text = text
        self.range = range
        self.isQuoted = isQuoted
    }
}

/// A value as written: its shape is checked against the key's expected type by the checker.
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
        /// `systemImage("bell")`: the callee and the arguments (kept apart: calls are rare, and other values small).
        indirect case call(NameSyntax, [ValueSyntax])
    }

    /// The value's shape and content.
    public var kind: Kind
    /// Where it was written.
    public var range: SourceRange
    /// A call's `(`, when written.
    public var openParen: SourceRange?
    /// A list's `]` or a call's `)`, when written.
    public var close: SourceRange?
    /// The comma after the value in a list or a call, if any.
    public var comma: SourceRange?
    private var tokenTrivia = TokenTrivia()
    /// The comments of its first token: the literal or word, a list's `[`, a call's name.
    public var trivia: Trivia {
        get { tokenTrivia[0] }
        set { tokenTrivia[0] = newValue }
    }
    /// The comments of a call's `(`.
    public var openParenTrivia: Trivia {
        get { tokenTrivia[1] }
        set { tokenTrivia[1] = newValue }
    }
    /// The comments of the closing `]` or `)`.
    public var closeTrivia: Trivia {
        get { tokenTrivia[2] }
        set { tokenTrivia[2] = newValue }
    }
    /// Creates a value.
    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The elements of a list or the arguments of a call; empty for other values.
    public var elements: [ValueSyntax] {
        switch kind {
        case .list(let elements), .call(_, let elements): elements
        case .string, .number, .word: []
        }
    }
}

/// One `key: value` line of a declaration body.
public struct EntrySyntax: Sendable {
    /// The key.
    public var key: NameSyntax
    /// The `:`, when written, and its comments.
    public var colon: SourceRange?
    private var tokenTrivia = TokenTrivia()
    public var colonTrivia: Trivia {
        get { tokenTrivia[0] }
        set { tokenTrivia[0] = newValue }
    }
    /// The value, or `nil` when it was missing (already reported by the parser).
    public var value: ValueSyntax?
    /// The comma after the entry, if any.
    public var comma: SourceRange?
    /// The whole entry.
    public var range: SourceRange

    /// Creates an entry.
    public init(key: NameSyntax, value: ValueSyntax?, range: SourceRange) {
        self.key = key
        self.value = value
        self.range = range
    }
}

/// `kind name { entries }`.
public struct DeclarationSyntax: Sendable {
    /// The declaration kind and where its keyword was written.
    public var kind: Located<DeclarationKind>
    /// The name, or `nil` when it was missing (already reported by the parser).
    public var name: NameSyntax?
    /// The `{` and `}`, when written.
    public var openBrace: SourceRange?
    public var closeBrace: SourceRange?
    private var tokenTrivia = TokenTrivia()
    /// The comments of the kind's keyword.
    public var keywordTrivia: Trivia {
        get { tokenTrivia[0] }
        set { tokenTrivia[0] = newValue }
    }
    /// The comments of the `{` and of the `}`.
    public var openBraceTrivia: Trivia {
        get { tokenTrivia[1] }
        set { tokenTrivia[1] = newValue }
    }
    public var closeBraceTrivia: Trivia {
        get { tokenTrivia[2] }
        set { tokenTrivia[2] = newValue }
    }
    /// The entries in source order.
    public var entries: [EntrySyntax]
    /// From the keyword to the closing brace.
    public var range: SourceRange

    /// Creates a declaration.
    public init(kind: Located<DeclarationKind>, name: NameSyntax?, entries: [EntrySyntax], range: SourceRange) {
        self.kind = kind
        self.name = name
        self.entries = entries
        self.range = range
    }
}

/// The parse of one file: its declarations in order, with their comments.
public struct SyntaxTree: Sendable {
    /// The file that was parsed.
    public var file: SourceFileID
    /// Every declaration that could be recovered, in source order.
    public var declarations: [DeclarationSyntax]
    /// The comments after the last declaration.
    public var endTrivia = Trivia()
    /// The range of every `//` comment, in source order.
    public var comments: [SourceRange]

    /// Creates a tree.
    public init(file: SourceFileID, declarations: [DeclarationSyntax], comments: [SourceRange] = []) {
        self.file = file
        self.declarations = declarations
        self.comments = comments
    }
}
