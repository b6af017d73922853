// Converts a value as written into the type its key requires, reporting type and option errors.

/// Checks the values of one declaration against their keys' ``ValueType``s.
struct ValueChecker {
    let declaration: ParsedDeclaration

    /// The checked value at `index`, written for `key`, or `nil` after reporting why it does not have the
    /// required type.
    func check(
        _ index: Int, key manifestKey: ManifestKey, as type: ValueType, into diagnostics: inout DiagnosticBag
    ) -> CheckedValue? {
        let key = manifestKey.rawValue
        let value = declaration.values[index]
        let range = declaration.range(of: value)
        switch (type, value.kind) {
        case (.string, .string):
            return .string(Located(declaration.text(of: value), at: range))
        case (.number, .number):
            return .number(Located(value.number, at: range))
        case (.number, .word) where value.keyword == .nan:
            return .number(Located(.nan, at: range))
        case (.number, .word) where value.keyword == .inf || value.keyword == .infinity:
            return .number(Located(.infinity, at: range))
        case (.boolean, .word) where value.keyword == .true:
            return .boolean(Located(true, at: range))
        case (.boolean, .word) where value.keyword == .false:
            return .boolean(Located(false, at: range))
        case (.actionReferences, .list), (.categoryReferences, .list):
            var names: [String] = []
            var ranges: [SourceRange] = []
            appendNames(of: index, key: key, to: &names, ranges: &ranges, diagnostics: &diagnostics)
            return .names(Located(zip(names, ranges).map { Located($0, at: $1) }, at: range))
        case (.strings, .list):
            return .strings(sizedCompactMap(index) { element in
                let found = declaration.values[element]
                if found.kind == .string { return Located(declaration.text(of: found), at: declaration.range(of: found)) }
                diagnostics.append(
                    .typeMismatch(key: key, expected: ValueType.string.expectation, found: declaration.syntax(ofValue: element)))
                return nil
            })
        case (.actionOptions, .list):
            return .actionOptions(
                options(index, key: key, ActionOption.self, other: CategoryOption.self, into: &diagnostics))
        case (.categoryOptions, .list):
            return .categoryOptions(
                options(index, key: key, CategoryOption.self, other: ActionOption.self, into: &diagnostics))
        case (.icon, .call):
            return icon(index, into: &diagnostics).map(CheckedValue.icon)
        default:
            diagnostics.append(
                .typeMismatch(key: key, expected: type.expectation, found: declaration.syntax(ofValue: index), type: type))
            return nil
        }
    }

    /// Checks the list of names at `index`, written for `key` (of type `type`, action or category references),
    /// like ``check(_:key:as:into:)``, but appends the valid names to `names` and where each was written to
    /// `ranges` instead of returning them.
    /// - Returns: The list's range, or `nil` when the value is not a list (reported).
    func checkNames(
        _ index: Int, key manifestKey: ManifestKey, as type: ValueType, into names: inout [String],
        ranges: inout [SourceRange], diagnostics: inout DiagnosticBag
    ) -> SourceRange? {
        let value = declaration.values[index]
        guard value.kind == .list, type == .actionReferences || type == .categoryReferences else {
            _ = check(index, key: manifestKey, as: type, into: &diagnostics)  // reports the mismatch
            return nil
        }
        appendNames(of: index, key: manifestKey.rawValue, to: &names, ranges: &ranges, diagnostics: &diagnostics)
        return declaration.range(of: value)
    }

    /// Appends the words and strings of the list at `index` to `names`, and their locations to `ranges`;
    /// reports the other elements.
    private func appendNames(
        of index: Int, key: String, to names: inout [String], ranges: inout [SourceRange],
        diagnostics: inout DiagnosticBag
    ) {
        let elements = declaration.elements(of: index)
        names.reserveCapacity(names.count + elements.count)
        for element in elements {
            let found = declaration.values[element]
            switch found.kind {
            case .word, .string:
                names.append(declaration.text(of: found))
                ranges.append(declaration.range(of: found))
            default:
                diagnostics.append(
                    .typeMismatch(
                        key: key, expected: "an action or category name", found: declaration.syntax(ofValue: element)))
            }
        }
    }

    /// The list's elements transformed, dropping `nil`s, in an array allocated once at the list's size: a
    /// manifest has many short lists, and growing each one by appending wastes about a third of their memory.
    private func sizedCompactMap<Element>(_ list: Int, _ transform: (Int) -> Element?) -> [Element] {
        let elements = declaration.elements(of: list)
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
    ) -> [Located<Option>] {
        let elements = declaration.elements(of: list)
        var result: [Located<Option>] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            let found = declaration.values[element]
            let range = declaration.range(of: found)
            guard found.kind == .word else {
                diagnostics.append(
                    .typeMismatch(
                        key: key, expected: "an option name", found: declaration.syntax(ofValue: element),
                        type: .actionOptions))
                continue
            }
            guard let parsed = Option(keyword: found.keyword) else {
                let word = declaration.text(of: found)
                let belongsToOther = Other(keyword: found.keyword) != nil
                diagnostics.append(
                    .unknownOption(
                        word, at: range, isActionOption: Option.self == ActionOption.self,
                        belongsToOther: belongsToOther,
                        suggestion: NameSuggester.suggestion(for: word, among: Option.allCases.map(\.rawValue))))
                continue
            }
            if let first = result.first(where: { $0.value == parsed }) {
                diagnostics.append(.duplicateOption(declaration.text(of: found), at: range, first: first.range))
                continue
            }
            result.append(Located(parsed, at: range))
        }
        return result
    }

    private func icon(_ index: Int, into diagnostics: inout DiagnosticBag) -> Located<ActionIcon>? {
        let call = declaration.values[index]
        let range = declaration.range(of: call)
        guard call.keyword == .systemImage || call.keyword == .templateImage else {
            let callee = declaration.text(of: call)
            diagnostics.append(
                Diagnostic(.invalidIcon, "unknown icon kind '\(callee)'", at: declaration.range(call.start, call.calleeEnd))
                    .suggesting(NameSuggester.suggestion(for: callee, among: ["systemImage", "templateImage"]))
                    .withHelp("icons are systemImage(\"SF Symbol name\") or templateImage(\"asset name\")"))
            return nil
        }
        let arguments = declaration.elements(of: index)
        let argument = index + 1
        guard arguments.count == 1, declaration.values[argument].kind == .string else {
            let callee = declaration.text(of: call)
            diagnostics.append(
                Diagnostic(
                    .invalidIcon, "'\(callee)' takes one string, the image name", at: range,
                    help: ["write \(callee)(\"name\")"]))
            return nil
        }
        let imageName = declaration.text(of: declaration.values[argument])
        guard !imageName.isEmpty else {
            diagnostics.append(
                Diagnostic(.invalidIcon, "icon image name is empty", at: declaration.range(of: declaration.values[argument])))
            return nil
        }
        let icon: ActionIcon = call.keyword == .systemImage ? .systemImage(imageName) : .templateImage(imageName)
        return Located(icon, at: range)
    }
}

/// A value converted to the type its key requires.
enum CheckedValue {
    case string(Located<String>)
    case number(Located<Double>)
    case boolean(Located<Bool>)
    case names(Located<[Located<String>]>)
    case strings([Located<String>])
    case actionOptions([Located<ActionOption>])
    case categoryOptions([Located<CategoryOption>])
    case icon(Located<ActionIcon>)

    var string: Located<String>? { if case .string(let value) = self { value } else { nil } }
    var number: Located<Double>? { if case .number(let value) = self { value } else { nil } }
    var boolean: Located<Bool>? { if case .boolean(let value) = self { value } else { nil } }
    var names: Located<[Located<String>]>? { if case .names(let value) = self { value } else { nil } }
}
