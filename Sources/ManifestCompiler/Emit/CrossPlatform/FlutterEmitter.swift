// Emits notification_categories.dart: the identifiers and the DarwinNotificationCategory list for flutter_local_notifications.

/// Writes `notification_categories.dart` (format `flutter`) for flutter_local_notifications 21–22 (the category
/// API is the same since 20.0.0): classes of identifier constants and `notificationCategories()`, the list to pass
/// to `DarwinInitializationSettings(notificationCategories:)`. Layout as `dart format` writes it.
public struct FlutterEmitter: CrossPlatformEmitter {
    /// The output's file name.
    public static let fileName = "notification_categories.dart"

    /// The manifest paths the header names.
    public var sourcePaths: [String]

    public init(sourcePaths: [String] = []) {
        self.sourcePaths = sourcePaths
    }

    public func contents(_ manifest: Manifest) -> [UInt8] {
        let categoryNames = DartNames(manifest.categories.map(\.identifier))
        let actionNames = DartNames(manifest.actions.map(\.identifier))
        var writer = CodeWriter(capacity: 2048 + 1024 * manifest.categories.count, indentWidth: 2)
        CrossPlatformHeader.write(
            library: .flutter, manifest: manifest, sourcePaths: sourcePaths,
            about: [
                "The notification categories of the manifest for flutter_local_notifications 21 and 22 (iOS and",
                "macOS). Register them once, before any notification arrives:",
                "",
                "  final darwin = DarwinInitializationSettings(notificationCategories: notificationCategories());",
                "  await plugin.initialize(settings: InitializationSettings(iOS: darwin, macOS: darwin));",
                "",
                "initialize() replaces every category the app registered before, and an empty list changes nothing.",
            ], into: &writer)
        writer.line()
        writer.line("// ignore_for_file: type=lint")
        writer.line()
        writer.line("import 'package:flutter_local_notifications/flutter_local_notifications.dart';")
        writer.line()
        writeConstants(
            "NotificationCategoryIds", about: "category", manifest.categories.map(\.identifier), names: categoryNames,
            into: &writer)
        writer.line()
        writeConstants(
            "NotificationActionIds", about: "action", manifest.actions.map(\.identifier), names: actionNames,
            into: &writer)
        writer.line()
        writer.line("/// Returns the text for a localizable string: its key in the String Catalog and the manifest's text.")
        writer.line("typedef NotificationTextTranslator = String Function(String key, String defaultValue);")
        writer.line()
        writer.line("/// The manifest's categories, in manifest order, for")
        writer.line("/// `DarwinInitializationSettings(notificationCategories:)`. [translate] gives every title, button title and")
        writer.line("/// placeholder; without it, the manifest's text is used.")
        // Flutter has no category texts, so only actions call the translator; without any, neither the local
        // nor `_manifestText` is written (the analyzer warns about unused ones).
        let translates = manifest.categories.contains { !$0.actions.isEmpty }
        writer.block("List<DarwinNotificationCategory> notificationCategories({NotificationTextTranslator? translate})") { writer in
            if translates { writer.line("final NotificationTextTranslator text = translate ?? _manifestText;") }
            writer.line("return <DarwinNotificationCategory>[")
            writer.indented { writer in
                let indices = manifest.actionIndices
                for category in manifest.categories {
                    write(
                        category, actions: manifest.actions(of: category, indices: indices),
                        categoryNames: categoryNames, actionNames: actionNames, into: &writer)
                }
            }
            writer.line("];")
        }
        if translates {
            writer.line()
            writer.line("String _manifestText(String key, String defaultValue) => defaultValue;")
        }
        return writer.finish()
    }

    /// `abstract final class Name { static const String x = 'x'; … static const List<String> all = […]; }`.
    private func writeConstants(
        _ name: String, about kind: String, _ identifiers: [String], names: DartNames, into writer: inout CodeWriter
    ) {
        writer.line("/// The \(kind) identifiers of the manifest, in manifest order.")
        writer.block("abstract final class ", name) { writer in
            for (identifier, member) in zip(identifiers, names.names) {
                writer.line("static const String ", member, " = ", DartLiteral.string(identifier), ";")
            }
            if !identifiers.isEmpty { writer.line() }
            writer.line("/// Every \(kind) identifier.")
            writer.line("static const List<String> all = <String>[", CommaSeparated(names.names), "];")
        }
    }

    private func write(
        _ category: Category, actions: [Action], categoryNames: DartNames, actionNames: DartNames,
        into writer: inout CodeWriter
    ) {
        writer.line("DarwinNotificationCategory(")
        writer.indented { writer in
            writer.line("NotificationCategoryIds.", categoryNames.name(category.identifier), ",")
            if !actions.isEmpty {
                writer.line("actions: <DarwinNotificationAction>[")
                writer.indented { writer in
                    for action in actions { write(action, names: actionNames, into: &writer) }
                }
                writer.line("],")
            }
            if !category.options.isEmpty {
                writer.line(
                    "options: <DarwinNotificationCategoryOption>{",
                    CommaSeparated(category.options.map { "DarwinNotificationCategoryOption." + Self.dartName($0) }),
                    "},")
            }
        }
        writer.line("),")
    }

    private func write(_ action: Action, names: DartNames, into writer: inout CodeWriter) {
        let identifier = action.identifier
        writer.line("DarwinNotificationAction.", action.textInput == nil ? "plain" : "text", "(")
        writer.indented { writer in
            writer.line("NotificationActionIds.", names.name(identifier), ",")
            writer.line(Self.text(LocalizationKey.actionTitle(identifier), action.title), ",")
            if let textInput = action.textInput {
                writer.line(
                    "buttonTitle: ", Self.text(LocalizationKey.actionButtonTitle(identifier), textInput.buttonTitle), ",")
                writer.line(
                    "placeholder: ", Self.text(LocalizationKey.actionPlaceholder(identifier), textInput.placeholder), ",")
            }
            if !action.options.isEmpty {
                writer.line(
                    "options: <DarwinNotificationActionOption>{",
                    CommaSeparated(action.options.map { "DarwinNotificationActionOption." + $0.rawValue }), "},")
            }
        }
        writer.line("),")
    }

    /// `text('key', 'manifest text')`; `''` for an empty text, which is not localized (as in the Swift: a lookup
    /// that misses may give the key back).
    private static func text(_ key: String, _ value: String) -> String {
        if value.isEmpty { return DartLiteral.string(value) }
        return "text(" + DartLiteral.string(key) + ", " + DartLiteral.string(value) + ")"
    }

    /// The member of `DarwinNotificationCategoryOption` (which spells the hidden-preview options `hiddenPreview…`).
    static func dartName(_ option: CategoryOption) -> String {
        switch option {
        case .hiddenPreviewsShowTitle: "hiddenPreviewShowTitle"
        case .hiddenPreviewsShowSubtitle: "hiddenPreviewShowSubtitle"
        default: option.rawValue
        }
    }
}

/// Dart names for the identifiers of one constants class, in the order given and unique within it.
///
/// A name is the identifier's runs of ASCII letters and digits in lower camel case (`com.example.invite` →
/// `comExampleInvite`); other characters only separate words. A name that would be empty or start with a digit
/// gets an `id` prefix, a Dart reserved word or a name the class already has (`all`, `hashCode`, …) a `_`
/// suffix, and a name taken by an earlier identifier `_2`, `_3`, … (the constant's value is always the exact
/// identifier).
struct DartNames {
    let names: [String]
    /// By code points, as iOS compares identifiers: `café` precomposed and decomposed are two names.
    private let positions: [Identifier: Int]

    init(_ identifiers: [String]) {
        var taken: Set<String> = []
        var nextSuffix: [String: Int] = [:]  // per base name, so many identifiers with one base stay linear
        var names: [String] = []
        var positions: [Identifier: Int] = [:]
        for identifier in identifiers {
            if let earlier = positions[Identifier(identifier)] {
                names.append(names[earlier])
                continue
            }
            positions[Identifier(identifier)] = names.count
            let base = Self.baseName(identifier)
            var name = base
            var suffix = nextSuffix[base] ?? 2
            while !taken.insert(name).inserted {
                name = "\(base)_\(suffix)"
                suffix += 1
            }
            nextSuffix[base] = suffix
            names.append(name)
        }
        self.names = names
        self.positions = positions
    }

    /// The name of `identifier`.
    func name(_ identifier: String) -> String {
        positions[Identifier(identifier)].map { names[$0] } ?? "unnamed"
    }

    static func baseName(_ identifier: String) -> String {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in identifier.utf8 {
            if isLetter(byte) || isDigit(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        var name: [UInt8] = []
        for (index, word) in words.enumerated() {
            // A word without lowercase letters (`ACTION`, `V2`) is lowered whole; then the first letter of the
            // first word is lowered and the first letter of every later word raised.
            let shouted = !word.contains(where: isLowercase)
            for (position, byte) in word.enumerated() {
                var byte = byte
                if shouted, isUppercase(byte) { byte += 32 }
                if position == 0 {
                    if index == 0, isUppercase(byte) { byte += 32 }
                    if index > 0, isLowercase(byte) { byte -= 32 }
                }
                name.append(byte)
            }
        }
        var text = String(decoding: name, as: UTF8.self)
        if name.first.map(isDigit) ?? true { text = "id" + (text.isEmpty ? "" : "_" + text) }
        if reserved.contains(text) { text += "_" }
        return text
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
    private static func isLowercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isUppercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Dart's reserved words and built-in identifiers, and the names a static member of the class may not take
    /// (`all`, which the class declares, and `Object`'s members).
    static let reserved: Set<String> = [
        "abstract", "as", "assert", "async", "await", "base", "break", "case", "catch", "class", "const", "continue",
        "covariant", "default", "deferred", "do", "dynamic", "else", "enum", "export", "extends", "extension",
        "external", "factory", "false", "final", "finally", "for", "function", "get", "hide", "if", "implements",
        "import", "in", "interface", "is", "late", "library", "mixin", "new", "null", "of", "on", "operator", "part",
        "required", "rethrow", "return", "sealed", "set", "show", "static", "super", "switch", "sync", "this", "throw",
        "true", "try", "type", "typedef", "var", "void", "when", "while", "with", "yield",
        "all", "hashCode", "runtimeType", "toString", "noSuchMethod",
    ]
}
