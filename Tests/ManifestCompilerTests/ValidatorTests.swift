// Validator tests: every diagnostic code is triggered at a marked position, and valid edge cases compile cleanly.
@testable import ManifestCompiler
import Testing

/// One row: a source with a marker, the code expected at the marker, and optional limits.
struct CodeCase: CustomTestStringConvertible, Sendable {
    let code: DiagnosticCode
    let source: String
    var limits: Limits = .default

    var testDescription: String { code.rawValue + " " + code.name }
}

struct ValidatorTests {
    static let base = """
        action accept { title: "Accept" }
        category invitation { actions: [accept] }

        """

    static let cases: [CodeCase] = {
        var cases = [
            CodeCase(code: .invalidUTF8, source: "category a {}\n1️⃣\u{FFFD}"),  // replaced below by raw bytes
            CodeCase(code: .unexpectedCharacter, source: base + "category b { 1️⃣§ }"),
            CodeCase(code: .unterminatedString, source: base + "action b { title: 1️⃣\"Open\n}"),
            CodeCase(code: .invalidEscape, source: base + "action b { title: \"a1️⃣\\qb\" }"),
            CodeCase(code: .invalidNumber, source: base + "contentExtension E { initialContentSizeRatio: 1️⃣1.2.3 }"),
            CodeCase(code: .expectedToken, source: base + "category b 1️⃣[ }"),
            CodeCase(code: .unknownDeclarationKind, source: base + "1️⃣categroy b {}"),
            CodeCase(code: .missingValue, source: base + "action b { title:1️⃣ }"),
            CodeCase(code: .unknownKey, source: base + "action b { title: \"B\" 1️⃣titel: \"x\" }"),
            CodeCase(code: .duplicateKey, source: base + "action b {\n title: \"B\"\n 1️⃣title: \"C\"\n}"),
            CodeCase(code: .typeMismatch, source: base + "action b { title: 1️⃣B }"),
            CodeCase(code: .unknownOption, source: base + "action b { title: \"B\", options: [1️⃣forground] }"),
            CodeCase(code: .unknownAction, source: base + "category b { actions: [1️⃣acept] }"),
            CodeCase(code: .unknownCategory, source: base
                + "contentExtension E { categories: [1️⃣invitaton], initialContentSizeRatio: 1, storyboard: \"M\" }"),
            CodeCase(code: .duplicateDeclaration, source: base + "category 1️⃣invitation {}"),
            CodeCase(code: .categoryClaimedTwice, source: base
                + "contentExtension E { categories: [invitation], initialContentSizeRatio: 1, storyboard: \"M\" }\n"
                + "contentExtension F { categories: [1️⃣invitation], initialContentSizeRatio: 1, storyboard: \"M\" }"),
            CodeCase(code: .conflictingEntryPoints, source: base
                + "contentExtension E {\n categories: [invitation]\n initialContentSizeRatio: 1\n storyboard: \"M\"\n principalClass: 1️⃣\"P\"\n}"),
            CodeCase(code: .missingEntryPoint, source: base
                + "contentExtension 1️⃣E { categories: [invitation], initialContentSizeRatio: 1 }"),
            CodeCase(code: .extensionWithoutCategories, source: base
                + "contentExtension E { categories: 1️⃣[], initialContentSizeRatio: 1, storyboard: \"M\" }"),
            CodeCase(code: .reservedIdentifier, source: base
                + "action 1️⃣\"com.apple.UNNotificationDismissActionIdentifier\" { title: \"X\" }"),
            CodeCase(code: .emptyIdentifier, source: base + "category 1️⃣\"\" {}"),
            CodeCase(code: .emptyTitle, source: base + "action b { title: 1️⃣\"  \" }"),
            CodeCase(code: .invalidRatio, source: base
                + "contentExtension E { categories: [invitation], initialContentSizeRatio: 1️⃣nan, storyboard: \"M\" }"),
            CodeCase(code: .missingRequiredKey, source: base + "textInputAction 1️⃣b { title: \"B\" }"),
            CodeCase(code: .duplicateListItem, source: base + "category b { actions: [accept, 1️⃣accept] }"),
            // Lists of 16 names are checked pairwise, longer ones through a table: both report the repeat.
            CodeCase(code: .duplicateListItem, source: base + (0..<15).map { "category c\($0) {}" }.joined(separator: "\n")
                + "\ncontentExtension E { categories: [" + (0..<15).map { "c\($0)" }.joined(separator: ", ")
                + ", 1️⃣c3], initialContentSizeRatio: 1, storyboard: \"M\" }"),
            CodeCase(code: .duplicateListItem, source: base + (0..<16).map { "category c\($0) {}" }.joined(separator: "\n")
                + "\ncontentExtension E { categories: [" + (0..<16).map { "c\($0)" }.joined(separator: ", ")
                + ", 1️⃣c3], initialContentSizeRatio: 1, storyboard: \"M\" }"),
            CodeCase(code: .invalidExtensionName, source: base
                + "serviceExtension 1️⃣\"../Escape\" { principalClass: \"S\" }"),
            CodeCase(code: .invalidIcon, source: base + "action b { title: \"B\", icon: 1️⃣sfSymbol(\"bell\") }"),
            CodeCase(code: .extensionFolderCollision, source: base
                + "serviceExtension Svc { principalClass: \"S\" }\nserviceExtension 1️⃣svc { principalClass: \"T\" }"),
            // The same name in two Unicode spellings: one folder on macOS (APFS and HFS+ ignore normalization).
            CodeCase(code: .extensionFolderCollision, source: base
                + "serviceExtension \"Caf\\u{E9}\" { principalClass: \"S\" }\nserviceExtension 1️⃣\"Cafe\\u{301}\" { principalClass: \"T\" }"),
            CodeCase(code: .deprecatedOption, source: base + "category b { options: [1️⃣allowAnnouncement] }"),
            CodeCase(code: .tooManyActions, source: base + "category b { actions: 1️⃣["
                + (0..<11).map { "a\($0)" }.joined(separator: ", ") + "] }\n"
                + (0..<11).map { "action a\($0) { title: \"A\" }" }.joined(separator: "\n")),
            CodeCase(code: .unusedAction, source: base + "action 1️⃣lonely { title: \"L\" }"),
            CodeCase(code: .textInputRequiresAuthentication, source: base
                + "textInputAction r { title: \"R\", buttonTitle: \"Send\", options: [1️⃣authenticationRequired] }\n"
                + "category m { actions: [r] }"),
            CodeCase(code: .summaryFormatWithoutCount, source: base
                + "category b { categorySummaryFormat: 1️⃣\"more invitations\" }"),
            CodeCase(code: .templatePlaceholderCategory, source: base + "category 1️⃣myNotificationCategory {}"),
            CodeCase(code: .missingContentSizeRatio, source: base
                + "contentExtension 1️⃣E { categories: [invitation], storyboard: \"M\" }"),
            CodeCase(code: .duplicateOption, source: base + "category b { options: [customDismissAction, 1️⃣customDismissAction] }"),
            CodeCase(code: .identifierWhitespace, source: base + "category 1️⃣\"spaced \" {}"),
            CodeCase(code: .emptyList, source: base + "category b { intentIdentifiers: 1️⃣[] }"),
            CodeCase(code: .duplicateLocalization, source: base + "localization A {}\nlocalization 1️⃣B {}"),
            CodeCase(code: .invalidLocalizationSetting, source: base + "localization 1️⃣\"a/b\" {}"),
            CodeCase(code: .invalidLocalizationSetting, source: base + "localization A { developmentLanguage: 1️⃣\"english!\" }"),
            CodeCase(code: .commentWithoutString, source: base + "category b { 1️⃣categorySummaryFormatComment: \"c\" }"),
            CodeCase(
                code: .commentWithoutString,
                source: base + "textInputAction t { title: \"T\", buttonTitle: \"B\", placeholder: \"\", 1️⃣placeholderComment: \"c\" }\ncategory b { actions: [t] }"),
            CodeCase(code: .emptyManifest, source: "1️⃣// The app's categories go here.\n"),
            CodeCase(code: .unknownIntent, source: base + "category b { intentIdentifiers: [1️⃣\"INSendMesageIntent\"] }"),
            CodeCase(code: .typeMismatch, source: base + "localization A { bundle: 1️⃣app }"),
        ]
        var tiny = Limits.default
        tiny.maxNestingDepth = 2
        cases.append(CodeCase(code: .nestingTooDeep, source: base + "category b { actions: [[1️⃣[a]]] }", limits: tiny))
        tiny = .default
        tiny.maxIdentifierLength = 5
        cases.append(CodeCase(code: .tokenTooLong, source: "category 1️⃣abcdefg {}", limits: tiny))
        tiny = .default
        tiny.maxDeclarations = 2
        cases.append(CodeCase(code: .tooManyDeclarations, source: base + "1️⃣category b {}", limits: tiny))
        tiny = .default
        tiny.maxFileSize = 10
        cases.append(CodeCase(code: .fileTooLarge, source: "1️⃣" + base, limits: tiny))
        tiny = .default
        tiny.maxTotalInputSize = 10
        cases.append(CodeCase(code: .inputTooLarge, source: "1️⃣" + base, limits: tiny))
        cases.append(CodeCase(code: .binaryFile, source: base + "1️⃣\u{0}"))
        return cases
    }()

    /// Codes of other inputs or stages, each tested in its own suite: the driver (E007, CommandLineTests), the
    /// error limit (E006, errorLimitStopsReportingAndSaysSo), Swift emission (E320, E322, SwiftEmitterTests), JSON
    /// documents (E501–E503, JSONReaderTests), APNs payloads (E510–E520, W5xx, PayloadRuleTests), bundles read
    /// back (E601–E607, BundleReaderTests), property lists (E4xx/W4xx, PlistDiagnosticCaseTests), registration code for
    /// Flutter and React Native (W7xx, CrossPlatformOutputTests).
    static let codesTestedElsewhere: Set<DiagnosticCode> = Set(PayloadRuleTests.payloadCodes).union([
        .noInputFiles, .errorLimitReached, .swiftNameCollision, .swiftNameUnavailable, .invalidJSON, .duplicateJSONKey,
        .jsonNestingTooDeep,
        // BundleReaderTests
        .invalidBundleValue, .missingBundleKey, .unknownBundleKey, .unknownBundleName, .unsupportedBundleVersion,
        .duplicateBundleEntry, .conflictingBundleAction,
        // CrossPlatformOutputTests (--emit flutter, notifee, expo)
        .unsupportedByLibrary, .unsupportedNotifeeIntent, .notifeeDismissActionForced, .expoDiscouragedIdentifier,
        // StringCatalogTests, CatalogLintTests, StringsFileTests (E521/E522 are payload codes: PayloadRuleTests)
        .invalidStringsFile, .lowercaseUnicodeEscape, .invalidStringCatalog, .catalogLanguageMismatch, .formatSpecifierMismatch, .missingTranslation,
        .keyNotInManifest, .translationNeedsReview, .staleTranslation,
    ]).union(PlistDiagnosticCases.codes)

    @Test(arguments: cases)
    func codeIsReportedAtTheMarker(_ row: CodeCase) {
        let marked = MarkedSource(row.source)
        var bytes = Array(marked.text.utf8)
        if row.code == .invalidUTF8, let offset = marked.offsets["1️⃣"] {
            bytes.replaceSubrange(offset..<(offset + 3), with: [0xFF])
        }
        let result = TestCompile.bytes(bytes, options: CompilerOptions(limits: row.limits))
        marked.expect(result, row.code, at: "1️⃣")
        if row.code.defaultSeverity == .error { #expect(result.manifest == nil) }
    }

    /// A mistyped boolean gets "did you mean" `true` or `false`; a word far from both gets no guess.
    @Test(arguments: [("tru", "did you mean 'true'?"), ("Fasle", "did you mean 'false'?"), ("YES", "write true"), ("maybe", nil)])
    func aMistypedBooleanSuggestsTrueOrFalse(word: String, help: String?) {
        let result = TestCompile.source(
            "category a {}\ncontentExtension C {\n    categories: [a]\n    storyboard: \"Main\"\n    initialContentSizeRatio: 1\n    defaultContentHidden: \(word)\n}\n")
        let mismatch = result.diagnostics.filter { $0.code == .typeMismatch }
        #expect(mismatch.map(\.message) == ["'defaultContentHidden' expects true or false, found '\(word)'"])
        #expect(mismatch.first?.help == (help.map { [$0] } ?? []))
    }

    /// An option written as a key (`hiddenPreviewsShowTitle: true`, as a plist would set it) is pointed to `options:`.
    @Test(arguments: [
        ("category a {\n    hiddenPreviewsShowTitle: true\n}\n", "hiddenPreviewsShowTitle"),
        ("action a {\n    title: \"A\"\n    destructive: true\n}\n", "destructive"),
    ])
    func anOptionWrittenAsAKeyPointsToOptions(source: String, option: String) {
        let unknown = TestCompile.source(source).diagnostics.filter { $0.code == .unknownKey }
        #expect(unknown.map(\.help) == [["'\(option)' is an option: list it in 'options: [\(option)]'"]])
    }

    /// A name that begins exactly one known name (four characters or more) suggests it when no near name does; one
    /// that begins two suggests neither.
    @Test(arguments: [
        ("customDismiss", "did you mean 'customDismissAction'?"),
        ("hiddenPreviewsShow", nil),
        ("cust", "did you mean 'customDismissAction'?"),
        ("cus", nil),
    ])
    func aBeginningSuggestsTheOneNameItBegins(option: String, suggestion: String?) {
        let result = TestCompile.source("category a {\n    options: [\(option)]\n}\n")
        let help = result.diagnostics.flatMap(\.help)
        #expect(result.hasErrors)
        #expect(help.contains { $0.hasPrefix("did you mean") } == (suggestion != nil), "\(help)")
        if let suggestion { #expect(help.contains(suggestion), "\(help)") }
    }

    @Test func everyCodeHasACase() {
        let covered = Set(Self.cases.map(\.code)).union(Self.codesTestedElsewhere)
        let missing = DiagnosticCode.allCases.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "no test case for \(missing.map(\.rawValue))")
    }

    @Test func everyRuleCodeBelongsToExactlyOneRule() {
        let codes = allValidationRules.flatMap(\.codes)
        #expect(codes.count == Set(codes).count)
    }

    @Test func theBaseCompilesCleanly() {
        let result = TestCompile.source(Self.base)
        #expect(result.diagnostics.isEmpty)
        #expect(result.manifest != nil)
    }

    // MARK: - Valid edge cases

    @Test(arguments: ["0", "0.0", "0.0001", "1.5", "1", "2.5e-1"])
    func realWorldRatiosCompileCleanly(_ ratio: String) {
        let result = TestCompile.source(
            Self.base + "contentExtension E { categories: [invitation], initialContentSizeRatio: \(ratio), storyboard: \"M\" }")
        #expect(result.diagnostics.isEmpty)
        #expect(result.manifest?.extensions.first?.initialContentSizeRatio == Double(ratio))
    }

    @Test func negativeZeroIsZero() {
        let result = TestCompile.source(
            Self.base + "contentExtension E { categories: [invitation], initialContentSizeRatio: -0, storyboard: \"M\" }")
        #expect(result.diagnostics.isEmpty)
        let ratio = result.manifest?.extensions.first?.initialContentSizeRatio
        #expect(ratio == 0)
        #expect(ratio?.sign == .plus)
    }

    @Test(arguments: ["notifications.json", "Notifications.JSON", "NotificationCategories.swift"])
    func extensionNamesMayNotCollideWithOtherOutputs(_ name: String) {
        let result = TestCompile.source("serviceExtension \"\(name)\" { principalClass: \"S\" }")
        #expect(result.codes == [.invalidExtensionName])
    }

    /// An extension name of only whitespace is no folder name (E318, not also W309); whitespace at an edge is W309,
    /// whose help speaks of the folder.
    @Test func whitespaceInExtensionNames() {
        let blank = TestCompile.source("serviceExtension \"  \" { principalClass: \"S\" }")
        #expect(blank.codes == [.invalidExtensionName])
        #expect(blank.diagnostics.first?.message == "extension name '  ' cannot be a folder name: it is only whitespace")
        let padded = TestCompile.source("serviceExtension \" S\" { principalClass: \"S\" }")
        #expect(padded.codes == [.identifierWhitespace])
        #expect(padded.diagnostics.first?.help == ["the name is the extension's output folder; remove the whitespace"])
    }

    /// An intent identifier SiriKit would not match is warned, with the system intent it was meant to be; any other
    /// name may be one of the app's own intents (named by their class names) and is not questioned.
    @Test(arguments: [
        ("INSendMesageIntent", DiagnosticCode.unknownIntent, "'INSendMesageIntent' is not an intent of the Intents framework", "INSendMessageIntent"),
        ("insendmessageintent", .unknownIntent, "'insendmessageintent' is not an intent of the Intents framework", "INSendMessageIntent"),
        ("INSendMessage", .unknownIntent, "'INSendMessage' is not an intent of the Intents framework", "INSendMessageIntent"),
        ("INStartCallIntentIdentifier", .unknownIntent, "'INStartCallIntentIdentifier' is the name of the Intents constant, not its value", "INStartCallIntent"),
        ("Intents.INStartCallIntentIdentifier", .unknownIntent, "'Intents.INStartCallIntentIdentifier' is the name of the Intents constant, not its value", "INStartCallIntent"),
        ("INAddTasksIntentIdentifier", .unknownIntent, "'INAddTasksIntentIdentifier' is not an intent of the Intents framework", "INAddTasksIntent"),
        ("INSendMesageIntentIdentifier", .unknownIntent, "'INSendMesageIntentIdentifier' is not an intent of the Intents framework", "INSendMessageIntent"),
        ("", .unknownIntent, "intent identifier is empty", nil),
        (" \u{200B}", .unknownIntent, "intent identifier \" \\u{200B}\" is blank", nil),
        (" INStartCallIntent", .identifierWhitespace, "intent identifier \" INStartCallIntent\" has leading or trailing whitespace", "INStartCallIntent"),
        ("INSendMesageIntent ", .identifierWhitespace, "intent identifier \"INSendMesageIntent \" has leading or trailing whitespace", "INSendMessageIntent"),
        ("OrderSoup ", .identifierWhitespace, "intent identifier \"OrderSoup \" has leading or trailing whitespace", nil),
    ] as [(String, DiagnosticCode, String, String?)])
    func intentIdentifiersSiriKitWouldNotMatch(identifier: String, code: DiagnosticCode, message: String, meant: String?) throws {
        let source = "category c { intentIdentifiers: [\"INSendMessageIntent\", \(StringEscapes.literal(identifier))] }"
        let result = TestCompile.source(source)
        #expect(result.codes == [code])
        #expect(result.diagnostics.first?.message == message)
        #expect(result.diagnostics.first?.help.contains("did you mean '\(meant ?? "")'?") == (meant != nil))
        let range = try #require(result.diagnostics.first?.range)
        #expect(String(decoding: Array(source.utf8)[range.start..<range.end], as: UTF8.self) == StringEscapes.literal(identifier))
    }

    @Test(arguments: [
        "OrderSoupIntent", "SendMessageIntent", "SendMessage", "INOrderSoupIntent", "com.example.intent", "OrderIntentIdentifier",
        "INEditMessageIntent", "INUnsendMessagesIntent", "INAnswerCallIntent", "INGetRestaurantGuestIntent",
    ])
    func appIntentsAndEverySystemIntentAreNotQuestioned(identifier: String) {
        #expect(TestCompile.source("category c { intentIdentifiers: [\"\(identifier)\"] }").diagnostics.isEmpty)
    }

    @Test func emptyListsAreWarnedOnlyForValidKeys() {
        let result = TestCompile.source("action a { title: \"A\", intentIdentifiers: [] }\ncategory c { actions: [a], options: [], options: [] }")
        #expect(result.codes == [.unknownKey, .emptyList, .duplicateKey])
    }

    @Test func exactlyTheErrorLimitIsNotTruncation() {
        var limits = Limits.default
        limits.maxReportedErrors = 3
        let source = (0..<3).map { "category c\($0) { actions: [missing\($0)] }" }.joined(separator: "\n")
        let result = TestCompile.source(source, options: CompilerOptions(limits: limits))
        #expect(result.codes == [.unknownAction, .unknownAction, .unknownAction])
    }

    @Test(arguments: [
        ("-0.5", "a negative number"), ("-inf", "negative infinity"), ("inf", "infinity"), ("infinity", "infinity"),
        ("nan", "NaN"), ("-nan", "NaN"), ("1e999", "infinity"), ("-1e999", "negative infinity"),
    ])
    func nonFiniteOrNegativeRatiosAreErrors(_ ratio: String, _ described: String) {
        let result = TestCompile.source(
            Self.base + "contentExtension E { categories: [invitation], initialContentSizeRatio: \(ratio), storyboard: \"M\" }")
        #expect(result.codes == [.invalidRatio])
        #expect(result.diagnostics.first?.message.hasSuffix("found \(described)") == true)
    }

    @Test func quotedIdentifiersAndUnicodeTitles() {
        let result = TestCompile.source(
            """
            action "CF_ACTION-open" { title: "稍後提醒" }
            action topUp { title: "Top up 500 ₽" }
            category "com.example.invite" { actions: ["CF_ACTION-open", topUp] }
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.manifest?.categories.first?.identifier == "com.example.invite")
        #expect(result.manifest?.categories.first?.actions == ["CF_ACTION-open", "topUp"])
        #expect(result.manifest?.actions.first?.title == "稍後提醒")
    }

    @Test func filesShareOneNamespaceAndDiagnosticsNameTheRightFile() {
        let result = TestCompile.files([
            ("a.notif", "action accept { title: \"Accept\" }\n"),
            ("b.notif", "category invitation { actions: [accept, acept] }\n"),
        ])
        #expect(result.codes == [.unknownAction])
        #expect(result.diagnostics.first.map { result.sources[$0.range!.file].path } == "b.notif")
        #expect(result.diagnostics.first?.help == ["did you mean 'accept'?"])
    }

    @Test func duplicatesAcrossFilesPointAtBoth() throws {
        let result = TestCompile.files([("a.notif", "category x {}\n"), ("b.notif", "category x {}\n")])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.code == .duplicateDeclaration)
        #expect(result.sources[try #require(diagnostic.range).file].path == "b.notif")
        #expect(result.sources[try #require(diagnostic.notes.first?.range).file].path == "a.notif")
    }

    /// iOS compares identifiers code unit by code unit, without Unicode normalization: `café` precomposed and
    /// decomposed are two names, although Swift's `==` calls them equal.
    @Test func canonicallyEquivalentNamesAreDifferentNames() throws {
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)
        let two = TestCompile.source(
            "action \"\(precomposed)\" { title: \"A\" }\naction \"\(decomposed)\" { title: \"B\" }\n"
                + "category c { actions: [\"\(precomposed)\", \"\(decomposed)\"] }\n")
        #expect(two.diagnostics.isEmpty, "\(TestCompile.rendered(two))")
        #expect(try #require(two.manifest).actions.map(\.title) == ["A", "B"])
        #expect(two.manifest?.action(decomposed)?.title == "B")
        #expect(try #require(two.manifest).actionIndices[Identifier(decomposed)] == 1)
        let unresolved = TestCompile.source(
            "action \"\(precomposed)\" { title: \"A\" }\ncategory c { actions: [\"\(decomposed)\"] }\n")
        #expect(unresolved.diagnostics.map(\.code) == [.unusedAction, .unknownAction])
    }

    /// A misspelt reference's error names the action it most likely meant; that action is not reported unused as
    /// well. With no near name, the declared action is still unused.
    @Test func aMisspeltReferenceDoesNotMakeItsActionUnused() {
        let typo = TestCompile.source("action accept { title: \"A\" }\ncategory c { actions: [acept] }\n")
        #expect(typo.diagnostics.map(\.code) == [.unknownAction])
        #expect(typo.diagnostics.first?.help == ["did you mean 'accept'?"])
        let unrelated = TestCompile.source("action accept { title: \"A\" }\ncategory c { actions: [zebra] }\n")
        #expect(unrelated.diagnostics.map(\.code) == [.unusedAction, .unknownAction])
        // An extension's name where a category belongs says what it is.
        let extensionName = TestCompile.source(
            "action a { title: \"A\" }\ncategory c { actions: [a] }\ncontentExtension Ext { categories: [c, Ext], storyboard: \"M\", initialContentSizeRatio: 1 }")
        #expect(extensionName.diagnostics.map(\.help) == [["'Ext' is a content extension, not a category"]])
    }

    /// With a raised error limit, "did you mean" is offered for the first 1,000 unknown references of a namespace;
    /// after that they are reported without one, and no action is called unused (which ones were meant is unknown).
    @Test func referenceSuggestionsAreCapped() {
        let count = 1_010
        let text = (0..<count).map { "action act_\($0) { title: \"A\" }\ncategory cat_\($0) { actions: [act_\($0)x] }" }
            .joined(separator: "\n")
        var options = CompilerOptions()
        options.limits.maxReportedErrors = 10_000
        let result = TestCompile.source(text, options: options)
        let unknown = result.diagnostics.filter { $0.code == .unknownAction }
        #expect(unknown.count == count)
        #expect(unknown.filter { $0.help.first?.hasPrefix("did you mean") == true }.count == 1_000)
        #expect(!result.codes.contains(.unusedAction))
    }

    /// A misspelt key is reported once, with "did you mean", and then read as its correction: no missing-key error,
    /// no unused action, and its value is checked. A correction already written, or already made by an earlier
    /// misspelling, is not made again; a key without a near name is only unknown.
    @Test func aMisspeltKeyIsReadAsItsCorrection() {
        let typos = TestCompile.source("action a { titel: \"A\" }\ncategory c { actoins: [a, b] }\n")
        #expect(typos.codes == [.unknownKey, .unknownKey, .unknownAction])
        #expect(typos.diagnostics.filter { $0.code == .unknownKey }.map(\.help) == [
            ["did you mean 'title'?"], ["did you mean 'actions'?"],
        ])
        let checked = TestCompile.source("textInputAction r { title: \"R\", buttonTitel: 5 }\ncategory c { actions: [r] }")
        #expect(checked.codes == [.unknownKey, .typeMismatch])
        let written = TestCompile.source("action a { titel: \"A\", title: \"B\" }\ncategory c { actions: [a] }")
        #expect(written.codes == [.unknownKey])
        #expect(written.diagnostics.first?.help == ["did you mean 'title'? this action already has one; remove one of them"])
        let twice = TestCompile.source("action a { titel: \"A\", tilte: \"B\" }\ncategory c { actions: [a] }")
        #expect(twice.codes == [.unknownKey, .unknownKey])
        let twiceListed = TestCompile.source("action a { title: \"A\" }\ncategory c { actoins: [a], actiosn: [b] }")
        #expect(twiceListed.codes == [.unknownKey, .unknownKey])
        let unrelated = TestCompile.source("action a { zebra: \"A\" }\ncategory c { actions: [a] }")
        #expect(unrelated.codes == [.missingRequiredKey, .unknownKey])
        // A key of another kind is not a misspelling, whatever "did you mean" guesses: it is not read as `options`.
        let misplaced = TestCompile.source("action a { title: \"A\", actions: [a] }\ncategory c { actions: [a] }")
        #expect(misplaced.codes == [.unknownKey])
        #expect(misplaced.diagnostics.first?.help == ["did you mean 'options'?"])
        #expect(typos.manifest == nil && checked.manifest == nil && written.manifest == nil)
    }

    /// Apple's names for what a key sets (`textInputButtonTitle`, an Info.plist key) are read as that key where
    /// the kind has it, so the value is checked and nothing is reported missing; elsewhere the help names the key.
    @Test func applesNamesAreReadAsTheKeysTheySet() {
        let reply = TestCompile.source(
            "textInputAction r { title: \"R\", textInputButtonTitle: 5 }\ncategory c { actions: [r] }")
        #expect(reply.codes == [.unknownKey, .typeMismatch])
        #expect(reply.diagnostics.first?.help == ["did you mean 'buttonTitle'?", "'buttonTitle' sets what Apple calls 'textInputButtonTitle'"])
        let both = TestCompile.source(
            "textInputAction r { title: \"R\", buttonTitle: \"S\", textInputButtonTitle: \"Go\" }\ncategory c { actions: [r] }")
        #expect(both.diagnostics.map(\.help) == [["did you mean 'buttonTitle'? this text-input action already has one; remove one of them"]])
        let plain = TestCompile.source(
            "action a { title: \"A\", textInputPlaceholder: \"P\" }\ncategory c { actions: [a] }")
        #expect(plain.codes == [.unknownKey])
        #expect(plain.diagnostics.first?.help == [
            "'textInputPlaceholder' belongs to text-input actions: declare it with 'textInputAction'"
        ])
        let category = TestCompile.source(
            "action a { title: \"A\" }\ncategory c { actions: [a], NSExtensionPrincipalClass: \"V\" }")
        #expect(category.diagnostics.first?.help == [
            "'NSExtensionPrincipalClass' is set by 'principalClass' in contentExtension and serviceExtension"
        ])
        let identifier = TestCompile.source("action a { identifier: \"a\", title: \"A\" }\ncategory c { actions: [a] }")
        #expect(identifier.diagnostics.first?.help == ["the name after 'action' is the identifier"])
        let table = TestCompile.source("localization L { identifier: \"x\" }")
        #expect(table.diagnostics.first?.help == ["the keys of localization are developmentLanguage, bundle"])
    }

    /// A title of only invisible characters shows a blank button: E314, like an empty one.
    @Test(arguments: ["\u{200B}", " \u{FEFF} ", "\u{2060}\u{200D}"])
    func invisibleTitlesAreEmpty(_ title: String) {
        let result = TestCompile.source(
            "textInputAction a { title: \(StringEscapes.literal(title)), buttonTitle: \(StringEscapes.literal(title)) }\ncategory c { actions: [a] }")
        #expect(result.codes == [.emptyTitle, .emptyTitle])
        #expect(TestCompile.source("action a { title: \"a\\u{200B}\" }\ncategory c { actions: [a] }").codes.isEmpty)
    }

    /// Type errors name what the key takes and how to write the value given.
    @Test func typeMismatchesSayWhatToWrite() {
        let result = TestCompile.source(
            "action a { title: \"A\", icon: systemImage(bell) }\ncategory c { actions: [a, [a]], intentIdentifiers: [INSendMessageIntent] }")
        #expect(result.diagnostics.map(\.message) == [
            "'systemImage' takes one string, the image name",
            "'actions' expects an action name, found a list",
            "'intentIdentifiers' expects a string, found 'INSendMessageIntent'",
        ])
        #expect(result.diagnostics.map(\.help) == [
            ["write systemImage(\"bell\")"], [], ["write it as a string: \"INSendMessageIntent\""],
        ])
    }

    /// A declaration whose body could not be read is not also asked for its keys.
    @Test func aDeclarationWithoutBodyIsNotMissingKeys() {
        let result = TestCompile.source("action a\ncategory c { actions: [a] }")
        #expect(result.codes == [.expectedToken])
    }

    @Test func actionsAndCategoriesMayShareAName() {
        let result = TestCompile.source("action clear { title: \"Clear\" }\ncategory clear { actions: [clear] }")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func optionsAreNormalisedToApplesBitOrder() {
        let result = TestCompile.source(
            """
            action a { title: "A", options: [foreground, authenticationRequired, destructive] }
            category c { actions: [a], options: [hiddenPreviewsShowSubtitle, customDismissAction] }
            """)
        #expect(result.manifest?.actions.first?.options == [.authenticationRequired, .destructive, .foreground])
        #expect(result.manifest?.categories.first?.options == [.customDismissAction, .hiddenPreviewsShowSubtitle])
    }

    @Test(arguments: ["%u more", "%lu more", "%1$u more", "Messages: %u from %@", "%-5u more", "%hhu more"])
    func summaryFormatsWithACountAreFine(_ format: String) {
        #expect(CategoryAdviceRule.containsCountSpecifier(format))
    }

    @Test(arguments: ["more", "100%% more", "%@ more", "%d more", "%%u more", "%llx more"])
    func summaryFormatsWithoutACount(_ format: String) {
        #expect(!CategoryAdviceRule.containsCountSpecifier(format))
    }

    /// An empty summary format is none (iOS's default summary counts); one with text needs the count.
    @Test func anEmptySummaryFormatNeedsNoCount() {
        #expect(TestCompile.source("category c { categorySummaryFormat: \"\" }").diagnostics.isEmpty)
        #expect(TestCompile.source("category c { categorySummaryFormat: \" \" }").codes == [.summaryFormatWithoutCount])
    }

    @Test func tenActionsIsFineElevenWarns() {
        func manifest(_ count: Int) -> String {
            (0..<count).map { "action a\($0) { title: \"A\" }" }.joined(separator: "\n")
                + "\ncategory c { actions: [" + (0..<count).map { "a\($0)" }.joined(separator: ", ") + "] }"
        }
        #expect(TestCompile.source(manifest(10)).diagnostics.isEmpty)
        #expect(TestCompile.source(manifest(11)).codes == [.tooManyActions])
    }

    @Test func warningsAsErrorsRejectsTheManifest() {
        let source = "action lonely { title: \"L\" }"
        #expect(TestCompile.source(source).manifest != nil)
        let strict = TestCompile.source(source, options: CompilerOptions(warningsAsErrors: true))
        #expect(strict.manifest == nil)
        #expect(strict.diagnostics.map(\.severity) == [.error])
    }

    @Test func unreadableFilesSuppressUnknownReferenceErrors() {
        var sources = SourceFileSet()
        sources.add(path: "a.notif", bytes: Array("category c { actions: [declaredElsewhere] }".utf8))
        sources.add(path: "b.notif", bytes: [0xFF])
        let result = Compiler.compile(sources)
        #expect(result.codes == [.invalidUTF8])
    }

    @Test func errorLimitStopsReportingAndSaysSo() {
        let source = (0..<50).map { "category c\($0) { actions: [missing\($0)] }" }.joined(separator: "\n")
        var limits = Limits.default
        limits.maxReportedErrors = 5
        let result = TestCompile.source(source, options: CompilerOptions(limits: limits))
        #expect(result.codes.filter { $0 == .unknownAction }.count == 5)
        #expect(result.codes.last == .errorLimitReached)
        #expect(result.diagnostics.last?.message == "too many errors; stopped reporting after 5")
    }
}
