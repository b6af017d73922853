// Converts a value as written into the type its key requires, reporting type and option errors.

/// Checks the values of a declaration against their keys' ``ValueType``s.
extension ParsedDeclaration {
    /// The checked value at `index`, written for `key`, or `nil` after reporting why it does not have the
    /// required type.
    func checkValue(
        _ index: Int, key manifestKey: ManifestKey, as type: ValueType, into diagnostics: inout DiagnosticBag
    ) -> CheckedValue? {
        let key = manifestKey.rawValue
        let value = values[index]
        let valueRange = range(of: value)
        switch (type, value.kind) {
        case (.string, .string):
            return .string(Located(text(of: value), at: valueRange))
        case (.number, .number):
            return .number(Located(value.number, at: valueRange))
        case (.number, .word) where value.keyword == .nan:
            return .number(Located(.nan, at: valueRange))
        case (.number, .word) where value.keyword == .inf || value.keyword == .infinity:
            return .number(Located(.infinity, at: valueRange))
        case (.boolean, .word) where value.keyword == .true:
            return .boolean(Located(true, at: valueRange))
        case (.boolean, .word) where value.keyword == .false:
            return .boolean(Located(false, at: valueRange))
        case (.actionReferences, .list), (.categoryReferences, .list):
            var names: [Located<String>] = []
            appendNames(of: index, key: key, diagnostics: &diagnostics) { found in
                names.append(Located(text(of: found), at: range(of: found)))
            }
            return .names(Located(names, at: valueRange))
        case (.strings, .list):
            return .strings(sizedCompactMap(index) { element in
                let found = values[element]
                if found.kind == .string { return Located(text(of: found), at: range(of: found)) }
                diagnostics.append(
                    .typeMismatch(key: key, expected: ValueType.string.expectation, found: syntax(ofValue: element)))
                return nil
            })
        case (.actionOptions, .list):
            return .actionOptions(
                options(index, key: key, ActionOption.self, other: CategoryOption.self, into: &diagnostics))
        case (.categoryOptions, .list):
            return .categoryOptions(
                options(index, key: key, CategoryOption.self, other: ActionOption.self, into: &diagnostics))
        case (.icon, .call):
            return icon(index, into: &diagnostics) { text(of: $0) }.map(CheckedValue.icon)
        default:
            diagnostics.append(
                .typeMismatch(key: key, expected: type.expectation, found: syntax(ofValue: index), type: type))
            return nil
        }
    }

    /// ``checkValue(_:key:as:into:)`` for a key of type ``ValueType/string``, without wrapping the result.
    ///
    /// A text too long to be stored inline in a `String` (more than 15 bytes) is taken from `texts`, so a value
    /// repeated across declarations shares one string's storage.
    func checkString(
        _ index: Int, key: ManifestKey, as type: ValueType, pooling texts: inout StringPool,
        into diagnostics: inout DiagnosticBag
    ) -> Located<String>? {
        let value = values[index]
        if type == .string, value.kind == .string {
            return Located(text(of: value, pooling: &texts), at: range(of: value))
        }
        return checkValue(index, key: key, as: type, into: &diagnostics)?.string
    }

    /// ``checkValue(_:key:as:into:)`` for a key of type ``ValueType/icon``, with the image name taken from
    /// `texts` like ``checkString(_:key:as:pooling:into:)``'s texts.
    func checkIcon(
        _ index: Int, key: ManifestKey, as type: ValueType, pooling texts: inout StringPool,
        into diagnostics: inout DiagnosticBag
    ) -> Located<ActionIcon>? {
        if type == .icon, values[index].kind == .call {
            return icon(index, into: &diagnostics) { text(of: $0, pooling: &texts) }
        }
        if case .icon(let icon)? = checkValue(index, key: key, as: type, into: &diagnostics) { return icon }
        return nil
    }

    /// The text of a string value; one longer than a `String` stores inline comes from `texts`.
    private func text(of value: ParsedValue, pooling texts: inout StringPool) -> String {
        guard let bytes = sourceBytes(of: value), bytes.count > 15 else { return text(of: value) }
        return texts.intern(bytes: bytes).string
    }

    /// ``checkValue(_:key:as:into:)`` for a key of an option-list type, without wrapping the result.
    func checkOptions<Option: KeywordOption>(
        _ index: Int, key: ManifestKey, as type: ValueType, into diagnostics: inout DiagnosticBag
    ) -> CheckedOptions<Option>? {
        guard values[index].kind == .list else {
            _ = checkValue(index, key: key, as: type, into: &diagnostics)  // reports the mismatch
            return nil
        }
        switch type {
        case .actionOptions where Option.self == ActionOption.self:
            return options(index, key: key.rawValue, Option.self, other: CategoryOption.self, into: &diagnostics)
        case .categoryOptions where Option.self == CategoryOption.self:
            return options(index, key: key.rawValue, Option.self, other: ActionOption.self, into: &diagnostics)
        default:
            _ = checkValue(index, key: key, as: type, into: &diagnostics)
            return nil
        }
    }

    /// Checks the list of names at `index`, written for `key` (of type `type`, action or category references),
    /// like ``checkValue(_:key:as:into:)``, but appends the valid names to `names` and where each was written to
    /// `ranges` instead of returning them.
    /// - Returns: The list's range, or `nil` when the value is not a list (reported).
    func checkNames(
        _ index: Int, key manifestKey: ManifestKey, as type: ValueType, into names: inout [String],
        ranges: inout [SourceRange], ids: inout [Int32], pool: inout StringPool, diagnostics: inout DiagnosticBag
    ) -> SourceRange? {
        let value = values[index]
        guard value.kind == .list, type == .actionReferences || type == .categoryReferences else {
            _ = checkValue(index, key: manifestKey, as: type, into: &diagnostics)  // reports the mismatch
            return nil
        }
        names.reserveCapacity(names.count + elements(of: index).count)
        appendNames(of: index, key: manifestKey.rawValue, diagnostics: &diagnostics) { found in
            let name: (id: Int32, string: String)
            if let bytes = sourceBytes(of: found) {
                name = pool.intern(bytes: bytes)  // a name seen before costs no new string
            } else {
                let text = text(of: found)
                name = (pool.intern(text), text)
            }
            names.append(name.string)
            ids.append(name.id)
            ranges.append(range(of: found))
        }
        return range(of: value)
    }

    /// Hands each word and string of the list at `index` to `add`; reports the other elements.
    private func appendNames(
        of index: Int, key: String, diagnostics: inout DiagnosticBag, _ add: (ParsedValue) -> Void
    ) {
        for element in elements(of: index) {
            let found = values[element]
            switch found.kind {
            case .word, .string:
                add(found)
            default:
                diagnostics.append(
                    .typeMismatch(
                        key: key, expected: "an action or category name", found: syntax(ofValue: element)))
            }
        }
    }

    /// The list's elements transformed, dropping `nil`s, in an array allocated once at the list's size: a
    /// manifest has many short lists, and growing each one by appending wastes about a third of their memory.
    private func sizedCompactMap<Element>(_ list: Int, _ transform: (Int) -> Element?) -> [Element] {
        let elements = elements(of: list)
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            if let transformed = transform(element) { result.append(transformed) }
        }
        return result
    }

    /// Checks an option list: unknown names are errors, repeated names warnings (kept once).
    private func options<Option: KeywordOption, Other: KeywordOption>(
        _ list: Int, key: String, _ option: Option.Type, other: Other.Type, into diagnostics: inout DiagnosticBag
    ) -> CheckedOptions<Option> {
        let elements = elements(of: list)
        var result = CheckedOptions<Option>()
        for element in elements {
            let found = values[element]
            let foundRange = range(of: found)
            guard found.kind == .word else {
                diagnostics.append(
                    .typeMismatch(
                        key: key, expected: "an option name", found: syntax(ofValue: element),
                        type: .actionOptions))
                continue
            }
            guard let parsed = Option(keyword: found.keyword) else {
                let word = text(of: found)
                let belongsToOther = Other(keyword: found.keyword) != nil
                diagnostics.append(
                    .unknownOption(
                        word, at: foundRange, isActionOption: Option.self == ActionOption.self,
                        belongsToOther: belongsToOther,
                        suggestion: NameSuggester.suggestion(for: word, among: Option.allCases.map(\.rawValue))))
                continue
            }
            if let first = result.range(of: parsed) {
                diagnostics.append(.duplicateOption(text(of: found), at: foundRange, first: first))
                continue
            }
            result.append(parsed, at: foundRange)
        }
        return result
    }

    /// The icon the call at `index` gives, its image name read by `imageText`.
    private func icon(
        _ index: Int, into diagnostics: inout DiagnosticBag, imageText: (ParsedValue) -> String
    ) -> Located<ActionIcon>? {
        let call = values[index]
        let callRange = range(of: call)
        guard call.keyword == .systemImage || call.keyword == .templateImage else {
            let callee = text(of: call)
            diagnostics.append(
                Diagnostic(.invalidIcon, "unknown icon kind '\(callee)'", at: range(call.start, call.calleeEnd))
                    .suggesting(NameSuggester.suggestion(for: callee, among: ["systemImage", "templateImage"]))
                    .withHelp("icons are systemImage(\"SF Symbol name\") or templateImage(\"asset name\")"))
            return nil
        }
        let arguments = elements(of: index)
        let argument = index + 1
        guard arguments.count == 1, values[argument].kind == .string else {
            let callee = text(of: call)
            diagnostics.append(
                Diagnostic(
                    .invalidIcon, "'\(callee)' takes one string, the image name", at: callRange,
                    help: ["write \(callee)(\"name\")"]))
            return nil
        }
        let imageName = imageText(values[argument])
        guard !imageName.isEmpty else {
            diagnostics.append(
                Diagnostic(.invalidIcon, "icon image name is empty", at: range(of: values[argument])))
            return nil
        }
        let icon: ActionIcon = call.keyword == .systemImage ? .systemImage(imageName) : .templateImage(imageName)
        return Located(icon, at: callRange)
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

/// A checked option list: each option once, in Apple's bit order, and where each was written.
///
/// Made without a list of located options, and its ``values`` are shared: an option set has at most 32
/// combinations, each kept once as an array in bit order, so the thousands of actions of a large manifest
/// that say `options: [foreground]` hold one array between them instead of one each.
struct CheckedOptions<Option: KeywordOption> {
    /// The options' bits.
    private(set) var bits = 0
    /// Where each option was written, by its bit's position (options have at most five bits).
    private var range0, range1, range2, range3, range4: SourceRange?

    init() {}

    /// The options, in Apple's bit order.
    var values: [Option] { Option.inBitOrder(bits) }

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
    mutating func append(_ option: Option, at range: SourceRange) {
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

extension ActionOption {
    /// The options with `bits`, in bit order: one shared array per combination.
    static func inBitOrder(_ bits: Int) -> [ActionOption] { combinations[bits & 7] }

    private static let combinations = OptionCombinations.all(of: ActionOption.self, bits: 3)
}

extension CategoryOption {
    /// The options with `bits`, in bit order: one shared array per combination.
    static func inBitOrder(_ bits: Int) -> [CategoryOption] { combinations[bits & 31] }

    private static let combinations = OptionCombinations.all(of: CategoryOption.self, bits: 5)
}

/// Every combination of an option set's options, as arrays in bit order.
enum OptionCombinations {
    /// `result[bits]` holds the options whose bits are in `bits`, in `allCases` order (Apple's bit order).
    static func all<Option: KeywordOption>(of _: Option.Type, bits count: Int) -> [[Option]] {
        (0..<(1 << count)).map { bits in Option.allCases.filter { bits & $0.bit != 0 } }
    }
}
