// The writers against straightforward reference renderings: JSON documents, the JSON bundle and property lists.
import Foundation
@testable import ManifestCompiler
import Testing

struct WriterReferenceTests {
    // MARK: - JSONWriter

    /// Random documents through every JSONWriter call against a straightforward renderer, and read back by
    /// JSONSerialization.
    @Test(arguments: 0..<60)
    func jsonWriterMatchesStraightforwardRendering(_ seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let value = Self.randomObject(depth: 0, budget: seed % 3 == 0 ? 4_000 : 150, using: &random)
        let expected = Self.render(value, depth: 0) + "\n"

        var writer = JSONWriter()
        Self.write(value, into: &writer, using: &random)
        let bytes = writer.finish()
        #expect(String(decoding: bytes, as: UTF8.self) == expected, "seed \(seed)")

        let parsed = try JSONSerialization.jsonObject(with: Data(bytes))
        #expect(Self.matches(parsed, value), "seed \(seed)")
    }

    /// Long strings (past 64 KB), with and without bytes to escape, nested 40 deep.
    @Test func jsonWriterHandlesLongStringsAndDeepNesting() {
        var random = SeededGenerator(seed: 77)
        var strings: [JSONValue] = []
        for length in [65_400, 65_480, 65_490, 65_500, 65_536, 70_000] {
            strings.append(.string(String(repeating: "x", count: length)))
            strings.append(.string(String(repeating: "é", count: length / 2) + "\""))
        }
        var value = JSONValue.array(strings)
        for level in 0..<40 {
            value = level % 2 == 0 ? .array([value, .string("k")]) : .object([(key: "key", value: value)])
        }
        var writer = JSONWriter()
        Self.write(value, into: &writer, using: &random)
        #expect(String(decoding: writer.finish(), as: UTF8.self) == Self.render(value, depth: 0) + "\n")
    }

    // MARK: - JSON bundle

    /// Random manifests (strings with every kind of byte, references to undeclared actions, empty and
    /// long lists, every optional key, duplicate action identifiers) through JSONBundleEmitter, against the
    /// documented layout rendered the plain way.
    @Test(arguments: 0..<30)
    func bundleMatchesTheReferenceRendering(_ seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x5851_F42D &+ 7)
        let manifest = Self.randomManifest(categories: seed % 5 == 0 ? 1_500 : Int.random(in: 0...40, using: &random), using: &random)
        let expected = Self.render(Self.bundleValue(manifest), depth: 0) + "\n"
        let bytes = JSONBundleEmitter.document(manifest)
        #expect(String(decoding: bytes, as: UTF8.self) == expected, "seed \(seed)")
        _ = try JSONSerialization.jsonObject(with: Data(bytes))
    }

    static func randomManifest(categories count: Int, using random: inout SeededGenerator) -> Manifest {
        func text() -> String { randomString(using: &random) }
        func maybe(_ value: @autoclosure () -> String) -> String? { Bool.random(using: &random) ? value() : nil }
        var actions: [Action] = []
        for index in 0..<(count * 2 + 3) {
            let icon: ActionIcon? =
                switch Int.random(in: 0...2, using: &random) {
                case 0: nil
                case 1: .systemImage(text())
                default: .templateImage(text())
                }
            let identifier = index % 17 == 5 ? "dup" : "a\(index)" + (Bool.random(using: &random) ? text() : "")
            actions.append(
                Action(
                    identifier: identifier, title: text(),
                    options: ActionOption.allCases.filter { _ in Bool.random(using: &random) }, icon: icon,
                    textInput: Bool.random(using: &random) ? TextInput(buttonTitle: text(), placeholder: text()) : nil,
                    comments: Bool.random(using: &random) ? [.title: text(), .buttonTitle: text()] : [:]))
        }
        let categories = (0..<count).map { index in
            Category(
                identifier: "c\(index)" + text(),
                actions: (0..<Int.random(in: 0...5, using: &random)).map { _ in
                    Bool.random(using: &random) ? (actions.randomElement(using: &random)?.identifier ?? "x") : "missing"
                },
                intentIdentifiers: (0..<Int.random(in: 0...3, using: &random)).map { _ in text() },
                options: CategoryOption.allCases.filter { _ in Bool.random(using: &random) },
                hiddenPreviewsBodyPlaceholder: maybe(text()), categorySummaryFormat: maybe(text()))
        }
        let extensions = (0..<Int.random(in: 0...3, using: &random)).map { index in
            NotificationExtension(
                name: "E\(index)", kind: Bool.random(using: &random) ? .content : .service,
                categories: categories.prefix(3).map(\.identifier), initialContentSizeRatio: Bool.random(using: &random) ? 0.6 : nil,
                defaultContentHidden: Bool.random(using: &random) ? true : nil, storyboard: maybe("Main"),
                principalClass: maybe(text()))
        }
        return Manifest(actions: actions, categories: categories, extensions: extensions)
    }

    /// The bundle's value as docs/json-bundle.md describes it: keys in the documented order, each category
    /// with the declared actions it lists (the first declaration of a repeated identifier) inline.
    static func bundleValue(_ manifest: Manifest) -> JSONValue {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        var firstDeclaration: [String: Action] = [:]
        for action in manifest.actions where firstDeclaration[action.identifier] == nil {
            firstDeclaration[action.identifier] = action
        }
        let categories: [JSONValue] = manifest.categories.map { category in
            let actions: [JSONValue] = category.actions.compactMap { firstDeclaration[$0] }.map { action in
                var members: [(key: String, value: JSONValue)] = [
                    ("identifier", .string(action.identifier)), ("title", .string(action.title)),
                    ("options", strings(action.options.map(\.rawValue))),
                ]
                if let textInput = action.textInput {
                    members.append(
                        ("textInput", .object([("buttonTitle", .string(textInput.buttonTitle)), ("placeholder", .string(textInput.placeholder))])))
                }
                switch action.icon {
                case .systemImage(let name)?: members.append(("icon", .object([("systemImageName", .string(name))])))
                case .templateImage(let name)?: members.append(("icon", .object([("templateImageName", .string(name))])))
                case nil: break
                }
                var keys: [(key: String, value: JSONValue)] = [("title", .string("action.\(action.identifier).title"))]
                if let textInput = action.textInput {
                    keys.append(("buttonTitle", .string("action.\(action.identifier).buttonTitle")))
                    if !textInput.placeholder.isEmpty {  // an empty placeholder is not localized
                        keys.append(("placeholder", .string("action.\(action.identifier).placeholder")))
                    }
                }
                members.append(("localizationKeys", .object(keys)))
                let comments = keys.compactMap { key in
                    action.comments[ManifestKey(rawValue: key.key)!].map { (key: key.key, value: JSONValue.string($0)) }
                }
                if !comments.isEmpty { members.append(("comments", .object(comments))) }
                return .object(members)
            }
            var members: [(key: String, value: JSONValue)] = [
                ("identifier", .string(category.identifier)), ("actions", .array(actions)),
                ("intentIdentifiers", strings(category.intentIdentifiers)), ("options", strings(category.options.map(\.rawValue))),
            ]
            if let placeholder = category.hiddenPreviewsBodyPlaceholder { members.append(("hiddenPreviewsBodyPlaceholder", .string(placeholder))) }
            if let format = category.categorySummaryFormat { members.append(("categorySummaryFormat", .string(format))) }
            var keys: [(key: String, value: JSONValue)] = []
            if category.hiddenPreviewsBodyPlaceholder?.isEmpty == false {  // an empty text is not localized
                keys.append(("hiddenPreviewsBodyPlaceholder", .string("category.\(category.identifier).hiddenPreviewsBodyPlaceholder")))
            }
            if category.categorySummaryFormat?.isEmpty == false {
                keys.append(("categorySummaryFormat", .string("category.\(category.identifier).categorySummaryFormat")))
            }
            if !keys.isEmpty { members.append(("localizationKeys", .object(keys))) }
            let comments = keys.compactMap { key in
                category.comments[ManifestKey(rawValue: key.key)!].map { (key: key.key, value: JSONValue.string($0)) }
            }
            if !comments.isEmpty { members.append(("comments", .object(comments))) }
            return .object(members)
        }
        let extensions: [JSONValue] = manifest.extensions.map { declared in
            var members: [(key: String, value: JSONValue)] = [("name", .string(declared.name)), ("kind", .string(declared.kind.rawValue))]
            if declared.kind == .content { members.append(("categories", strings(declared.categories))) }
            if let ratio = declared.initialContentSizeRatio { members.append(("initialContentSizeRatio", .number(ratio))) }
            for (key, flag) in [
                ("defaultContentHidden", declared.defaultContentHidden), ("overridesDefaultTitle", declared.overridesDefaultTitle),
                ("userInteractionEnabled", declared.userInteractionEnabled),
            ] {
                if let flag { members.append((key, .bool(flag))) }
            }
            if let storyboard = declared.storyboard { members.append(("storyboard", .string(storyboard))) }
            if let principalClass = declared.principalClass { members.append(("principalClass", .string(principalClass))) }
            return .object(members)
        }
        return .object([
            ("schemaVersion", .integer(JSONBundleEmitter.schemaVersion)), ("categories", .array(categories)),
            ("extensions", .array(extensions)),
            (
                "localization",
                .object([
                    ("table", .string(manifest.localization.table)),
                    ("developmentLanguage", .string(manifest.localization.developmentLanguage)),
                    ("bundle", .string(manifest.localization.bundle.rawValue)),
                ])
            ),
        ])
    }

    // MARK: - PropertyListWriter

    /// Random property lists with strings of many lengths (some past 64 KB), with `&`, `<` and `>` anywhere,
    /// nested past 8 levels: the writer against a straightforward rendering of CoreFoundation's layout.
    @Test(arguments: 0..<40)
    func propertyListWriterMatchesStraightforwardRendering(_ seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x2545_F491 &+ 3)
        var value = Self.randomPlist(depth: 0, using: &random)
        if seed % 10 == 0 {
            value = .dictionary([
                ("long", .string(String(repeating: "ab<", count: 22_000))),
                ("longer", .array([.string(String(repeating: "x", count: 70_000)), .string(String(repeating: "é", count: 40_000))])),
                ("tree", value),
            ])
        }
        let expected = Self.header + Self.renderPlist(value, indent: 0) + "</plist>\n"
        #expect(String(decoding: PropertyListWriter.document(value), as: UTF8.self) == expected, "seed \(seed)")
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The writer's layout, the plain way (the writer's first version): one tab per level, sorted keys,
    /// `&`, `<` and `>` escaped.
    static func renderPlist(_ value: PropertyListValue, indent: Int) -> String {
        let tabs = String(repeating: "\t", count: indent)
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        switch value {
        case .string(let text): return tabs + "<string>" + escaped(text) + "</string>\n"
        case .integer(let number): return tabs + "<integer>\(number)</integer>\n"
        case .real(let number): return tabs + "<real>" + (realTexts[number] ?? "?") + "</real>\n"
        case .boolean(let flag): return tabs + (flag ? "<true/>\n" : "<false/>\n")
        case .date(let text): return tabs + "<date>" + escaped(text) + "</date>\n"
        case .data: return ""  // not generated here (PropertyListWriterTests compares data with Foundation)
        case .array(let elements):
            guard !elements.isEmpty else { return tabs + "<array/>\n" }
            return tabs + "<array>\n" + elements.map { renderPlist($0, indent: indent + 1) }.joined() + tabs + "</array>\n"
        case .dictionary(let entries):
            guard !entries.isEmpty else { return tabs + "<dict/>\n" }
            let sorted = entries.sorted { PropertyListWriter.keyPrecedes($0.key, $1.key) }
            let lines = sorted.map { entry in
                tabs + "\t<key>" + escaped(entry.key) + "</key>\n" + renderPlist(entry.value, indent: indent + 1)
            }
            return tabs + "<dict>\n" + lines.joined() + tabs + "</dict>\n"
        }
    }

    /// The reals of random property lists, as CoreFoundation writes them (`%.17g`).
    static let realTexts: [Double: String] = [
        0.6: "0.59999999999999998", 0.75: "0.75", 1: "1", 1e-7: "9.9999999999999995e-08", 123.5: "123.5",
    ]

    static func randomPlist(depth: Int, using random: inout SeededGenerator) -> PropertyListValue {
        switch Int.random(in: 0...(depth > 10 ? 4 : 7), using: &random) {
        case 0, 1: return .string(randomString(using: &random))
        case 2: return .integer(Int.random(in: -99_999...99_999, using: &random))
        case 3: return .real(realTexts.keys.sorted().randomElement(using: &random) ?? 1)
        case 4: return Bool.random(using: &random) ? .boolean(Bool.random(using: &random)) : .date("2024-01-31T12:00:00Z")
        case 5: return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in randomPlist(depth: depth + 1, using: &random) })
        default:
            var used: Set<String> = []
            var entries: [(key: String, value: PropertyListValue)] = []
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let key = randomString(using: &random)
                if used.insert(key).inserted { entries.append((key, randomPlist(depth: depth + 1, using: &random))) }
            }
            return .dictionary(entries)
        }
    }

    // MARK: - Reference JSON

    /// A JSON value.
    indirect enum JSONValue {
        case string(String)
        case bool(Bool)
        case null
        case integer(Int)
        case number(Double)
        case array([JSONValue])
        case object([(key: String, value: JSONValue)])
    }

    /// Keys of random objects.
    static let keys: [String] = [
        "a", "id", "key", "title", "options", "identifier", "intentIdentifiers", "hiddenPreviewsBodyPlaceholder",
        "a-key-that-is-longer-than-thirty-two-bytes-in-all",
    ]

    /// The layout JSONWriter documents, written the plain way.
    static func render(_ value: JSONValue, depth: Int) -> String {
        let indent = String(repeating: "  ", count: depth + 1)
        let closing = String(repeating: "  ", count: depth)
        switch value {
        case .string(let text): return quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .integer(let number): return String(number)
        case .number(let number): return number.description
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            let lines = elements.map { indent + render($0, depth: depth + 1) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + closing + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.map { indent + quoted($0.key) + ": " + render($0.value, depth: depth + 1) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + closing + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Writes `value` with a random choice among the calls that write the same text.
    static func write(_ value: JSONValue, into writer: inout JSONWriter, using random: inout SeededGenerator) {
        switch value {
        case .string(let text): writer.string(text)
        case .bool(let flag): writer.bool(flag)
        case .null: writer.null()
        case .integer(let number): writer.integer(number)
        case .number(let number): writer.number(number)
        case .array(let elements):
            writer.beginArray()
            for element in elements { write(element, into: &writer, using: &random) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members { write(member.value, forKey: member.key, into: &writer, using: &random) }
            writer.endObject()
        }
    }

    private static func write(
        _ value: JSONValue, forKey key: String, into writer: inout JSONWriter, using random: inout SeededGenerator
    ) {
        let shortcut = Bool.random(using: &random)
        switch value {
        case .string(let text) where shortcut:
            writer.field(key, text)
        case .array(let elements) where shortcut:
            let strings = elements.compactMap { element -> String? in
                if case .string(let text) = element { return text }
                return nil
            }
            if strings.count == elements.count {
                writer.field(key, strings: strings)
            } else {
                writer.key(key)
                write(value, into: &writer, using: &random)
            }
        default:
            writer.key(key)
            write(value, into: &writer, using: &random)
        }
    }

    static func randomObject(depth: Int, budget: Int, using random: inout SeededGenerator) -> JSONValue {
        let count = Int.random(in: 0...(depth == 0 ? keys.count : 5), using: &random)
        return .object(keys.shuffled(using: &random).prefix(count).map { key in
            (key, randomValue(depth: depth + 1, budget: budget, using: &random))
        })
    }

    static func randomValue(depth: Int, budget: Int, using random: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0...(depth > 6 ? 3 : 9), using: &random) {
        case 0: return .bool(Bool.random(using: &random))
        case 1: return Bool.random(using: &random) ? .null : .integer(Int.random(in: -999_999...999_999, using: &random))
        case 2, 3, 4: return .string(randomString(using: &random))
        case 5, 6:
            let count = Int.random(in: 0...(depth < 3 ? budget : 6), using: &random)
            return .array((0..<count).map { _ in .string(randomString(using: &random)) })
        case 7: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, budget: budget, using: &random) })
        default: return randomObject(depth: depth, budget: budget, using: &random)
        }
    }

    static let stringPieces: [String] = [
        "a", "Z", "0", " ", "/", ".", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}",
        "é", "稍", "₽", "😀", "\u{2028}", "&", "<", ">",
    ]

    /// Mostly plain text of short and medium lengths; sometimes with bytes to escape.
    static func randomString(using random: inout SeededGenerator) -> String {
        let length = [0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 23, 31, 32, 33, 47, 64, 100].randomElement(using: &random) ?? 5
        var text = String(repeating: "a", count: length)
        if Int.random(in: 0..<3, using: &random) == 0 {
            text = (0..<length).map { _ in stringPieces.randomElement(using: &random) ?? "" }.joined()
        } else if Bool.random(using: &random) {
            text = String((0..<length).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789._-".randomElement(using: &random) ?? "x" })
        }
        return text
    }

    /// Whether JSONSerialization's reading of the document is `value`.
    static func matches(_ parsed: Any, _ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return parsed as? String == text
        case .bool(let flag): return (parsed as? NSNumber).map { $0.boolValue == flag } ?? false
        case .null: return parsed is NSNull
        case .integer(let number): return (parsed as? NSNumber)?.intValue == number
        case .number(let number): return (parsed as? NSNumber)?.doubleValue == number
        case .array(let elements):
            guard let array = parsed as? [Any], array.count == elements.count else { return false }
            return zip(array, elements).allSatisfy { matches($0, $1) }
        case .object(let members):
            guard let object = parsed as? [String: Any], object.count == members.count else { return false }
            return members.allSatisfy { member in object[member.key].map { matches($0, member.value) } ?? false }
        }
    }
}
