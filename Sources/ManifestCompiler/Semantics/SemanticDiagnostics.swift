// The validator's message catalogue (static factories, alphabetical).

extension Diagnostic {
    /// Returns a copy with one more `help:` line.
    func withHelp(_ text: String) -> Diagnostic {
        var copy = self
        copy.help.append(text)
        return copy
    }

    /// Returns a copy with one more note.
    func withNote(_ message: String, at range: SourceRange?) -> Diagnostic {
        var copy = self
        copy.notes.append(DiagnosticNote(message, at: range))
        return copy
    }

    static func categoryClaimedTwice(_ category: String, at range: SourceRange, by claimant: String, firstClaimant: String, first: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            .categoryClaimedTwice,
            "category '\(category)' is claimed by content extensions '\(firstClaimant)' and '\(claimant)'", at: range,
            notes: [DiagnosticNote("first claimed by '\(firstClaimant)' here", at: first)],
            help: ["each content extension must claim a unique set of categories; iOS picks only one"])
    }

    static func conflictingEntryPoints(_ name: String, storyboard: SourceRange, principalClass: SourceRange) -> Diagnostic {
        let later = max(storyboard.start, principalClass.start) == storyboard.start ? storyboard : principalClass
        let earlier = later == storyboard ? principalClass : storyboard
        return Diagnostic(
            .conflictingEntryPoints, "content extension '\(name)' has both a storyboard and a principal class",
            at: later, notes: [DiagnosticNote("the other entry point is here", at: earlier)],
            help: ["iOS does not load an extension that declares both; keep one"])
    }

    static func duplicateDeclaration(_ kind: String, _ name: NameSyntax, first: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateDeclaration, "duplicate \(kind) '\(name.text)'", at: name.range,
            notes: [DiagnosticNote("'\(name.text)' was first declared here", at: first)])
    }

    static func duplicateKey(_ key: NameSyntax, first: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateKey, "duplicate key '\(key.text)'", at: key.range,
            notes: [DiagnosticNote("'\(key.text)' was first written here", at: first)])
    }

    static func duplicateListItem(_ name: String, what: String, at range: SourceRange, first: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateListItem, "\(what) '\(name)' is listed twice", at: range,
            notes: [DiagnosticNote("first listed here", at: first)])
    }

    static func duplicateOption(_ option: String, at range: SourceRange, first: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateOption, "option '\(option)' is listed twice", at: range,
            notes: [DiagnosticNote("first listed here", at: first)])
    }

    static func missingRequiredKey(_ key: ManifestKey, kind: DeclarationKind, name: NameSyntax) -> Diagnostic {
        var help = "add '\(key.rawValue): …'"
        if kind == .serviceExtension { help = "add 'principalClass: \"$(PRODUCT_MODULE_NAME).NotificationService\"'" }
        return Diagnostic(
            .missingRequiredKey, "\(kind.displayName) '\(name.text)' has no '\(key.rawValue)'", at: name.range,
            help: [help])
    }

    static func typeMismatch(key: String, expected: String, found value: ValueSyntax, type: ValueType? = nil)
        -> Diagnostic
    {
        Diagnostic(
            .typeMismatch, "'\(key)' expects \(expected), found \(describe(value))", at: value.range,
            help: type.flatMap { typeMismatchHelp(expected: $0, found: value) }.map { [$0] } ?? [])
    }

    /// E314 for an action's title, in a manifest or in registration code.
    static func emptyTitle(action identifier: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .emptyTitle, "action '\(identifier)' has an empty title", at: range,
            help: ["the title is the button's text; iOS would show a blank button"])
    }

    /// E314 for a text-input action's button title, in a manifest or in registration code.
    static func emptyButtonTitle(action identifier: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .emptyTitle, "text-input action '\(identifier)' has an empty button title", at: range,
            help: ["the button title is the text of the send button beside the text field; iOS would show a blank one"])
    }

    /// W304 for a text-input action with `authenticationRequired`, in a manifest or in registration code: a choice
    /// with a cost, which the help weighs rather than undoes (`diff` calls removing the option a breaking change).
    static func textInputRequiresAuthentication(action identifier: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .textInputRequiresAuthentication, "text-input action '\(identifier)' requires authentication", at: range,
            help: [
                "people must unlock the device before the reply keyboard appears; if replies need no protection, remove 'authenticationRequired', else keep it and silence this warning with '// notifc:ignore W304'"
            ])
    }

    /// W312: no file of the manifest declares anything, so every output is empty (an empty or wrong file given).
    static func emptyManifest(at point: SourceRange, fileCount: Int) -> Diagnostic {
        Diagnostic(
            .emptyManifest, fileCount == 1 ? "the manifest declares nothing" : "none of the \(fileCount) manifest files declares anything",
            at: point,
            help: [
                "the outputs list no categories; declare the app's categories, such as 'category invitation { actions: [accept] }'",
            ])
    }

    /// `written` are the keys the declaration writes: a suggestion among them would repeat a key, and says so.
    static func unknownKey(_ key: NameSyntax, in kind: DeclarationKind, written: [String] = []) -> Diagnostic {
        var diagnostic = Diagnostic(.unknownKey, "unknown key '\(key.text)' in \(kind.displayName)", at: key.range)
        let known = kind.keys.map(\.key.rawValue)
        let apple = ManifestKey.settingApple(key.text)
        let suggestion = ManifestKey.suggestion(for: key.text, in: kind)
        if let suggestion, written.contains(suggestion) {
            diagnostic.help = ["did you mean '\(suggestion)'? this \(kind.displayName) already has one; remove one of them"]
            return diagnostic
        }
        if let suggestion, let apple, suggestion == apple.rawValue {
            diagnostic.help = ["did you mean '\(suggestion)'?", "'\(suggestion)' sets what Apple calls '\(key.text)'"]
            return diagnostic
        }
        if let suggestion { return diagnostic.suggesting(suggestion) }
        if key.text == "identifier", kind.isAction || kind == .category {
            diagnostic.help.append("the name after '\(kind.rawValue)' is the identifier")
            return diagnostic
        }
        // `hiddenPreviewsShowTitle: true`, an option written as a key of its own.
        if kind == .category ? CategoryOption(rawValue: key.text) != nil : kind.isAction && ActionOption(rawValue: key.text) != nil {
            diagnostic.help.append("'\(key.text)' is an option: list it in 'options: [\(key.text)]'")
            return diagnostic
        }
        if let manifestKey = ManifestKey(rawValue: key.text) ?? apple {
            let owners = DeclarationKind.allCases.filter { $0.spec(for: manifestKey) != nil }.map(\.rawValue)
            switch (kind, manifestKey) {
            case (.action, .buttonTitle), (.action, .placeholder):
                diagnostic.help.append("'\(key.text)' belongs to text-input actions: declare it with 'textInputAction'")
            case (.serviceExtension, .storyboard):
                diagnostic.help.append("a service extension has no UI; it is loaded by its principal class")
            case (.serviceExtension, _):
                diagnostic.help.append(
                    "'\(key.text)' is a content-extension attribute; service extensions only have 'principalClass'")
            default:
                let owner = owners.joined(separator: " and ")
                diagnostic.help.append(
                    manifestKey.rawValue == key.text
                        ? "'\(key.text)' is a key of \(owner)" : "'\(key.text)' is set by '\(manifestKey.rawValue)' in \(owner)")
            }
        } else {
            diagnostic.help.append("the keys of \(kind.rawValue) are \(known.joined(separator: ", "))")
        }
        return diagnostic
    }

    static func unknownOption(
        _ option: String, at range: SourceRange, isActionOption: Bool, belongsToOther: Bool, suggestion: String?
    ) -> Diagnostic {
        let what = isActionOption ? "action" : "category"
        var diagnostic = Diagnostic(.unknownOption, "unknown \(what) option '\(option)'", at: range)
            .suggesting(suggestion)
        if belongsToOther {
            diagnostic.help.append("'\(option)' is \(isActionOption ? "a category" : "an action") option")
        } else if suggestion == nil {
            let all = isActionOption ? ActionOption.allCases.map(\.rawValue) : CategoryOption.allCases.map(\.rawValue)
            diagnostic.help.append("\(what) options are \(all.joined(separator: ", "))")
        }
        return diagnostic
    }

    // MARK: - Describing values

    /// How a value is named in "found …" messages.
    static func describe(_ value: ValueSyntax) -> String {
        switch value.kind {
        case .string(let text): "string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .number(let number): "number \(formatNumber(number))"
        case .word(let word): "'\(word)'"
        case .list: "a list"
        case .call(let callee, _): "'\(callee.text)(…)'"
        }
    }

    /// `1` rather than `1.0` for whole numbers, as they are usually written.
    static func formatNumber(_ number: Double) -> String {
        number.isFinite && number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }

    /// A concrete rewrite for the common type mistakes.
    private static func typeMismatchHelp(expected: ValueType, found value: ValueSyntax) -> String? {
        switch (expected, value.kind) {
        case (.string, .word(let word)): return "write it as a string: \"\(word)\""
        case (.string, .number(let number)): return "write it as a string: \"\(formatNumber(number))\""
        case (.number, .string(let text)) where Double(text) != nil: return "write the number without quotes: \(text)"
        case (.boolean, .word(let word)), (.boolean, .string(let word)):
            switch word.lowercased() {
            case "yes", "true", "1": return "write true"
            case "no", "false", "0": return "write false"
            default: return NameSuggester.suggestion(for: word.lowercased(), among: ["true", "false"]).map { "did you mean '\($0)'?" }
            }
        case (.boolean, .number(let number)) where number == 0 || number == 1:
            return "write \(number == 1 ? "true" : "false")"
        case (.actionReferences, .word(let name)), (.categoryReferences, .word(let name)):
            return "write a list: [\(name)]"
        case (.actionReferences, .string(let name)), (.categoryReferences, .string(let name)):
            return "write a list: [\(StringEscapes.literal(name))]"
        case (.strings, .string(let text)): return "write a list: [\(StringEscapes.literal(text))]"
        case (.actionOptions, .word(let name)), (.categoryOptions, .word(let name)): return "write a list: [\(name)]"
        case (.actionOptions, .string(let name)), (.categoryOptions, .string(let name)):
            return "write option names without quotes: \(name)"
        case (.icon, .string(let name)): return "write systemImage(\(StringEscapes.literal(name)))"
        case (.bundleLocation, .word(let word)), (.bundleLocation, .string(let word)):
            let locations = LocalizationSettings.BundleLocation.allCases.map(\.rawValue)
            if locations.contains(word) { return "write \(word) without quotes" }
            return NameSuggester.suggestion(for: word, among: locations).map { "did you mean '\($0)'?" }
        default: return nil
        }
    }
}
