// The catalogue of stable diagnostic codes: each code's default severity and one-line summary.

/// A stable identifier for every kind of problem notifc reports.
///
/// Codes are banded by stage: `E0xx` input limits, `E1xx` lexical, `E2xx` syntax, `E3xx` semantic errors,
/// `W3xx` semantic warnings, `E4xx`/`W4xx` property lists, `E5xx`/`W5xx` JSON documents and payloads,
/// `E6xx`/`W6xx` the inputs of `fmt` and `diff` (registration bundles read back), `W7xx` the registration code
/// written for Flutter and React Native libraries, `E8xx`/`W8xx`/`N8xx` strings tables (String Catalogs and
/// `.strings` files). `N` codes are notes.
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
    case duplicateLocalization = "E323"
    case invalidLocalizationSetting = "E324"

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
    case commentWithoutString = "W311"
    case emptyManifest = "W312"
    case unknownIntent = "W313"

    // MARK: Property lists: reading
    case malformedPropertyList = "E401"
    case duplicatePlistKey = "E402"
    case unexpectedPlistElement = "E403"
    case invalidPlistValue = "E404"
    case plistNestingTooDeep = "E405"
    case unsupportedPlistFormat = "E406"

    // MARK: Property lists: extension Info.plist checks
    case misspelledPlistKey = "E411"
    case plistTypeMismatch = "E412"
    case misplacedPlistKey = "E413"
    case plistConflictingEntryPoints = "E414"
    case missingPlistKey = "E415"
    case unknownExtensionPoint = "E416"
    case invalidPlistRatio = "E417"
    case emptyPlistValue = "E418"
    case plistTemplateCategory = "W411"
    case ineffectivePlistKey = "W412"
    case plistMissingContentSizeRatio = "W413"
    case duplicatePlistCategory = "W414"
    case plistIdentifierWhitespace = "W415"
    case notAnExtensionPlist = "W416"

    // MARK: Property lists: cross-checks with the manifest
    case plistCategoryNotDeclared = "E421"
    case plistCategoryMissing = "E422"
    case plistCategoryElsewhere = "E423"
    case plistExtensionKindMismatch = "E424"
    case plistDiffersFromManifest = "W421"
    case plistWithoutManifestExtension = "W422"

    // MARK: Property lists: import
    case importConflict = "E431"
    case invalidBundle = "E432"
    case invalidImportedName = "E433"
    case importDroppedKey = "W431"
    case importConvertedValue = "W432"

    // MARK: Property lists: build into existing files
    case existingPlistNotDictionary = "E441"
    case staleOutput = "E442"
    case existingPlistKeyRemoved = "W441"

    // MARK: Registration code (Swift and Objective-C) against Info.plists and manifests
    case categoryNotRegistered = "E451"
    case categoryPerhapsNotRegistered = "W451"
    case conflictingRegistrations = "W452"
    case repeatedRegistrationCall = "W453"
    case codeDiffersFromManifest = "W454"
    case unusedSuppression = "W455"
    case registrationScanLimit = "W456"
    case importedCategoryNotRegistered = "W457"
    case importedFromEveryBranch = "W458"
    case importedWithoutUnknownValue = "W459"
    case entitlementInPlist = "E419"
    case unknownExtensionAttribute = "W417"
    case severalServiceExtensions = "W418"
    case unresolvedRegistration = "N451"
    case noRegistrationCode = "N452"

    // MARK: JSON documents (payloads, bundles)
    case invalidJSON = "E501"
    case duplicateJSONKey = "E502"
    case jsonNestingTooDeep = "E503"

    // MARK: Registration bundles read back (diff)
    case invalidBundleValue = "E601"
    case missingBundleKey = "E602"
    case unknownBundleKey = "E603"
    case unknownBundleName = "E604"
    case unsupportedBundleVersion = "E605"
    case duplicateBundleEntry = "E606"
    case conflictingBundleAction = "E607"
    // MARK: APNs payloads
    case payloadTooLarge = "E510"
    case payloadNotAnObject = "E511"
    case missingApsDictionary = "E512"
    case payloadTypeMismatch = "E513"
    case unknownPayloadCategory = "E514"
    case misnamedPayloadKey = "E515"
    case invalidPayloadFlag = "E516"
    case misplacedPayloadKey = "E517"
    case invalidPayloadValue = "E518"
    case payloadValueOutOfRange = "E519"
    case missingMutableContent = "E520"
    case unknownPayloadKey = "W501"
    case mutableContentWithoutAlert = "W502"
    case unknownLocalizationKey = "E521"
    case localizationArgumentCount = "E522"
    case localizationArgumentFormat = "W503"

    // MARK: Registration code for Flutter and React Native libraries
    case unsupportedByLibrary = "W701"
    case unsupportedNotifeeIntent = "W702"
    case notifeeDismissActionForced = "W703"
    case expoDiscouragedIdentifier = "W704"

    // MARK: Strings tables (String Catalogs, .strings files)
    case invalidStringCatalog = "E801"
    case catalogLanguageMismatch = "E802"
    case formatSpecifierMismatch = "E803"
    case invalidStringsFile = "E804"
    case lowercaseUnicodeEscape = "E805"
    case missingTranslation = "W801"
    case keyNotInManifest = "W802"
    case translationNeedsReview = "N801"
    case staleTranslation = "N802"

    /// The severity the problem has unless `--warnings-as-errors` promotes it.
    public var defaultSeverity: Severity {
        rawValue.hasPrefix("W") ? .warning : rawValue.hasPrefix("N") ? .note : .error
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

    /// Whether only `import` reports it (`lint` does not import, so it leaves a `notifc:ignore` naming it alone).
    public var isReportedOnlyByImport: Bool {
        [.importDroppedKey, .importConvertedValue, .importedCategoryNotRegistered, .importedFromEveryBranch, .importedWithoutUnknownValue]
            .contains(self)
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
        case .malformedPropertyList: "a property list that is not well-formed XML"
        case .duplicatePlistKey: "the same key twice in one property-list dictionary"
        case .unexpectedPlistElement: "an element a property list does not have, or one in the wrong place"
        case .invalidPlistValue: "an <integer>, <real>, <date>, <data> or boolean element whose content cannot be read"
        case .plistNestingTooDeep: "property-list arrays or dictionaries nested deeper than the limit"
        case .unsupportedPlistFormat: "a binary, JSON, old-style or non-UTF-8 property list"
        case .misspelledPlistKey: "an Info.plist key the system does not read: stray whitespace, wrong case or a misspelling"
        case .plistTypeMismatch: "an Info.plist value of the wrong type, such as <string>YES</string> for a boolean"
        case .misplacedPlistKey: "an extension key at the wrong level of Info.plist"
        case .plistConflictingEntryPoints: "an extension Info.plist with both a storyboard and a principal class"
        case .missingPlistKey: "an extension Info.plist without a key the system needs"
        case .unknownExtensionPoint: "an NSExtensionPointIdentifier that is close to, but not, a notification extension point"
        case .invalidPlistRatio: "an Info.plist content size ratio that is negative, NaN or infinite"
        case .emptyPlistValue: "an empty category identifier, storyboard or principal class in Info.plist"
        case .plistTemplateCategory: "Xcode's template category name 'myNotificationCategory' in an Info.plist"
        case .ineffectivePlistKey: "an Info.plist key that has no effect in this kind of extension"
        case .plistMissingContentSizeRatio: "a content extension Info.plist without an initial content size ratio"
        case .duplicatePlistCategory: "the same category listed twice in an Info.plist"
        case .plistIdentifierWhitespace: "an Info.plist category identifier with leading or trailing whitespace"
        case .notAnExtensionPlist: "a property list given as input that is not a notification extension's Info.plist"
        case .plistCategoryNotDeclared: "an Info.plist names a category that the manifest does not declare"
        case .plistCategoryMissing: "an Info.plist lacks a category that the manifest gives its extension"
        case .plistCategoryElsewhere: "an Info.plist names a category that the manifest does not give its extension"
        case .plistExtensionKindMismatch: "an Info.plist whose extension point differs from the manifest's extension"
        case .plistDiffersFromManifest: "an Info.plist value that differs from the manifest"
        case .plistWithoutManifestExtension: "an extension Info.plist that no extension of the manifest matches"
        case .importConflict: "two imported inputs that define the same extension, category or action differently"
        case .invalidBundle: "a notifications.json bundle that does not have the documented structure"
        case .invalidImportedName: "an imported extension name that cannot be used as a folder name"
        case .importDroppedKey: "a key or value that notifc import did not carry over into the manifest"
        case .importConvertedValue: "a value that notifc import converted to the type Apple documents"
        case .existingPlistNotDictionary: "an existing Info.plist in the output directory whose root is not a dictionary"
        case .staleOutput: "an output that 'build --check' finds missing or different from what the manifest gives"
        case .existingPlistKeyRemoved: "a key of an existing Info.plist that build removes, since the manifest does not set it"
        case .categoryNotRegistered: "a category an Info.plist names that the app's code does not register"
        case .categoryPerhapsNotRegistered: "a category an Info.plist names that no registration notifc could read registers"
        case .conflictingRegistrations: "the same category registered with different actions in two places"
        case .repeatedRegistrationCall: "setNotificationCategories called from more than one place"
        case .codeDiffersFromManifest: "code that registers a category the manifest does not declare, or declares differently"
        case .unusedSuppression: "a notifc:ignore comment that silences nothing"
        case .registrationScanLimit: "registration code that needs more computation than notifc does, so what it registers past a point is not read"
        case .importedCategoryNotRegistered: "on import, a category an Info.plist names that the app's code does not register, imported without actions"
        case .importedFromEveryBranch: "on import, registration code under a condition notifc cannot decide (#if DEBUG), imported from every branch, or a value it reads defined there"
        case .importedWithoutUnknownValue: "on import, a category or action imported without a value notifc cannot compute (actions, options, …)"
        case .entitlementInPlist: "an entitlement key (com.apple.developer.…) in an Info.plist, where it has no effect"
        case .unknownExtensionAttribute: "an NSExtensionAttributes key that notification extensions do not have"
        case .severalServiceExtensions: "more than one notification service extension, of which iOS runs only one"
        case .unresolvedRegistration: "registration code whose value notifc cannot compute (read at run time)"
        case .noRegistrationCode: "no Swift or Objective-C file to cross-check Info.plists with"
        case .invalidJSON: "a JSON document with a syntax error"
        case .duplicateJSONKey: "the same key twice in one JSON object"
        case .jsonNestingTooDeep: "JSON arrays or objects nested deeper than the limit"
        case .invalidBundleValue: "a notifications.json value of the wrong type"
        case .missingBundleKey: "a notifications.json object without a key it requires"
        case .unknownBundleKey: "a key that this notifications.json object does not have"
        case .unknownBundleName: "an option or extension kind that notifications.json does not have"
        case .unsupportedBundleVersion: "a notifications.json schemaVersion that this notifc cannot read"
        case .duplicateBundleEntry: "the same category, extension, action or option twice in notifications.json"
        case .conflictingBundleAction: "one action written with different properties in two categories of notifications.json"
        case .payloadTooLarge: "an APNs payload larger than APNs accepts (4096 bytes, 5120 for VoIP)"
        case .payloadNotAnObject: "an APNs payload that is not a JSON object"
        case .missingApsDictionary: "an APNs payload without an 'aps' dictionary"
        case .payloadTypeMismatch: "an APNs key whose value has a type Apple does not document for it"
        case .unknownPayloadCategory: "an 'aps.category' that the manifest does not declare"
        case .misnamedPayloadKey: "another API's name for an APNs key ('categoryIdentifier', 'mutableContent'), which APNs ignores"
        case .invalidPayloadFlag: "a 'mutable-content', 'content-available' or other flag that is not the number 1 (or 0)"
        case .misplacedPayloadKey: "an APNs key at the wrong level: beside 'aps', in 'aps' instead of 'alert', or the reverse"
        case .invalidPayloadValue: "an 'interruption-level' or Live Activity 'event' that is not a documented value"
        case .payloadValueOutOfRange: "a 'relevance-score' or critical sound 'volume' outside 0…1"
        case .missingMutableContent: "an alert without 'mutable-content': 1 while a service extension is declared"
        case .unknownPayloadKey: "a key in 'aps', 'alert' or 'sound' that APNs does not define, so it is ignored"
        case .mutableContentWithoutAlert: "'mutable-content': 1 on a notification without an alert, which no extension sees"
        case .unsupportedByLibrary: "a value the library of an --emit flutter, notifee or expo output cannot express, so its code leaves it out"
        case .unsupportedNotifeeIntent: "an intent identifier that Notifee's IOSIntentIdentifier does not have, left out of the Notifee output"
        case .notifeeDismissActionForced: "a category without customDismissAction, which Notifee sets on every category anyway"
        case .expoDiscouragedIdentifier: "a category identifier with ':' or '-', which expo-notifications asks apps not to use"
        case .duplicateLocalization: "a second localization declaration (a manifest has one strings table)"
        case .invalidLocalizationSetting: "a strings table name or development language that cannot be used"
        case .commentWithoutString: "a translator comment for a string the declaration does not have"
        case .emptyManifest: "a manifest that declares nothing, so the outputs are empty"
        case .unknownIntent: "an intent identifier SiriKit would not match: empty or blank, a constant's name, or a near miss of a system intent"
        case .unknownLocalizationKey: "a payload 'loc-key', 'title-loc-key' or 'subtitle-loc-key' that the app's Localizable table does not have"
        case .localizationArgumentCount: "'loc-args' with a different number of arguments than the localized string takes"
        case .localizationArgumentFormat: "a payload's localized string with a specifier other than %@ ('%d'), which the strings of 'loc-args' cannot fill"
        case .invalidStringCatalog: "a String Catalog (.xcstrings) that does not have a catalog's structure"
        case .catalogLanguageMismatch: "a String Catalog whose sourceLanguage differs from the manifest's development language"
        case .formatSpecifierMismatch: "a translation whose format specifiers differ from the development-language string's"
        case .invalidStringsFile: "a .strings file that does not parse or is not UTF-8, or a malformed .stringsdict entry"
        case .lowercaseUnicodeEscape: "a lowercase '\\u' escape in a .strings file, which iOS reads as the letter u"
        case .missingTranslation: "a manifest string without a translation in a language the table has"
        case .keyNotInManifest: "a notifc key in the strings table that the manifest no longer has"
        case .translationNeedsReview: "a translation of a manifest string marked needs_review"
        case .staleTranslation: "a notifc key marked stale in the String Catalog"
        }
    }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
