// Converts a value as written into the type its key requires, reporting type and option errors.

/// Checks one value against a ``ValueType``.
struct ValueChecker {
    let key: String

    /// The checked value, or `nil` after reporting why it does not have the required type.
    func check(_ value: ValueSyntax, as type: ValueType, into diagnostics: inout DiagnosticBag) -> CheckedValue? {
        switch (type, value.kind) {
        case (.string, .string(let text)):
            return .string(Located(text, at: value.range))
        case (.number, .number(let number)):
            return .number(Located(number, at: value.range))
        case (.number, .word) where value.keyword == .nan:
            return .number(Located(.nan, at: value.range))
        case (.number, .word) where value.keyword == .inf || value.keyword == .infinity:
            return .number(Located(.infinity, at: value.range))
        case (.boolean, .word) where value.keyword == .true:
            return .boolean(Located(true, at: value.range))
        case (.boolean, .word) where value.keyword == .false:
            return .boolean(Located(false, at: value.range))
        case (.actionReferences, .list(let elements)), (.categoryReferences, .list(let elements)):
            let names = sizedCompactMap(elements) { element -> Located<String>? in
                switch element.kind {
                case .word(let name), .string(let name): return Located(name, at: element.range)
                default:
                    diagnostics.append(.typeMismatch(key: key, expected: "an action or category name", found: element))
                    return nil
                }
            }
            return .names(Located(names, at: value.range))
        case (.strings, .list(let elements)):
            return .strings(sizedCompactMap(elements) { element in
                if case .string(let text) = element.kind { return Located(text, at: element.range) }
                diagnostics.append(.typeMismatch(key: key, expected: ValueType.string.expectation, found: element))
                return nil
            })
        case (.actionOptions, .list(let elements)):
            return .actionOptions(options(elements, ActionOption.self, other: CategoryOption.self, into: &diagnostics))
        case (.categoryOptions, .list(let elements)):
            return .categoryOptions(
                options(elements, CategoryOption.self, other: ActionOption.self, into: &diagnostics))
        case (.icon, .call(let callee, let arguments)):
            return icon(callee: callee, arguments: arguments, range: value.range, into: &diagnostics).map(CheckedValue.icon)
        default:
            diagnostics.append(.typeMismatch(key: key, expected: type.expectation, found: value, type: type))
            return nil
        }
    }

    /// `elements.compactMap(transform)` with the result allocated once at the list's size: a manifest has
    /// many short lists, and growing each one by appending wastes about a third of their memory.
    private func sizedCompactMap<Element>(
        _ elements: [ValueSyntax], _ transform: (ValueSyntax) -> Element?
    ) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            if let transformed = transform(element) { result.append(transformed) }
        }
        return result
    }

    /// Checks an option list: unknown names are errors, repeated names warnings (kept once).
    private func options<Option: KeywordOption, Other: KeywordOption>(
        _ elements: [ValueSyntax], _ option: Option.Type, other: Other.Type, into diagnostics: inout DiagnosticBag
    ) -> [Located<Option>] {
        var result: [Located<Option>] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard case .word(let word) = element.kind else {
                diagnostics.append(.typeMismatch(key: key, expected: "an option name", found: element, type: .actionOptions))
                continue
            }
            guard let parsed = Option(keyword: element.keyword) else {
                let belongsToOther = Other(keyword: element.keyword) != nil
                diagnostics.append(
                    .unknownOption(
                        word, at: element.range, isActionOption: Option.self == ActionOption.self,
                        belongsToOther: belongsToOther,
                        suggestion: NameSuggester.suggestion(for: word, among: Option.allCases.map(\.rawValue))))
                continue
            }
            if let first = result.first(where: { $0.value == parsed }) {
                diagnostics.append(.duplicateOption(word, at: element.range, first: first.range))
                continue
            }
            result.append(Located(parsed, at: element.range))
        }
        return result
    }

    private func icon(
        callee: NameSyntax, arguments: [ValueSyntax], range: SourceRange, into diagnostics: inout DiagnosticBag
    ) -> Located<ActionIcon>? {
        let kinds = ["systemImage", "templateImage"]
        guard kinds.contains(callee.text) else {
            diagnostics.append(
                Diagnostic(.invalidIcon, "unknown icon kind '\(callee.text)'", at: callee.range)
                    .suggesting(NameSuggester.suggestion(for: callee.text, among: kinds))
                    .withHelp("icons are systemImage(\"SF Symbol name\") or templateImage(\"asset name\")"))
            return nil
        }
        guard arguments.count == 1, case .string(let imageName) = arguments[0].kind else {
            diagnostics.append(
                Diagnostic(
                    .invalidIcon, "'\(callee.text)' takes one string, the image name", at: range,
                    help: ["write \(callee.text)(\"name\")"]))
            return nil
        }
        guard !imageName.isEmpty else {
            diagnostics.append(Diagnostic(.invalidIcon, "icon image name is empty", at: arguments[0].range))
            return nil
        }
        let icon: ActionIcon = callee.text == "systemImage" ? .systemImage(imageName) : .templateImage(imageName)
        return Located(icon, at: range)
    }
}
