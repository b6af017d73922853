// `notifc lint` of a legacy `<lang>.lproj/<Table>.stringsdict` plural table against the manifest: the
// entries' structure, the arguments each entry takes, and notifc keys the manifest no longer has.

extension CatalogLint {
    /// The plural categories a `NSStringPluralRuleType` variable can have.
    static let pluralForms = ["zero", "one", "two", "few", "many", "other"]

    /// Checks a `.stringsdict` file (read with ``PropertyListReader``; its XML errors are its codes). Per entry:
    /// a missing or non-string `NSStringLocalizedFormatKey`, a `%#@name@` without its variable dictionary, a
    /// variable that is not a `NSStringPluralRuleType` with a value type and an `other` form are `E804`; a notifc
    /// key whose arguments (the format key's specifiers, each variable as its `NSStringFormatValueTypeKey`, plus
    /// the specifiers a plural form adds besides the number) differ from the manifest's text is `E803` at the
    /// entry's key; a notifc key the manifest no longer has is `W802`. In a width or device variant entry
    /// (`NSStringVariableWidthRuleType`, `NSStringDeviceSpecificRuleType`) each variant is compared the same way
    /// (``variantArguments(of:rule:into:)``).
    ///
    /// Returns the keys the file defines, so that a `.strings` file of the same language and table counts them
    /// as translated (``checkStrings(_:manifest:limits:alsoTranslated:into:)``).
    @discardableResult
    public static func checkStringsdict(
        _ file: SourceFile, manifest: Manifest, limits: Limits = .default, into diagnostics: inout DiagnosticBag
    ) -> Set<String> {
        guard let entries = stringsdictEntries(file, limits: limits, into: &diagnostics) else { return [] }
        let language = lprojLanguage(of: file.path)
        let strings = manifest.localizableStrings
        var sources: [String: LocalizableString] = [:]
        for string in strings { sources[string.key] = string }
        let emptyTexts = manifest.emptyTextKeys
        var keys = Set<String>()
        for entry in entries {
            keys.insert(entry.key)
            guard let arguments = stringsdictArguments(entry, into: &diagnostics)?.rows else { continue }
            if let string = sources[entry.key] {
                guard string.isFormat else { continue }  // a title is shown as it is: nothing to keep
                let source = string.value, expected = specifiers(source)
                for (form, found) in arguments where found.sorted() != expected {
                    let place = form.map { " (its \($0.description))" } ?? ""
                    diagnostics.append(
                        Diagnostic(
                            .formatSpecifierMismatch,
                            "the \(language.language)translation of '\(entry.key)'\(language.place)\(place) takes format specifiers \(describe(list: found.sorted())) but the source has \(describe(source))",
                            at: entry.keyRange,
                            notes: form.map { [DiagnosticNote("this \($0.noun)", at: $0.range)] } ?? [],
                            help: ["take the same arguments as \(StringEscapes.literal(source)): NSStringFormatValueTypeKey gives each plural variable's specifier"]))
                    break
                }
            } else if LocalizationKey.isManifestKey(entry.key) {
                diagnostics.append(CatalogLint.keyNotInManifest(entry.key, at: entry.keyRange, emptyTexts: emptyTexts))
            }
        }
        return keys
    }

    /// The entries of a `.stringsdict` file: its root dictionary's; `nil` after reporting why there are none.
    static func stringsdictEntries(_ file: SourceFile, limits: Limits, into diagnostics: inout DiagnosticBag)
        -> [PropertyListEntry]?
    {
        guard let root = PropertyListReader.read(file, limits: limits, into: &diagnostics) else { return nil }
        guard let entries = root.entries else {
            diagnostics.append(
                Diagnostic(
                    .invalidStringsFile, "a .stringsdict file's root must be a dictionary of keys, not \(root.typeDescription)",
                    at: root.range))
            return nil
        }
        return entries
    }

    /// A plural form (or a width or device variant, or a form inside one) that changes an entry's arguments.
    struct PluralForm {
        /// The plural category (`one`); empty for a variant's string.
        var name: String
        var range: SourceRange
        /// The width or device of the variant it belongs to (`20`, `iphone`).
        var variant: String?

        /// What it is: a variant's own string, or a form.
        var noun: String { variant != nil && name.isEmpty ? "variant" : "form" }

        /// How messages name it: `'one' form`, `'mac' variant`, `'mac' variant's 'one' form`.
        var description: String {
            guard let variant else { return "'\(name)' \(noun)" }
            return name.isEmpty ? "'\(variant)' \(noun)" : "'\(variant)' variant's '\(name)' \(noun)"
        }
    }

    /// The arguments a `.stringsdict` entry takes.
    struct StringsdictArguments {
        /// What messages quote for the entry: its format key, or the text of its variant that takes the most
        /// arguments.
        var text = ""
        /// The position-less conversions, first with every variable's `other` form (form `nil`), then with each
        /// other form that adds different specifiers (for a variant entry: each variant's, as a form): what lint
        /// compares with the manifest's text.
        var rows: [(form: PluralForm?, conversions: [String])] = []
        /// How many arguments the entry takes at most, counted as ``FormatSpecifiers/argumentCount(of:)`` counts
        /// (the highest position when positional): its format key with each variable as its number, plus what the
        /// variable's widest form adds besides the number. What a payload's `loc-args` must supply.
        var argumentCount = 0
    }

    /// The arguments an entry takes (position-less conversions): first with every variable's `other` form
    /// (form `nil`), then with each other form that adds different specifiers; for a width or device variant
    /// entry, each variant's. `nil` after reporting why the entry is malformed.
    static func stringsdictArguments(_ entry: PropertyListEntry, into diagnostics: inout DiagnosticBag)
        -> StringsdictArguments?
    {
        func invalid(_ message: String, at range: SourceRange, help: [String] = []) -> StringsdictArguments? {
            diagnostics.append(Diagnostic(.invalidStringsFile, message, at: range, help: help))
            return nil
        }
        guard entry.value.entries != nil else {
            return invalid("the .stringsdict entry '\(entry.key)' must be a dictionary, not \(entry.value.typeDescription)", at: entry.value.range)
        }
        guard let formatNode = entry.value["NSStringLocalizedFormatKey"] else {
            if let rule = entry.value.entry("NSStringVariableWidthRuleType") ?? entry.value.entry("NSStringDeviceSpecificRuleType") {
                return variantArguments(of: entry, rule: rule, into: &diagnostics)
            }
            return invalid(
                "the .stringsdict entry '\(entry.key)' has no NSStringLocalizedFormatKey", at: entry.keyRange,
                help: ["add <key>NSStringLocalizedFormatKey</key><string>%#@count@</string> and a 'count' plural rule dictionary"])
        }
        guard let format = formatNode.string else {
            return invalid("NSStringLocalizedFormatKey of '\(entry.key)' must be a string, not \(formatNode.typeDescription)", at: formatNode.range)
        }
        // The format key with each `%#@name@` written as its value type; and each variable's forms.
        var base = ""
        var variables: [(value: String, forms: [(name: String, text: String, range: SourceRange)])] = []
        var malformed = false
        let scalars = Array(format.unicodeScalars)
        var index = 0
        while index < scalars.count {
            var look = index + 1
            if scalars[index] == "%" {
                while look < scalars.count, ("0"..."9").contains(scalars[look]) { look += 1 }
                if look < scalars.count, scalars[look] == "$", look > index + 1 { look += 1 } else { look = index + 1 }
            }
            guard scalars[index] == "%", look + 1 < scalars.count, scalars[look] == "#", scalars[look + 1] == "@",
                let close = scalars[(look + 2)...].firstIndex(of: "@")
            else {
                if scalars[index] == "%", index + 1 < scalars.count, scalars[index + 1] == "%" {
                    base += "%%"
                    index += 2
                    continue
                }
                base.unicodeScalars.append(scalars[index])
                index += 1
                continue
            }
            let position = String(String.UnicodeScalarView(scalars[(index + 1)..<look]))
            let name = String(String.UnicodeScalarView(scalars[(look + 2)..<close]))
            index = close + 1
            let token = "'%\(position)#@\(name)@'"
            guard let variable = entry.value[name], variable.entries != nil else {
                malformed = true
                diagnostics.append(
                    Diagnostic(
                        .invalidStringsFile, "\(token) in '\(entry.key)' names a variable the entry does not define",
                        at: formatNode.contentRange, help: ["add a '\(name)' dictionary with NSStringFormatSpecTypeKey NSStringPluralRuleType"]))
                continue
            }
            let at = entry.value.entry(name)?.keyRange ?? formatNode.range
            let type = variable["NSStringFormatSpecTypeKey"]?.string
            guard type == "NSStringPluralRuleType" else {
                malformed = true
                diagnostics.append(
                    Diagnostic(
                        .invalidStringsFile,
                        "the variable '\(name)' of '\(entry.key)' needs NSStringFormatSpecTypeKey NSStringPluralRuleType\(type.map { ", not '\($0)'" } ?? "")",
                        at: at))
                continue
            }
            guard let valueType = variable["NSStringFormatValueTypeKey"]?.string,
                let conversion = FormatSpecifiers.conversions(in: "%" + valueType).first, conversion.count == valueType.count
            else {
                malformed = true
                diagnostics.append(
                    Diagnostic(
                        .invalidStringsFile,
                        "the variable '\(name)' of '\(entry.key)' needs NSStringFormatValueTypeKey, the number's specifier without '%' (such as 'u' or 'lld')",
                        at: at))
                continue
            }
            guard variable["other"]?.string != nil else {
                malformed = true
                diagnostics.append(
                    Diagnostic(
                        .invalidStringsFile, "the variable '\(name)' of '\(entry.key)' has no 'other' form",
                        at: at, help: ["iOS uses 'other' for every count the language's other forms do not cover; add <key>other</key><string>…</string>"]))
                continue
            }
            base += "%" + position + valueType
            let forms = pluralForms.compactMap { form in
                variable.entry(form).flatMap { found in found.value.string.map { (form, $0, found.value.contentRange) } }
            }
            variables.append((valueType, forms))
        }
        if malformed { return nil }
        let baseConversions = specifiers(base)
        func withoutPosition(_ conversion: String) -> String {
            conversion.split(separator: "$").last.map(String.init) ?? conversion
        }
        /// What a form adds to the arguments: its conversions (positions kept) less one for the number it stands for.
        func extra(_ text: String, value: String) -> [String] {
            var found = FormatSpecifiers.conversions(in: text)
            if let number = found.firstIndex(where: { withoutPosition($0) == value }) { found.remove(at: number) }
            return found
        }
        let others = variables.flatMap { variable in
            extra(variable.forms.last { $0.name == "other" }?.text ?? "", value: variable.value).map(withoutPosition)
        }
        // With positions kept: each variable's number is in `base`; what its widest form adds is appended.
        var widest = base
        for variable in variables {
            let added = variable.forms.map { extra($0.text, value: variable.value).map { "%" + $0 }.joined() }
            widest += added.max { FormatSpecifiers.argumentCount(of: base + $0) < FormatSpecifiers.argumentCount(of: base + $1) } ?? ""
        }
        var result = StringsdictArguments(
            text: format, rows: [(nil, (baseConversions + others))], argumentCount: FormatSpecifiers.argumentCount(of: widest))
        for variable in variables {
            let other = extra(variable.forms.last { $0.name == "other" }?.text ?? "", value: variable.value).map(withoutPosition)
            for form in variable.forms where form.name != "other" {
                let added = extra(form.text, value: variable.value).map(withoutPosition)
                if added.sorted() != other.sorted() {
                    var conversions = baseConversions + others
                    for removed in other { if let at = conversions.firstIndex(of: removed) { conversions.remove(at: at) } }
                    result.rows.append((PluralForm(name: form.name, range: form.range), conversions + added))
                }
            }
        }
        return result
    }

    /// The arguments of a width or device variant entry (`rule` is its `NSStringVariableWidthRuleType` or
    /// `NSStringDeviceSpecificRuleType`): one row per variant, named by its width or device; a variant that is a
    /// dictionary with a format key of its own (a device variant that also varies by plural) gives its own rows.
    /// The entry takes what its widest variant takes. `nil` after reporting a variant that is neither (`E804`).
    private static func variantArguments(
        of entry: PropertyListEntry, rule: PropertyListEntry, into diagnostics: inout DiagnosticBag
    ) -> StringsdictArguments? {
        guard let variants = rule.value.entries, !variants.isEmpty else {
            let found = rule.value.entries == nil ? ", not \(rule.value.typeDescription)" : ""
            diagnostics.append(
                Diagnostic(
                    .invalidStringsFile, "\(rule.key) of '\(entry.key)' must be a dictionary of its variants\(found)",
                    at: rule.value.range))
            return nil
        }
        var result = StringsdictArguments(argumentCount: -1)
        var malformed = false
        for variant in variants {
            let name = variant.key
            let arguments: StringsdictArguments
            if let text = variant.value.string {
                arguments = StringsdictArguments(
                    text: text, rows: [(nil, specifiers(text))], argumentCount: FormatSpecifiers.argumentCount(of: text))
            } else if variant.value["NSStringLocalizedFormatKey"] != nil {
                let nested = PropertyListEntry(key: entry.key, keyRange: variant.keyRange, value: variant.value)
                guard let nestedArguments = stringsdictArguments(nested, into: &diagnostics) else {
                    malformed = true  // reported as an entry's structure
                    continue
                }
                arguments = nestedArguments
            } else {
                diagnostics.append(
                    Diagnostic(
                        .invalidStringsFile,
                        "the '\(name)' variant of '\(entry.key)' must be a string or a dictionary with NSStringLocalizedFormatKey, not \(variant.value.typeDescription)",
                        at: variant.value.range))
                malformed = true
                continue
            }
            for row in arguments.rows {
                let form = PluralForm(
                    name: row.form?.name ?? "", range: row.form?.range ?? variant.value.contentRange, variant: name)
                result.rows.append((form, row.conversions))
            }
            if arguments.argumentCount > result.argumentCount {
                result.text = arguments.text
                result.argumentCount = arguments.argumentCount
            }
        }
        return malformed ? nil : result
    }

    static func describe(list conversions: [String]) -> String {
        conversions.isEmpty ? "none" : conversions.map { "'%\($0)'" }.joined(separator: ", ")
    }

    /// How messages name the language of a table file: `'de' ` for one in `de.lproj`; for one outside an `.lproj`
    /// folder, which iOS reads for every language, nothing, and the file's name after the key (` in 'A.strings'`).
    static func lprojLanguage(of path: String) -> (language: String, place: String) {
        guard let language = FileNames.lprojLanguage(ofFileAt: path) else {
            return ("", " in '\(path.split(separator: "/").last ?? "")'")
        }
        return ("'\(language)' ", "")
    }

}
