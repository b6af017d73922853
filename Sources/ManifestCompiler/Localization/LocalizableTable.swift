// The strings of an app's table as payload checks need them: each key's development-language value and
// translations, read from a String Catalog or a legacy `.strings` / `.stringsdict` table.

/// A strings table: its name and, for each key, one value per language (the development language's first, then
/// the translations'). A language whose value varies (by plural or device) is represented by the case that takes
/// the most arguments, since a payload's `loc-args` must supply every argument any case uses.
public struct LocalizableTable: Sendable {
    /// The table's name (`Localizable` for `Localizable.xcstrings`).
    public var name: String
    /// The values of each key, by code points (as iOS looks keys up: `café` precomposed and decomposed are two).
    public var values: [Identifier: [LocalizedValue]]

    /// Creates a table.
    public init(name: String, values: [Identifier: [LocalizedValue]]) {
        self.name = name
        self.values = values
    }

    /// This table with the keys of `other` added; where both have a key, `other`'s values win.
    public func merging(_ other: LocalizableTable) -> LocalizableTable {
        LocalizableTable(name: name, values: values.merging(other.values) { _, theirs in theirs })
    }

    /// This table with the values of `translation`, the same table in another language, appended to the values of
    /// the keys this table has (a legacy table's `.lproj` folders).
    public func addingTranslations(_ translation: LocalizableTable) -> LocalizableTable {
        var values = values
        for (key, texts) in translation.values where values[key] != nil { values[key]?.append(contentsOf: texts) }
        return LocalizableTable(name: name, values: values)
    }

    /// Reads the String Catalog `file`; `nil` after reporting why it is not one.
    public static func catalog(_ file: SourceFile, limits: Limits = .default, into diagnostics: inout DiagnosticBag)
        -> LocalizableTable?
    {
        let errorsBefore = diagnostics.errorCount
        guard let root = JSONReader.read(file, limits: limits, into: &diagnostics), diagnostics.errorCount == errorsBefore,
            let language = StringCatalog.checkShape(root, in: file, into: &diagnostics)
        else { return nil }
        var values: [Identifier: [LocalizedValue]] = [:]
        for member in root["strings"]?.members ?? [] {
            let localizations = member.value["localizations"]?.members ?? []
            var texts: [LocalizedValue] = []
            if let source = member.value["localizations"]?[language.value], let value = catalogValue(source, language: language.value) {
                texts.append(value)
            } else {
                texts.append(LocalizedValue(member.key, language: language.value))  // an extracted key is its own source text
            }
            for localization in localizations where localization.key != language.value {
                if let value = catalogValue(localization.value, language: localization.key) { texts.append(value) }
            }
            values[Identifier(member.key)] = texts
        }
        return LocalizableTable(name: StringCatalog.tableName(of: file.path), values: values)
    }

    /// Reads a legacy `.strings` table; `nil` after reporting why it cannot be read.
    public static func strings(_ file: SourceFile, limits: Limits = .default, into diagnostics: inout DiagnosticBag)
        -> LocalizableTable?
    {
        let errorsBefore = diagnostics.errorCount
        guard let entries = StringsFileReader.read(file, limits: limits, into: &diagnostics),
            diagnostics.errorCount == errorsBefore
        else { return nil }
        var values: [Identifier: [LocalizedValue]] = [:]
        let language = FileNames.lprojLanguage(ofFileAt: file.path)
        for entry in entries { values[Identifier(entry.key)] = [LocalizedValue(entry.value, language: language)] }
        return LocalizableTable(name: legacyTableName(of: file.path, suffix: ".strings"), values: values)
    }

    /// Reads a legacy `.stringsdict` plural table; `nil` after reporting why it cannot be read (its XML, or an
    /// entry whose structure `lint` reports as `E804`). An entry's value is its `NSStringLocalizedFormatKey`, taking
    /// as many arguments as its widest plural form (the number of each variable, plus what a form adds besides it;
    /// positions counted as for any format); a width or device variant entry's is its variant that takes the most.
    public static func stringsdict(
        _ file: SourceFile, limits: Limits = .default, into diagnostics: inout DiagnosticBag
    ) -> LocalizableTable? {
        let errorsBefore = diagnostics.errorCount
        guard let entries = CatalogLint.stringsdictEntries(file, limits: limits, into: &diagnostics) else { return nil }
        var values: [Identifier: [LocalizedValue]] = [:]
        for entry in entries {
            guard let arguments = CatalogLint.stringsdictArguments(entry, into: &diagnostics) else { continue }
            values[Identifier(entry.key)] = [
                LocalizedValue(
                    text: arguments.text, argumentCount: arguments.argumentCount,
                    language: FileNames.lprojLanguage(ofFileAt: file.path)),
            ]
        }
        guard diagnostics.errorCount == errorsBefore else { return nil }
        return LocalizableTable(name: legacyTableName(of: file.path, suffix: ".stringsdict"), values: values)
    }

    /// `Localizable` for `…/en.lproj/Localizable.strings` (`suffix` in any letter case).
    static func legacyTableName(of path: String, suffix: String) -> String {
        let name = String(path.split(separator: "/").last ?? "")
        return name.lowercased().hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
    }

    /// One language's value in a catalog (``widestValue(_:)``), its substitutions (`%#@count@`, `%1$#@count@`)
    /// formatted with their `formatSpecifier`.
    private static func catalogValue(_ localization: JSONNode, language: String) -> LocalizedValue? {
        guard let text = widestValue(localization) else { return nil }
        var format: String?
        for substitution in localization["substitutions"]?.members ?? [] {
            guard let written = substitution.value["formatSpecifier"]?.string else { continue }
            let specifier = written.hasPrefix("%") ? String(written.dropFirst()) : written  // Xcode writes `lld`
            guard !specifier.isEmpty else { continue }
            format = (format ?? text).replacing("#@" + substitution.key + "@", with: specifier)
        }
        return LocalizedValue(
            text: text, argumentCount: FormatSpecifiers.argumentCount(of: text), language: language,
            substitutedFormat: format)
    }

    /// The value of one language's localization: its string unit's, or, when it varies by plural or device, the
    /// value of the case that takes the most arguments (the first of those), since a case may leave an argument
    /// out (`"one": "1 issue"`). A substitution's cases (`%arg`) belong to their `%#@name@` token, which the value
    /// already counts, so they are not read.
    private static func widestValue(_ localization: JSONNode) -> String? {
        if let text = localization["stringUnit"]?["value"]?.string { return text }
        var widest: (text: String, arguments: Int)?
        for kind in localization["variations"]?.members ?? [] {
            for variant in kind.value.members ?? [] {
                guard let text = widestValue(variant.value) else { continue }
                let arguments = FormatSpecifiers.argumentCount(of: text)
                if arguments > widest?.arguments ?? -1 { widest = (text, arguments) }
            }
        }
        return widest?.text
    }
}

/// One language's value of a key, and how many arguments a payload's `loc-args` must supply for it.
public struct LocalizedValue: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text as the table writes it (quoted in messages).
    public var text: String
    /// The number of arguments it takes.
    public var argumentCount: Int
    /// Its language (`de`, or `Base`), when the table says: a catalog's language code, a legacy table's `.lproj` folder.
    public var language: String?
    /// The text with each String Catalog substitution (`%#@count@`) written as its format specifier (`%lld`), when
    /// it has one.
    public var substitutedFormat: String?

    /// The conversions its arguments are formatted with, in order (`@`, `1$lld`): a substitution's by its specifier.
    public var conversions: [String] { FormatSpecifiers.conversions(in: substitutedFormat ?? text) }

    /// A value taking the arguments its text's format specifiers name.
    public init(_ text: String, language: String? = nil) {
        self.init(text: text, argumentCount: FormatSpecifiers.argumentCount(of: text), language: language)
    }

    /// A value taking `argumentCount` arguments (a `.stringsdict` entry, whose forms add to its text's).
    public init(text: String, argumentCount: Int, language: String? = nil, substitutedFormat: String? = nil) {
        self.text = text
        self.argumentCount = argumentCount
        self.language = language
        self.substitutedFormat = substitutedFormat
    }

    /// A value written as a string literal, taking the arguments its format specifiers name.
    public init(stringLiteral text: String) {
        self.init(text)
    }
}

/// Counting the arguments a format string takes.
public enum FormatSpecifiers {
    /// The conversions of `format` in order, as written without flags and widths (`@`, `u`, `1$@`, `lld`);
    /// `%%` is not a conversion.
    public static func conversions(in format: String) -> [String] {
        let scalars = Array(format.unicodeScalars)
        var result: [String] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            index += 1
            guard index < scalars.count else { break }
            if scalars[index] == "%" {
                index += 1
                continue
            }
            var spec = ""
            var position = ""
            var look = index
            while look < scalars.count, ("0"..."9").contains(scalars[look]) { look += 1 }
            if look < scalars.count, scalars[look] == "$", look > index {
                position = String(String.UnicodeScalarView(scalars[index..<look])) + "$"
                index = look + 1
            }
            while index < scalars.count, "-+ #0123456789.*'".unicodeScalars.contains(scalars[index]) { index += 1 }
            while index < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[index]) {
                spec.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { break }
            let conversion = scalars[index]
            index += 1
            guard "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(conversion) else { continue }
            spec.unicodeScalars.append(conversion)
            result.append(position + spec)
        }
        return result
    }

    /// How many arguments `format` consumes: the highest position when positional, else the count.
    public static func argumentCount(of format: String) -> Int {
        var count = 0
        var sequential = 0
        for conversion in conversions(in: format) {
            if let dollar = conversion.firstIndex(of: "$"), let position = Int(conversion[..<dollar]) {
                count = max(count, position)
            } else {
                sequential += 1
            }
        }
        return max(count, sequential)
    }
}
