// Token kinds and the token value: a kind and a byte range, no copied text.

/// The lexical category of a token.
public enum TokenKind: UInt8, Sendable {
    case identifier
    case string
    case number
    case leftBrace
    case rightBrace
    case leftBracket
    case rightBracket
    case leftParen
    case rightParen
    case colon
    case comma
    /// Bytes that cannot start a token; already reported by the lexer.
    case invalid
    case endOfFile

    /// How the kind is named in "expected …, found …" messages.
    var spelling: String {
        switch self {
        case .identifier: "a name"
        case .string: "a string"
        case .number: "a number"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .colon: "':'"
        case .comma: "','"
        case .invalid: "an invalid character"
        case .endOfFile: "end of file"
        }
    }
}

/// One token: its kind, where it is, and whether a line break precedes it.
public struct Token: Sendable, Equatable {
    /// The lexical category.
    public var kind: TokenKind
    /// The offset of the first byte.
    public var start: Int
    /// The offset just past the last byte.
    public var end: Int
    /// Whether the token is the first on its line (line breaks separate entries).
    public var isAtLineStart: Bool
    /// For strings: whether the literal contains escape sequences (so decoding must process them).
    public var hasEscapes: Bool
    /// For strings: whether the closing quote is missing.
    public var isUnterminated: Bool
    /// Whether the lexer reported the token as written wrongly and reads it as what was meant:
    /// a string in curly or single quotes, or a number like `.5` (read as `0.5`).
    public var isRepaired: Bool

    /// Creates a token.
    public init(
        kind: TokenKind, start: Int, end: Int, isAtLineStart: Bool,
        hasEscapes: Bool = false, isUnterminated: Bool = false, isRepaired: Bool = false
    ) {
        self.kind = kind
        self.start = start
        self.end = end
        self.isAtLineStart = isAtLineStart
        self.hasEscapes = hasEscapes
        self.isUnterminated = isUnterminated
        self.isRepaired = isRepaired
    }
}
