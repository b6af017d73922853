// Random property-list-like input through the reader, both analyses, the cross-check and the merge: no crash.
import Foundation
@testable import ManifestCompiler
import Testing

struct PlistRobustnessTests {
    static let fragments: [String] = [
        "<dict>", "</dict>", "<array>", "</array>", "<key>", "</key>", "<string>", "</string>", "<integer>", "</integer>",
        "<real>", "</real>", "<true/>", "<false/>", "<date>", "</date>", "<data>", "</data>", "<dict/>", "<array/>",
        "<plist>", "</plist>", "<!-- c -->", "<![CDATA[x]]>", "<?pi?>", "&amp;", "&#65;", "&", "<", ">", "/", " ", "\n",
        "NSExtension", "NSExtensionAttributes", "NSExtensionPointIdentifier", "com.apple.usernotifications.content-extension",
        "com.apple.usernotifications.service", "UNNotificationExtensionCategory", "UNNotificationExtensionCategory ",
        "UNNotificationExtensionInitialContentSizeRatio", "UNNotificationDefaultContentHidden", "NSExtensionPrincipalClass",
        "NSExtensionMainStoryboard", "YES", "0.5", "-1", "0x1F", "2024-02-30T00:00:00Z", "AAE=", "é", "😀", "\"", "'",
        "<!DOCTYPE plist>", "<bool>", "]]>", "-->", "\u{FEFF}",
    ]

    /// Fragments joined at random, often around a valid extension skeleton.
    static func document(using generator: inout SeededGenerator) -> String {
        var text = Bool.random(using: &generator) ? TestPlist.header : ""
        for _ in 0..<Int.random(in: 0...60, using: &generator) {
            text += fragments.randomElement(using: &generator) ?? ""
        }
        return text
    }

    @Test(arguments: 0..<8)
    func randomInputNeverCrashesAnyStage(_ batch: Int) throws {
        var generator = SeededGenerator(seed: UInt64(batch) &* 6_364_136_223_846_793_005 &+ 1)
        var sources = SourceFileSet()
        sources.add(path: "app.notif", bytes: Array(PlistDiagnosticCases.manifest.utf8))
        let compiled = Compiler.compile(sources)
        let manifest = try #require(compiled.manifest)
        for _ in 0..<250 {
            let text = Self.document(using: &generator)
            let read = TestPlist.read(text)
            for diagnostic in read.diagnostics {
                let range = try #require(diagnostic.range)
                #expect(range.start >= 0 && range.end <= text.utf8.count)
            }
            _ = DiagnosticRenderer.render(read.diagnostics, sources: read.sources, format: .text)
            guard let root = read.node else { continue }
            var bag = DiagnosticBag()
            for mode in [ExtensionPlistMode.lint, .importing] {
                guard let plist = ExtensionPlistAnalyzer.analyze(root, mode: mode, isExplicit: true, into: &bag) else { continue }
                ManifestCrossCheck.check([.init(plist: plist, name: "InvitationContent")], manifest: manifest, compiledFrom: compiled, into: &bag)
            }
            if case .dictionary(let entries) = root.value, let declared = manifest.extensions.first {
                let merged = PropertyListMerge.merge(generated: PropertyListEmitter.extensionDictionary(declared), into: entries)
                let written = PropertyListWriter.document(merged)
                #expect(TestPlist.read(bytes: written).diagnostics.isEmpty || !read.diagnostics.isEmpty)
            }
        }
    }
}
