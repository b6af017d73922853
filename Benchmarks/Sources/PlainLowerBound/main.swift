// A lower bound for plain Swift: the work `notifc build` does for a generated benchmark manifest, and nothing else.
//
//   PlainLowerBound MANIFEST OUTPUT_DIRECTORY
//
// It reads the manifest, checks it is UTF-8 without NUL bytes, lexes it with a byte-class table, parses it into a
// syntax tree of plain values, turns each declaration into the model's values with their locations, resolves
// every name through dictionaries, and writes `notifications.json` and each extension's `Info.plist` with the
// same bytes `notifc build` writes (`notifc-bench` compares them on every run), through a temporary file and a
// rename. It has no diagnostics, no comments, no recovery, and no rule but name resolution: it supports just
// what `ManifestGenerator` writes and exits with status 2 on anything else. So its time is what plain Swift
// needs for this work on this machine; docs/performance.md ("Why the throughput floor is not met") uses it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops on input outside the generated subset: the program measures, it does not report.
func unsupported(_ what: String) -> Never {
    let message = Array("PlainLowerBound: unsupported input: \(what)\n".utf8)
    _ = message.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

// MARK: - Syntax

struct Range32 { var start: UInt32; var end: UInt32 }

enum TokenKind { case word, string, number, leftBrace, rightBrace, leftBracket, rightBracket, leftParen, rightParen, colon, comma, end }

struct Token { var kind: TokenKind; var start: Int; var end: Int }

/// Bit 1: continues a word; bit 2: space within a line; bit 4: plain string byte; bit 8: starts a word.
let byteClasses: [UInt8] = (0..<256).map { value in
    let byte = UInt8(value)
    let letter = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    var flags: UInt8 = 0
    if letter || byte &- UInt8(ascii: "0") < 10 { flags |= 1 }
    if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { flags |= 2 }
    if (byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")) { flags |= 4 }
    if letter { flags |= 8 }
    return flags
}

struct Lexer {
    let bytes: [UInt8]
    var index = 0

    mutating func next() -> Token {
        while index < bytes.count {
            let byte = bytes[index]
            if byteClasses[Int(byte)] & 2 != 0 || byte == UInt8(ascii: "\n") {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                break
            }
        }
        let start = index
        guard start < bytes.count else { return Token(kind: .end, start: start, end: start) }
        let byte = bytes[start]
        index += 1
        if byteClasses[Int(byte)] & 8 != 0 {
            while index < bytes.count, byteClasses[Int(bytes[index])] & 1 != 0 { index += 1 }
            return Token(kind: .word, start: start, end: index)
        }
        switch byte {
        case UInt8(ascii: "{"): return Token(kind: .leftBrace, start: start, end: index)
        case UInt8(ascii: "}"): return Token(kind: .rightBrace, start: start, end: index)
        case UInt8(ascii: "["): return Token(kind: .leftBracket, start: start, end: index)
        case UInt8(ascii: "]"): return Token(kind: .rightBracket, start: start, end: index)
        case UInt8(ascii: "("): return Token(kind: .leftParen, start: start, end: index)
        case UInt8(ascii: ")"): return Token(kind: .rightParen, start: start, end: index)
        case UInt8(ascii: ":"): return Token(kind: .colon, start: start, end: index)
        case UInt8(ascii: ","): return Token(kind: .comma, start: start, end: index)
        case UInt8(ascii: "\""):
            while index < bytes.count, byteClasses[Int(bytes[index])] & 4 != 0 { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { unsupported("escapes or an unclosed string") }
            index += 1
            return Token(kind: .string, start: start, end: index)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 || bytes[index] == UInt8(ascii: ".") { index += 1 }
            return Token(kind: .number, start: start, end: index)
        default:
            unsupported("byte \(byte)")
        }
    }
}

struct Name { var text: String; var range: Range32 }

indirect enum Value {
    case string(String, Range32)
    case number(Double, Range32)
    case word(String, Range32)
    case list([Value], Range32)
    case call(Name, [Value], Range32)

    var range: Range32 {
        switch self {
        case .string(_, let range), .number(_, let range), .word(_, let range), .list(_, let range), .call(_, _, let range): range
        }
    }
}

struct Entry { var key: Name; var value: Value; var range: Range32 }

enum DeclarationKind: String { case action, textInputAction, category, contentExtension, serviceExtension }

struct Declaration { var kind: DeclarationKind; var name: Name; var entries: [Entry]; var range: Range32 }

struct Parser {
    var lexer: Lexer
    var token: Token
    var previousEnd = 0

    init(_ bytes: [UInt8]) {
        lexer = Lexer(bytes: bytes)
        token = Token(kind: .end, start: 0, end: 0)
        token = lexer.next()
    }

    mutating func advance() {
        previousEnd = token.end
        token = lexer.next()
    }

    mutating func expect(_ kind: TokenKind) {
        guard token.kind == kind else { unsupported("\(token.kind) at byte \(token.start)") }
        advance()
    }

    func range(_ token: Token) -> Range32 { Range32(start: UInt32(token.start), end: UInt32(token.end)) }
    func range(from start: Token) -> Range32 { Range32(start: UInt32(start.start), end: UInt32(previousEnd)) }
    func text(_ token: Token) -> String { String(decoding: lexer.bytes[token.start..<token.end], as: UTF8.self) }
    func content(_ token: Token) -> String { String(decoding: lexer.bytes[(token.start + 1)..<(token.end - 1)], as: UTF8.self) }

    /// Hands each declaration to `body` as soon as it is read, as notifc's compiler does.
    mutating func parse(_ body: (Declaration) -> Void) {
        while token.kind != .end {
            let keyword = token
            guard token.kind == .word, let kind = DeclarationKind(rawValue: text(token)) else { unsupported("a declaration") }
            advance()
            let name: Name
            switch token.kind {
            case .word: name = Name(text: text(token), range: range(token))
            case .string: name = Name(text: content(token), range: range(token))
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
                entries.append(Entry(key: Name(text: text(key), range: range(key)), value: value, range: range(from: key)))
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
            return .string(content(start), range(start))
        case .number:
            advance()
            return .number(Double(text(start)) ?? .nan, range(start))
        case .word:
            advance()
            guard token.kind == .leftParen else { return .word(text(start), range(start)) }
            let arguments = parseSequence(closer: .rightParen)
            return .call(Name(text: text(start), range: range(start)), arguments, range(from: start))
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

struct TextInput { var buttonTitle: String; var placeholder: String }

struct Action {
    var identifier: String
    var title = ""
    var options: [ActionOption] = []
    var systemImage: String?
    var textInput: TextInput?
}

struct Category {
    var identifier: String
    var actions: [String] = []
    var options: [CategoryOption] = []
    var hiddenPreviewsBodyPlaceholder: String?
    var categorySummaryFormat: String?
}

struct NotificationExtension {
    var name: String
    var isContent: Bool
    var categories: [String] = []
    var initialContentSizeRatio: Double?
    var storyboard: String?
    var principalClass: String?
}

/// Where a declaration and each of its entries and listed names were written.
struct Location {
    var range: Range32
    var name: Range32
    var keys: [(key: String, range: Range32)] = []
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
func options<Option: RawRepresentable & CaseIterable & Equatable>(_ value: Value, _ type: Option.Type) -> [Option]
where Option.RawValue == String {
    guard case .list(let elements, _) = value else { unsupported("options") }
    let named = elements.map { element -> Option in
        guard case .word(let word, _) = element, let option = Option(rawValue: word) else { unsupported("an option") }
        return option
    }
    return Option.allCases.filter(named.contains)
}

func string(_ value: Value) -> String {
    guard case .string(let text, _) = value else { unsupported("a string") }
    return text
}

func names(_ value: Value, into location: inout Location) -> [String] {
    guard case .list(let elements, _) = value else { unsupported("a list of names") }
    return elements.map { element in
        switch element {
        case .word(let text, let range), .string(let text, let range):
            location.listItems.append(range)
            return text
        default: unsupported("a name")
        }
    }
}

/// Turns one declaration into its model value and location.
func check(_ declaration: Declaration, into model: inout Model) {
    var location = Location(range: declaration.range, name: declaration.name.range)
    location.keys.reserveCapacity(declaration.entries.count)
    for entry in declaration.entries {
        guard !location.keys.contains(where: { $0.key == entry.key.text }) else { unsupported("a repeated key") }
        location.keys.append((entry.key.text, entry.key.range))
    }
    switch declaration.kind {
    case .action, .textInputAction:
        var action = Action(identifier: declaration.name.text)
        var buttonTitle = "", placeholder = ""
        for entry in declaration.entries {
            switch entry.key.text {
            case "title": action.title = string(entry.value)
            case "buttonTitle": buttonTitle = string(entry.value)
            case "placeholder": placeholder = string(entry.value)
            case "options": action.options = options(entry.value, ActionOption.self)
            case "icon":
                guard case .call(let callee, let arguments, _) = entry.value, callee.text == "systemImage",
                    arguments.count == 1
                else { unsupported("an icon") }
                action.systemImage = string(arguments[0])
            default: unsupported("key \(entry.key.text)")
            }
        }
        if declaration.kind == .textInputAction {
            action.textInput = TextInput(buttonTitle: buttonTitle, placeholder: placeholder)
        }
        model.actions.append(action)
    case .category:
        var category = Category(identifier: declaration.name.text)
        for entry in declaration.entries {
            switch entry.key.text {
            case "actions": category.actions = names(entry.value, into: &location)
            case "options": category.options = options(entry.value, CategoryOption.self)
            case "hiddenPreviewsBodyPlaceholder": category.hiddenPreviewsBodyPlaceholder = string(entry.value)
            case "categorySummaryFormat": category.categorySummaryFormat = string(entry.value)
            default: unsupported("key \(entry.key.text)")
            }
        }
        model.categories.append(category)
    case .contentExtension, .serviceExtension:
        var declared = NotificationExtension(name: declaration.name.text, isContent: declaration.kind == .contentExtension)
        for entry in declaration.entries {
            switch (entry.key.text, entry.value) {
            case ("categories", let value): declared.categories = names(value, into: &location)
            case ("initialContentSizeRatio", .number(let ratio, _)): declared.initialContentSizeRatio = ratio
            case ("storyboard", let value): declared.storyboard = string(value)
            case ("principalClass", let value): declared.principalClass = string(value)
            default: unsupported("key \(entry.key.text)")
            }
        }
        model.extensions.append(declared)
    }
    model.locations.append(location)
}

/// Resolves every name: declarations are unique, listed actions and claimed categories are declared, every action is
/// used, no category is claimed twice. Returns the position of each action by identifier.
func resolve(_ model: Model) -> [Identifier: Int] {
    var actions: [Identifier: Int] = [:]
    actions.reserveCapacity(model.actions.count)
    for (index, action) in model.actions.enumerated() where actions.updateValue(index, forKey: Identifier(text: action.identifier)) != nil {
        unsupported("a repeated action")
    }
    var categories: Set<Identifier> = []
    categories.reserveCapacity(model.categories.count)
    var used = [Bool](repeating: false, count: model.actions.count)
    for category in model.categories {
        guard categories.insert(Identifier(text: category.identifier)).inserted else { unsupported("a repeated category") }
        for name in category.actions {
            guard let position = actions[Identifier(text: name)] else { unsupported("an unknown action") }
            used[position] = true
        }
    }
    guard !used.contains(false) else { unsupported("an unused action") }
    var claimed: Set<Identifier> = []
    for declared in model.extensions {
        for name in declared.categories {
            let category = Identifier(text: name)
            guard categories.contains(category), claimed.insert(category).inserted else { unsupported("a category claim") }
        }
    }
    return actions
}

// MARK: - Writers

/// Pretty-printed JSON in notifc's layout: two-space indent, `"key": value`, `[]` when empty.
struct JSONWriter {
    var bytes: [UInt8] = []
    /// Whether each open container has an element yet.
    var hasElements: [Bool] = []
    var afterKey = false
    static let lineBreaks: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: 62)

    mutating func newElement() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = hasElements.indices.last else { return }
        bytes.append(contentsOf: Self.lineBreaks[(hasElements[last] ? 0 : 1)..<(2 + 2 * hasElements.count)])
        hasElements[last] = true
    }

    mutating func open(_ bracket: UInt8) {
        newElement()
        bytes.append(bracket)
        hasElements.append(false)
    }

    mutating func close(_ bracket: UInt8) {
        if hasElements.removeLast() { bytes.append(contentsOf: Self.lineBreaks[1..<(2 + 2 * hasElements.count)]) }
        bytes.append(bracket)
    }

    mutating func key(_ name: StaticString) {
        newElement()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: " ")])
        afterKey = true
    }

    /// The generated manifests' strings need no escape (the lexer stops at `\` and control characters).
    mutating func string(_ text: String, prefix: StaticString = "", suffix: StaticString = "") {
        newElement()
        bytes.append(UInt8(ascii: "\""))
        prefix.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: text.utf8)
        suffix.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func field(_ name: StaticString, _ text: String) {
        key(name)
        string(text)
    }

    mutating func strings(_ name: StaticString, _ texts: [String]) {
        key(name)
        open(UInt8(ascii: "["))
        for text in texts { string(text) }
        close(UInt8(ascii: "]"))
    }
}

func bundle(_ model: Model, actionPositions: [Identifier: Int]) -> [UInt8] {
    var json = JSONWriter()
    json.bytes.reserveCapacity(400 * (model.categories.count + model.actions.count + 4))
    json.open(UInt8(ascii: "{"))
    json.key("schemaVersion")
    json.newElement()
    json.bytes.append(UInt8(ascii: "1"))
    json.key("categories")
    json.open(UInt8(ascii: "["))
    for category in model.categories {
        json.open(UInt8(ascii: "{"))
        json.field("identifier", category.identifier)
        json.key("actions")
        json.open(UInt8(ascii: "["))
        for name in category.actions {
            guard let position = actionPositions[Identifier(text: name)] else { continue }
            write(model.actions[position], to: &json)
        }
        json.close(UInt8(ascii: "]"))
        json.strings("intentIdentifiers", [])
        json.strings("options", category.options.map(\.rawValue))
        if let placeholder = category.hiddenPreviewsBodyPlaceholder { json.field("hiddenPreviewsBodyPlaceholder", placeholder) }
        if let format = category.categorySummaryFormat { json.field("categorySummaryFormat", format) }
        let placeholderKey = category.hiddenPreviewsBodyPlaceholder?.isEmpty == false
        let formatKey = category.categorySummaryFormat?.isEmpty == false
        if placeholderKey || formatKey {
            json.key("localizationKeys")
            json.open(UInt8(ascii: "{"))
            if placeholderKey {
                json.key("hiddenPreviewsBodyPlaceholder")
                json.string(category.identifier, prefix: "category.", suffix: ".hiddenPreviewsBodyPlaceholder")
            }
            if formatKey {
                json.key("categorySummaryFormat")
                json.string(category.identifier, prefix: "category.", suffix: ".categorySummaryFormat")
            }
            json.close(UInt8(ascii: "}"))
        }
        json.close(UInt8(ascii: "}"))
    }
    json.close(UInt8(ascii: "]"))
    json.key("extensions")
    json.open(UInt8(ascii: "["))
    for declared in model.extensions {
        json.open(UInt8(ascii: "{"))
        json.field("name", declared.name)
        json.field("kind", declared.isContent ? "content" : "service")
        if declared.isContent { json.strings("categories", declared.categories) }
        if let ratio = declared.initialContentSizeRatio {
            json.key("initialContentSizeRatio")
            json.newElement()
            json.bytes.append(contentsOf: "\(ratio)".utf8)
        }
        if let storyboard = declared.storyboard { json.field("storyboard", storyboard) }
        if let principalClass = declared.principalClass { json.field("principalClass", principalClass) }
        json.close(UInt8(ascii: "}"))
    }
    json.close(UInt8(ascii: "]"))
    json.key("localization")
    json.open(UInt8(ascii: "{"))
    json.field("table", "Notifications")
    json.field("developmentLanguage", "en")
    json.field("bundle", "main")
    json.close(UInt8(ascii: "}"))
    json.close(UInt8(ascii: "}"))
    json.bytes.append(UInt8(ascii: "\n"))
    return json.bytes
}

func write(_ action: Action, to json: inout JSONWriter) {
    json.open(UInt8(ascii: "{"))
    json.field("identifier", action.identifier)
    json.field("title", action.title)
    json.strings("options", action.options.map(\.rawValue))
    if let textInput = action.textInput {
        json.key("textInput")
        json.open(UInt8(ascii: "{"))
        json.field("buttonTitle", textInput.buttonTitle)
        json.field("placeholder", textInput.placeholder)
        json.close(UInt8(ascii: "}"))
    }
    if let name = action.systemImage {
        json.key("icon")
        json.open(UInt8(ascii: "{"))
        json.field("systemImageName", name)
        json.close(UInt8(ascii: "}"))
    }
    json.key("localizationKeys")
    json.open(UInt8(ascii: "{"))
    json.key("title")
    json.string(action.identifier, prefix: "action.", suffix: ".title")
    if let textInput = action.textInput {
        json.key("buttonTitle")
        json.string(action.identifier, prefix: "action.", suffix: ".buttonTitle")
        if !textInput.placeholder.isEmpty {
            json.key("placeholder")
            json.string(action.identifier, prefix: "action.", suffix: ".placeholder")
        }
    }
    json.close(UInt8(ascii: "}"))
    json.close(UInt8(ascii: "}"))
}

/// An extension's Info.plist in CoreFoundation's XML layout (keys sorted, tabs, `%.17g` reals).
func propertyList(_ declared: NotificationExtension) -> [UInt8] {
    var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>NSExtension</key>
        \t<dict>\n
        """
    if declared.isContent {
        text += "\t\t<key>NSExtensionAttributes</key>\n\t\t<dict>\n\t\t\t<key>UNNotificationExtensionCategory</key>\n"
        if declared.categories.count == 1 {
            text += "\t\t\t<string>\(declared.categories[0])</string>\n"
        } else {
            text += "\t\t\t<array>\n"
            for category in declared.categories { text += "\t\t\t\t<string>\(category)</string>\n" }
            text += "\t\t\t</array>\n"
        }
        if let ratio = declared.initialContentSizeRatio {
            text += "\t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>\n\t\t\t<real>\(real(ratio))</real>\n"
        }
        text += "\t\t</dict>\n"
    }
    if let storyboard = declared.storyboard {
        text += "\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>\(storyboard)</string>\n"
    }
    let point = declared.isContent ? "com.apple.usernotifications.content-extension" : "com.apple.usernotifications.service"
    text += "\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>\(point)</string>\n"
    if let principalClass = declared.principalClass {
        text += "\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>\(principalClass)</string>\n"
    }
    text += "\t</dict>\n</dict>\n</plist>\n"
    return Array(text.utf8)
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
    var bytes: [UInt8] = []
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
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    guard fclose(file) == 0, written == bytes.count, rename(temporary, path) == 0 else { unsupported("cannot write \(path)") }
}

/// Whether `bytes` are UTF-8 without NUL bytes.
func isText(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index < bytes.count {
        let lead = bytes[index]
        if lead < 0x80 {
            if lead == 0 { return false }
            index += 1
            continue
        }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard length > 0, index + length <= bytes.count else { return false }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
        index += length
    }
    return true
}

// MARK: - Main

let arguments = CommandLine.arguments
guard arguments.count == 3 else { unsupported("usage: PlainLowerBound MANIFEST OUTPUT_DIRECTORY") }
let source = readFile(arguments[1])
guard isText(source) else { unsupported("not UTF-8 text") }
var model = Model()
var parser = Parser(source)
parser.parse { check($0, into: &model) }
let actionPositions = resolve(model)
let output = arguments[2]
mkdir(output, 0o755)
writeFile(output + "/notifications.json", bundle(model, actionPositions: actionPositions))
for declared in model.extensions {
    mkdir(output + "/" + declared.name, 0o755)
    writeFile(output + "/" + declared.name + "/Info.plist", propertyList(declared))
}
