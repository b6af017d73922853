// The 71 real extension Info.plists of ../shared/corpus: lint findings, import → build round trips, merging.
import Foundation
import ManifestCompiler
import NotifcDriver
import Testing

/// One corpus file and its SOURCES.tsv notes.
struct CorpusPlist: Sendable {
    let url: URL
    let kind: String
    let notes: String

    var fileName: String { url.lastPathComponent }

    /// The extension's folder in its repository: the path component before `Info.plist`.
    var folderName: String {
        let parts = fileName.components(separatedBy: "__")
        return parts.count >= 2 ? parts[parts.count - 2] : "Extension"
    }

    /// Every corpus file listed in SOURCES.tsv; empty (after printing why) when ../shared is absent.
    static let all: [CorpusPlist] = {
        guard let shared = TestPaths.shared else {
            print("skipping the corpus tests: ../shared is not present")
            return []
        }
        let directory = shared.appendingPathComponent("corpus/plists")
        guard let table = try? String(contentsOf: directory.appendingPathComponent("SOURCES.tsv"), encoding: .utf8) else { return [] }
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.components(separatedBy: "\t")
            guard columns.count >= 6 else { return nil }
            return CorpusPlist(url: directory.appendingPathComponent(columns[0]), kind: columns[4], notes: columns[5])
        }
    }()
}

struct CorpusPlistTests {
    /// The known mistakes, from the SOURCES.tsv notes, with where notifc reports them (line:column).
    static let knownMistakes: [String: [(DiagnosticCode, String)]] = [
        "bartshin__ScheduleManager__NotificationContent__Info.plist": [(.misspelledPlistKey, "29:9")],
        "macteo__push-catalog__NotificationContent__Info.plist": [(.misspelledPlistKey, "31:9")],
        "cylim__superday__NotificationContentExtension__Info.plist": [(.plistTypeMismatch, "30:4")],
        "designatednerd__iOS10NotificationSample__NotificationContent__Info.plist": [(.plistTypeMismatch, "32:4")],
        "easyui__UserNotificationDemo__NotificationContent__Info.plist": [(.plistTypeMismatch, "28:4")],
        "AS2422__ProgressBarInNotification__NotificationExtension__Info.plist": [(.plistTemplateCategory, "10:12")],
        "Adamant-im__adamant-iOS__NotificationContentExtension__Info.plist": [(.plistTemplateCategory, "28:12")],
        "SelligentMarketingCloud__MobileSDK-Xamarin.Native.IOS__NotificationContentExtension__Info.plist": [
            (.plistTemplateCategory, "28:12")
        ],
        "TangSengDaoDao__TangSengDaoDaoiOS__NotificationContent__Info.plist": [(.plistTemplateCategory, "28:12")],
        "TheLoombot__GrayLady__NotificationViewController__Info.plist": [(.plistTemplateCategory, "28:12")],
        "onevcat__UserNotificationDemo__NotificationContent__Info.plist": [(.plistTemplateCategory, "28:12")],
        "sato-shin__NotificationContentAppExtensionSample__NotificationContent__Info.plist": [(.plistTemplateCategory, "30:12")],
        "sunvc__NoLet__ContentExtension__Info.plist": [(.plistTemplateCategory, "12:13")],
        "udemy__XcodeGen-Example-Project__NotificationContentExt__Info.plist": [(.plistTemplateCategory, "28:12")],
    ]

    /// The codes the SOURCES.tsv notes call for, derived from the notes' wording alone.
    static func codesFromNotes(_ notes: String) -> Set<DiagnosticCode> {
        var codes: Set<DiagnosticCode> = []
        if notes.contains("UNKNOWN attribute key") || notes.contains("KEY WITH TRAILING WHITESPACE") { codes.insert(.misspelledPlistKey) }
        if notes.contains("is a string not a boolean") { codes.insert(.plistTypeMismatch) }
        if let category = notes.components(separatedBy: ";").first, category.contains("myNotificationCategory") {
            codes.insert(.plistTemplateCategory)
        }
        return codes
    }

    @Test func theKnownMistakesAreReportedWhereTheyAreAndTheCleanFilesHaveNoFindings() throws {
        let corpus = CorpusPlist.all
        guard !corpus.isEmpty else { return }
        #expect(corpus.count == 71)
        for file in corpus {
            let run = runNotifc(["lint", file.url.path, "--diagnostics-format", "json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let found = (document["diagnostics"] as? [[String: Any]] ?? []).map { diagnostic in
                "\(diagnostic["code"] ?? "?")@\(diagnostic["line"] ?? "?"):\(diagnostic["column"] ?? "?")"
            }
            let expected = (Self.knownMistakes[file.fileName] ?? []).map { "\($0.0.rawValue)@\($0.1)" }
            #expect(found == expected, "\(file.fileName)")
            #expect(Set((Self.knownMistakes[file.fileName] ?? []).map(\.0)) == Self.codesFromNotes(file.notes), "\(file.fileName): table and notes disagree")
            let hasError = expected.contains { $0.hasPrefix("E") }
            #expect(hasError == file.notes.contains("REAL MISTAKE"), "\(file.fileName): errors exactly for the notes' real mistakes")
            #expect(run.status == (hasError ? .failure : .success))
        }
    }

    @Test func lintingTheCorpusDirectoryFindsEveryFile() throws {
        guard let first = CorpusPlist.all.first else { return }
        let run = runNotifc(["lint", first.url.deletingLastPathComponent().path])
        #expect(run.status == .failure)
        #expect(run.error.hasSuffix("5 errors and 9 warnings generated.\n"), "\(run.error.suffix(200))")
    }

    /// The NSExtension notifc builds from the original's (read by Foundation): only the keys notifc owns,
    /// string booleans as booleans, ratios as reals, one category as a string, each category once.
    static func expectedExtension(of original: PropertyListValue, kind: String) -> PropertyListValue {
        guard case .dictionary(let entries)? = original["NSExtension"] else { return .dictionary([]) }
        var result: [(key: String, value: PropertyListValue)] = entries.filter {
            ["NSExtensionPointIdentifier", "NSExtensionMainStoryboard", "NSExtensionPrincipalClass"].contains($0.key)
        }
        guard kind == "content", case .dictionary(let attributes)? = original["NSExtension"]?["NSExtensionAttributes"] else {
            return .dictionary(result)
        }
        var kept: [(key: String, value: PropertyListValue)] = []
        for (key, value) in attributes where ExtensionAttributeKey.all.contains(key) {
            switch value {
            case .string(let text) where key != ExtensionAttributeKey.category:
                kept.append((key, .boolean(["yes", "true", "1"].contains(text.lowercased()))))
            case .integer(let number) where key == ExtensionAttributeKey.initialContentSizeRatio:
                kept.append((key, .real(Double(number))))
            case .array(let items):
                var unique: [PropertyListValue] = []
                for item in items where !unique.contains(item) { unique.append(item) }
                kept.append((key, unique.count == 1 ? unique[0] : .array(unique)))
            default:
                kept.append((key, value))
            }
        }
        result.append(("NSExtensionAttributes", .dictionary(kept)))
        return .dictionary(result)
    }

    /// For every corpus file: import it, build into an empty folder, and get back the same NSExtension;
    /// build into a folder holding the original, and keep every other key, in CoreFoundation's layout.
    @Test(arguments: CorpusPlist.all.map(\.fileName))
    func importThenBuildGivesBackTheSameExtension(_ fileName: String) throws {
        let file = try #require(CorpusPlist.all.first { $0.fileName == fileName })
        let directory = try TemporaryDirectory()
        let original = try Data(contentsOf: file.url)
        let name = file.folderName
        let source = try directory.write("project/\(name)/Info.plist", original)
        let manifest = directory.path + "/imported.notif"
        let imported = runNotifc(["import", source, "-o", manifest])
        #expect(imported.status == .success, "\(imported.error)")
        #expect(!imported.error.contains("error:"))

        let fresh = runNotifc(["build", manifest, "-o", directory.path + "/fresh", "--emit", "plist"])
        #expect(fresh.status == .success, "\(fresh.error)")
        let originalValue = try FoundationPlist.read(Array(original))
        let expected = FoundationPlist.normalized(Self.expectedExtension(of: originalValue, kind: file.kind))
        let built = try FoundationPlist.read(Array(try Data(contentsOf: directory.url.appendingPathComponent("fresh/\(name)/Info.plist"))))
        #expect(FoundationPlist.normalized(built) == .dictionary([("NSExtension", expected)]))

        let merged = runNotifc(["build", manifest, "-o", directory.path + "/project", "--emit", "plist"])
        #expect(merged.status == .success, "\(merged.error)")
        let mergedBytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let mergedValue = try FoundationPlist.read(Array(mergedBytes))
        guard case .dictionary(let originalEntries) = FoundationPlist.normalized(originalValue),
            case .dictionary(let mergedEntries) = FoundationPlist.normalized(mergedValue)
        else {
            Issue.record("root is not a dictionary")
            return
        }
        #expect(originalEntries.filter { $0.key != "NSExtension" }.map(\.key) == mergedEntries.filter { $0.key != "NSExtension" }.map(\.key))
        for (key, value) in originalEntries where key != "NSExtension" {
            #expect(mergedEntries.first { $0.key == key }?.value == value, "\(key) changed")
        }
        #expect(mergedEntries.first { $0.key == "NSExtension" }?.value == expected)
        let foundationLayout = try PropertyListSerialization.data(
            fromPropertyList: PropertyListSerialization.propertyList(from: mergedBytes, format: nil), format: .xml, options: 0)
        #expect(mergedBytes == foundationLayout, "the merged file is not in CoreFoundation's layout")

        #expect(runNotifc(["build", manifest, "-o", directory.path + "/project", "--emit", "plist", "--check"]).status == .success)
        let lint = runNotifc(["lint", manifest, source, "--diagnostics-format", "json"])
        #expect(!lint.output.contains("\"E4") && !lint.output.contains("\"W42"), "\(lint.output)")
    }

    @Test func importReportsWhatItConvertsAndDrops() throws {
        let corpus = CorpusPlist.all
        guard !corpus.isEmpty else { return }
        let expectations: [(String, DiagnosticCode)] = [
            ("bartshin__ScheduleManager__NotificationContent__Info.plist", .importDroppedKey),
            ("macteo__push-catalog__NotificationContent__Info.plist", .importDroppedKey),
            ("cylim__superday__NotificationContentExtension__Info.plist", .importConvertedValue),
            ("designatednerd__iOS10NotificationSample__NotificationContent__Info.plist", .importConvertedValue),
        ]
        for (fileName, code) in expectations {
            let file = try #require(corpus.first { $0.fileName == fileName })
            let directory = try TemporaryDirectory()
            let source = try directory.write("\(file.folderName)/Info.plist", try Data(contentsOf: file.url))
            let run = runNotifc(["import", source])
            #expect(run.status == .success)
            #expect(run.error.contains("[\(code.rawValue)]"), "\(fileName): \(run.error)")
            if code == .importDroppedKey {
                #expect(run.output.contains("// Not carried over"), "the manifest's header lists what was dropped")
            }
        }
    }
}
