// Payload rules: every payload code is reported at a marked position, and valid payloads are reported clean.
@testable import ManifestCompiler
import Testing

/// One row: a payload with a marker, the code expected at the marker, and any other codes the payload
/// must also produce (nothing else may be reported).
struct PayloadCase: CustomTestStringConvertible, Sendable {
    let code: DiagnosticCode
    let payload: String
    var also: [DiagnosticCode] = []
    var manifest: Manifest = TestPayload.manifest
    var note: String = ""
    /// The app's strings table (`check-payload --strings`), when the case needs one.
    var table: LocalizableTable? = nil

    var testDescription: String { "\(code.rawValue) \(code.name)\(note.isEmpty ? "" : " (\(note))")" }
}

struct PayloadRuleTests {
    /// Every payload code, by band.
    static let payloadCodes = DiagnosticCode.allCases.filter {
        ($0.rawValue >= "E510" && $0.rawValue < "E600") || $0.rawValue.hasPrefix("W5")
    }

    /// A payload of exactly `size` bytes with a marker before its last byte.
    static func payload(ofSize size: Int) -> String {
        let prefix = #"{"aps":{"content-available":1},"data":""#
        let filler = String(repeating: "a", count: size - prefix.utf8.count - 2)
        return prefix + filler + "\"1️⃣}"
    }

    /// A Localizable table: `NEW_MESSAGE` takes one argument in English and two in German.
    static let table = LocalizableTable(
        name: "Localizable",
        values: [
            Identifier("NEW_MESSAGE"): ["%@ wrote", LocalizedValue("%1$@ schrieb %2$@", language: "de")],
            Identifier("TITLE"): ["Hello %%"], Identifier("PAIR"): ["%1$@ & %2$@"],
            Identifier("UNREAD"): ["%@ unread", LocalizedValue("%1$lu ungelesen", language: "de")],
        ])

    static let cases: [PayloadCase] = [
        PayloadCase(
            code: .unknownLocalizationKey, payload: #"{"aps": {"alert": {"loc-key": 1️⃣"NEW_MESAGE"}, "mutable-content": 1}}"#,
            table: table),
        PayloadCase(
            code: .unknownLocalizationKey, payload: #"{"aps": {"alert": {"title-loc-key": 1️⃣"TITLE"}, "mutable-content": 1}}"#,
            note: "another table", table: LocalizableTable(name: "Notifications", values: [Identifier("TITLE"): ["Hi"]])),
        PayloadCase(
            code: .localizationArgumentCount,
            payload: #"{"aps": {"alert": {"loc-key": "NEW_MESSAGE", "loc-args": 1️⃣["Ann"]}, "mutable-content": 1}}"#,
            note: "a translation takes more", table: table),
        PayloadCase(
            code: .localizationArgumentCount,
            payload: #"{"aps": {"alert": {"subtitle-loc-key": 1️⃣"PAIR"}, "mutable-content": 1}}"#,
            note: "no args at all", table: table),
        PayloadCase(
            code: .localizationArgumentFormat,
            payload: #"{"aps": {"alert": {"loc-key": 1️⃣"UNREAD", "loc-args": ["3"]}, "mutable-content": 1}}"#,
            note: "a translation takes a number", table: table),
        PayloadCase(code: .payloadTooLarge, payload: payload(ofSize: 4097)),
        PayloadCase(code: .payloadNotAnObject, payload: "1️⃣[1, 2]"),
        PayloadCase(code: .payloadNotAnObject, payload: #"1️⃣"aps""#, note: "a string"),
        PayloadCase(code: .missingApsDictionary, payload: #"1️⃣{"data": {"alert": "Hi"}}"#),
        PayloadCase(code: .missingApsDictionary, payload: #"{1️⃣"Aps": {"alert": "Hi"}}"#, note: "near key"),
        PayloadCase(code: .payloadTypeMismatch, payload: #"{"aps": {"badge": 1️⃣"5"}}"#),
        PayloadCase(code: .payloadTypeMismatch, payload: #"{"aps": 1️⃣"{\"alert\": \"Hi\"}"}"#, note: "aps as text"),
        PayloadCase(code: .payloadTypeMismatch, payload: #"{"aps": 1️⃣[]}"#, note: "aps as array"),
        PayloadCase(
            code: .payloadTypeMismatch, payload: #"{"aps": {"alert": 1️⃣42}}"#, manifest: TestPayload.manifestWithoutService,
            note: "alert"),
        PayloadCase(
            code: .payloadTypeMismatch,
            payload: #"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a", 1️⃣3]}, "mutable-content": 1}}"#,
            note: "array element"),
        PayloadCase(code: .payloadTypeMismatch, payload: #"{"aps": {"thread-id": 1️⃣7}}"#, note: "thread-id"),
        PayloadCase(code: .payloadTypeMismatch, payload: #"{"aps": {"sound": 1️⃣true}}"#, note: "sound"),
        PayloadCase(code: .payloadTypeMismatch, payload: #"{"aps": {"category": 1️⃣null}}"#, note: "category"),
        PayloadCase(
            code: .payloadTypeMismatch, payload: #"{"aps": {"event": "update", "timestamp": 1, "content-state": 1️⃣[]}}"#,
            note: "content-state"),
        PayloadCase(
            code: .payloadTypeMismatch, payload: #"{"aps": {"alert": {"title": 1️⃣{"loc-key": "K"}}, "mutable-content": 1}}"#,
            note: "a localized title outside Live Activities"),
        PayloadCase(
            code: .payloadTypeMismatch, payload: #"{"aps": {"event": "update", "alert": {"title": 1️⃣7}}}"#,
            note: "a Live Activity title"),
        PayloadCase(
            code: .invalidPayloadFlag, payload: #"{"aps": {"event": "start", "input-push-token": 1️⃣true}}"#,
            note: "input-push-token"),
        PayloadCase(code: .unknownPayloadCategory, payload: #"{"aps": {"category": 1️⃣"invitaton"}}"#),
        PayloadCase(code: .unknownPayloadCategory, payload: #"{"aps": {"category": 1️⃣"accept"}}"#, note: "an action"),
        PayloadCase(code: .misnamedPayloadKey, payload: #"{"aps": {1️⃣"categoryIdentifier": "invitation"}}"#),
        PayloadCase(code: .misnamedPayloadKey, payload: #"{"aps": {1️⃣"click_action": "invitation"}}"#, note: "Firebase"),
        PayloadCase(code: .misnamedPayloadKey, payload: #"{"aps": {1️⃣"mutable_content": 1}}"#, note: "snake case"),
        PayloadCase(code: .misnamedPayloadKey, payload: #"{"aps": {1️⃣"Category": "message"}}"#, note: "letter case"),
        PayloadCase(
            code: .misnamedPayloadKey, payload: #"{"aps": {"alert": {"title": "T", 1️⃣"body_loc_key": "K"}, "mutable-content": 1}}"#,
            note: "in alert"),
        PayloadCase(code: .invalidPayloadFlag, payload: #"{"aps": {"mutable-content": 1️⃣true}}"#),
        PayloadCase(code: .invalidPayloadFlag, payload: #"{"aps": {"mutable-content": 1️⃣"1"}}"#, note: "string"),
        PayloadCase(code: .invalidPayloadFlag, payload: #"{"aps": {"content-available": 1️⃣2}}"#, note: "number"),
        PayloadCase(
            code: .invalidPayloadFlag, payload: #"{"aps": {"sound": {"critical": 1️⃣"yes", "name": "a.caf"}}}"#,
            note: "critical"),
        PayloadCase(code: .misplacedPayloadKey, payload: #"{"aps": {}, 1️⃣"category": "invitation"}"#),
        PayloadCase(code: .misplacedPayloadKey, payload: #"{"aps": {}, 1️⃣"click_action": "invitation"}"#, note: "alias"),
        PayloadCase(
            code: .misplacedPayloadKey, payload: #"{1️⃣"badge": 1}"#, also: [.missingApsDictionary],
            note: "no aps at all"),
        PayloadCase(
            code: .misplacedPayloadKey, payload: #"{"aps": {"alert": {"body": "B", 1️⃣"sound": "default"}, "mutable-content": 1}}"#,
            note: "aps key in alert"),
        PayloadCase(code: .misplacedPayloadKey, payload: #"{"aps": {1️⃣"title": "T"}}"#, note: "alert key in aps"),
        PayloadCase(code: .invalidPayloadValue, payload: #"{"aps": {"interruption-level": 1️⃣"time-senstive"}}"#),
        PayloadCase(
            code: .invalidPayloadValue, payload: #"{"aps": {"event": 1️⃣"finish", "timestamp": 1, "content-state": {}}}"#,
            note: "event"),
        PayloadCase(code: .payloadValueOutOfRange, payload: #"{"aps": {"relevance-score": 1️⃣1.5}}"#),
        PayloadCase(code: .payloadValueOutOfRange, payload: #"{"aps": {"relevance-score": 1️⃣-0.1}}"#, note: "negative"),
        PayloadCase(
            code: .payloadValueOutOfRange, payload: #"{"aps": {"sound": {"critical": 1, "name": "a.caf", "volume": 1️⃣2}}}"#,
            note: "volume"),
        PayloadCase(code: .missingMutableContent, payload: #"{1️⃣"aps": {"alert": "Hi"}}"#),
        PayloadCase(
            code: .missingMutableContent, payload: #"{1️⃣"aps": {"alert": {"loc-key": "K"}, "category": "message"}}"#,
            note: "localized alert"),
        PayloadCase(code: .unknownPayloadKey, payload: #"{"aps": {1️⃣"priority": 10}}"#),
        PayloadCase(
            code: .unknownPayloadKey, payload: #"{"aps": {"alert": {"titel": "T", 1️⃣"message": "M"}}}"#,
            also: [.unknownPayloadKey], manifest: TestPayload.manifestWithoutService, note: "alert"),
        PayloadCase(code: .unknownPayloadKey, payload: #"{"aps": {"sound": {"name": "a.caf", 1️⃣"loud": 1}}}"#, note: "sound"),
        PayloadCase(
            code: .unknownPayloadKey, payload: #"{"aps": {"category": "message", 1️⃣"categoryIdentifier": "message"}}"#,
            note: "alias beside the key"),
        PayloadCase(
            code: .unknownPayloadKey, payload: #"{"aps": {"alert": {"title": "T"}, 1️⃣"title": "T", "mutable-content": 1}}"#,
            note: "alert key also in alert"),
        PayloadCase(code: .mutableContentWithoutAlert, payload: #"{"aps": {"content-available": 1, 1️⃣"mutable-content": 1}}"#),
        PayloadCase(
            code: .mutableContentWithoutAlert, payload: #"{"aps": {"alert": {}, "badge": 2, 1️⃣"mutable-content": 1}}"#,
            note: "empty alert"),
        PayloadCase(
            code: .mutableContentWithoutAlert, payload: #"{"aps": {"alert": {"body": ""}, 1️⃣"mutable-content": 1}}"#,
            note: "empty body, as an empty alert string"),
        // A mistyped alert is E513 alone: whether it would show is not known.
        PayloadCase(code: .payloadTypeMismatch, payload: #"{"aps": {"alert": 1️⃣["x"], "mutable-content": 1}}"#, note: "alert as array"),
        PayloadCase(code: .payloadTypeMismatch, payload: #"{"aps": {"alert": {"body": 1️⃣5}}}"#, note: "body as number"),
        PayloadCase(
            code: .missingMutableContent, payload: #"{1️⃣"aps": {"alert": {"title": "Sale", "body": 5}}}"#,
            also: [.payloadTypeMismatch], note: "a title shows, whatever the body"),
    ]

    /// The rendered diagnostics of the first case of `code` (for docs/diagnostics.md), checked as `example.json`.
    static func renderedExample(for code: DiagnosticCode) -> String? {
        guard let row = cases.first(where: { $0.code == code }) else { return nil }
        let run = TestPayload.check(
            MarkedSource(row.payload).text, path: "example.json", manifest: row.manifest,
            options: PayloadCheckOptions(localizableTable: row.table))
        let shown = run.diagnostics.filter { $0.code == code }
        return shown.isEmpty ? nil : DiagnosticRenderer.render(shown, sources: run.sources, format: .text)
    }

    @Test(arguments: cases)
    func codeIsReportedAtTheMarker(_ row: PayloadCase) {
        let marked = MarkedSource(row.payload)
        let run = TestPayload.check(marked.text, manifest: row.manifest, options: PayloadCheckOptions(localizableTable: row.table))
        let offset = marked.offsets["1️⃣"]
        #expect(offset != nil, "no marker")
        #expect(
            run.diagnostics.contains { $0.code == row.code && $0.range?.start == offset },
            "expected \(row.code.rawValue) at \(offset ?? -1); got \(run.diagnostics.map { "\($0.code.rawValue)@\($0.range?.start ?? -1)" })")
        #expect(run.codes.map(\.rawValue).sorted() == ([row.code] + row.also).map(\.rawValue).sorted(), "\(run.rendered)")
    }

    /// Arguments for a string that takes none: the help says to remove them, not to pass "exactly 0 strings".
    @Test func argumentsForAStringWithoutSpecifiersAreToBeRemoved() {
        let run = TestPayload.check(
            #"{"aps": {"alert": {"loc-key": "PLAIN", "loc-args": ["x"]}, "mutable-content": 1}}"#,
            options: PayloadCheckOptions(localizableTable: LocalizableTable(name: "Localizable", values: [Identifier("PLAIN"): ["Hello"]])))
        #expect(run.codes == [.localizationArgumentCount], "\(run.rendered)")
        #expect(run.rendered.contains("help: remove 'loc-args': the string takes no arguments"), "\(run.rendered)")
    }

    /// A value of the wrong type says what to write: as a string for a scalar, else the type Apple gives the key.
    @Test func typeMismatchesHaveAHelp() {
        let run = TestPayload.check(#"{"aps": {"category": 5, "thread-id": ["t"], "alert": {"title": {"a": 1}}, "mutable-content": 1}}"#)
        #expect(run.codes == [.payloadTypeMismatch, .payloadTypeMismatch, .payloadTypeMismatch], "\(run.rendered)")
        #expect(run.rendered.contains("help: write it as a string: \"5\""), "\(run.rendered)")
        #expect(run.rendered.contains("help: Apple's payload reference gives 'thread-id' as a string"), "\(run.rendered)")
        #expect(run.rendered.contains("help: Apple's payload reference gives 'alert.title' as a string"), "\(run.rendered)")
        let enumerated = TestPayload.check(#"{"aps": {"alert": "Hi", "interruption-level": 5, "sound": true, "mutable-content": 1}}"#)
        #expect(enumerated.rendered.contains("help: write one of \"passive\", \"active\""), "\(enumerated.rendered)")
        #expect(enumerated.rendered.contains("help: Apple's payload reference gives 'sound' as a string or a dictionary"), "\(enumerated.rendered)")
    }

    @Test func everyPayloadCodeHasACase() {
        let covered = Set(Self.cases.map(\.code))
        let missing = Self.payloadCodes.filter { !covered.contains($0) }
        #expect(Self.payloadCodes.count == 16)
        #expect(missing.isEmpty, "no payload test case for \(missing.map(\.rawValue))")
    }

    @Test func everyPayloadCodeBelongsToExactlyOneRule() {
        let codes = allPayloadRules.flatMap(\.codes)
        #expect(codes.count == Set(codes).count)
        #expect(Set(codes) == Set(Self.payloadCodes))
    }

    @Test func localizedKeysThatMatchTheTableAreClean() {
        let payload = #"{"aps": {"alert": {"title-loc-key": "TITLE", "loc-key": "PAIR", "loc-args": ["a", "b"]}, "mutable-content": 1}}"#
        let run = TestPayload.check(payload, manifest: TestPayload.manifest, options: PayloadCheckOptions(localizableTable: Self.table))
        #expect(run.diagnostics.isEmpty, "\(run.rendered)")
        let didYouMean = TestPayload.check(
            #"{"aps": {"alert": {"loc-key": "NEW_MESAGE"}, "mutable-content": 1}}"#, manifest: TestPayload.manifest,
            options: PayloadCheckOptions(localizableTable: Self.table))
        #expect(didYouMean.diagnostics.first?.help == ["did you mean 'NEW_MESSAGE'?"])
    }

    @Test(arguments: [
        ("%@ wrote %u", 2), ("%1$@ and %2$@", 2), ("100%%", 0), ("%2$@ %1$@ %2$@", 2), ("%lld items", 1), ("%.2f%%", 1),
        ("plain", 0), ("%", 0),
    ])
    func formatArgumentsAreCounted(_ format: String, _ count: Int) {
        #expect(FormatSpecifiers.argumentCount(of: format) == count)
    }

    // MARK: - Valid payloads

    @Test(arguments: [
        #"{"aps": {"alert": "Hi", "mutable-content": 1}}"#,
        #"{"aps": {"alert": "Hi", "mutable-content": 1.0, "category": "invitation"}}"#,
        #"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 0}}"#,
        #"{"aps": {"alert": "", "badge": 0}}"#,
        #"{"aps": {"alert": {}, "sound": "default"}}"#,
        #"{"aps": {"badge": 0}}"#,
        #"{"aps": {"content-available": 1}, "sync": true}"#,
        #"{"aps": {"relevance-score": 0, "alert": "a", "mutable-content": 1}}"#,
        #"{"aps": {"relevance-score": 1, "interruption-level": "critical", "alert": "a", "mutable-content": 1}}"#,
        #"{"aps": {"sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5}, "interruption-level": "critical"}}"#,
        #"{"aps": {"event": "update", "timestamp": 1, "content-state": {}, "relevance-score": 75, "alert": {"title": "T", "body": "B", "sound": "chime.caf"}}}"#,
        #"{"aps": {"event": "end", "timestamp": 1, "content-state": {}, "dismissal-date": 2, "stale-date": 3}}"#,
        #"{"aps": {"event": "start", "timestamp": 1, "content-state": {}, "attributes-type": "A", "attributes": {}, "input-push-token": 1}}"#,
        #"{"aps": {"event": "start", "timestamp": 1, "content-state": {}, "input-push-channel": "dGVzdA==", "alert": {"title": {"loc-key": "K", "loc-args": ["a"]}, "body": "B"}}}"#,
        #"{"aps": {"category": "message", "alert": "x", "mutable-content": 1}, "category": "news", "threadId": "t", "categoryId": 4, "title": "x", "badge_count": 2}"#,
        #"{"Simulator Target Bundle": "com.example.app", "aps": {"content-available": 1}}"#,
        #"{"aps": {"alert": {"body": "B", "action-loc-key": null, "summary-arg": "Sam", "summary-arg-count": 2, "launch-image": "L"}, "url-args": ["a"], "mutable-content": 1}}"#,
        #"{"aps": {"alert": {"title-loc-key": "T", "title-loc-args": ["a"], "subtitle-loc-key": "S", "subtitle-loc-args": []}, "mutable-content": 1, "target-content-id": "w", "filter-criteria": "work", "thread-id": "t"}}"#,
        "\u{FEFF}{\"aps\": {\"content-available\": 1}}",
    ])
    func validPayloadsAreClean(_ payload: String) {
        let run = TestPayload.check(payload)
        #expect(run.diagnostics.isEmpty, "\(run.rendered)")
    }

    @Test(arguments: [
        #"{"aps": {"alert": "Hi"}}"#,
        #"{"aps": {"content-available": 1, "mutable-content": 1}}"#,
    ])
    func withoutAServiceExtensionMutableContentIsNotRequired(_ payload: String) {
        #expect(TestPayload.check(payload, manifest: TestPayload.manifestWithoutService).diagnostics.isEmpty)
    }

    // MARK: - Details of the rules

    @Test func argumentsThatAreNotAnArrayAreOnlyATypeError() {
        let run = TestPayload.check(
            #"{"aps": {"alert": {"loc-key": "PAIR", "loc-args": "Ann, Bob"}, "mutable-content": 1}}"#,
            options: PayloadCheckOptions(localizableTable: Self.table))
        #expect(run.codes == [.payloadTypeMismatch], "\(run.rendered)")
    }

    @Test func aMisspelledOrMisplacedFlagIsNotAlsoReportedAsMissing() {
        #expect(TestPayload.check(#"{"aps": {"alert": "Hi", "mutableContent": 1}}"#).codes == [.misnamedPayloadKey])
        #expect(TestPayload.check(#"{"aps": {"alert": "Hi"}, "mutable-content": 1}"#).codes == [.misplacedPayloadKey])
        #expect(TestPayload.check(#"{"aps": {"alert": "Hi", "mutable-content": "1"}}"#).codes == [.invalidPayloadFlag])
        #expect(TestPayload.check(#"{"aps": {"alert": "Hi"}, "mutable_content": 1}"#).codes == [.misplacedPayloadKey])
        // Beside 'aps', a key no rule reports is the app's own data: the flag is missing, and that is said once.
        for key in ["MutableContent", "Mutable-Content"] {
            #expect(TestPayload.check(#"{"aps": {"alert": "Hi"}, "\#(key)": 1}"#).codes == [.missingMutableContent], "\(key)")
        }
    }

    @Test func liveActivityUpdatesAreNotPassedToTheServiceExtension() {
        let run = TestPayload.check(#"{"aps": {"event": "update", "timestamp": 1, "content-state": {}, "alert": {"title": "T"}}}"#)
        #expect(run.diagnostics.isEmpty, "\(run.rendered)")
    }

    @Test func soundInsideAlertIsOnlyValidForLiveActivities() {
        let plain = TestPayload.check(#"{"aps": {"alert": {"title": "T", "sound": "a.caf"}, "mutable-content": 1}}"#)
        #expect(plain.codes == [.misplacedPayloadKey])
        let redundant = TestPayload.check(#"{"aps": {"alert": {"title": "T", "sound": "a.caf"}, "sound": "b.caf", "mutable-content": 1}}"#)
        #expect(redundant.codes == [.unknownPayloadKey])
    }

    @Test func suggestionsAndExplanations() throws {
        let category = try #require(TestPayload.check(#"{"aps": {"category": "invitaton"}}"#).diagnostics.first)
        #expect(category.message == "unknown category 'invitaton'")
        #expect(category.help == ["did you mean 'invitation'?"])
        let action = try #require(TestPayload.check(#"{"aps": {"category": "decline"}}"#).diagnostics.first)
        #expect(action.help == ["'decline' is an action, not a category"])
        let level = try #require(TestPayload.check(#"{"aps": {"interruption-level": "timeSensitive"}}"#).diagnostics.first)
        #expect(level.help == ["did you mean 'time-sensitive'?"])
        let unknownLevel = try #require(TestPayload.check(#"{"aps": {"interruption-level": "urgent"}}"#).diagnostics.first)
        #expect(unknownLevel.help == ["the values are passive, active, time-sensitive and critical"])
        let alias = try #require(TestPayload.check(#"{"aps": {"click_action": "message"}}"#).diagnostics.first)
        #expect(alias.help == ["did you mean 'category'?", "'click_action' is a Firebase field; Firebase writes it to APNs as 'category'"])
        let snake = try #require(TestPayload.check(#"{"aps": {"category_id": "message"}}"#).diagnostics.first)
        #expect(snake.help == ["did you mean 'category'?", "APNs keys are lowercase words joined by hyphens"])
        let property = try #require(TestPayload.check(#"{"aps": {"categoryIdentifier": "message"}}"#).diagnostics.first)
        #expect(property.help.last == "'categoryIdentifier' is the UNNotificationContent property's name, not the payload key")
        let badge = try #require(TestPayload.check(#"{"aps": {"badge": "12"}}"#).diagnostics.first)
        #expect(badge.message == #"'badge' expects a number, found the string "12""#)
        #expect(badge.help == ["remove the quotes: 12"])
        let typo = try #require(TestPayload.check(#"{"aps": {"mutable-contnet": 1}}"#).diagnostics.first)
        #expect(typo.code == .unknownPayloadKey)
        #expect(typo.help == ["did you mean 'mutable-content'?"])
        let serviceOnly = TestPayload.compile("serviceExtension S { principalClass: \"S\" }")
        let empty = try #require(TestPayload.check(#"{"aps": {"category": "x"}}"#, manifest: serviceOnly).diagnostics.first)
        #expect(empty.help == ["the manifest declares no categories"])
        let undeclared = try #require(TestPayload.check(#"{"aps": {"category": "zzz"}}"#).diagnostics.first)
        #expect(undeclared.help == ["declare it in the manifest with 'category zzz { … }', or name one of its 2 categories"])
        // An empty category cannot be declared (E313): the help does not suggest it.
        let blank = try #require(TestPayload.check(#"{"aps": {"category": ""}}"#).diagnostics.first)
        #expect(blank.help == ["the category is empty: name one of the manifest's categories, or leave 'category' out"])
    }

    /// A category written with other code points for the same text (decomposed 'é') does not match: iOS compares
    /// identifiers code unit by code unit. The help names the declared one and says why.
    @Test func categoriesMatchCodeUnitByCodeUnit() throws {
        let manifest = TestPayload.compile("action a { title: \"A\" }\ncategory \"caf\u{E9}\" { actions: [a] }")
        #expect(TestPayload.check(#"{"aps": {"category": "caf\u00e9"}}"#, manifest: manifest).diagnostics.isEmpty)
        let decomposed = try #require(
            TestPayload.check(#"{"aps": {"category": "cafe\u0301"}}"#, manifest: manifest).diagnostics.first)
        #expect(decomposed.code == .unknownPayloadCategory)
        #expect(decomposed.help.first?.hasPrefix("did you mean 'caf\u{E9}'? it looks the same but") == true)
    }

    @Test func firebaseRequestsAreRecognised() throws {
        let run = TestPayload.check(#"{"message": {"token": "t", "apns": {"payload": {"aps": {}}}}}"#)
        let diagnostic = try #require(run.diagnostics.first)
        #expect(run.codes == [.missingApsDictionary])
        #expect(diagnostic.help.last?.contains("message.apns.payload") == true)
    }

    @Test func keysWithControlCharactersAreEscapedInMessages() throws {
        let run = TestPayload.check(#"{"aps": {"a\nb'": 1}}"#)
        #expect(run.diagnostics.first?.message == #"unknown key 'a\nb'' in 'aps'; APNs ignores it"#)
    }

    @Test func warningsAsErrorsPromotesPayloadWarnings() {
        let run = TestPayload.check(
            #"{"aps": {"priority": 10}}"#, options: PayloadCheckOptions(warningsAsErrors: true))
        #expect(run.diagnostics.map(\.severity) == [.error])
        #expect(run.codes == [.unknownPayloadKey])
    }

    @Test func invalidJSONStopsOnlyTheJSONRules() {
        let run = TestPayload.check(#"{"aps": {"alert": "Hi",}}"#)
        #expect(run.codes == [.invalidJSON])
        let duplicate = TestPayload.check(#"{"aps": {"alert": "Hi", "mutable-content": 1, "alert": "Again"}}"#)
        #expect(duplicate.codes == [.duplicateJSONKey])
    }

    @Test func theErrorLimitStopsReportingAndSaysSo() {
        var sources = SourceFileSet()
        for index in 0..<5 { sources.add(path: "p\(index).json", bytes: Array(#"{"aps": {"badge": "1"}}"#.utf8)) }
        var limits = Limits.default
        limits.maxReportedErrors = 2
        let diagnostics = PayloadChecker.check(sources, against: TestPayload.manifest, options: PayloadCheckOptions(limits: limits))
        #expect(diagnostics.map(\.code) == [.payloadTypeMismatch, .payloadTypeMismatch, .errorLimitReached])
    }

    /// The errors kept under the limit are the first by position, whichever rule found them.
    @Test(arguments: [
        (#"{"aps": {"badge": "1", "category": "zzz"}}"#, DiagnosticCode.payloadTypeMismatch),
        (#"{"aps": {"category": "zzz", "badge": "1"}}"#, DiagnosticCode.unknownPayloadCategory),
    ])
    func theErrorLimitKeepsTheFirstErrorsByPosition(_ payload: String, _ first: DiagnosticCode) {
        var sources = SourceFileSet()
        sources.add(path: "p.json", bytes: Array(payload.utf8))
        var limits = Limits.default
        limits.maxReportedErrors = 1
        let diagnostics = PayloadChecker.check(sources, against: TestPayload.manifest, options: PayloadCheckOptions(limits: limits))
        #expect(diagnostics.map(\.code) == [first, .errorLimitReached])
    }
}
