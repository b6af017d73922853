// Rule: the alert's `loc-key`, `title-loc-key` and `subtitle-loc-key` exist in the app's Localizable table,
// and each `*-loc-args` supplies as many arguments as the string takes, of the only kind it can: strings.

/// With a table given (`check-payload --strings Localizable.xcstrings`): reports a `*-loc-key` the table does
/// not have (E521, with "did you mean"; iOS would show the raw key), a table other than `Localizable` (iOS
/// looks payload keys up only there), and `*-loc-args` whose count differs from what the widest of the source
/// string and its translations takes (E522): fewer leaves a string without its arguments; more than every
/// language takes is never shown. A string with a specifier other than `%@` (`%d`, `%lld`) is W503: the arguments
/// are strings, and Apple documents only `%@` as filled from them.
///
/// Invalid: `{"aps": {"alert": {"loc-key": "NEW_MESAGE"}}}` when the table has `NEW_MESSAGE`.
/// Valid: `{"aps": {"alert": {"loc-key": "NEW_MESSAGE", "loc-args": ["Ann"]}}}` for `"%@ wrote"`.
struct PayloadLocalizationRule: PayloadRule {
    let codes: [DiagnosticCode] = [.unknownLocalizationKey, .localizationArgumentCount, .localizationArgumentFormat]

    static let pairs = [("loc-key", "loc-args"), ("title-loc-key", "title-loc-args"), ("subtitle-loc-key", "subtitle-loc-args")]

    func check(_ payload: PayloadContext, into diagnostics: inout DiagnosticBag) {
        guard let table = payload.options.localizableTable, let alert = payload.aps?["alert"], alert.members != nil
        else { return }
        for (keyName, argsName) in Self.pairs {
            guard let keyNode = alert[keyName], let key = keyNode.string else { continue }
            guard table.name == "Localizable" else {
                diagnostics.append(
                    Diagnostic(
                        .unknownLocalizationKey,
                        "'\(keyName)' \(PayloadText.quoted(key)) is looked up in the app's Localizable table, not in '\(table.name)'",
                        at: keyNode.range,
                        help: ["iOS resolves payload keys only in Localizable.strings; move the key to Localizable.xcstrings"]))
                continue
            }
            guard let values = table.values[Identifier(key)] else {
                var diagnostic = Diagnostic(
                    .unknownLocalizationKey,
                    "'\(keyName)' \(PayloadText.quoted(key)) is not a key of the Localizable table; iOS would show the key itself",
                    at: keyNode.range)
                diagnostic = diagnostic.suggesting(NameSuggester.suggestion(for: key, among: table.values.keys.map(\.text).sorted()))
                diagnostics.append(diagnostic)
                continue
            }
            if let (index, conversion) = Self.firstNonStringConversion(in: values) {
                let whose = Self.whose(values, index)
                // A conversion the text does not spell is a String Catalog substitution's (`%#@count@`).
                let isSubstitution = !FormatSpecifiers.conversions(in: values[index].text).contains(conversion)
                let takes = isSubstitution ? "formats a substitution with" : "takes"
                diagnostics.append(
                    Diagnostic(
                        .localizationArgumentFormat,
                        "\(whose) of \(PayloadText.quoted(key)) \(takes) '%\(conversion)', but '\(argsName)' are strings; iOS fills only '%@' from them",
                        at: keyNode.range,
                        notes: [DiagnosticNote("\(whose): \(PayloadText.quoted(values[index].text))")],
                        help: [
                            isSubstitution
                                ? "a substitution that varies by plural counts a number, which '\(argsName)' cannot pass; send a key whose string takes '%@' only"
                                : "write '%@' (or '%1$@') in the string and send the value as a string in '\(argsName)'"
                        ]))
            }
            // Arguments that are not an array are E513's; their count means nothing.
            if let args = alert[argsName], args.elements == nil { continue }
            // Every language's string must find its arguments; one that takes fewer ignores the rest, as
            // Foundation's formatting does (lint reports such a translation, E803). So the count to pass is the
            // widest string's.
            let supplied = alert[argsName]?.elements?.count ?? 0
            guard let widest = values.map(\.argumentCount).max(), supplied != widest else { continue }
            let index = values.firstIndex { $0.argumentCount == widest } ?? 0
            let whose = Self.whose(values, index)
            diagnostics.append(
                Diagnostic(
                    .localizationArgumentCount,
                    "'\(argsName)' supplies \(supplied) argument\(supplied == 1 ? "" : "s") but \(whose) of \(PayloadText.quoted(key)) takes \(widest)",
                    at: alert[argsName]?.range ?? keyNode.range,
                    notes: [DiagnosticNote("\(whose): \(PayloadText.quoted(values[index].text))")],
                    help: [
                        widest == 0
                            ? "remove '\(argsName)': the string takes no arguments"
                            : "pass exactly \(widest) string\(widest == 1 ? "" : "s") in '\(argsName)'"
                    ]))
        }
    }

    /// How messages name `values[index]`: the source string (the first), or a translation by its language.
    private static func whose(_ values: [LocalizedValue], _ index: Int) -> String {
        index == 0 ? "the source string" : values[index].language.map { "the '\($0)' translation" } ?? "a translation"
    }

    /// The first value with a conversion that takes something other than an object (`%d`, `%1$lld`), with that
    /// conversion as written without flags and width.
    private static func firstNonStringConversion(in values: [LocalizedValue]) -> (index: Int, conversion: String)? {
        for (index, value) in values.enumerated() {
            if let conversion = value.conversions.first(where: { !$0.hasSuffix("@") }) {
                return (index, conversion)
            }
        }
        return nil
    }
}
