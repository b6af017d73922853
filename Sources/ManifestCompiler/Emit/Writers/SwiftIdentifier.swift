// Swift names from manifest identifiers: lower camel case, non-identifier characters folded, keywords escaped.

/// Turns identifiers such as `com.example.invite` or `CF_ACTION-open` into Swift case names
/// (`comExampleInvite`, `cfActionOpen`).
///
/// The rules, in order:
/// 1. **Words.** The identifier is split into words at every character that cannot appear in a Swift
///    identifier (ASCII punctuation, spaces, `_`, `$`, symbols), and at invisible format characters
///    (zero-width joiners, bidirectional controls, variation selectors) even where Swift would accept them.
///    Letters outside ASCII that Swift accepts (`é`, `ж`, `通`, emoji) are kept as written.
/// 2. **Lower camel case.** The first word's leading capitals are lowered (`URLPreview` → `urlPreview`,
///    `Invitation` → `invitation`); every later word starts with a capital (`open` → `Open`). A word in
///    ASCII capitals only is treated as one word (`ACTION` → `action` first, `Action` later). Only ASCII
///    letters change case, so the result never depends on the platform's Unicode tables.
/// 3. **Start.** A name that would start with a digit or a combining mark gets a leading `_` (`2fa` → `_2fa`).
/// 4. **Reserved members.** `allCases`, which `CaseIterable` declares, becomes `allCases_`.
/// 5. **Keywords** are escaped with backticks where the name is written (``escaped(_:)``): `` `default` ``.
///
/// An identifier without any letter or digit has no Swift name (`nil`).
public enum SwiftIdentifier {
    /// The Swift case name for `identifier`, unescaped, or `nil` when it has no letter or digit.
    public static func caseName(for identifier: String) -> String? {
        let words = self.words(of: identifier)
        guard !words.isEmpty else { return nil }
        var scalars: [Unicode.Scalar] = []
        for (index, word) in words.enumerated() {
            scalars += index == 0 ? lowerCamelHead(word) : capitalized(word)
        }
        if let first = scalars.first, !canStartIdentifier(first) { scalars.insert("_", at: 0) }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars)
        if name == reservedMemberName { name += "_" }
        return name
    }

    /// `name` as written in Swift source: in backticks when it is a reserved word.
    public static func escaped(_ name: String) -> String {
        reservedWords.contains(name) ? "`\(name)`" : name
    }

    /// Whether `text` is a plain ASCII Swift identifier that needs no escaping (`[A-Za-z_][A-Za-z0-9_]*`,
    /// not a reserved word).
    public static func isPlainIdentifier(_ text: String) -> Bool {
        hasIdentifierForm(text) && !reservedWords.contains(text) && text != "_"
    }

    /// Whether `text` has the form `[A-Za-z_][A-Za-z0-9_]*` (reserved words and `_` included).
    static func hasIdentifierForm(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, isASCIILetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// Words that must be written in backticks to name an enum case or a member (`case `default``,
    /// `.`default``). Contextual keywords (`open`, `some`, `none`, `get`, …) need no escaping there.
    public static let reservedWords: Set<String> = [
        // Declarations.
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var",
        // Statements.
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types.
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// The member name the generated enums already have (`CaseIterable`), which a case must not take.
    static let reservedMemberName = "allCases"

    // MARK: - Words

    /// The identifier's words: maximal runs of characters kept in Swift names.
    static func words(of identifier: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        for scalar in identifier.unicodeScalars {
            if isWordCharacter(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The first word in lower camel case: its leading run of ASCII capitals lowered, except the last one
    /// when a lowercase letter follows (`URLPreview` → `urlPreview`).
    private static func lowerCamelHead(_ word: [Unicode.Scalar]) -> [Unicode.Scalar] {
        if isShouted(word) { return word.map(lowercase) }
        var capitals = 0
        while capitals < word.count, isASCIIUppercase(word[capitals]) { capitals += 1 }
        guard capitals > 0 else { return word }
        let keepsLast = capitals > 1 && capitals < word.count && isASCIILowercase(word[capitals])
        let lowered = keepsLast ? capitals - 1 : capitals
        return word[..<lowered].map(lowercase) + word[lowered...]
    }

    /// A later word with a capital first letter; a word in ASCII capitals only becomes `Capitalized`.
    private static func capitalized(_ word: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let first = word.first else { return word }
        let rest = isShouted(word) ? word.dropFirst().map(lowercase) : Array(word.dropFirst())
        return [uppercase(first)] + rest
    }

    /// Whether `word` is ASCII with at least one letter and no lowercase letter (`ACTION`, `V2`).
    private static func isShouted(_ word: [Unicode.Scalar]) -> Bool {
        word.allSatisfy(\.isASCII) && word.contains(where: isASCIIUppercase) && !word.contains(where: isASCIILowercase)
    }

    // MARK: - Characters

    /// Whether `scalar` is kept in a Swift name: ASCII letters and digits, and the characters outside ASCII
    /// that Swift's grammar allows in identifiers, minus invisible format characters.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return isASCIILetter(UInt8(value)) || isASCIIDigit(UInt8(value))
        }
        if isInvisible(value) { return false }
        return isIdentifierHead(value) || isCombiningMark(value)
    }

    /// Whether a Swift identifier may start with `scalar` (not a digit, not a combining mark).
    static func canStartIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return isASCIILetter(UInt8(value)) || value == 0x5F }
        return isIdentifierHead(value)
    }

    /// The `identifier-head` ranges outside ASCII of The Swift Programming Language's grammar, checked
    /// against the compiler character by character for the BMP: U+FFFC and U+FFFD, which it refuses, are left out.
    private static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF,
        0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
        0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFB,
    ]

    private static func isIdentifierHead(_ value: UInt32) -> Bool {
        if value >= 0x10000 { return value <= 0xEFFFD && value & 0xFFFF <= 0xFFFD }
        return identifierHeadRanges.contains { $0.contains(value) }
    }

    /// Combining marks: allowed in a Swift identifier, but not first.
    private static func isCombiningMark(_ value: UInt32) -> Bool {
        (0x300...0x36F).contains(value) || (0x1DC0...0x1DFF).contains(value) || (0x20D0...0x20FF).contains(value)
            || (0xFE20...0xFE2F).contains(value)
    }

    /// Characters Swift accepts in identifiers but that cannot be seen: soft hyphen, zero-width characters,
    /// bidirectional controls, invisible operators, variation selectors, the byte order mark, tags.
    private static func isInvisible(_ value: UInt32) -> Bool {
        value == 0xAD || (0x180B...0x180D).contains(value) || (0x200B...0x200D).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2060...0x206F).contains(value)
            || (0xFE00...0xFE0F).contains(value) || value == 0xFEFF || (0xFFF9...0xFFFB).contains(value)
            || (0xE0000...0xE0FFF).contains(value)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isASCIIUppercase(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    private static func isASCIILowercase(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }

    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        isASCIIUppercase(scalar) ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar
    }

    private static func uppercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        isASCIILowercase(scalar) ? Unicode.Scalar(UInt8(scalar.value) - 32) : scalar
    }
}
