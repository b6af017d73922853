// A lower bound for plain Swift: the work `notifc build` does for a generated benchmark manifest, and nothing else.
//
//   PlainLowerBound MANIFEST OUTPUT_DIRECTORY
//
// It reads the manifest, checks it is UTF-8 without NUL bytes, lexes it with byte-class tables, parses it into a
// syntax tree that keeps byte ranges, turns each declaration into model values that hold Strings (as notifc's
// `Manifest` does, so the emitters need no source text) with their locations, resolves every name once through
// dictionaries, and writes `notifications.json` and each extension's `Info.plist` with the same bytes `notifc build`
// writes (`notifc-bench` compares them on every run), through a temporary file and a rename. It has no
// diagnostics, no comments, no recovery, no escaping and no rule but name resolution: it supports just what
// `ManifestGenerator` writes and exits with status 2 on anything else. It stays within what issue 15 calls plain
// code (no `Unsafe*`, no string pool, no pre-laid output pieces, no SIMD, no mmap) and is tuned within it, so its
// time is close to the least plain Swift needs for this work on this machine; docs/performance.md ("Where the floors
// stand") uses it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops on input outside the generated subset: the program measures, it does not report.
func unsupported(_ what: String) -> Never {
    let message = Array("PlainLowerBound: unsupported input: \(what)\n".utf8)
    _ = write(2, message, message.count)
    exit(2)
}

// MARK: - Syntax

struct Range32 {
    var start: UInt32
    var end: UInt32
    @inline(__always) init(start: UInt32, end: UInt32) { self.start = start; self.end = end }
    @inline(__always) init(_ start: Int, _ end: Int) { self.start = UInt32(truncatingIfNeeded: start); self.end = UInt32(truncatingIfNeeded: end) }
    @inline(__always) var lower: Int { Int(start) }
    @inline(__always) var upper: Int { Int(end) }
    @inline(__always) var count: Int { Int(end &- start) }
    /// A string token's content, without its quotes.
    @inline(__always) var content: Range32 { Range32(start: start &+ 1, end: end &- 1) }
}

enum TokenKind: UInt8 { case word, string, number, leftBrace, rightBrace, leftBracket, rightBracket, leftParen, rightParen, colon, comma, end }

struct Token { var kind: TokenKind; var start: Int; var end: Int }

/// Bit 1: continues a word; bit 2: space within a line or a line break; bit 4: plain string byte; bit 8: starts a
/// word; bit 16: digit or `.`.
let byteClasses: [UInt8] = (0..<256).map { value in
    let byte = UInt8(value)
    let letter = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    var flags: UInt8 = 0
    if letter || byte &- UInt8(ascii: "0") < 10 { flags |= 1 }
    if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") { flags |= 2 }
    if (byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")) { flags |= 4 }
    if letter { flags |= 8 }
    if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") { flags |= 16 }
    return flags
}

/// Token kinds of the single-byte punctuation, by byte; `.end` for anything else.
let punctuation: [TokenKind] = (0..<256).map { value in
    switch UInt8(value) {
    case UInt8(ascii: "{"): .leftBrace
    case UInt8(ascii: "}"): .rightBrace
    case UInt8(ascii: "["): .leftBracket
    case UInt8(ascii: "]"): .rightBracket
    case UInt8(ascii: "("): .leftParen
    case UInt8(ascii: ")"): .rightParen
    case UInt8(ascii: ":"): .colon
    case UInt8(ascii: ","): .comma
    default: .end
    }
}

struct Lexer {
    let bytes: [UInt8]
    let classes = byteClasses
    let punctuationKinds = punctuation
    var index = 0

    @inline(__always)
    mutating func next() -> Token {
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if classes[Int(byte)] & 2 != 0 {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                break
            }
        }
        let start = index
        guard start < count else { return Token(kind: .end, start: start, end: start) }
        let byte = bytes[start]
        index += 1
        let flags = classes[Int(byte)]
        if flags & 8 != 0 {
            while index < count, classes[Int(bytes[index])] & 1 != 0 { index += 1 }
            return Token(kind: .word, start: start, end: index)
        }
        let kind = punctuationKinds[Int(byte)]
        if kind != .end { return Token(kind: kind, start: start, end: index) }
        if byte == UInt8(ascii: "\"") {
            while index < count, classes[Int(bytes[index])] & 4 != 0 { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "\"") else { unsupported("escapes or an unclosed string") }
            index += 1
            return Token(kind: .string, start: start, end: index)
        }
        if byte &- UInt8(ascii: "0") < 10 {
            while index < count, classes[Int(bytes[index])] & 16 != 0 { index += 1 }
            return Token(kind: .number, start: start, end: index)
        }
        unsupported("byte \(byte)")
    }
}

/// A syntax-tree value. Strings, words and names are kept as the byte ranges of their tokens in the source.
enum Value {
    case string(Range32)
    case number(Double, Range32)
    case word(Range32)
    case list([Value], Range32)
    case call(Range32, [Value], Range32)
}

struct Entry { var key: Range32; var value: Value; var range: Range32 }

enum DeclarationKind: String, CaseIterable { case action, textInputAction, category, contentExtension, serviceExtension }

/// A declaration's name: the token's range, and the range of its text (without quotes for a string).
struct Name { var text: Range32; var range: Range32 }

struct Declaration { var kind: DeclarationKind; var name: Name; var entries: [Entry]; var range: Range32 }

/// Whether `source[range]` spells `word`.
@inline(__always)
func spells(_ source: [UInt8], _ range: Range32, _ word: [UInt8]) -> Bool {
    guard range.count == word.count else { return false }
    var offset = range.lower
    for byte in word {
        if source[offset] != byte { return false }
        offset += 1
    }
    return true
}

let declarationKeywords: [[UInt8]] = DeclarationKind.allCases.map { Array($0.rawValue.utf8) }

struct Parser {
    var lexer: Lexer
    var token: Token
    var previousEnd = 0

    init(_ bytes: [UInt8]) {
        lexer = Lexer(bytes: bytes)
        token = Token(kind: .end, start: 0, end: 0)
        token = lexer.next()
    }

    @inline(__always)
    mutating func advance() {
        previousEnd = token.end
        token = lexer.next()
    }

    @inline(__always)
    mutating func expect(_ kind: TokenKind) {
        guard token.kind == kind else { unsupported("\(token.kind) at byte \(token.start)") }
        advance()
    }

    @inline(__always) func range(_ token: Token) -> Range32 { Range32(token.start, token.end) }
    @inline(__always) func range(from start: Token) -> Range32 { Range32(start.start, previousEnd) }

    func declarationKind(_ token: Token) -> DeclarationKind? {
        let range = range(token)
        for (index, keyword) in declarationKeywords.enumerated() where spells(lexer.bytes, range, keyword) {
            return DeclarationKind.allCases[index]
        }
        return nil
    }

    /// Hands each declaration to `body` as soon as it is read, as notifc's compiler does.
    mutating func parse(_ body: (Declaration) -> Void) {
        while token.kind != .end {
            let keyword = token
            guard token.kind == .word, let kind = declarationKind(token) else { unsupported("a declaration") }
            advance()
            let name: Name
            switch token.kind {
            case .word: name = Name(text: range(token), range: range(token))
            case .string: name = Name(text: range(token).content, range: range(token))
            default: unsupported("a name")
            }
            advance()
            expect(.leftBrace)
            var entries: [Entry] = []
            entries.reserveCapacity(4)
            while token.kind == .word {
                let key = token
                advance()
                expect(.colon)
                let value = parseValue()
                entries.append(Entry(key: range(key), value: value, range: range(from: key)))
            }
            expect(.rightBrace)
            body(Declaration(kind: kind, name: name, entries: entries, range: range(from: keyword)))
        }
    }

    mutating func parseValue() -> Value {
        let start = token
        switch token.kind {
        case .string:
            advance()
            return .string(range(start))
        case .number:
            advance()
            let text = String(decoding: lexer.bytes[start.start..<start.end], as: UTF8.self)
            return .number(Double(text) ?? .nan, range(start))
        case .word:
            advance()
            guard token.kind == .leftParen else { return .word(range(start)) }
            let arguments = parseSequence(closer: .rightParen)
            return .call(range(start), arguments, range(from: start))
        case .leftBracket:
            return .list(parseSequence(closer: .rightBracket), range(from: start))
        default:
            unsupported("a value at byte \(start.start)")
        }
    }

    mutating func parseSequence(closer: TokenKind) -> [Value] {
        advance()
        var elements: [Value] = []
        elements.reserveCapacity(4)
        while token.kind != closer {
            elements.append(parseValue())
            if token.kind == .comma { advance() }
        }
        advance()
        return elements
    }
}

// MARK: - Model

enum ActionOption: String, CaseIterable { case authenticationRequired, destructive, foreground }

enum CategoryOption: String, CaseIterable {
    case customDismissAction, allowInCarPlay, hiddenPreviewsShowTitle, hiddenPreviewsShowSubtitle, allowAnnouncement
}

/// A set of options of one kind, one bit per case in declaration (Apple's bit) order.
struct Options<Option: RawRepresentable & CaseIterable> where Option.RawValue == String {
    var bits: UInt32 = 0
}

let actionOptionNames: [[UInt8]] = ActionOption.allCases.map { Array($0.rawValue.utf8) }
let categoryOptionNames: [[UInt8]] = CategoryOption.allCases.map { Array($0.rawValue.utf8) }

struct TextInput { var buttonTitle: String; var placeholder: String }

/// The model holds plain values, as notifc's `Manifest` does: its texts are Strings, not ranges of the source.
struct Action {
    var identifier: String
    var title = ""
    var options = Options<ActionOption>()
    var systemImage: String?
    var textInput: TextInput?
}

/// A name listed in a declaration, and where resolution found what it names.
struct Reference { var name: String; var position: Int32 = -1 }

struct Category {
    var identifier: String
    var actions: [Reference] = []
    var options = Options<CategoryOption>()
    var hiddenPreviewsBodyPlaceholder: String?
    var categorySummaryFormat: String?
}

struct NotificationExtension {
    var name: String
    var isContent: Bool
    var categories: [Reference] = []
    var initialContentSizeRatio: Double?
    var storyboard: String?
    var principalClass: String?
}

/// Where a declaration and each of its entries and listed names were written.
struct Location {
    var range: Range32
    var name: Range32
    /// Where each key was written.
    var keys: [Range32] = []
    var listItems: [Range32] = []
}

/// Names compared code unit by code unit, as notifc and iOS compare identifiers.
struct Identifier: Hashable {
    let text: String

    static func == (lhs: Identifier, rhs: Identifier) -> Bool {
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        let same = lhs.text.utf8.withContiguousStorageIfAvailable { left in
            rhs.text.utf8.withContiguousStorageIfAvailable { right in !left.indices.contains { left[$0] != right[$0] } }
        }
        return (same ?? nil) ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

struct Model {
    var actions: [Action] = []
    var categories: [Category] = []
    var extensions: [NotificationExtension] = []
    var locations: [Location] = []
}

/// Options in Apple's bit order, each once.
func options<Option>(_ value: Value, _ names: [[UInt8]], in source: [UInt8]) -> Options<Option> {
    guard case .list(let elements, _) = value else { unsupported("options") }
    var options = Options<Option>()
    for element in elements {
        guard case .word(let word) = element,
            let bit = names.firstIndex(where: { spells(source, word, $0) })
        else { unsupported("an option") }
        options.bits |= 1 << UInt32(bit)
    }
    return options
}

/// The text of `source[range]`.
@inline(__always)
func text(_ source: [UInt8], _ range: Range32) -> String {
    String(decoding: source[range.lower..<range.upper], as: UTF8.self)
}

func string(_ value: Value, _ source: [UInt8]) -> String {
    guard case .string(let range) = value else { unsupported("a string") }
    return text(source, range.content)
}

func names(_ value: Value, _ source: [UInt8], into location: inout Location) -> [Reference] {
    guard case .list(let elements, _) = value else { unsupported("a list of names") }
    var references: [Reference] = []
    references.reserveCapacity(elements.count)
    location.listItems.reserveCapacity(location.listItems.count + elements.count)
    for element in elements {
        switch element {
        case .word(let range):
            location.listItems.append(range)
            references.append(Reference(name: text(source, range)))
        case .string(let range):
            location.listItems.append(range)
            references.append(Reference(name: text(source, range.content)))
        default: unsupported("a name")
        }
    }
    return references
}

/// The keys the generated manifests use.
enum Key: String, CaseIterable {
    case title, buttonTitle, placeholder, options, icon
    case actions, hiddenPreviewsBodyPlaceholder, categorySummaryFormat
    case categories, initialContentSizeRatio, storyboard, principalClass
}

let keyNames: [[UInt8]] = Key.allCases.map { Array($0.rawValue.utf8) }
let systemImageName: [UInt8] = Array("systemImage".utf8)

@inline(__always)
func key(_ source: [UInt8], _ range: Range32) -> Key {
    for (index, name) in keyNames.enumerated() where spells(source, range, name) { return Key.allCases[index] }
    unsupported("key at byte \(range.start)")
}

/// Turns one declaration into its model value and location.
func check(_ declaration: Declaration, in source: [UInt8], into model: inout Model) {
    var location = Location(range: declaration.range, name: declaration.name.range)
    location.keys.reserveCapacity(declaration.entries.count)
    for entry in declaration.entries {
        for previous in location.keys where previous.count == entry.key.count {
            if source[previous.lower..<previous.upper] == source[entry.key.lower..<entry.key.upper] {
                unsupported("a repeated key")
            }
        }
        location.keys.append(entry.key)
    }
    switch declaration.kind {
    case .action, .textInputAction:
        var action = Action(identifier: text(source, declaration.name.text))
        var buttonTitle = "", placeholder = ""
        for entry in declaration.entries {
            switch key(source, entry.key) {
            case .title: action.title = string(entry.value, source)
            case .buttonTitle: buttonTitle = string(entry.value, source)
            case .placeholder: placeholder = string(entry.value, source)
            case .options: action.options = options(entry.value, actionOptionNames, in: source)
            case .icon:
                guard case .call(let callee, let arguments, _) = entry.value, spells(source, callee, systemImageName),
                    arguments.count == 1
                else { unsupported("an icon") }
                action.systemImage = string(arguments[0], source)
            default: unsupported("key at byte \(entry.key.start)")
            }
        }
        if declaration.kind == .textInputAction {
            action.textInput = TextInput(buttonTitle: buttonTitle, placeholder: placeholder)
        }
        model.actions.append(action)
    case .category:
        var category = Category(identifier: text(source, declaration.name.text))
        for entry in declaration.entries {
            switch key(source, entry.key) {
            case .actions: category.actions = names(entry.value, source, into: &location)
            case .options: category.options = options(entry.value, categoryOptionNames, in: source)
            case .hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder = string(entry.value, source)
            case .categorySummaryFormat: category.categorySummaryFormat = string(entry.value, source)
            default: unsupported("key at byte \(entry.key.start)")
            }
        }
        model.categories.append(category)
    case .contentExtension, .serviceExtension:
        var declared = NotificationExtension(
            name: text(source, declaration.name.text), isContent: declaration.kind == .contentExtension)
        for entry in declaration.entries {
            switch (key(source, entry.key), entry.value) {
            case (.categories, let value): declared.categories = names(value, source, into: &location)
            case (.initialContentSizeRatio, .number(let ratio, _)): declared.initialContentSizeRatio = ratio
            case (.storyboard, let value): declared.storyboard = string(value, source)
            case (.principalClass, let value): declared.principalClass = string(value, source)
            default: unsupported("key at byte \(entry.key.start)")
            }
        }
        model.extensions.append(declared)
    }
    model.locations.append(location)
}

/// Resolves every name: declarations are unique, listed actions and claimed categories are declared, every action is
/// used, no category is claimed twice. Records in each reference the position of what it names.
func resolve(_ model: inout Model) {
    var actions: [Identifier: Int32] = [:]
    actions.reserveCapacity(model.actions.count)
    for (index, action) in model.actions.enumerated()
    where actions.updateValue(Int32(index), forKey: Identifier(text: action.identifier)) != nil {
        unsupported("a repeated action")
    }
    var categories: [Identifier: Int32] = [:]
    categories.reserveCapacity(model.categories.count)
    var used = [Bool](repeating: false, count: model.actions.count)
    for index in model.categories.indices {
        guard categories.updateValue(Int32(index), forKey: Identifier(text: model.categories[index].identifier)) == nil
        else { unsupported("a repeated category") }
        for item in model.categories[index].actions.indices {
            guard let position = actions[Identifier(text: model.categories[index].actions[item].name)] else {
                unsupported("an unknown action")
            }
            used[Int(position)] = true
            model.categories[index].actions[item].position = position
        }
    }
    guard !used.contains(false) else { unsupported("an unused action") }
    var claimed = [Bool](repeating: false, count: model.categories.count)
    for index in model.extensions.indices {
        for item in model.extensions[index].categories.indices {
            guard let position = categories[Identifier(text: model.extensions[index].categories[item].name)],
                !claimed[Int(position)]
            else { unsupported("a category claim") }
            claimed[Int(position)] = true
            model.extensions[index].categories[item].position = position
        }
    }
}

// MARK: - Writers

/// Pretty-printed JSON in notifc's layout: two-space indent, `"key": value`, `[]` when empty.
///
/// The file is built in one array, reserved for about its size.
struct JSONWriter {
    var bytes: [UInt8]
    /// Whether each open container has an element yet, one bit per depth.
    var hasElements: UInt64 = 0
    var depth = 0
    var afterKey = false
    let lineBreaks: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: 62)

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always)
    mutating func put(_ piece: [UInt8]) { bytes.append(contentsOf: piece) }

    @inline(__always)
    mutating func put(_ piece: ArraySlice<UInt8>) { bytes.append(contentsOf: piece) }

    /// The finished file.
    mutating func finish() -> [UInt8] { bytes }

    @inline(__always)
    mutating func newElement() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << UInt64(depth - 1)
        put(lineBreaks[(hasElements & bit != 0 ? 0 : 1)..<(2 + 2 * depth)])
        hasElements |= bit
    }

    @inline(__always)
    mutating func open(_ bracket: UInt8) {
        newElement()
        put(bracket)
        depth += 1
        hasElements &= ~(1 << UInt64(depth - 1))
    }

    @inline(__always)
    mutating func close(_ bracket: UInt8) {
        depth -= 1
        if hasElements & (1 << UInt64(depth)) != 0 { put(lineBreaks[1..<(2 + 2 * depth)]) }
        put(bracket)
    }

    @inline(__always)
    mutating func key(_ name: [UInt8]) {
        newElement()
        put(UInt8(ascii: "\""))
        put(name)
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
        put(UInt8(ascii: " "))
        afterKey = true
    }

    /// The generated manifests' strings need no escape (the lexer stops at `\` and control characters).
    @inline(__always)
    mutating func string(_ text: String) {
        newElement()
        put(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        put(UInt8(ascii: "\""))
    }

    @inline(__always)
    mutating func string(_ text: String, prefix: [UInt8], suffix: [UInt8]) {
        newElement()
        put(UInt8(ascii: "\""))
        put(prefix)
        bytes.append(contentsOf: text.utf8)
        put(suffix)
        put(UInt8(ascii: "\""))
    }

    @inline(__always)
    mutating func literal(_ text: [UInt8]) {
        newElement()
        put(UInt8(ascii: "\""))
        put(text)
        put(UInt8(ascii: "\""))
    }

    @inline(__always)
    mutating func field(_ name: [UInt8], _ text: String) {
        key(name)
        string(text)
    }

    @inline(__always)
    mutating func field(_ name: [UInt8], literal text: [UInt8]) {
        key(name)
        literal(text)
    }

    @inline(__always)
    mutating func options<Option>(_ name: [UInt8], _ options: Options<Option>, _ names: [[UInt8]]) {
        key(name)
        open(UInt8(ascii: "["))
        var bits = options.bits
        var bit = 0
        while bits != 0 {
            if bits & 1 != 0 { literal(names[bit]) }
            bits >>= 1
            bit += 1
        }
        close(UInt8(ascii: "]"))
    }
}

/// The JSON bundle's names and words, as UTF-8.
struct JSONNames {
    let schemaVersion = Array("schemaVersion".utf8), categories = Array("categories".utf8)
    let identifier = Array("identifier".utf8), actions = Array("actions".utf8)
    let intentIdentifiers = Array("intentIdentifiers".utf8), options = Array("options".utf8)
    let hiddenPreviewsBodyPlaceholder = Array("hiddenPreviewsBodyPlaceholder".utf8)
    let categorySummaryFormat = Array("categorySummaryFormat".utf8), localizationKeys = Array("localizationKeys".utf8)
    let categoryPrefix = Array("category.".utf8), dotHiddenPreviewsBodyPlaceholder = Array(".hiddenPreviewsBodyPlaceholder".utf8)
    let dotCategorySummaryFormat = Array(".categorySummaryFormat".utf8)
    let extensions = Array("extensions".utf8), name = Array("name".utf8), kind = Array("kind".utf8)
    let content = Array("content".utf8), service = Array("service".utf8)
    let initialContentSizeRatio = Array("initialContentSizeRatio".utf8), storyboard = Array("storyboard".utf8)
    let principalClass = Array("principalClass".utf8), localization = Array("localization".utf8)
    let table = Array("table".utf8), notifications = Array("Notifications".utf8)
    let developmentLanguage = Array("developmentLanguage".utf8), en = Array("en".utf8)
    let bundle = Array("bundle".utf8), main = Array("main".utf8)
    let title = Array("title".utf8), textInput = Array("textInput".utf8), buttonTitle = Array("buttonTitle".utf8)
    let placeholder = Array("placeholder".utf8), icon = Array("icon".utf8), systemImageName = Array("systemImageName".utf8)
    let actionPrefix = Array("action.".utf8), dotTitle = Array(".title".utf8), dotButtonTitle = Array(".buttonTitle".utf8)
    let dotPlaceholder = Array(".placeholder".utf8)
}

func bundle(_ model: Model) -> [UInt8] {
    let names = JSONNames()
    var json = JSONWriter(capacity: 400 * (model.categories.count + model.actions.count + 4))
    json.open(UInt8(ascii: "{"))
    json.key(names.schemaVersion)
    json.newElement()
    json.put(UInt8(ascii: "1"))
    json.key(names.categories)
    json.open(UInt8(ascii: "["))
    for category in model.categories {
        json.open(UInt8(ascii: "{"))
        json.field(names.identifier, category.identifier)
        json.key(names.actions)
        json.open(UInt8(ascii: "["))
        for reference in category.actions {
            write(model.actions[Int(reference.position)], to: &json, names)
        }
        json.close(UInt8(ascii: "]"))
        json.key(names.intentIdentifiers)
        json.open(UInt8(ascii: "["))
        json.close(UInt8(ascii: "]"))
        json.options(names.options, category.options, categoryOptionNames)
        if let placeholder = category.hiddenPreviewsBodyPlaceholder { json.field(names.hiddenPreviewsBodyPlaceholder, placeholder) }
        if let format = category.categorySummaryFormat { json.field(names.categorySummaryFormat, format) }
        let placeholderKey = category.hiddenPreviewsBodyPlaceholder?.isEmpty == false
        let formatKey = category.categorySummaryFormat?.isEmpty == false
        if placeholderKey || formatKey {
            json.key(names.localizationKeys)
            json.open(UInt8(ascii: "{"))
            if placeholderKey {
                json.key(names.hiddenPreviewsBodyPlaceholder)
                json.string(category.identifier, prefix: names.categoryPrefix, suffix: names.dotHiddenPreviewsBodyPlaceholder)
            }
            if formatKey {
                json.key(names.categorySummaryFormat)
                json.string(category.identifier, prefix: names.categoryPrefix, suffix: names.dotCategorySummaryFormat)
            }
            json.close(UInt8(ascii: "}"))
        }
        json.close(UInt8(ascii: "}"))
    }
    json.close(UInt8(ascii: "]"))
    json.key(names.extensions)
    json.open(UInt8(ascii: "["))
    for declared in model.extensions {
        json.open(UInt8(ascii: "{"))
        json.field(names.name, declared.name)
        json.field(names.kind, literal: declared.isContent ? names.content : names.service)
        if declared.isContent {
            json.key(names.categories)
            json.open(UInt8(ascii: "["))
            for reference in declared.categories { json.string(reference.name) }
            json.close(UInt8(ascii: "]"))
        }
        if let ratio = declared.initialContentSizeRatio {
            json.key(names.initialContentSizeRatio)
            json.newElement()
            json.put(Array("\(ratio)".utf8))
        }
        if let storyboard = declared.storyboard { json.field(names.storyboard, storyboard) }
        if let principalClass = declared.principalClass { json.field(names.principalClass, principalClass) }
        json.close(UInt8(ascii: "}"))
    }
    json.close(UInt8(ascii: "]"))
    json.key(names.localization)
    json.open(UInt8(ascii: "{"))
    json.field(names.table, literal: names.notifications)
    json.field(names.developmentLanguage, literal: names.en)
    json.field(names.bundle, literal: names.main)
    json.close(UInt8(ascii: "}"))
    json.close(UInt8(ascii: "}"))
    json.put(UInt8(ascii: "\n"))
    return json.finish()
}

func write(_ action: Action, to json: inout JSONWriter, _ names: JSONNames) {
    json.open(UInt8(ascii: "{"))
    json.field(names.identifier, action.identifier)
    json.field(names.title, action.title)
    json.options(names.options, action.options, actionOptionNames)
    if let textInput = action.textInput {
        json.key(names.textInput)
        json.open(UInt8(ascii: "{"))
        json.field(names.buttonTitle, textInput.buttonTitle)
        json.field(names.placeholder, textInput.placeholder)
        json.close(UInt8(ascii: "}"))
    }
    if let name = action.systemImage {
        json.key(names.icon)
        json.open(UInt8(ascii: "{"))
        json.field(names.systemImageName, name)
        json.close(UInt8(ascii: "}"))
    }
    json.key(names.localizationKeys)
    json.open(UInt8(ascii: "{"))
    json.key(names.title)
    json.string(action.identifier, prefix: names.actionPrefix, suffix: names.dotTitle)
    if let textInput = action.textInput {
        json.key(names.buttonTitle)
        json.string(action.identifier, prefix: names.actionPrefix, suffix: names.dotButtonTitle)
        if !textInput.placeholder.isEmpty {
            json.key(names.placeholder)
            json.string(action.identifier, prefix: names.actionPrefix, suffix: names.dotPlaceholder)
        }
    }
    json.close(UInt8(ascii: "}"))
    json.close(UInt8(ascii: "}"))
}

/// An extension's Info.plist in CoreFoundation's XML layout (keys sorted, tabs, `%.17g` reals).
func propertyList(_ declared: NotificationExtension) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(200 + 50 * declared.categories.count)
    func add(_ piece: String) { text.append(contentsOf: piece.utf8) }
    add("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>NSExtension</key>
        \t<dict>\n
        """)
    if declared.isContent {
        add("\t\t<key>NSExtensionAttributes</key>\n\t\t<dict>\n\t\t\t<key>UNNotificationExtensionCategory</key>\n")
        if declared.categories.count == 1 {
            add("\t\t\t<string>")
            add(declared.categories[0].name)
            add("</string>\n")
        } else {
            add("\t\t\t<array>\n")
            for category in declared.categories {
                add("\t\t\t\t<string>")
                add(category.name)
                add("</string>\n")
            }
            add("\t\t\t</array>\n")
        }
        if let ratio = declared.initialContentSizeRatio {
            add("\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>\(real(ratio))</real>\n")
        }
        add("\t\t</dict>\n")
    }
    if let storyboard = declared.storyboard {
        add("\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>")
        add(storyboard)
        add("</string>\n")
    }
    let point = declared.isContent ? "com.apple.usernotifications.content-extension" : "com.apple.usernotifications.service"
    add("\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>\(point)</string>\n")
    if let principalClass = declared.principalClass {
        add("\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>")
        add(principalClass)
        add("</string>\n")
    }
    add("\t</dict>\n</dict>\n</plist>\n")
    return text
}

/// `value` as C's `%.17g` writes it, as CoreFoundation does in `<real>`.
func real(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 32)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

// MARK: - Files

func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { unsupported("cannot open \(path)") }
    defer { fclose(file) }
    var size = 0
    if fseek(file, 0, SEEK_END) == 0 {
        size = max(ftell(file), 0)
        rewind(file)
    }
    // The whole file in one read when its size is known, then whatever follows in chunks.
    var bytes = [UInt8](repeating: 0, count: size)
    let count = size > 0 ? fread(&bytes, 1, size, file) : 0
    if count < size { bytes.removeLast(size - count) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}

/// Writes `bytes` to a temporary file beside `path`, then renames it into place, as notifc does.
func writeFile(_ path: String, _ bytes: [UInt8]) {
    let temporary = path + ".tmp"
    guard let file = fopen(temporary, "wb") else { unsupported("cannot write \(path)") }
    let written = fwrite(bytes, 1, bytes.count, file)
    guard fclose(file) == 0, written == bytes.count, rename(temporary, path) == 0 else { unsupported("cannot write \(path)") }
}

/// Whether `bytes` are UTF-8 without NUL bytes: blocks of ASCII without NUL are passed over in one test each.
func isText(_ bytes: [UInt8]) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
        let blockEnd = min(index + 64, count)
        // `(byte - 1) | byte` has its high bit set exactly for NUL and for bytes outside ASCII.
        var outside: UInt8 = 0
        for byte in bytes[index..<blockEnd] { outside |= (byte &- 1) | byte }
        if outside & 0x80 == 0 {
            index = blockEnd
            continue
        }
        // Byte by byte up to and over the first byte that is not ASCII, then blocks again.
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0 { return false }
                index += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
            guard length > 0, index + length <= count else { return false }
            for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
            break
        }
    }
    return true
}

// MARK: - Main

func main() {
    let arguments = CommandLine.arguments
    guard arguments.count == 3 else { unsupported("usage: PlainLowerBound MANIFEST OUTPUT_DIRECTORY") }
    let source = readFile(arguments[1])
    guard isText(source) else { unsupported("not UTF-8 text") }
    var model = Model()
    var parser = Parser(source)
    parser.parse { check($0, in: source, into: &model) }
    resolve(&model)
    let output = arguments[2]
    mkdir(output, 0o755)
    writeFile(output + "/notifications.json", bundle(model))
    for declared in model.extensions {
        mkdir(output + "/" + declared.name, 0o755)
        writeFile(output + "/" + declared.name + "/Info.plist", propertyList(declared))
    }
}

main()
