// The catalogue of stable diagnostic codes: each code's default severity and one-line summary.

/// A stable identifier for every kind of problem notifc reports.
///
/// Codes are banded by stage: `E0xx` input limits, `E1xx` lexical, `E2xx` syntax, `E3xx` semantic errors,
/// `W3xx` semantic warnings, `E4xx`/`W4xx` property lists, `E5xx`/`W5xx` JSON documents and payloads.
/// A released code is never reused for a different problem. `docs/diagnostics.md` is generated from
/// this catalogue and a test keeps the two in step.
public enum DiagnosticCode: String, CaseIterable, Sendable, Comparable {
    // MARK: Input and limits
    case fileTooLarge = "E001"
    case inputTooLarge = "E002"
    case tooManyDeclarations = "E003"
    case nestingTooDeep = "E004"
    case tokenTooLong = "E005"
    case errorLimitReached = "E006"
    case noInputFiles = "E007"

    // MARK: Lexical
    case invalidUTF8 = "E101"
    case binaryFile = "E102"
    case unexpectedCharacter = "E103"
    case unterminatedString = "E104"
    case invalidEscape = "E105"
    case invalidNumber = "E106"

    // MARK: Syntax
    case expectedToken = "E201"
    case unknownDeclarationKind = "E202"
    case missingValue = "E203"

    // MARK: Semantic errors
    case unknownKey = "E301"
    case duplicateKey = "E302"
    case typeMismatch = "E303"
    case unknownOption = "E304"
    case unknownAction = "E305"
    case unknownCategory = "E306"
    case duplicateDeclaration = "E307"
    case categoryClaimedTwice = "E308"
    case conflictingEntryPoints = "E309"
    case missingEntryPoint = "E310"
    case extensionWithoutCategories = "E311"
    case reservedIdentifier = "E312"
    case emptyIdentifier = "E313"
    case emptyTitle = "E314"
    case invalidRatio = "E315"
    case missingRequiredKey = "E316"
    case duplicateListItem = "E317"
    case invalidExtensionName = "E318"
    case invalidIcon = "E319"
    case swiftNameCollision = "E320"
    case extensionFolderCollision = "E321"
    case swiftNameUnavailable = "E322"

    // MARK: Semantic warnings
    case deprecatedOption = "W301"
    case tooManyActions = "W302"
    case unusedAction = "W303"
    case textInputRequiresAuthentication = "W304"
    case summaryFormatWithoutCount = "W305"
    case templatePlaceholderCategory = "W306"
    case missingContentSizeRatio = "W307"
    case duplicateOption = "W308"
    case identifierWhitespace = "W309"
    case emptyList = "W310"

    // MARK: JSON documents (payloads, bundles)
    case invalidJSON = "E501"
    case duplicateJSONKey = "E502"
    case jsonNestingTooDeep = "E503"

    /// The severity the problem has unless `--warnings-as-errors` promotes it.
    public var defaultSeverity: Severity {
        rawValue.hasPrefix("W") ? .warning : .error
    }

    /// The kebab-case rule name (used in SARIF and the docs), derived from the case name.
    public var name: String {
        var result = ""
        var previousWasLowercase = false
        for character in String(describing: self) {
            if character.isUppercase, previousWasLowercase { result += "-" }
            result += character.lowercased()
            previousWasLowercase = character.isLowercase
        }
        return result
    }

    /// A one-line description of the problem, for documentation and SARIF rule metadata.
    public var summary: String {
        switch self {
        case .fileTooLarge: "an input file is larger than the size limit"
        case .inputTooLarge: "all inputs together are larger than the size limit"
        case .tooManyDeclarations: "the manifest has more declarations than the limit"
        case .nestingTooDeep: "lists or calls are nested deeper than the limit"
        case .tokenTooLong: "a name or string is longer than the length limit"
        case .errorLimitReached: "so many errors were found that reporting stopped"
        case .noInputFiles: "a directory given as input contains no .notif files"
        case .invalidUTF8: "the file is not valid UTF-8"
        case .binaryFile: "the file contains NUL bytes and looks binary"
        case .unexpectedCharacter: "a character that cannot start any token"
        case .unterminatedString: "a string literal is not closed on its line"
        case .invalidEscape: "an unknown or malformed escape sequence in a string"
        case .invalidNumber: "a malformed number literal"
        case .expectedToken: "the parser expected a different token"
        case .unknownDeclarationKind: "a top-level word that is not a declaration kind"
        case .missingValue: "a key without a value"
        case .unknownKey: "a key that the declaration kind does not have"
        case .duplicateKey: "the same key written twice in one declaration"
        case .typeMismatch: "a value of the wrong type for its key"
        case .unknownOption: "an option name that Apple's API does not have"
        case .unknownAction: "a reference to an action that is not declared"
        case .unknownCategory: "a reference to a category that is not declared"
        case .duplicateDeclaration: "two declarations of the same kind with the same identifier"
        case .categoryClaimedTwice: "a category named by more than one content extension"
        case .conflictingEntryPoints: "a content extension with both a storyboard and a principal class"
        case .missingEntryPoint: "a content extension with neither a storyboard nor a principal class"
        case .extensionWithoutCategories: "a content extension that claims no category"
        case .reservedIdentifier: "an identifier reserved by UserNotifications"
        case .emptyIdentifier: "an empty identifier"
        case .emptyTitle: "an empty action title or text-input button title"
        case .invalidRatio: "an initial content size ratio that is negative, NaN or infinite"
        case .missingRequiredKey: "a declaration without a key it requires"
        case .duplicateListItem: "the same action or category listed twice"
        case .invalidExtensionName: "an extension name that cannot be used as a folder name"
        case .invalidIcon: "an icon that is not systemImage(\"…\") or templateImage(\"…\") with a name"
        case .swiftNameCollision: "two identifiers that generate the same Swift name"
        case .extensionFolderCollision: "two extension names that differ only in letter case"
        case .swiftNameUnavailable: "an identifier without a letter or digit to make a Swift name"
        case .deprecatedOption: "an option that current iOS versions ignore"
        case .tooManyActions: "a category with more actions than iOS displays"
        case .unusedAction: "an action that no category uses"
        case .textInputRequiresAuthentication: "a text-input action that requires authentication"
        case .summaryFormatWithoutCount: "a category summary format without a %u count"
        case .templatePlaceholderCategory: "Xcode's template category name 'myNotificationCategory'"
        case .missingContentSizeRatio: "a content extension without an initial content size ratio"
        case .duplicateOption: "the same option listed twice"
        case .identifierWhitespace: "an identifier with leading or trailing whitespace"
        case .emptyList: "an empty options or intentIdentifiers list, which has no effect"
        case .invalidJSON: "a JSON document with a syntax error"
        case .duplicateJSONKey: "the same key twice in one JSON object"
        case .jsonNestingTooDeep: "JSON arrays or objects nested deeper than the limit"
        }
    }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
