// The semantic diff: a table of edits to the example manifests with hand-written expectations and golden text and
// JSON output, every class and change kind covered, the classes table, and properties over every manifest.
import Foundation
@testable import ManifestCompiler
import Testing

/// One edit: an example manifest before (`oldEdits` applied) and after (`newEdits` applied), and the changes
/// expected, as `class kind path` lines in output order.
struct DiffCase: CustomTestStringConvertible, Sendable {
    let name: String
    let example: String
    var oldEdits: [(String, String)] = []
    let newEdits: [(String, String)]
    let expected: [String]

    var testDescription: String { name }
}

struct ManifestDifferTests {
    static let cases: [DiffCase] = [
        DiffCase(
            name: "security-downgrade", example: "bills",
            newEdits: [("    options: [authenticationRequired]\n", "")],
            expected: ["breaking removed action[markAsPaid].options"]),
        DiffCase(
            name: "foreground-and-destructive-added", example: "bills",
            newEdits: [("title: \"Remind me in an hour\"\n", "title: \"Remind me in an hour\"\n    options: [destructive, foreground]\n")],
            expected: ["behavioral added action[remindLater].options", "breaking added action[remindLater].options"]),
        DiffCase(
            name: "text-input-turned-plain", example: "messaging",
            newEdits: [(
                "textInputAction reply {\n    title: \"Reply\"\n    buttonTitle: \"Send\"\n    placeholder: \"Type a message…\"\n",
                "action reply {\n    title: \"Reply\"\n"
            )],
            expected: ["breaking changed action[reply].kind"]),
        DiffCase(
            name: "plain-turned-text-input", example: "messaging",
            newEdits: [("action clear {\n    title: \"Clear\"\n}", "textInputAction clear {\n    title: \"Clear\"\n    buttonTitle: \"Clear all\"\n}")],
            expected: ["behavioral changed action[clear].kind"]),
        DiffCase(
            name: "category-and-action-removed", example: "messaging",
            newEdits: [
                ("action clear {\n    title: \"Clear\"\n}\n\n", ""),
                ("category clear {\n    actions: [clear]\n    options: [customDismissAction]\n}\n\n", ""),
            ],
            expected: ["breaking removed category[clear]", "breaking removed action[clear]"]),
        DiffCase(
            name: "action-removed-from-category", example: "messaging",
            newEdits: [("actions: [accept, decline]", "actions: [accept]")],
            expected: ["breaking removed category[invitation].actions"]),
        DiffCase(
            name: "actions-reordered", example: "messaging",
            newEdits: [("actions: [accept, decline]", "actions: [decline, accept]")],
            expected: ["behavioral reordered category[invitation].actions"]),
        DiffCase(
            name: "action-moved-between-categories", example: "messaging",
            newEdits: [
                ("actions: [accept, decline]", "actions: [accept, decline, remindLater]"),
                ("actions: [accept, remindLater]", "actions: [accept]"),
            ],
            expected: ["behavioral added category[invitation].actions", "breaking removed category[invitationReminder].actions"]),
        DiffCase(
            name: "category-renamed", example: "messaging",
            newEdits: [
                ("category invitationReminder {", "category invitationFollowUp {"),
                ("categories: [invitation, invitationReminder]", "categories: [invitation, invitationFollowUp]"),
            ],
            expected: [
                "breaking removed category[invitationReminder]", "behavioral added category[invitationFollowUp]",
                "breaking removed extension[InvitationContent].categories",
                "behavioral added extension[InvitationContent].categories",
            ]),
        DiffCase(
            name: "action-renamed", example: "messaging",
            newEdits: [("action decline {", "action reject {"), ("actions: [accept, decline]", "actions: [accept, reject]")],
            expected: [
                "breaking removed category[invitation].actions", "behavioral added category[invitation].actions",
                "breaking removed action[decline]", "behavioral added action[reject]",
            ]),
        DiffCase(
            name: "texts-and-icon", example: "messaging",
            newEdits: [
                ("title: \"Accept\"", "title: \"Join\""), ("buttonTitle: \"Send\"", "buttonTitle: \"Reply now\""),
                ("placeholder: \"Type a message…\"", "placeholder: \"Say something\""),
                ("icon: systemImage(\"arrowshape.turn.up.left\")", "icon: templateImage(\"ReplyIcon\")"),
            ],
            expected: [
                "cosmetic changed action[reply].buttonTitle", "cosmetic changed action[reply].placeholder",
                "cosmetic changed action[reply].icon", "cosmetic changed action[accept].title",
            ]),
        DiffCase(
            name: "category-text-options-and-intents", example: "bills",
            newEdits: [
                ("options: [hiddenPreviewsShowTitle]", "options: [hiddenPreviewsShowSubtitle, customDismissAction]\n    intentIdentifiers: [\"INPayBillIntent\"]"),
                ("\"Bill reminder\"", "\"Payment due\""), ("\"%u more bill reminders\"", "\"%u more bills\""),
            ],
            expected: [
                "behavioral added category[billReminder].intentIdentifiers",
                "behavioral removed category[billReminder].options", "behavioral added category[billReminder].options",
                "behavioral added category[billReminder].options",
                "cosmetic changed category[billReminder].hiddenPreviewsBodyPlaceholder",
                "cosmetic changed category[billReminder].categorySummaryFormat",
            ]),
        DiffCase(
            name: "category-texts-removed", example: "bills",
            newEdits: [
                ("    hiddenPreviewsBodyPlaceholder: \"Bill reminder\"\n", ""),
                ("    categorySummaryFormat: \"%u more bill reminders\"\n", ""),
            ],
            expected: [
                "cosmetic removed category[billReminder].hiddenPreviewsBodyPlaceholder",
                "cosmetic removed category[billReminder].categorySummaryFormat",
            ]),
        DiffCase(
            name: "intents-reordered", example: "bills",
            oldEdits: [("    options: [hiddenPreviewsShowTitle]\n", "    intentIdentifiers: [\"INPayBillIntent\", \"INSearchForBillsIntent\"]\n    options: [hiddenPreviewsShowTitle]\n")],
            newEdits: [("    options: [hiddenPreviewsShowTitle]\n", "    intentIdentifiers: [\"INSearchForBillsIntent\", \"INPayBillIntent\"]\n    options: [hiddenPreviewsShowTitle]\n")],
            expected: ["cosmetic reordered category[billReminder].intentIdentifiers"]),
        DiffCase(
            name: "extension-claims-another-category", example: "alarm",
            newEdits: [("categories: [reminder]", "categories: [alarmNotification]")],
            expected: [
                "breaking removed extension[NagMeContentExtension].categories",
                "behavioral added extension[NagMeContentExtension].categories",
            ]),
        DiffCase(
            name: "extension-categories-reordered", example: "messaging",
            newEdits: [("categories: [invitation, invitationReminder]", "categories: [invitationReminder, invitation]")],
            expected: ["cosmetic reordered extension[InvitationContent].categories"]),
        DiffCase(
            name: "extension-settings", example: "balance",
            newEdits: [
                ("initialContentSizeRatio: 1\n    defaultContentHidden: true\n    storyboard: \"MainInterface\"",
                 "initialContentSizeRatio: 0.8\n    defaultContentHidden: false\n    overridesDefaultTitle: false\n    principalClass: \"BalanceViewController\""),
            ],
            expected: [
                "behavioral changed extension[BalanceContent].initialContentSizeRatio",
                "behavioral changed extension[BalanceContent].defaultContentHidden",
                "cosmetic added extension[BalanceContent].overridesDefaultTitle",
                "behavioral removed extension[BalanceContent].storyboard",
                "behavioral added extension[BalanceContent].principalClass",
            ]),
        DiffCase(
            name: "extension-kind-changed", example: "overdraft",
            newEdits: [(
                "contentExtension OverdraftNotificationContent {\n    categories: [debitOverdraftNotification]\n    initialContentSizeRatio: 0.12\n    defaultContentHidden: false\n    userInteractionEnabled: true\n    storyboard: \"MainInterface\"\n}",
                "serviceExtension OverdraftNotificationContent {\n    principalClass: \"OverdraftService\"\n}"
            )],
            expected: [
                "breaking changed extension[OverdraftNotificationContent].kind",
                "breaking removed extension[OverdraftNotificationContent].categories",
                "behavioral removed extension[OverdraftNotificationContent].initialContentSizeRatio",
                "cosmetic removed extension[OverdraftNotificationContent].defaultContentHidden",
                "behavioral removed extension[OverdraftNotificationContent].userInteractionEnabled",
                "behavioral removed extension[OverdraftNotificationContent].storyboard",
                "behavioral added extension[OverdraftNotificationContent].principalClass",
            ]),
        DiffCase(
            name: "extension-renamed-and-added", example: "messaging",
            newEdits: [(
                "serviceExtension MessagingService {",
                "serviceExtension Enricher {\n    principalClass: \"Enricher\"\n}\n\nserviceExtension MessageService {"
            )],
            expected: [
                "breaking removed extension[MessagingService]", "behavioral added extension[Enricher]",
                "behavioral added extension[MessageService]",
            ]),
        DiffCase(
            name: "declarations-added", example: "bills",
            newEdits: [(
                "category billReminder {",
                "action snooze {\n    title: \"Snooze\"\n}\n\ncategory overdue {\n    actions: [snooze, markAsPaid]\n}\n\ncategory billReminder {"
            )],
            expected: ["behavioral added category[overdue]", "behavioral added action[snooze]"]),
        DiffCase(
            name: "declarations-moved-and-options-reordered", example: "messaging",
            newEdits: [
                ("category message {\n    actions: [reply]\n}\n\n", ""),
                ("serviceExtension MessagingService {", "category message {\n    actions: [reply]\n}\n\nserviceExtension MessagingService {"),
                ("options: [foreground]", "options: [foreground, foreground]"),
            ],
            expected: []),
    ]

    static func manifest(_ example: String, edits: [(String, String)]) throws -> Manifest {
        var text = try String(contentsOf: TestPaths.manifests.appendingPathComponent("\(example).notif"), encoding: .utf8)
        for (old, new) in edits {
            #expect(text.components(separatedBy: old).count == 2, "edit '\(old)' must match exactly once in \(example)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        let result = TestCompile.source(text, path: "\(example).notif")
        #expect(!result.hasErrors, "\(TestCompile.rendered(result))")
        return try #require(result.manifest)
    }

    static func changes(_ diffCase: DiffCase) throws -> [ManifestChange] {
        ManifestDiffer.changes(
            from: try manifest(diffCase.example, edits: diffCase.oldEdits),
            to: try manifest(diffCase.example, edits: diffCase.newEdits))
    }

    @Test(arguments: cases)
    func editTable(_ diffCase: DiffCase) throws {
        let changes = try Self.changes(diffCase)
        #expect(changes.map { "\($0.changeClass.rawValue) \($0.kind.rawValue) \($0.path)" } == diffCase.expected)
        Golden.assertMatches(ChangeRendering.text(changes), "diff/\(diffCase.name).txt")
        let json = ChangeRendering.json(changes)
        Golden.assertMatches(json, "diff/\(diffCase.name).json")
        try Self.crossCheckJSON(json, changes)
    }

    @Test func theTableCoversEveryClassAndKind() throws {
        var seen: Set<String> = []
        for diffCase in Self.cases {
            for change in try Self.changes(diffCase) { seen.insert("\(change.changeClass.rawValue) \(change.kind.rawValue)") }
        }
        var expected: Set<String> = []
        for changeClass in ChangeClass.allCases {
            for kind in ChangeKind.allCases where !(changeClass == .breaking && kind == .reordered) {
                expected.insert("\(changeClass.rawValue) \(kind.rawValue)")
            }
        }
        #expect(seen == expected)
    }

    @Test func notesNameRenamesAndMoves() throws {
        let moved = try Self.changes(try #require(Self.cases.first { $0.name == "action-moved-between-categories" }))
        #expect(moved.map(\.note) == ["moved from category[invitationReminder]", "moved to category[invitation]"])
        let renamed = try Self.changes(try #require(Self.cases.first { $0.name == "category-renamed" }))
        #expect(
            renamed.map(\.note) == [
                "possibly renamed to 'invitationFollowUp'", "possibly renamed from 'invitationReminder'",
                "possibly renamed to 'invitationFollowUp'", "possibly renamed from 'invitationReminder'",
            ])
        let extensions = try Self.changes(try #require(Self.cases.first { $0.name == "extension-renamed-and-added" }))
        #expect(extensions.map(\.note) == ["possibly renamed to 'MessageService'", nil, "possibly renamed from 'MessagingService'"])
    }

    /// The classes table of docs/diff.md, row by row, written out independently of the classifier.
    @Test func classesTable() {
        func classOf(_ entity: ChangePath.Entity, _ field: ChangePath.Field?, _ kind: ChangeKind, _ old: ChangeValue?, _ new: ChangeValue?) -> ChangeClass {
            ChangeClassifier.classify(ChangePath(entity, "x", field), kind, old: old, new: new)
        }
        let rows: [(ChangeClass, ChangeClass)] = [
            (classOf(.category, nil, .removed, .name("x"), nil), .breaking),
            (classOf(.action, nil, .removed, .name("x"), nil), .breaking),
            (classOf(.extension, nil, .removed, .name("x"), nil), .breaking),
            (classOf(.category, nil, .added, nil, .name("x")), .behavioral),
            (classOf(.action, nil, .added, nil, .name("x")), .behavioral),
            (classOf(.extension, nil, .added, nil, .name("x")), .behavioral),
            (classOf(.action, .kind, .changed, .name("textInputAction"), .name("action")), .breaking),
            (classOf(.action, .kind, .changed, .name("action"), .name("textInputAction")), .behavioral),
            (classOf(.action, .key(.options), .removed, .name("authenticationRequired"), nil), .breaking),
            (classOf(.action, .key(.options), .added, nil, .name("authenticationRequired")), .behavioral),
            (classOf(.action, .key(.options), .added, nil, .name("foreground")), .breaking),
            (classOf(.action, .key(.options), .removed, .name("foreground"), nil), .breaking),
            (classOf(.action, .key(.options), .added, nil, .name("destructive")), .behavioral),
            (classOf(.action, .key(.options), .removed, .name("destructive"), nil), .behavioral),
            (classOf(.action, .key(.title), .changed, .text("a"), .text("b")), .cosmetic),
            (classOf(.action, .key(.buttonTitle), .changed, .text("a"), .text("b")), .cosmetic),
            (classOf(.action, .key(.placeholder), .changed, .text("a"), .text("b")), .cosmetic),
            (classOf(.action, .key(.icon), .added, nil, .icon(.systemImage("bell"))), .cosmetic),
            (classOf(.category, .key(.actions), .removed, .name("a"), nil), .breaking),
            (classOf(.category, .key(.actions), .added, nil, .name("a")), .behavioral),
            (classOf(.category, .key(.actions), .reordered, .list([]), .list([])), .behavioral),
            (classOf(.category, .key(.intentIdentifiers), .added, nil, .text("I")), .behavioral),
            (classOf(.category, .key(.intentIdentifiers), .removed, .text("I"), nil), .behavioral),
            (classOf(.category, .key(.intentIdentifiers), .reordered, .list([]), .list([])), .cosmetic),
            (classOf(.category, .key(.options), .removed, .name("customDismissAction"), nil), .behavioral),
            (classOf(.category, .key(.options), .added, nil, .name("allowInCarPlay")), .behavioral),
            (classOf(.category, .key(.hiddenPreviewsBodyPlaceholder), .changed, .text("a"), .text("b")), .cosmetic),
            (classOf(.category, .key(.categorySummaryFormat), .added, nil, .text("%u")), .cosmetic),
            (classOf(.extension, .kind, .changed, .name("contentExtension"), .name("serviceExtension")), .breaking),
            (classOf(.extension, .key(.categories), .removed, .name("c"), nil), .breaking),
            (classOf(.extension, .key(.categories), .added, nil, .name("c")), .behavioral),
            (classOf(.extension, .key(.categories), .reordered, .list([]), .list([])), .cosmetic),
            (classOf(.extension, .key(.initialContentSizeRatio), .changed, .number(1), .number(0.5)), .behavioral),
            (classOf(.extension, .key(.defaultContentHidden), .changed, .bool(true), .bool(false)), .behavioral),
            (classOf(.extension, .key(.overridesDefaultTitle), .added, nil, .bool(true)), .behavioral),
            (classOf(.extension, .key(.overridesDefaultTitle), .added, nil, .bool(false)), .cosmetic),
            (classOf(.extension, .key(.userInteractionEnabled), .removed, .bool(false), nil), .cosmetic),
            (classOf(.extension, .key(.storyboard), .changed, .text("A"), .text("B")), .behavioral),
            (classOf(.extension, .key(.principalClass), .added, nil, .text("P")), .behavioral),
            (classOf(.action, .key(.titleComment), .changed, .text("a"), .text("b")), .cosmetic),
            (classOf(.category, .key(.categorySummaryFormatComment), .removed, .text("a"), nil), .cosmetic),
            (classOf(.localization, nil, .removed, .name("Notifications"), nil), .behavioral),
            (classOf(.localization, nil, .added, nil, .name("Alerts")), .behavioral),
            (classOf(.localization, .key(.developmentLanguage), .changed, .text("en"), .text("de")), .behavioral),
            (classOf(.localization, .key(.bundle), .changed, .name("main"), .name("module")), .behavioral),
        ]
        for (index, row) in rows.enumerated() { #expect(row.0 == row.1, "row \(index)") }
    }

    // MARK: - Properties

    static func allManifests() throws -> [Manifest] {
        try ManifestPrinterTests.allManifests().map(\.1)
    }

    @Test func aManifestHasNoChangesFromItself() throws {
        for manifest in try Self.allManifests() {
            #expect(ManifestDiffer.changes(from: manifest, to: manifest).isEmpty)
        }
    }

    /// Swapping the sides swaps additions and removals and old and new values; the classes of changed values and
    /// reorders do not depend on the direction except where the table says so.
    @Test func swappingTheSidesInvertsTheChanges() throws {
        for diffCase in Self.cases {
            let old = try Self.manifest(diffCase.example, edits: diffCase.oldEdits)
            let new = try Self.manifest(diffCase.example, edits: diffCase.newEdits)
            let forward = ManifestDiffer.changes(from: old, to: new)
            let backward = ManifestDiffer.changes(from: new, to: old)
            func key(_ change: ManifestChange, inverted: Bool) -> String {
                let kind: ChangeKind =
                    switch change.kind {
                    case .added: inverted ? .removed : .added
                    case .removed: inverted ? .added : .removed
                    default: change.kind
                    }
                let (old, new) = inverted ? (change.new, change.old) : (change.old, change.new)
                return "\(change.path) \(kind) \(String(describing: old)) \(String(describing: new))"
            }
            #expect(
                Set(forward.map { key($0, inverted: false) }) == Set(backward.map { key($0, inverted: true) }),
                "\(diffCase.name)")
        }
    }

    @Test func comparingAcrossManifestsAndBundlesMatchesTheRegisteredActions() throws {
        let manifest = Manifest(
            actions: [Action(identifier: "used", title: "U"), Action(identifier: "unused", title: "X")],
            categories: [Category(identifier: "c", actions: ["used"])], extensions: [])
        #expect(manifest.withoutUnusedActions().actions.map(\.identifier) == ["used"])
        #expect(ManifestDiffer.changes(from: manifest, to: manifest.withoutUnusedActions()).map(\.path.description) == ["action[unused]"])
    }

    @Test func pathsQuoteIdentifiersThatNeedIt() {
        #expect(ChangePath(.category, "com.example.invite", .key(.actions)).description == "category[com.example.invite].actions")
        #expect(ChangePath(.action, "a]b").description == "action[\"a]b\"]")
        #expect(ChangePath(.action, "").description == "action[\"\"]")
        #expect(ChangePath(.extension, "Ext & Co", .kind).description == "extension[Ext & Co].kind")
    }

    // MARK: - JSON cross-check

    /// Reads the JSON with Foundation and compares every change with the model.
    static func crossCheckJSON(_ json: String, _ changes: [ManifestChange]) throws {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Array(root.keys) == ["changes"])
        let objects = try #require(root["changes"] as? [[String: Any]])
        #expect(objects.count == changes.count)
        for (object, change) in zip(objects, changes) {
            let keys = Set(object.keys)
            #expect(keys == ["path", "change", "class", "old", "new"] || keys == ["path", "change", "class", "old", "new", "note"])
            #expect(object["path"] as? String == change.path.description)
            #expect(object["change"] as? String == change.kind.rawValue)
            #expect(object["class"] as? String == change.changeClass.rawValue)
            #expect(foundationValue(change.old).isEqual(object["old"]))
            #expect(foundationValue(change.new).isEqual(object["new"]))
            #expect(object["note"] as? String == change.note)
        }
    }

    static func foundationValue(_ value: ChangeValue?) -> NSObject {
        switch value {
        case nil: NSNull()
        case .text(let text)?, .name(let text)?: text as NSString
        case .number(let number)?: NSNumber(value: number)
        case .bool(let flag)?: NSNumber(value: flag)
        case .icon(.systemImage(let name))?: "systemImage(\"\(name)\")" as NSString
        case .icon(.templateImage(let name))?: "templateImage(\"\(name)\")" as NSString
        case .list(let values)?: values.map { foundationValue($0) } as NSArray
        }
    }
}
