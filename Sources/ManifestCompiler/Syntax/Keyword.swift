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
/// The lexer tags each plain-word token with its keyword (``lookup(_:)``), so the parser and checker switch
/// on a one-byte code instead of comparing strings, and the text of a keyword is a static string. Each stage maps keywords to its own enums
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

    /// The keyword spelled by `word`, or `nil`.
    static func lookup(_ word: ArraySlice<UInt8>) -> Keyword? {
        guard word.count < byLength.count, let first = word.first else { return nil }
        return byLength[word.count].first { $0.spelling.first == first && $0.spelling.elementsEqual(word) }?.keyword
    }

    /// The keyword spelled `text`, or `nil`.
    static func lookup(_ text: String) -> Keyword? {
        lookup(ArraySlice(text.utf8))
    }

    /// The keywords by the length of their spelling (a few per length), each with its spelling's bytes.
    private static let byLength: [[(spelling: [UInt8], keyword: Keyword)]] = {
        let spelled = allCases.map { (spelling: Array($0.spelling.utf8), keyword: $0) }
        let longest = spelled.map(\.spelling.count).max() ?? 0
        return (0...longest).map { length in spelled.filter { $0.spelling.count == length } }
    }()
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
