// The words the language defines, recognised once by the lexer so later stages compare codes, not text.

/// Every word with a meaning in the language: declaration kinds, keys, option names, `true`/`false`,
/// icon kinds and the non-finite number words.
///
/// The lexer tags each plain-word token with its keyword (one hash and one comparison, see ``lookup(_:)``),
/// so the parser and checker switch on a one-byte code instead of comparing or hashing strings, and the
/// text of a keyword is a static string, never decoded. Each stage maps keywords to its own enums
/// (``DeclarationKind``, ``ManifestKey``, ``ActionOption``, ``CategoryOption``) by spelling; a test
/// checks that every spelling those enums use is here.
enum Keyword: UInt8, CaseIterable, Sendable {
    case action, textInputAction, category, contentExtension, serviceExtension
    case title, buttonTitle, placeholder, options, icon, actions, intentIdentifiers
    case hiddenPreviewsBodyPlaceholder, categorySummaryFormat, categories, initialContentSizeRatio
    case defaultContentHidden, overridesDefaultTitle, userInteractionEnabled, storyboard, principalClass
    case authenticationRequired, destructive, foreground
    case customDismissAction, allowInCarPlay, hiddenPreviewsShowTitle, hiddenPreviewsShowSubtitle, allowAnnouncement
    case `true`, `false`, systemImage, templateImage
    case nan, inf, infinity

    /// The keyword as written (a static string: no allocation, no decoding).
    var spelling: String {
        switch self {
        case .action: "action"
        case .textInputAction: "textInputAction"
        case .category: "category"
        case .contentExtension: "contentExtension"
        case .serviceExtension: "serviceExtension"
        case .title: "title"
        case .buttonTitle: "buttonTitle"
        case .placeholder: "placeholder"
        case .options: "options"
        case .icon: "icon"
        case .actions: "actions"
        case .intentIdentifiers: "intentIdentifiers"
        case .hiddenPreviewsBodyPlaceholder: "hiddenPreviewsBodyPlaceholder"
        case .categorySummaryFormat: "categorySummaryFormat"
        case .categories: "categories"
        case .initialContentSizeRatio: "initialContentSizeRatio"
        case .defaultContentHidden: "defaultContentHidden"
        case .overridesDefaultTitle: "overridesDefaultTitle"
        case .userInteractionEnabled: "userInteractionEnabled"
        case .storyboard: "storyboard"
        case .principalClass: "principalClass"
        case .authenticationRequired: "authenticationRequired"
        case .destructive: "destructive"
        case .foreground: "foreground"
        case .customDismissAction: "customDismissAction"
        case .allowInCarPlay: "allowInCarPlay"
        case .hiddenPreviewsShowTitle: "hiddenPreviewsShowTitle"
        case .hiddenPreviewsShowSubtitle: "hiddenPreviewsShowSubtitle"
        case .allowAnnouncement: "allowAnnouncement"
        case .`true`: "true"
        case .`false`: "false"
        case .systemImage: "systemImage"
        case .templateImage: "templateImage"
        case .nan: "nan"
        case .inf: "inf"
        case .infinity: "infinity"
        }
    }

    /// The keyword spelled by `word`, or `nil`: one hash of the length and the first and last bytes, then
    /// one byte comparison.
    static func lookup(_ word: UnsafeBufferPointer<UInt8>) -> Keyword? {
        guard let first = word.first, let last = word.last, word.count < 64, let base = word.baseAddress else {
            return nil
        }
        let tables = Self.tables  // one lazy-global check per lookup, not one per table
        var slot = Self.slot(count: word.count, first: first, last: last)
        while true {
            let code = tables.slots[slot]
            guard code != Self.emptySlot else { return nil }
            let range = tables.spellingRanges[Int(code)]
            if range.count == word.count {
                let matches = tables.spellingBytes.withUnsafeBufferPointer { all in
                    all.baseAddress.map { memcmp($0 + range.lowerBound, base, range.count) == 0 } ?? false
                }
                if matches { return Keyword(rawValue: code) }
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// The keyword spelled `text`, or `nil`.
    static func lookup(_ text: String) -> Keyword? {
        var text = text
        return text.withUTF8 { lookup($0) }
    }

    // MARK: - Tables

    /// The spellings laid end to end, each one's range in them, and an open-addressing table of keyword
    /// codes keyed by length, first and last byte.
    private struct Tables {
        let spellingBytes: [UInt8] = allCases.flatMap(\.spelling.utf8)
        let spellingRanges: [Range<Int>] = {
            var start = 0
            return allCases.map(\.spelling).map { spelling in
                defer { start += spelling.utf8.count }
                return start..<(start + spelling.utf8.count)
            }
        }()
        let slots: [UInt8] = {
            var table = [UInt8](repeating: emptySlot, count: slotCount)
            for keyword in allCases {
                let bytes = Array(keyword.spelling.utf8)
                var slot = slot(count: bytes.count, first: bytes[0], last: bytes[bytes.count - 1])
                while table[slot] != emptySlot { slot = (slot + 1) & (slotCount - 1) }
                table[slot] = keyword.rawValue
            }
            return table
        }()
    }

    private static let tables = Tables()
    private static let slotCount = 128
    private static let emptySlot = UInt8.max

    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 31 &+ Int(first) &* 7 &+ Int(last)) & (slotCount - 1)
    }
}

extension DeclarationKind {
    /// The declaration kind a keyword names, if any.
    init?(keyword: Keyword?) {
        guard let keyword, let kind = Self.byKeyword[Int(keyword.rawValue)] else { return nil }
        self = kind
    }

    private static let byKeyword = Keyword.table(of: DeclarationKind.self)
}

extension ManifestKey {
    /// The key a keyword names, if any.
    init?(keyword: Keyword?) {
        guard let keyword, let key = Self.byKeyword[Int(keyword.rawValue)] else { return nil }
        self = key
    }

    private static let byKeyword = Keyword.table(of: ManifestKey.self)
}

/// An option set's options, found by keyword (``ValueChecker`` checks both kinds of option list alike).
protocol KeywordOption: RawRepresentable, CaseIterable, Comparable where RawValue == String {
    init?(keyword: Keyword?)
}

extension ActionOption: KeywordOption {
    /// The action option a keyword names, if any.
    init?(keyword: Keyword?) {
        guard let keyword, let option = Self.byKeyword[Int(keyword.rawValue)] else { return nil }
        self = option
    }

    private static let byKeyword = Keyword.table(of: ActionOption.self)
}

extension CategoryOption: KeywordOption {
    /// The category option a keyword names, if any.
    init?(keyword: Keyword?) {
        guard let keyword, let option = Self.byKeyword[Int(keyword.rawValue)] else { return nil }
        self = option
    }

    private static let byKeyword = Keyword.table(of: CategoryOption.self)
}

extension Keyword {
    /// For every keyword code, the case of `Word` spelled the same, if any.
    static func table<Word: RawRepresentable & CaseIterable>(of _: Word.Type) -> [Word?] where Word.RawValue == String {
        allCases.map { keyword in Word.allCases.first { $0.rawValue == keyword.spelling } }
    }
}
