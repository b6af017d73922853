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
        let manifestKeys = Set(manifestStrings.map(\.key))
        var entries: [Identifier: JSONMember] = [:]  // keys by code points, the first of each
        for member in strings.value.members ?? [] where entries[Identifier(member.key)] == nil {
            entries[Identifier(member.key)] = member
        }
        for string in manifestStrings {
            let member = entries[Identifier(string.key)]
            let at = member?.keyRange ?? strings.keyRange
            let localizations = member?.value["localizations"]
            let sourceValue = localizations?[source]?["stringUnit"]?["value"]?.string ?? string.value
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
                where !translated.keeps(specifiers(sourceValue)) {
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
        for member in strings.value.members ?? [] where LocalizationKey.isManifestKey(member.key) {
            let state = member.value["extractionState"]
            if state?.string == "stale" {
                diagnostics.append(
                    Diagnostic(
                        .staleTranslation, "'\(member.key)' is stale: the manifest no longer has this string",
                        at: member.keyRange, help: ["delete the entry in Xcode once its translations are not needed"]))
            } else if state?.string == "manual", !manifestKeys.contains(member.key) {
                diagnostics.append(
                    Diagnostic(
                        .keyNotInManifest, "'\(member.key)' is in the table but the manifest no longer has this string",
                        at: member.keyRange, help: ["run 'notifc build --emit xcstrings' to mark it stale or remove it"]))
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

    /// A translated value of a catalog and the specifiers it takes.
    struct TranslatedValue {
        var range: SourceRange
        var specifiers: [String]
        /// The plural or device case it is (`one`, `iphone`), or `nil` for the localization's own value.
        var form: String?

        /// Whether it takes the arguments of a source with `source` specifiers: all of them, or, for a case, some
        /// of them (`"one": "One new message"` leaves the count out).
        func keeps(_ source: [String]) -> Bool {
            guard form != nil else { return specifiers == source }
            var left = source
            for specifier in specifiers {
                guard let index = left.firstIndex(of: specifier) else { return false }
                left.remove(at: index)
            }
            return true
        }
    }

    /// The values of one language's localization in a String Catalog: its string unit's, each plural or device
    /// case's, and each case of its substitutions. A substitution token `%#@name@` takes the argument its
    /// `formatSpecifier` names, and so does `%arg` in the substitution's cases.
    static func translatedValues(_ localization: JSONNode) -> [TranslatedValue] {
        var substitutions: [String: String] = [:]
        for member in localization["substitutions"]?.members ?? [] {
            guard let specifier = member.value["formatSpecifier"]?.string else { continue }
            let position = member.value["argNum"]?.number.map { "\(Int($0))$" } ?? ""
            substitutions[member.key] = position + specifier
        }
        var values: [TranslatedValue] = []
        func add(_ unit: JSONNode?, form: String?, argument: String?) {
            guard let value = unit?["stringUnit"]?["value"], let text = value.string else { return }
            var format = argument.map { text.replacing("%arg", with: "%" + $0) } ?? text
            for (name, specifier) in substitutions { format = format.replacing("%#@\(name)@", with: "%" + specifier) }
            values.append(TranslatedValue(range: value.range, specifiers: specifiers(format), form: form))
        }
        add(localization, form: nil, argument: nil)
        for kind in localization["variations"]?.members ?? [] {
            for variant in kind.value.members ?? [] { add(variant.value, form: variant.key, argument: nil) }
        }
        for member in localization["substitutions"]?.members ?? [] {
            let argument = (substitutions[member.key]?.split(separator: "$").last).map(String.init)
            for kind in member.value["variations"]?.members ?? [] {
                for variant in kind.value.members ?? [] { add(variant.value, form: variant.key, argument: argument) }
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
        let folderLanguage = lprojFolderLanguage(of: file.path)
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
            if string.isFormat, specifiers(entry.value) != specifiers(string.value) {
                diagnostics.append(
                    Diagnostic(
                        .formatSpecifierMismatch,
                        "the \(language.language)translation of '\(string.key)'\(language.place) has format specifiers \(describe(entry.value)) but the source has \(describe(string.value))",
                        at: entry.valueRange))
            }
        }
        let keys = Set(strings.map(\.key))
        for entry in entries where LocalizationKey.isManifestKey(entry.key) && !keys.contains(entry.key) {
            diagnostics.append(
                Diagnostic(
                    .keyNotInManifest, "'\(entry.key)' is in the table but the manifest no longer has this string",
                    at: entry.keyRange))
        }
    }
}
