// The registration scanner on hand-written tricky syntax (goldens) and on small cases.
import Foundation
import ManifestCompiler
import Testing

/// A readable dump of what the scanner found, for goldens.
enum RegistrationDump {
    static func dump(_ found: CodeRegistrations, files: SourceFileSet) -> String {
        var lines: [String] = []
        func at(_ range: SourceRange) -> String {
            let file = files[range.file]
            return "\(file.path):\(LineTable(file).position(of: range.start))"
        }
        for registered in found.categories {
            let c = registered.category
            var line = "category '\(c.identifier)' at \(at(registered.range)) options \(c.options.map(\.rawValue))"
            if !c.intentIdentifiers.isEmpty { line += " intents \(c.intentIdentifiers)" }
            if let p = c.hiddenPreviewsBodyPlaceholder { line += " placeholder '\(p)'" }
            if let s = c.categorySummaryFormat { line += " summary '\(s)'" }
            lines.append(line)
            for registeredAction in registered.actions { lines.append("  " + describe(registeredAction, at: at)) }
        }
        for action in found.unusedActions { lines.append("unused " + describe(action, at: at)) }
        for item in found.unresolved {
            lines.append("unresolved \(item.what) at \(at(item.range))\(item.isCategoryIdentifier ? " (category)" : "")")
        }
        for call in found.registrationCalls { lines.append("setNotificationCategories at \(at(call))") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ registered: RegisteredAction, at: (SourceRange) -> String) -> String {
        let a = registered.action
        var line = "action '\(a.identifier)' title '\(a.title)' options \(a.options.map(\.rawValue))"
        if let input = a.textInput { line += " textInput('\(input.buttonTitle)', '\(input.placeholder)')" }
        if let icon = a.icon { line += " icon \(icon)" }
        if !registered.titleIsKnown { line += " (title unknown)" }
        return line + " at \(at(registered.range))"
    }

    static func scan(directory: URL) -> (CodeRegistrations, SourceFileSet) {
        var set = SourceFileSet()
        for ext in ["swift", "m"] {
            for url in TestPaths.files(in: directory, withExtension: ext) {
                set.add(path: url.lastPathComponent, bytes: Array((try? Data(contentsOf: url)) ?? Data()))
            }
        }
        return (RegistrationScanner.scan(set.files), set)
    }
}

@Suite struct RegistrationScannerTests {
    @Test(arguments: ["swift-syntax", "objc-sends", "cross-file"])
    func golden(_ name: String) {
        let directory = TestPaths.fixtures.appendingPathComponent("registration/\(name)")
        let (found, files) = RegistrationDump.scan(directory: directory)
        Golden.assertMatches(RegistrationDump.dump(found, files: files), "registration/\(name).txt")
    }

    private func scan(_ text: String, path: String = "A.swift") -> CodeRegistrations {
        var set = SourceFileSet()
        set.add(path: path, bytes: Array(text.utf8))
        return RegistrationScanner.scan(set.files)
    }

    @Test func unterminatedInputNeverTraps() {
        for text in ["UNNotificationCategory(identifier: \"a", "UNNotificationCategory(identifier: #\"a\"", "/* /* */",
                     "UNNotificationCategory(", "[UNNotificationCategory categoryWithIdentifier:", "\"\"\"\nabc", "#define X \\"]
        {
            _ = scan(text)
            _ = scan(text, path: "A.m")
        }
    }

    @Test func objectiveCCommentsDoNotNest() {
        let found = scan("/* /* */ [UNNotificationCategory categoryWithIdentifier:@\"x\" actions:@[] intentIdentifiers:@[] options:0];", path: "A.m")
        #expect(found.categoryIdentifiers == ["x"])
    }

    @Test func circularConstantsAreUnresolved() {
        let found = scan("let a = b\nlet b = a\nlet c = UNNotificationCategory(identifier: a, actions: [], intentIdentifiers: [], options: [])")
        #expect(found.categories.isEmpty)
        #expect(found.hasUnresolvedCategories)
    }

    @Test func rawStringEscapes() {
        let found = scan(##"let c = UNNotificationCategory(identifier: #"a\nb\#tc"#, actions: [], intentIdentifiers: [], options: [])"##)
        #expect(found.categoryIdentifiers == ["a\\nb\tc"])
    }

    @Test func suppressionCommentsAreCollected() {
        var set = SourceFileSet()
        let id = set.add(path: "A.swift", bytes: Array("// notifc:ignore E421 W303\nlet x = 1 /* notifc:ignore */".utf8))
        let found = RegistrationScanner.scan(set.files)
        #expect(found.suppressions[id]?.map(\.codes) == [["E421", "W303"], []])
    }
}
