// Converts a value as written into the type its key requires, reporting type and option errors.

/// Checks values against their keys' ``ValueType``s.
enum ValueChecker {
    /// The checked value, written for `key`, or `nil` after reporting why it does not have the required type.
    static func check(
        _ value: ValueSyntax, key manifestKey: ManifestKey, as type: ValueType, into diagnostics: inout DiagnosticBag
    ) -> CheckedValue? {
        let key = manifestKey.rawValue
        switch (type, value.kind) {
        case (.string, .string(let text)):
            return .string(Located(text, at: value.range))
        case (.number, .number(let number)):
            return .number(Located(number, at: value.range))
        case (.number, .word("nan")):
            return .number(Located(.nan, at: value.range))
        case (.number, .word("inf")), (.number, .word("infinity")):
            return .number(Located(.infinity, at: value.range))
        case (.boolean, .word("true")):
            return .boolean(Located(true, at: value.range))
        case (.boolean, .word("false")):
            return .boolean(Located(false, at: value.range))
        case (.actionReferences, .list), (.categoryReferences, .list):
            var names: [String] = []
            var ranges: [SourceRange] = []
            appendNames(of: value, key: key, into: &names, ranges: &ranges, diagnostics: &diagnostics)
            return .names(Located(zip(names, ranges).map { Located($0, at: $1) }, at: value.range))
        case (.strings, .list(let elements)):
            return .strings(
                elements.compactMap { element in
                    if case .string(let text) = element.kind { return Located(text, at: element.range) }
                    diagnostics.append(
                        .typeMismatch(key: key, expected: ValueType.string.expectation, found: element, type: .string))
                    return nil
                })
        case (.actionOptions, .list):
            return .actionOptions(options(value, key: key, ActionOption.self, other: CategoryOption.self, into: &diagnostics))
        case (.categoryOptions, .list):
            return .categoryOptions(
                options(value, key: key, CategoryOption.self, other: ActionOption.self, into: &diagnostics))
        case (.bundleLocation, .word(let word)) where LocalizationSettings.BundleLocation(rawValue: word) != nil:
            return .string(Located(word, at: value.range))
        case (.icon, .call):
            return icon(value, into: &diagnostics).map(CheckedValue.icon)
        default:
            diagnostics.append(.typeMismatch(key: key, expected: type.expectation, found: value, type: type))
            return nil
        }
    }

    /// Checks a list of names written for `key` (of type `type`, action or category references), like
    /// ``check(_:key:as:into:)``, but appends the valid names to `names` and where each was written to `ranges`.
    /// - Returns: The list's range, or `nil` when the value is not a list of names (reported).
    static func checkNames(
        _ value: ValueSyntax, key: ManifestKey, as type: ValueType, into names: inout [String],
        ranges: inout [SourceRange], diagnostics: inout DiagnosticBag
    ) -> SourceRange? {
        guard case .list = value.kind, type == .actionReferences || type == .categoryReferences else {
            _ = check(value, key: key, as: type, into: &diagnostics)  // reports the mismatch
            return nil
        }
        names.reserveCapacity(names.count + value.elements.count)
        ranges.reserveCapacity(ranges.count + value.elements.count)
        appendNames(of: value, key: key.rawValue, into: &names, ranges: &ranges, diagnostics: &diagnostics)
        return value.range
    }

    /// Appends each word and string of the list `value` to `names`; reports the other elements.
    private static func appendNames(
        of value: ValueSyntax, key: String, into names: inout [String], ranges: inout [SourceRange],
        diagnostics: inout DiagnosticBag
    ) {
        for element in value.elements {
            switch element.kind {
            case .word(let text), .string(let text):
                names.append(text)
                ranges.append(element.range)
            default:
                let expected = key == ManifestKey.actions.rawValue ? "an action name" : "a category name"
                diagnostics.append(.typeMismatch(key: key, expected: expected, found: element))
            }
        }
    }

    /// Checks an option list: unknown names are errors, repeated names warnings (kept once).
    static func options<Option: NamedOption, Other: NamedOption>(
        _ list: ValueSyntax, key: String, _ option: Option.Type, other: Other.Type,
        into diagnostics: inout DiagnosticBag
    ) -> CheckedOptions<Option> {
        var result = CheckedOptions<Option>()
        for element in list.elements {
            guard case .word(let word) = element.kind else {
                diagnostics.append(
                    .typeMismatch(key: key, expected: "an option name", found: element, type: .actionOptions))
                continue
            }
            guard let parsed = Option(rawValue: word) else {
                diagnostics.append(
                    .unknownOption(
                        word, at: element.range, isActionOption: Option.self == ActionOption.self,
                        belongsToOther: Other(rawValue: word) != nil,
                        suggestion: NameSuggester.suggestion(for: word, among: Option.allCases.map(\.rawValue))))
                continue
            }
            if let first = result.range(of: parsed) {
                diagnostics.append(.duplicateOption(word, at: element.range, first: first))
                continue
            }
            result.insert(parsed, at: element.range)
        }
        return result
    }

    /// The icon the call `value` gives.
    private static func icon(_ call: ValueSyntax, into diagnostics: inout DiagnosticBag) -> Located<ActionIcon>? {
        guard case .call(let callee, let arguments) = call.kind else { return nil }
        guard callee.text == "systemImage" || callee.text == "templateImage" else {
            diagnostics.append(
                Diagnostic(.invalidIcon, "unknown icon kind '\(callee.text)'", at: callee.range)
                    .suggesting(NameSuggester.suggestion(for: callee.text, among: ["systemImage", "templateImage"]))
                    .withHelp("icons are systemImage(\"SF Symbol name\") or templateImage(\"asset name\")"))
            return nil
        }
        guard arguments.count == 1, case .string(let imageName) = arguments[0].kind else {
            // `systemImage(bell)`: the word is the name meant.
            var name = "name"
            if arguments.count == 1, case .word(let word) = arguments[0].kind { name = word }
            diagnostics.append(
                Diagnostic(
                    .invalidIcon, "'\(callee.text)' takes one string, the image name", at: call.range,
                    help: ["write \(callee.text)(\(StringEscapes.literal(name)))"]))
            return nil
        }
        guard !imageName.isEmpty else {
            diagnostics.append(Diagnostic(.invalidIcon, "icon image name is empty", at: arguments[0].range))
            return nil
        }
        let icon: ActionIcon = callee.text == "systemImage" ? .systemImage(imageName) : .templateImage(imageName)
        return Located(icon, at: call.range)
    }
}

/// A value converted to the type its key requires.
enum CheckedValue {
    case string(Located<String>)
    case number(Located<Double>)
    case boolean(Located<Bool>)
    case names(Located<[Located<String>]>)
    case strings([Located<String>])
    case actionOptions(CheckedOptions<ActionOption>)
    case categoryOptions(CheckedOptions<CategoryOption>)
    case icon(Located<ActionIcon>)

    var string: Located<String>? { if case .string(let value) = self { value } else { nil } }
    var number: Located<Double>? { if case .number(let value) = self { value } else { nil } }
    var boolean: Located<Bool>? { if case .boolean(let value) = self { value } else { nil } }
}

/// A checked option list: each option once, with where it was written.
struct CheckedOptions<Option: NamedOption> {
    /// The options' bits.
    private var bits = 0
    /// Where each option was written, by its bit's position (an option set has at most five bits).
    private var range0, range1, range2, range3, range4: SourceRange?

    /// The options in Apple's bit order, and where each was written.
    var valuesAndRanges: (values: [Option], ranges: [SourceRange]) {
        guard bits != 0 else { return ([], []) }
        var values: [Option] = [], ranges: [SourceRange] = []
        for option in Option.allCases {
            if let range = range(of: option) {
                values.append(option)
                ranges.append(range)
            }
        }
        return (values, ranges)
    }

    /// Where `option` was written, if it is in the list.
    func range(of option: Option) -> SourceRange? {
        guard bits & option.bit != 0 else { return nil }
        switch option.bit.trailingZeroBitCount {
        case 0: return range0
        case 1: return range1
        case 2: return range2
        case 3: return range3
        default: return range4
        }
    }

    /// Adds `option`, written at `range` (the caller skips repeats).
    mutating func insert(_ option: Option, at range: SourceRange) {
        bits |= option.bit
        switch option.bit.trailingZeroBitCount {
        case 0: range0 = range
        case 1: range1 = range
        case 2: range2 = range
        case 3: range3 = range
        default: range4 = range
        }
    }
}
