// Rule: one `localization` declaration, with a usable table name and development language; translator comments
// describe strings the declaration has.

/// Reports a second `localization` declaration (E323), a table name that cannot be a file name or a development
/// language that is not a language code (E324), and a comment key whose string is not declared (W311).
///
/// Invalid: `localization "a/b" { developmentLanguage: "" }`, `category c { categorySummaryFormatComment: "…" }`
/// Valid: `localization Notifications { developmentLanguage: "en" }`
package struct LocalizationRule: ValidationRule {
    package let codes: [DiagnosticCode] = [.duplicateLocalization, .invalidLocalizationSetting, .commentWithoutString]

    package func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let settings = context.manifest.localizations
        let locations = context.manifest.locations.localizations
        for index in settings.indices {
            if index > 0 {
                diagnostics.append(
                    Diagnostic(
                        .duplicateLocalization, "a manifest has one localization declaration; this is the second",
                        at: locations[index].name, notes: [DiagnosticNote("the first is here", at: locations[0].name)],
                        help: ["merge the two declarations"]))
            }
            if let problem = Self.tableNameProblem(settings[index].table) {
                diagnostics.append(
                    Diagnostic(
                        .invalidLocalizationSetting, "strings table name '\(settings[index].table)' \(problem)",
                        at: locations[index].name, help: ["name the table as its String Catalog is named without '.xcstrings', for example 'Notifications'"]))
            }
            if let value = locations[index].value(of: .developmentLanguage),
                !Self.isLanguageCode(settings[index].developmentLanguage)
            {
                diagnostics.append(
                    Diagnostic(
                        .invalidLocalizationSetting,
                        "development language '\(settings[index].developmentLanguage)' is not a language code",
                        at: value, help: ["write a code such as \"en\", \"de\", \"pt-BR\" or \"zh-Hans\""]))
            }
        }
        checkComments(context, into: &diagnostics)
    }

    /// Why `table` cannot name `<table>.xcstrings` and `<lang>.lproj/<table>.strings`, or `nil`.
    package static func tableNameProblem(_ table: String) -> String? {
        if table.isEmpty { return "is empty" }
        if table.utf8.contains(UInt8(ascii: "/")) { return "contains '/'" }
        if table.hasPrefix(".") { return "starts with '.'" }
        if table.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == ":" }) { return "contains a control character or ':'" }
        if let suffix = FileNames.stringsTableSuffixes.first(where: { FileNames.hasSuffix(table, $0) }) {
            return "ends in '\(suffix)': a table is named without its file's extension ('\(table.dropLast(suffix.count))')"
        }
        return nil
    }

    /// Whether `code` looks like a BCP 47 language tag as Xcode writes them (`en`, `pt-BR`, `zh-Hans`, `es-419`).
    static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
            first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count)
                && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    /// Reports comments whose string the declaration does not have.
    private func checkComments(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        for (index, action) in manifest.actions.enumerated() {
            let location = manifest.locations.actions[index]
            report(
                .placeholderComment, of: action.identifier, in: location,
                text: location.wrote(.placeholder) ? action.textInput?.placeholder : nil, &diagnostics)
        }
        for (index, category) in manifest.categories.enumerated() {
            let location = manifest.locations.categories[index]
            report(
                .hiddenPreviewsBodyPlaceholderComment, of: category.identifier, in: location,
                text: category.hiddenPreviewsBodyPlaceholder, &diagnostics)
            report(
                .categorySummaryFormatComment, of: category.identifier, in: location, text: category.categorySummaryFormat,
                &diagnostics)
        }
    }

    /// W311 when the comment `key` describes a string `name` does not declare (`text` is `nil`) or declares empty,
    /// which is not localized.
    private func report(
        _ key: ManifestKey, of name: String, in location: DeclarationLocation, text: String?,
        _ diagnostics: inout DiagnosticBag
    ) {
        guard text?.isEmpty != false, let string = key.commentedKey, let entry = location.entries.first(where: { $0.key == key })
        else { return }
        diagnostics.append(
            text == nil
                ? Diagnostic(
                    .commentWithoutString, "'\(key.rawValue)' describes '\(string.rawValue)', which '\(name)' does not declare",
                    at: entry.keyRange, help: ["add '\(string.rawValue)' or remove the comment"])
                : Diagnostic(
                    .commentWithoutString,
                    "'\(key.rawValue)' describes '\(string.rawValue)', which is empty in '\(name)': an empty text is not localized",
                    at: entry.keyRange, help: ["write the text or remove the comment"]))
    }
}
