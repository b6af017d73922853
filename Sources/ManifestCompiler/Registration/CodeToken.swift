// The tokens of Swift and Objective-C source that the registration scanner reads.

/// The two languages the registration scanner reads.
public enum CodeLanguage: Sendable {
    case swift
    case objectiveC

    /// The language of a file, by its name: `.m`, `.mm` and `.h` are Objective-C, anything else Swift.
    public init(path: String) {
        self = [".m", ".mm", ".h"].contains { FileNames.hasSuffix(path, $0) } ? .objectiveC : .swift
    }
}

/// One token of Swift or Objective-C source. Comments and whitespace produce no tokens.
struct CodeToken: Sendable {
    enum Kind: Sendable, Equatable {
        /// A name or keyword (`let`, `UNNotificationCategory`, `_x`, `` `default` `` without backquotes).
        case identifier
        /// A string literal (Swift, C or Objective-C `@"…"`); ``CodeToken/value`` is its decoded text, or
        /// `nil` when it interpolates (`"\(x)"`) and so is computed at run time.
        case string
        /// A number or C character literal.
        case number
        /// Punctuation: one character, or `@[`, `@{`, `@(`, `->`, `==`, `!=`, `&&`, `||`, `??`, `...`.
        case punctuation
        /// `#define` (Objective-C): the macro's name follows, its body runs to ``endOfDirective``.
        case define
        /// Ends a `#define` body.
        case endOfDirective
    }

    var kind: Kind
    /// The name, punctuation or number as written.
    var text: String
    /// A string literal's decoded value (`nil` when interpolated).
    var value: String?
    /// Byte offsets in the file.
    var start: Int
    var end: Int
    /// Whether a line break separates this token from the previous one.
    var startsLine: Bool

    func isPunctuation(_ text: String) -> Bool { kind == .punctuation && self.text == text }
    func isIdentifier(_ text: String) -> Bool { kind == .identifier && self.text == text }
}

/// A `notifc:ignore` comment: the codes it names and the line range it covers.
public struct SuppressionComment: Hashable, Sendable {
    /// The diagnostic codes named (`E421`), as written.
    public var codes: [String]
    /// Where the comment is.
    public var start: Int
    public var end: Int
}

/// Reading `notifc:ignore` markers in comments.
public enum Suppressions {
    static let marker = Array("notifc:ignore".utf8)

    /// Where `notifc:ignore` starts in `text` (an index of `text`), or `nil` when it is not there.
    static func markerStart(in text: ArraySlice<UInt8>) -> Int? {
        guard text.count >= marker.count else { return nil }
        return (text.startIndex...(text.endIndex - marker.count)).first { start in
            text[start] == marker[0] && text[start..<start + marker.count].elementsEqual(marker)
        }
    }

    /// The codes after `notifc:ignore` in a comment's text (`E421 W303`), or `nil` without the marker.
    public static func codes(in text: ArraySlice<UInt8>) -> [String]? {
        guard let start = markerStart(in: text) else { return nil }
        let after = start + marker.count
        var codes: [String] = []
        var word: [UInt8] = []
        for byte in text[after...] + [0x20] {
            if CodeLexer.isIdentifierByte(byte) { word.append(byte); continue }
            if word.count == 4, word[0] == 0x45 || word[0] == 0x57, word.dropFirst().allSatisfy(CodeLexer.isDigit) {
                codes.append(String(decoding: word, as: UTF8.self))
            }
            word = []
        }
        return codes
    }
}
