// The words the language defines, recognised once by the lexer so later stages compare codes, not text.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

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
        table.lookup(word, 0, word.count)
    }

    /// The keyword spelled `text`, or `nil`.
    static func lookup(_ text: String) -> Keyword? {
        text.withUTF8Bytes { lookup($0) }
    }

    // MARK: - Table

    /// The table, made once. Written when first read and never again, so sharing it between threads is safe.
    nonisolated(unsafe) static let table = Table()

    /// An open-addressing table of keyword codes keyed by a word's length and first and last bytes, over the
    /// spellings laid end to end, in memory made once for the process (the lexer keeps a copy of the
    /// pointers, so a lookup reads no global).
    struct Table {
        /// Per slot: the keyword code in the low byte, the spelling's length in the next, its offset in
        /// ``spellings`` in the upper half; ``emptySlot`` when free.
        private let slots: UnsafePointer<UInt32>
        private let spellings: UnsafePointer<UInt8>
        private static let slotCount = 128
        private static let emptySlot = UInt32.max

        fileprivate init() {
            let all = Keyword.allCases.map { Array($0.spelling.utf8) }
            let spellings = UnsafeMutablePointer<UInt8>.allocate(capacity: all.reduce(0) { $0 + $1.count })
            let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.slotCount)
            slots.initialize(repeating: Self.emptySlot, count: Self.slotCount)
            var offset = 0
            for (keyword, bytes) in zip(Keyword.allCases, all) {
                (spellings + offset).initialize(from: bytes, count: bytes.count)
                var slot = Self.slot(count: bytes.count, first: bytes[0], last: bytes[bytes.count - 1])
                while slots[slot] != Self.emptySlot { slot = (slot + 1) & (Self.slotCount - 1) }
                slots[slot] = UInt32(keyword.rawValue) | UInt32(bytes.count) << 8 | UInt32(offset) << 16
                offset += bytes.count
            }
            self.slots = UnsafePointer(slots)  // both live as long as the process
            self.spellings = UnsafePointer(spellings)
        }

        /// The keyword spelled by `bytes[start..<end]`, or `nil`.
        @inline(__always)
        func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword? {
            let count = end - start
            guard count > 0, count < 64, let base = bytes.baseAddress else { return nil }
            var slot = Self.slot(count: count, first: base[start], last: base[end - 1])
            while true {
                let entry = slots[slot]
                guard entry != Self.emptySlot else { return nil }
                if Int(entry >> 8 & 0xFF) == count, memcmp(spellings + Int(entry >> 16), base + start, count) == 0 {
                    return Keyword(rawValue: UInt8(truncatingIfNeeded: entry))
                }
                slot = (slot + 1) & (Self.slotCount - 1)
            }
        }

        @inline(__always)
        private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
            (count &* 31 &+ Int(first) &* 7 &+ Int(last)) & (slotCount - 1)
        }
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

/// An option set's options, found by keyword (the value checks read both kinds of option list alike).
protocol KeywordOption: RawRepresentable, CaseIterable, Comparable where RawValue == String {
    init?(keyword: Keyword?)
    /// Apple's raw bit value (one bit per option).
    var bit: Int { get }
    /// The options with `bits`, in bit order.
    static func inBitOrder(_ bits: Int) -> [Self]
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
