// Messages about extension Info.plist contents, worded for `lint` (problems) or `import` (what was done).

/// How a finding is reported: `lint` reports problems; `import` reports what it repaired or dropped.
public enum ExtensionPlistMode: Sendable {
    /// Every mistake is a problem (`E41x`/`W41x`).
    case lint
    /// Mistakes with an obvious repair are warnings saying what was converted (`W432`) or dropped (`W431`).
    case importing
}

/// The analyzer's message catalogue.
enum ExtensionPlistDiagnostics {
    // MARK: - Keys

    static func misspelledKey(_ key: String, intended: String?, at range: SourceRange, mode: ExtensionPlistMode) -> Diagnostic {
        let trimmed = key.withoutEdgeWhitespace
        let quoted = StringEscapes.literal(key)
        let help = intended.map { ["did you mean '\($0)'?"] }
            ?? ["a content extension's attributes are " + ExtensionPlistKeys.attributeKeys.joined(separator: ", ")]
        let lint: String
        let imported: String
        if let intended, trimmed == intended, trimmed != key {
            lint = "key \(quoted) has stray whitespace; the system ignores it"
            imported = "dropped key \(quoted): it has stray whitespace, so the system ignores it"
        } else if let intended, key.lowercased() == intended.lowercased() {
            lint = "key '\(key)' has the wrong letter case; the system ignores it"
            imported = "dropped key '\(key)': its letter case is wrong, so the system ignores it"
        } else {
            lint = "unknown key '\(key)'; the system ignores it"
            imported = "dropped unknown key '\(key)': the system ignores it"
        }
        switch mode {
        case .lint:
            return Diagnostic(.misspelledPlistKey, lint, at: range, help: help)
        case .importing:
            return Diagnostic(
                .importDroppedKey, imported, at: range, help: help + ["write the setting in the manifest if it was meant"])
        }
    }

    static func misplacedKey(_ key: String, belongsIn parent: String, at range: SourceRange, mode: ExtensionPlistMode)
        -> Diagnostic
    {
        switch mode {
        case .lint:
            return Diagnostic(
                .misplacedPlistKey, "'\(key)' is at the wrong level; the system ignores it here", at: range,
                help: ["move it into \(parent)"])
        case .importing:
            return Diagnostic(
                .importDroppedKey, "dropped '\(key)': it is at the wrong level, where the system ignores it", at: range,
                help: ["it belongs in \(parent); write the setting in the manifest if it was meant"])
        }
    }

    static func ineffectiveKey(_ key: String, reason: String, at range: SourceRange, mode: ExtensionPlistMode) -> Diagnostic {
        switch mode {
        case .lint:
            return Diagnostic(.ineffectivePlistKey, "'\(key)' has no effect \(reason)", at: range, help: ["remove it"])
        case .importing:
            return Diagnostic(.importDroppedKey, "dropped '\(key)': it has no effect \(reason)", at: range)
        }
    }

    /// Import only: a key the manifest cannot describe (notifc build keeps it in an existing Info.plist).
    static func unrepresentableKey(_ key: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .importDroppedKey, "dropped '\(key)': the manifest has no setting for it", at: range,
            help: ["notifc build keeps it when it updates this Info.plist"])
    }

    // MARK: - Values

    static func typeMismatch(_ key: String, expected: String, found node: PropertyListNode, help: [String] = []) -> Diagnostic {
        Diagnostic(
            .plistTypeMismatch, "'\(key)' expects \(expected), found \(describe(node))", at: node.range,
            help: help.isEmpty ? [element(for: expected)] : help)
    }

    /// How a value of the `expected` kind is written, for a mismatch's help.
    private static func element(for expected: String) -> String {
        switch expected {
        case "a dictionary": "write it as <dict> with <key> and value pairs"
        case "a string or an array of strings": "write <string>category</string>, or an <array> of <string> elements"
        default: "write it as <string>…</string>"
        }
    }

    /// A boolean or number written as text (or a boolean as an integer): lint's problem, import's conversion.
    static func convertibleValue(
        _ key: String, expected: String, found node: PropertyListNode, converted: String, element: String,
        mode: ExtensionPlistMode
    ) -> Diagnostic {
        switch mode {
        case .lint:
            return typeMismatch(key, expected: expected, found: node, help: ["write \(element)"])
        case .importing:
            return Diagnostic(
                .importConvertedValue, "converted \(describe(node)) of '\(key)' to \(converted)", at: node.range,
                help: ["Apple documents \(expected); notifc build writes \(element)"])
        }
    }

    static func describe(_ node: PropertyListNode) -> String {
        switch node.kind {
        case .string(let text): "the string \(StringEscapes.literal(text))"
        case .integer(let number): "the integer \(number)"
        case .real(let number): "the real \(CanonicalStyle.number(number))"
        case .boolean(let flag): flag ? "<true/>" : "<false/>"
        default: node.typeDescription
        }
    }

    static func invalidRatio(_ value: Double, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .invalidPlistRatio,
            "'\(ExtensionAttributeKey.initialContentSizeRatio)' must be a finite number of at least 0, found \(CanonicalStyle.number(value))",
            at: range, help: ["Xcode's template uses 1; the view is resized once the extension lays itself out"])
    }

    static func emptyValue(_ what: String, at range: SourceRange, help: String) -> Diagnostic {
        Diagnostic(.emptyPlistValue, "\(what) is empty", at: range, help: [help])
    }

    // MARK: - Categories

    static func templateCategory(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .plistTemplateCategory, "category 'myNotificationCategory' is Xcode's template placeholder", at: range,
            help: ["use the identifier the app registers and payloads send in 'aps.category'"])
    }

    static func duplicateCategory(_ name: String, at range: SourceRange, first: SourceRange, mode: ExtensionPlistMode) -> Diagnostic {
        Diagnostic(
            .duplicatePlistCategory, "category '\(name)' is listed twice", at: range,
            notes: [DiagnosticNote("first listed here", at: first)],
            help: mode == .importing ? ["imported once"] : ["remove one"])
    }

    static func categoryWhitespace(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .plistIdentifierWhitespace, "category \(StringEscapes.literal(name)) has leading or trailing whitespace",
            at: range, help: ["categories are matched exactly; a payload's 'aps.category' would have to match it too"])
    }

    // MARK: - Structure

    static func missing(_ key: String, _ explanation: String, at range: SourceRange, help: [String], notes: [DiagnosticNote] = [])
        -> Diagnostic
    {
        Diagnostic(.missingPlistKey, "\(explanation) has no '\(key)'", at: range, notes: notes, help: help)
    }

    static func conflictingEntryPoints(storyboard: SourceRange, principalClass: SourceRange) -> Diagnostic {
        let later = storyboard.start > principalClass.start ? storyboard : principalClass
        let earlier = later == storyboard ? principalClass : storyboard
        return Diagnostic(
            .plistConflictingEntryPoints,
            "content extension has both 'NSExtensionMainStoryboard' and 'NSExtensionPrincipalClass'", at: later,
            notes: [DiagnosticNote("the other entry point is here", at: earlier)],
            help: ["iOS does not load an extension that declares both; keep one"])
    }

    static func unknownExtensionPoint(_ value: String, intended: NotificationExtension.Kind, at range: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            .unknownExtensionPoint, "unknown extension point \(StringEscapes.literal(value))", at: range,
            help: ["did you mean '\(intended.extensionPointIdentifier)'?"])
    }

    static func notAnExtension(_ reason: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .notAnExtensionPlist, "not a notification extension's Info.plist: \(reason)", at: range,
            help: ["notifc checks the Info.plist files of notification content and service extensions"])
    }
}
