// `notifc lint` of a String Catalog against the manifest: missing translations, format specifier mismatches,
// entries to review, stale keys and keys the manifest no longer has.

/// Checks a String Catalog that holds (some of) the manifest's strings.
///
/// For every language the catalog has: a manifest string without a translation in it is `W801` (in the manifest's
/// table only: another table's catalog holds other strings); a translation
/// whose format specifiers differ from the development-language value (`%u`, `%@`, `%1$u`; `%%` ignored) is
/// `E803` at the translation. A translation marked `needs_review` is note `N801`; a notifc key marked `stale`
/// is note `N802`; a `manual` notifc key the manifest no longer has is `W802`.
public enum CatalogLint {
    /// Checks `file` against `manifest`; problems with the file itself are reported as by the merge.
    public static func check(
        _ file: SourceFile, manifest: Manifest, limits: Limits = .default, into diagnostics: inout DiagnosticBag
    ) {
        let errorsBefore = diagnostics.errorCount
        guard let root = JSONReader.read(file, limits: limits, into: &diagnostics), diagnostics.errorCount == errorsBefore,
            let language = StringCatalog.checkShape(root, in: file, into: &diagnostics),
            let strings = root.member("strings")
        else { return }
        let source = language.value
        if source != manifest.localization.developmentLanguage {
            diagnostics.append(
                Diagnostic(
                    .catalogLanguageMismatch,
                    "the catalog's source language is '\(source)' but the manifest's development language is '\(manifest.localization.developmentLanguage)'",
                    at: language.range))
            return
        }
        var languages: [String] = []
        for entry in strings.value.members ?? [] {
            for localization in entry.value["localizations"]?.members ?? []
            where localization.key != source && !languages.contains(localization.key) {
                languages.append(localization.key)
            }
        }
        languages.sort { CatalogKeyOrder.areInIncreasingOrder($0, $1) }
        // A catalog of another table holds other strings: only the manifest's table lacks a missing translation.
        let isManifestTable = StringCatalog.tableName(of: file.path) == manifest.localization.table
        let manifestStrings = manifest.localizableStrings
        let manifestKeys = Set(manifestStrings.map { Identifier($0.key) })  // by code points, as the merge compares them
        var entries: [Identifier: JSONMember] = [:]  // keys by code points, the first of each
        for member in strings.value.members ?? [] where entries[Identifier(member.key)] == nil {
            entries[Identifier(member.key)] = member
        }
        for string in manifestStrings {
            let member = entries[Identifier(string.key)]
            // An entry build cannot merge, as the merge reports it (only build's own table is merged).
            if isManifestTable, let member,
                let problem = StringCatalog.entryProblem(member.value, key: string.key, sourceLanguage: source)
            {
                diagnostics.append(problem)
                continue
            }
            let at = member?.keyRange ?? strings.keyRange
            let localizations = member?.value["localizations"]
            let sourceValue = localizations?[source]?["stringUnit"]?["value"]?.string ?? string.value
            // The source's own substitutions (Xcode's "vary by plural" on a string with several arguments) say
            // what its `%#@name@` tokens take.
            let sourceArguments = localizations?[source].flatMap { translatedValues($0).first { $0.form == nil }?.arguments }
                ?? arguments(sourceValue)
            // "Don't translate" in Xcode's editor: the string is the same in every language.
            let isTranslated = member?.value["shouldTranslate"]?.bool != false
            for code in languages {
                guard let localization = localizations?[code], localization.members?.isEmpty == false else {
                    guard isManifestTable, isTranslated else { continue }
                    diagnostics.append(
                        Diagnostic(
                            .missingTranslation, "'\(string.key)' has no '\(code)' translation", at: at,
                            help: ["translate it in Xcode's String Catalog editor"]))
                    continue
                }
                for translated in string.isFormat ? translatedValues(localization) : []
                where !translated.keeps(sourceArguments) {
                    let form = translated.form.map { " (its '\($0)' form)" } ?? ""
                    diagnostics.append(
                        Diagnostic(
                            .formatSpecifierMismatch,
                            "the '\(code)' translation of '\(string.key)'\(form) has format specifiers \(describe(list: translated.specifiers)) but the source has \(describe(sourceValue))",
                            at: translated.range,
                            help: [
                                translated.form == nil
                                    ? "use the same specifiers as \(StringEscapes.literal(sourceValue)) (positional forms such as %1$@ may reorder them)"
                                    : "use specifiers of \(StringEscapes.literal(sourceValue)) only; a plural form may leave the number out",
                            ]))
                }
                for unit in stringUnits(localization) {
                    if let state = unit["state"], state.string == "needs_review" {
                        diagnostics.append(
                            Diagnostic(
                                .translationNeedsReview, "the '\(code)' translation of '\(string.key)' needs review",
                                at: state.range))
                    }
                }
            }
        }
        let emptyTexts = manifest.emptyTextKeys
        for member in strings.value.members ?? [] where LocalizationKey.isManifestKey(member.key) {
            let state = member.value["extractionState"]
            if state?.string == "stale" {
                diagnostics.append(
                    Diagnostic(
                        .staleTranslation, emptyTexts.contains(member.key)
                            ? "'\(member.key)' is stale: its text in the manifest is empty, which is not localized"
                            : "'\(member.key)' is stale: the manifest no longer has this string",
                        at: member.keyRange, help: ["delete the entry in Xcode once its translations are not needed"]))
            } else if state?.string == "manual", !manifestKeys.contains(Identifier(member.key)) {
                diagnostics.append(
                    keyNotInManifest(
                        member.key, at: member.keyRange, emptyTexts: emptyTexts,
                        help: "run 'notifc build --emit xcstrings' to mark it stale or remove it"))
            }
        }
    }

    /// The string units of a localization, its variations' included.
    private static func stringUnits(_ node: JSONNode) -> [JSONNode] {
        var units: [JSONNode] = []
        for member in node.members ?? [] {
            if member.key == "stringUnit" { units.append(member.value) } else { units += stringUnits(member.value) }
        }
        return units
    }

    /// The conversions of `text` without positions, sorted: what a translation must keep. An argument named by
    /// position more than once (`%1$@ … %1$@`) counts once.
    static func specifiers(_ text: String) -> [String] {
        var positional = Set<String>()
        return FormatSpecifiers.conversions(in: text).compactMap { conversion in
            guard let dollar = conversion.firstIndex(of: "$") else { return conversion }
            guard positional.insert(conversion).inserted else { return nil }
            return String(conversion[conversion.index(after: dollar)...])
        }.sorted()
    }

    /// One argument a format string takes: its position and its conversion (`u`, `@`, `lld`).
    struct FormatArgument: Hashable, Comparable {
        var position: Int
        var conversion: String

        static func < (left: Self, right: Self) -> Bool {
            left.position != right.position
                ? left.position < right.position : left.conversion.utf8.lexicographicallyPrecedes(right.conversion.utf8)
        }
    }

    /// The arguments `format` takes, by position, as Foundation assigns them: `%u more from %@` and `%2$@: %1$u`
    /// both take a `u` first and an `@` second; an unpositioned conversion takes the next position, and an
    /// argument named twice counts once.
    static func arguments(_ format: String) -> Set<FormatArgument> {
        var arguments = Set<FormatArgument>()
        var next = 1
        for conversion in FormatSpecifiers.conversions(in: format) {
            if let dollar = conversion.firstIndex(of: "$"), let position = Int(conversion[..<dollar]) {
                arguments.insert(FormatArgument(position: position, conversion: String(conversion[conversion.index(after: dollar)...])))
            } else {
                arguments.insert(FormatArgument(position: next, conversion: conversion))
                next += 1
            }
        }
        return arguments
    }

    /// A translated value of a catalog and the arguments it takes.
    struct TranslatedValue {
        var range: SourceRange
        var arguments: Set<FormatArgument>
        /// The plural or device case it is (`one`, `iphone/other`), or `nil` for the localization's own value.
        var form: String?

        /// Whether it takes the arguments of a source that takes `source`: the same, or, for a case, some of them at
        /// their positions (`"one": "One new message"` leaves the count out; `"one": "One from %@"` would read the
        /// count as the name).
        func keeps(_ source: Set<FormatArgument>) -> Bool {
            form == nil ? arguments == source : arguments.isSubset(of: source)
        }

        /// Its conversions in position order, for messages.
        var specifiers: [String] { arguments.sorted().map(\.conversion) }
    }

    /// The values of one language's localization in a String Catalog: its string unit's, each plural or device
    /// case's (nested ones too), and each case of its substitutions. A substitution token `%#@name@` takes the
    /// argument its `formatSpecifier` and `argNum` name, and so does `%arg` in the substitution's cases.
    static func translatedValues(_ localization: JSONNode) -> [TranslatedValue] {
        // Each substitution's conversion, and its argument's position (`argNum`) when given: the token takes the
        // argument where it stands, as any unpositioned conversion does; `%arg` in a case takes the one `argNum` names.
        var substitutions: [String: (specifier: String, position: String)] = [:]
        for member in localization["substitutions"]?.members ?? [] {
            guard let specifier = member.value["formatSpecifier"]?.string else { continue }
            let position = member.value["argNum"]?.number.flatMap { Int(exactly: $0) }.flatMap { $0 > 0 ? "\($0)$" : nil }
            substitutions[member.key] = (specifier, position ?? "")
        }
        var values: [TranslatedValue] = []
        func add(_ node: JSONNode, form: String?, argument: String?, depth: Int = 0) {
            if let value = node["stringUnit"]?["value"], let text = value.string {
                var format = argument.map { text.replacing("%arg", with: "%" + $0) } ?? text
                for (name, substitution) in substitutions {
                    format = format.replacing("%#@\(name)@", with: "%" + substitution.specifier)
                }
                values.append(TranslatedValue(range: value.range, arguments: arguments(format), form: form))
            }
            guard depth < 4 else { return }  // Xcode nests at most a device case's plural
            for kind in node["variations"]?.members ?? [] {
                for variant in kind.value.members ?? [] {
                    add(variant.value, form: form.map { $0 + "/" + variant.key } ?? variant.key, argument: argument, depth: depth + 1)
                }
            }
        }
        add(localization, form: nil, argument: nil)
        for member in localization["substitutions"]?.members ?? [] {
            let argument = substitutions[member.key].map { $0.position + $0.specifier }
            for kind in member.value["variations"]?.members ?? [] {
                for variant in kind.value.members ?? [] { add(variant.value, form: variant.key, argument: argument, depth: 1) }
            }
        }
        return values
    }

    static func describe(_ text: String) -> String {
        let conversions = FormatSpecifiers.conversions(in: text)
        return conversions.isEmpty ? "none" : conversions.map { "'%\($0)'" }.joined(separator: ", ")
    }
}

extension CatalogLint {
    /// Checks a legacy `<lang>.lproj/<Table>.strings` file against the manifest: parse errors and lowercase `\u`
    /// (``StringsFileReader``); when its table is the manifest's, a manifest string it lacks (`W801`); a value
    /// whose specifiers differ from the manifest's text (`E803`); a notifc key the manifest no longer has (`W802`).
    /// Keys in `alsoTranslated` (those of the same language's `.stringsdict`) are not missing.
    public static func checkStrings(
        _ file: SourceFile, manifest: Manifest, limits: Limits = .default, alsoTranslated: Set<String> = [],
        into diagnostics: inout DiagnosticBag
    ) {
        guard let entries = StringsFileReader.read(file, limits: limits, into: &diagnostics) else { return }
        let language = lprojLanguage(of: file.path)
        let table = LocalizableTable.legacyTableName(of: file.path, suffix: ".strings")
        let strings = manifest.localizableStrings
        var byKey: [String: StringsEntry] = [:]
        for entry in entries { byKey[entry.key] = entry }  // the last of a repeated key wins, as on iOS
        // The development language's table and Base.lproj's hold the manifest's own texts, which a missing key
        // falls back to (the generated code passes them as default values): only other languages lack translations.
        let folderLanguage = FileNames.lprojLanguage(ofFileAt: file.path)
        let isTranslation = folderLanguage.map {
            $0.lowercased() != "base" && $0.lowercased() != manifest.localization.developmentLanguage.lowercased()
        } ?? true
        for string in strings {
            guard let entry = byKey[string.key] else {
                if table == manifest.localization.table, isTranslation, !alsoTranslated.contains(string.key) {
                    diagnostics.append(
                        Diagnostic(
                            .missingTranslation, "'\(string.key)' has no \(language.language)translation\(language.place)",
                            at: SourceRange(file: file.id, start: 0, end: 0), help: ["add \(StringEscapes.literal(string.key)) = \"…\";"]))
                }
                continue
            }
            if string.isFormat, arguments(entry.value) != arguments(string.value) {
                diagnostics.append(
                    Diagnostic(
                        .formatSpecifierMismatch,
                        "the \(language.language)translation of '\(string.key)'\(language.place) has format specifiers \(describe(entry.value)) but the source has \(describe(string.value))",
                        at: entry.valueRange,
                        help: ["use the same specifiers as \(StringEscapes.literal(string.value)) (positional forms such as %1$@ may reorder them)"]))
            }
        }
        let keys = Set(strings.map(\.key)), emptyTexts = manifest.emptyTextKeys
        for entry in entries where LocalizationKey.isManifestKey(entry.key) && !keys.contains(entry.key) {
            diagnostics.append(keyNotInManifest(entry.key, at: entry.keyRange, emptyTexts: emptyTexts))
        }
    }

    /// `W802` for a notifc key of the table that the manifest has no string for: gone, or an empty text, which is not
    /// localized (so its entry is never looked up).
    static func keyNotInManifest(_ key: String, at range: SourceRange, emptyTexts: Set<String>, help: String? = nil) -> Diagnostic {
        guard emptyTexts.contains(key) else {
            return Diagnostic(
                .keyNotInManifest, "'\(key)' is in the table but the manifest no longer has this string", at: range,
                help: help.map { [$0] } ?? [])
        }
        return Diagnostic(
            .keyNotInManifest, "'\(key)' is in the table but its text in the manifest is empty, which is not localized",
            at: range, help: [help ?? "remove the entry: an empty text is shown as it is, in every language"])
    }
}
