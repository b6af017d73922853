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
            for code in languages {
                guard let localization = localizations?[code], localization.members?.isEmpty == false else {
                    guard isManifestTable else { continue }
                    diagnostics.append(
                        Diagnostic(
                            .missingTranslation, "'\(string.key)' has no '\(code)' translation", at: at,
                            help: ["translate it in Xcode's String Catalog editor"]))
                    continue
                }
                for unit in stringUnits(localization) {
                    if let value = unit["value"], let text = value.string,
                        specifiers(text) != specifiers(sourceValue)
                    {
                        diagnostics.append(
                            Diagnostic(
                                .formatSpecifierMismatch,
                                "the '\(code)' translation of '\(string.key)' has format specifiers \(describe(text)) but the source has \(describe(sourceValue))",
                                at: value.range,
                                help: ["use the same specifiers as \(StringEscapes.literal(sourceValue)) (positional forms such as %1$@ may reorder them)"]))
                    }
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

    /// The conversions of `text` without positions, sorted: what a translation must keep.
    static func specifiers(_ text: String) -> [String] {
        FormatSpecifiers.conversions(in: text).map { conversion in
            conversion.firstIndex(of: "$").map { String(conversion[conversion.index(after: $0)...]) } ?? conversion
        }.sorted()
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
        for string in strings {
            guard let entry = byKey[string.key] else {
                if table == manifest.localization.table, !alsoTranslated.contains(string.key) {
                    diagnostics.append(
                        Diagnostic(
                            .missingTranslation, "'\(string.key)' has no \(language.language)translation\(language.place)",
                            at: SourceRange(file: file.id, start: 0, end: 0), help: ["add \(StringEscapes.literal(string.key)) = \"…\";"]))
                }
                continue
            }
            if specifiers(entry.value) != specifiers(string.value) {
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
