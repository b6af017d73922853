// Rule: every documented key of `aps`, `alert` and `sound` has the type and value Apple documents.

/// Reports values of the wrong type (`"badge": "5"`), flags that are not the number 1
/// (`"mutable-content": true`), strings outside their documented set (`"interruption-level": "urgent"`)
/// and numbers outside 0…1 (`relevance-score`, critical sound `volume`).
///
/// Invalid: `{"aps": {"badge": "5", "mutable-content": "1", "interruption-level": "time-senstive"}}`
/// Valid: `{"aps": {"badge": 5, "mutable-content": 1, "interruption-level": "time-sensitive"}}`
struct PayloadValueRule: PayloadRule {
    let codes: [DiagnosticCode] = [
        .payloadTypeMismatch, .invalidPayloadFlag, .invalidPayloadValue, .payloadValueOutOfRange,
    ]

    func check(_ payload: PayloadContext, into diagnostics: inout DiagnosticBag) {
        guard let apsMember = payload.apsMember else { return }
        guard let aps = payload.aps else {
            var diagnostic = mismatch("aps", expected: "a dictionary", found: apsMember.value)
            if let text = apsMember.value.string, text.hasPrefix("{") {
                diagnostic.help = ["'aps' holds JSON text; write the object itself, without quotes"]
            }
            diagnostics.append(diagnostic)
            return
        }
        check(aps, as: .aps, in: payload, into: &diagnostics)
    }

    private func check(
        _ dictionary: JSONNode, as kind: PayloadDictionary, in payload: PayloadContext,
        into diagnostics: inout DiagnosticBag
    ) {
        let live = payload.isLiveActivity
        for member in dictionary.members ?? [] {
            guard let key = kind.key(member.key, liveActivity: live) else { continue }
            let name = kind.keyPrefix + key.name
            let value = member.value
            switch key.kind {
            case .string:
                if value.string == nil { diagnostics.append(mismatch(name, expected: "a string", found: value)) }
            case .number:
                if value.number == nil { diagnostics.append(mismatch(name, expected: "a number", found: value)) }
            case .flag:
                if let diagnostic = flag(name, value) { diagnostics.append(diagnostic) }
            case .unitInterval, .relevanceScore:
                guard let number = value.number else {
                    diagnostics.append(mismatch(name, expected: "a number", found: value))
                    continue
                }
                let isBounded = key.kind == .unitInterval || !live
                if isBounded, !(0...1).contains(number) { diagnostics.append(outOfRange(name, value)) }
            case .stringArray:
                guard let elements = value.elements else {
                    diagnostics.append(mismatch(name, expected: "an array of strings", found: value))
                    continue
                }
                for element in elements where element.string == nil {
                    diagnostics.append(mismatch(name, expected: "a string", found: element, inArray: true))
                }
            case .object:
                if value.members == nil { diagnostics.append(mismatch(name, expected: "a dictionary", found: value)) }
            case .stringOrDictionary:
                if value.members == nil, value.string == nil {
                    diagnostics.append(mismatch(name, expected: "a string or a dictionary", found: value))
                }
            case .oneOf(let allowed):
                guard let text = value.string else {
                    var diagnostic = mismatch(name, expected: "a string", found: value)
                    diagnostic.help = ["write one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"]
                    diagnostics.append(diagnostic)
                    continue
                }
                if !allowed.contains(text) {
                    diagnostics.append(notAllowed(name, text, allowed: allowed, at: value.range))
                }
            case .alert, .sound:
                let nested: PayloadDictionary = key.kind == .alert ? .alert : .sound
                if value.members != nil {
                    check(value, as: nested, in: payload, into: &diagnostics)
                } else if value.string == nil {
                    diagnostics.append(mismatch(name, expected: "a string or a dictionary", found: value))
                }
            case .unchecked:
                break
            }
        }
    }

    // MARK: - Findings

    private func mismatch(
        _ name: String, expected: String, found value: JSONNode, inArray: Bool = false
    ) -> Diagnostic {
        let message =
            inArray
            ? "'\(name)' must contain only strings, found \(PayloadText.describe(value))"
            : "'\(name)' expects \(expected), found \(PayloadText.describe(value))"
        var diagnostic = Diagnostic(.payloadTypeMismatch, message, at: PayloadText.head(of: value))
        if let text = value.string, expected.hasPrefix("a number"), Self.isNumberText(text) {
            diagnostic.help.append("remove the quotes: \(text)")
        } else if inArray || expected == "a string", let text = PayloadText.scalarText(value) {
            diagnostic.help.append("write it as a string: \"\(text)\"")
        } else {
            diagnostic.help.append("Apple's payload reference gives '\(name)' as \(inArray ? "an array of strings" : expected)")
        }
        return diagnostic
    }

    /// `mutable-content`, `content-available` and `critical` are the number 1 (0 also means off).
    private func flag(_ name: String, _ value: JSONNode) -> Diagnostic? {
        if let number = value.number, number == 1 || number == 0 { return nil }
        let key = String(name.split(separator: ".").last ?? Substring(name))
        var diagnostic = Diagnostic(
            .invalidPayloadFlag, "'\(name)' must be the number 1, found \(PayloadText.describe(value))",
            at: PayloadText.head(of: value), help: ["write \"\(key)\": 1"])
        if value.number != nil {
            diagnostic.help.append("Apple documents only 1; leave the key out, or write 0, to turn it off")
        } else if value.string != nil || value.bool != nil {
            let found = value.string != nil ? "a string" : "a boolean"
            diagnostic.help.append("Apple documents a number here, not \(found)")
        }
        return diagnostic
    }

    private func outOfRange(_ name: String, _ value: JSONNode) -> Diagnostic {
        let text = PayloadText.scalarText(value) ?? ""
        var diagnostic = Diagnostic(
            .payloadValueOutOfRange, "'\(name)' must be between 0 and 1, found \(text)", at: value.range)
        if name == "relevance-score" {
            diagnostic.help.append("only Live Activity updates may use other numbers")
        } else {
            diagnostic.help.append("0 is silent and 1 is full volume")
        }
        return diagnostic
    }

    private func notAllowed(_ name: String, _ text: String, allowed: [String], at range: SourceRange) -> Diagnostic {
        let diagnostic = Diagnostic(
            .invalidPayloadValue, "invalid '\(name)' value \(PayloadText.quoted(text))", at: range)
        if let suggestion = NameSuggester.suggestion(for: text, among: allowed) {
            return diagnostic.suggesting(suggestion)
        }
        return diagnostic.withHelp("the values are \(PayloadText.list(allowed))")
    }

    /// Whether `text` is a JSON number (so a string holding it lost only its quotes).
    static func isNumberText(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { Lexer.isDigit($0) || "+-.eE".utf8.contains($0) } && Double(text) != nil
    }
}
