// The registration scanner against the corpus: every record of registrations.json, exactly.
import Foundation
import ManifestCompiler
import Testing

/// One record of `../shared/corpus/registrations.json` compared with what the scanner finds.
enum RegistrationCorpus {
    static var directory: URL? { TestPaths.shared?.appendingPathComponent("corpus") }

    struct Record {
        var repo: String
        var path: String
        var json: [String: Any]
    }

    static func records() -> [Record] {
        guard let directory,
            let data = try? Data(contentsOf: directory.appendingPathComponent("registrations.json")),
            let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        return array.compactMap { json in
            guard let repo = json["repo"] as? String, let path = json["path"] as? String else { return nil }
            return Record(repo: repo, path: path, json: json)
        }
    }

    /// The repository's corpus files (registration and definitions), as a file set.
    static func files(ofRepo repo: String) -> SourceFileSet {
        var set = SourceFileSet()
        guard let directory else { return set }
        let root = directory.appendingPathComponent("registrations/" + repo.replacingOccurrences(of: "/", with: "__"))
        for url in TestPaths.files(in: root, withExtension: "swift") + TestPaths.files(in: root, withExtension: "m")
            + TestPaths.files(in: root, withExtension: "h")
        {
            guard let data = try? Data(contentsOf: url) else { continue }
            set.add(path: TestPaths.relativePath(url, to: root), bytes: Array(data))
        }
        return set
    }

    /// The differences between the record and what the scanner found in its file; empty when they agree.
    static func differences(_ record: Record) -> [String] {
        let set = files(ofRepo: record.repo)
        guard let file = set.files.first(where: { $0.path == record.path }) else { return ["file \(record.path) missing"] }
        let found = RegistrationScanner.scan(set.files)
        let categories = found.categories.filter { $0.range.file == file.id }
        let notes = found.unresolved.filter { $0.range.file == file.id }
        var problems: [String] = []
        let expected = record.json["categories"] as? [[String: Any]] ?? []
        var seen = Set<String>()
        for expectedCategory in expected {
            guard let identifier = expectedCategory["identifier"] as? String else {
                if !notes.contains(where: \.isCategoryIdentifier) { problems.append("no note for the dynamic category") }
                continue
            }
            seen.insert(identifier)
            guard let category = categories.first(where: { $0.category.identifier == identifier }) else {
                problems.append("category '\(identifier)' not found (found \(categories.map(\.category.identifier)); notes \(notes.map(\.what)))")
                continue
            }
            problems += compare(category, expectedCategory)
        }
        for category in categories where !seen.contains(category.category.identifier) {
            problems.append("unexpected category '\(category.category.identifier)'")
        }
        return problems
    }

    static func compare(_ found: RegisteredCategory, _ expected: [String: Any]) -> [String] {
        var problems: [String] = []
        let id = found.category.identifier
        let expectedOptions = Set(expected["options"] as? [String] ?? [])
        if Set(found.category.options.map(\.rawValue)) != expectedOptions {
            problems.append("\(id): options \(found.category.options.map(\.rawValue)) != \(expectedOptions.sorted())")
        }
        if found.category.intentIdentifiers != (expected["intentIdentifiers"] as? [String] ?? []) {
            problems.append("\(id): intents \(found.category.intentIdentifiers)")
        }
        for key in ["hiddenPreviewsBodyPlaceholder", "categorySummaryFormat"] {
            let value = key == "categorySummaryFormat" ? found.category.categorySummaryFormat : found.category.hiddenPreviewsBodyPlaceholder
            if expected.keys.contains(key), value != expected[key] as? String {
                problems.append("\(id): \(key) \(value ?? "nil")")
            } else if !expected.keys.contains(key), value != nil {
                problems.append("\(id): unexpected \(key) \(value ?? "")")
            }
        }
        let expectedActions = expected["actions"] as? [[String: Any]] ?? []
        if found.actions.map(\.action.identifier) != expectedActions.compactMap({ $0["identifier"] as? String }) {
            problems.append("\(id): actions \(found.actions.map(\.action.identifier))")
            return problems
        }
        for (action, expectedAction) in zip(found.actions.map(\.action), expectedActions) {
            if action.title != expectedAction["title"] as? String { problems.append("\(id).\(action.identifier): title '\(action.title)'") }
            let kind = action.textInput == nil ? "plain" : "textInput"
            if kind != expectedAction["kind"] as? String { problems.append("\(id).\(action.identifier): kind \(kind)") }
            if Set(action.options.map(\.rawValue)) != Set(expectedAction["options"] as? [String] ?? []) {
                problems.append("\(id).\(action.identifier): options \(action.options.map(\.rawValue))")
            }
            if let button = expectedAction["textInputButtonTitle"] as? String, action.textInput?.buttonTitle != button {
                problems.append("\(id).\(action.identifier): button title \(action.textInput?.buttonTitle ?? "nil")")
            }
            if let placeholder = expectedAction["textInputPlaceholder"] as? String, action.textInput?.placeholder != placeholder {
                problems.append("\(id).\(action.identifier): placeholder \(action.textInput?.placeholder ?? "nil")")
            }
            if let icon = expectedAction["icon"] as? [String: Any], let name = icon["systemImageName"] as? String,
                action.icon != .systemImage(name)
            {
                problems.append("\(id).\(action.identifier): icon \(String(describing: action.icon))")
            }
        }
        return problems
    }
}

@Suite struct RegistrationCorpusTests {
    /// Records whose registrations are generated by code the scanner deliberately does not execute: the
    /// scanner must report a note in the file instead of guessing. None today.
    static let generatedByCode: Set<String> = []

    /// Records whose categories are built by code the scanner's interpreter runs (`Self.allCases.compactMap`
    /// with a ternary and computed properties, `allCases.map`, a `switch` in a wrapper function reached
    /// through `map(category(for:))`, a function returning the actions): they match, with no note left.
    static let builtByCode: Set<String> = [
        "WillSoltani/Chapterflow-IOS/Packages/NotificationsFeature/Sources/NotificationsFeature/PushCategoryRegistrar.swift",
        "sunvc/NoLet/Publics/Enums/IdentifiersEnum.swift",
        "JunyuKuang/Rhythm/LyricsCore/LyricsNotificationController.swift",
        "tom-a-bell/ShoppingAssistant-iOS/Shopping Assistant/Services/NotificationsManager.swift",
    ]

    /// Records the corpus gets wrong: the registration code of QiNotification's ViewController.m is inside
    /// a block comment (lines 160–294), so the file registers nothing.
    static let commentedOut: Set<String> = ["hxsxyz/QiNotification/QiNotification/ViewController.m"]

    @Test func everyRecordMatches() throws {
        let records = RegistrationCorpus.records()
        guard !records.isEmpty else {
            print("skipped: ../shared/corpus/registrations.json is not available")
            return
        }
        var matched = 0
        for record in records {
            let key = "\(record.repo)/\(record.path)"
            let set = RegistrationCorpus.files(ofRepo: record.repo)
            let found = RegistrationScanner.scan(set.files)
            let file = set.files.first { $0.path == record.path }?.id
            if Self.commentedOut.contains(key) {
                #expect(!found.categories.contains { $0.range.file == file }, "\(key): commented-out code read")
                continue
            }
            let problems = RegistrationCorpus.differences(record)
            if problems.isEmpty { matched += 1 }
            if Self.generatedByCode.contains(key) {
                #expect(!problems.isEmpty, "\(key) now matches: remove it from generatedByCode")
                #expect(found.unresolved.contains { $0.range.file == file }, "\(key): no note for the generated registration")
            } else {
                #expect(problems.isEmpty, "\(key): \(problems.joined(separator: "; "))")
            }
            if Self.builtByCode.contains(key) {
                let notes = found.unresolved.filter { $0.range.file == file }.map(\.what)
                #expect(notes.isEmpty, "\(key): notes \(notes)")
            }
        }
        print("registration corpus: \(matched) of \(records.count) records matched exactly")
        #expect(matched == records.count - Self.commentedOut.count - Self.generatedByCode.count)
    }
}
