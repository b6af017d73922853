// Property-list reader tests: agreement with Foundation (corpus, snippets, fuzzing), locations, diagnostics.
import Foundation
@testable import ManifestCompiler
import Testing

/// Reads property-list text with notifc's reader.
enum TestPlist {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// `body` inside Xcode's header and `<plist>`.
    static func document(_ body: String) -> String { header + body + "\n</plist>\n" }

    static func read(_ text: String, path: String = "Info.plist", limits: Limits = .default)
        -> (node: PropertyListNode?, diagnostics: [Diagnostic], sources: SourceFileSet)
    {
        read(bytes: Array(text.utf8), path: path, limits: limits)
    }

    static func read(bytes: [UInt8], path: String = "Info.plist", limits: Limits = .default)
        -> (node: PropertyListNode?, diagnostics: [Diagnostic], sources: SourceFileSet)
    {
        var sources = SourceFileSet()
        let id = sources.add(path: path, bytes: bytes)
        var bag = DiagnosticBag()
        let node = PropertyListReader.read(sources[id], limits: limits, into: &bag)
        return (node, bag.sorted(), sources)
    }
}

struct PropertyListReaderTests {
    // MARK: - Agreement with Foundation

    @Test func readsEveryCorpusFileAsFoundationDoes() throws {
        guard let shared = TestPaths.shared else {
            print("skipping the corpus cross-check: ../shared is not present")
            return
        }
        let files = TestPaths.files(in: shared.appendingPathComponent("corpus/plists"), withExtension: "plist")
        #expect(files.count >= 71)
        for url in files {
            let bytes = Array(try Data(contentsOf: url))
            let read = TestPlist.read(bytes: bytes, path: url.lastPathComponent)
            #expect(read.diagnostics.isEmpty, "\(url.lastPathComponent): \(read.diagnostics.map(\.message))")
            let ours = try #require(read.node, "\(url.lastPathComponent)")
            let foundation = try FoundationPlist.read(bytes)
            #expect(
                FoundationPlist.normalized(ours.value) == FoundationPlist.normalized(foundation),
                "\(url.lastPathComponent) reads differently from Foundation")
        }
    }

    static let acceptedBodies: [String] = [
        // integers
        "<integer>5</integer>", "<integer> 5</integer>", "<integer>+ 5</integer>", "<integer>-12</integer>",
        "<integer>0x1F</integer>", "<integer>0X1f</integer>", "<integer>00</integer>", "<integer>007</integer>",
        "<integer>0x00</integer>", "<integer>-9223372036854775808</integer>", "<integer>9223372036854775807</integer>",
        "<integer>\t\n 3</integer>",
        // reals
        "<real>0.6</real>", "<real> 0.5</real>", "<real>.5</real>", "<real>5.</real>", "<real>NaN</real>",
        "<real>-Inf</real>", "<real>+infinity</real>", "<real>INF</real>", "<real>1e400</real>", "<real>&#49;.5</real>",
        "<real>1</real>", "<real>-0</real>", "<real>0.59999999999999998</real>", "<real><![CDATA[2.5]]></real>",
        "<real>1E-3</real>", "<real>\n0.25</real>",
        // strings
        "<string> a </string>", "<string>a&#x41;&#66;&amp;&apos;&quot;&lt;&gt;</string>",
        "<string><![CDATA[<x>&amp;]]>tail</string>", "<string>a\r\nb</string>", "<string>$(PRODUCT_MODULE_NAME).X</string>",
        "<string>${BUILD_NUMBER}</string>", "<string>日本語 ₽ 😀</string>", "<string/>", "<string></string>",
        "<string>&#128512;</string>", "<string>&#13;</string>", "<string>\"quoted\" 'single'</string>",
        // booleans
        "<true/>", "<false/>", "<true></true>", "<false></false>", "<true />",
        // dates
        "<date>2024-01-31T12:00:00Z</date>", "<date>24-01-31T12:00:00Z</date>", "<date>2024-02-29T23:59:59Z</date>",
        "<date>12345-01-31T12:00:00Z</date>",
        // data
        "<data>AAE=</data>", "<data>\n\tAAEC\n\tAwQF\n</data>", "<data></data>", "<data>A</data>", "<data>AA==</data>",
        "<data>AAA=</data>", "<data>/+/+</data>",
        // containers
        "<array/>", "<dict/>", "<array></array>", "<dict>\n</dict>", "<dict><key></key><string>e</string></dict>",
        "<dict><key>a</key><!-- c --><string>x</string><?pi x?></dict>", "<array><!-- c --><string>x</string></array>",
        "<dict foo=\"bar\"><key>a</key><string>1</string></dict>", "<dict><key>a</key><string>1</string></dict >",
        "<dict><key>a&amp;b</key><array><dict><key>n</key><integer>1</integer></dict></array></dict>",
        "<dict><key>k</key><array><string>a</string><string>b</string><string>a</string></array></dict>",
    ]

    @Test(arguments: acceptedBodies)
    func agreesWithFoundation(_ body: String) throws {
        let text = TestPlist.document(body)
        let read = TestPlist.read(text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics.map(\.message))")
        let ours = try #require(read.node)
        let foundation = try FoundationPlist.read(Array(text.utf8))
        #expect(FoundationPlist.normalized(ours.value) == FoundationPlist.normalized(foundation), "\(ours.value) vs \(foundation)")
    }

    static let acceptedDocuments: [String] = [
        "<plist><dict><key>a</key><string>b</string></dict></plist>",
        "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?><plist version=\"1.0\"><string>bom</string></plist>",
        "<?xml version=\"1.0\"?>\r\n<!DOCTYPE plist PUBLIC \"x\" \"y\">\r\n<plist version=\"1.0\">\r\n<dict>\r\n\t<key>a</key>\r\n\t<true/>\r\n</dict>\r\n</plist>\r\n",
        "<!-- leading comment --><plist version=\"1.0\" ><array><integer>1</integer></array></plist >",
        "<dict><key>root</key><string>without plist</string></dict>",
        "  \n<plist>\n<string>x</string>\n<!-- after --></plist>\n<!-- trailing comment -->\n",
    ]

    @Test(arguments: acceptedDocuments)
    func agreesWithFoundationOnWholeDocuments(_ text: String) throws {
        let read = TestPlist.read(text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics.map(\.message))")
        let ours = try #require(read.node)
        let foundation = try FoundationPlist.read(Array(text.utf8))
        #expect(FoundationPlist.normalized(ours.value) == FoundationPlist.normalized(foundation))
    }

    /// Bodies both Foundation and notifc refuse, and the code notifc reports.
    static let rejectedBodies: [(String, DiagnosticCode)] = [
        ("<integer>5 </integer>", .invalidPlistValue), ("<integer>\n5\n</integer>", .invalidPlistValue),
        ("<integer>1.5</integer>", .invalidPlistValue), ("<integer>abc</integer>", .invalidPlistValue),
        ("<integer></integer>", .invalidPlistValue), ("<integer/>", .invalidPlistValue),
        ("<integer>-</integer>", .invalidPlistValue), ("<integer>0x</integer>", .invalidPlistValue),
        ("<integer>1F</integer>", .invalidPlistValue), ("<integer>99999999999999999999</integer>", .invalidPlistValue),
        ("<integer>&#49;</integer>", .invalidPlistValue), ("<real>0.5 </real>", .invalidPlistValue),
        ("<real>abc</real>", .invalidPlistValue), ("<real>1.2.3</real>", .invalidPlistValue), ("<real/>", .invalidPlistValue),
        ("<real>1e</real>", .invalidPlistValue), ("<real>0x10</real>", .invalidPlistValue),
        ("<true> </true>", .invalidPlistValue), ("<false>no</false>", .invalidPlistValue),
        ("<date> 2024-01-31T12:00:00Z</date>", .invalidPlistValue), ("<date>2024-1-31T12:00:00Z</date>", .invalidPlistValue),
        ("<date>2024-01-31</date>", .invalidPlistValue), ("<date/>", .invalidPlistValue), ("<data/>", .invalidPlistValue),
        ("<data>AAÉ=</data>", .invalidPlistValue),
        ("<string>a<b/></string>", .malformedPropertyList), ("<string>a</strin>", .malformedPropertyList),
        ("<string>&foo;</string>", .malformedPropertyList), ("<string>a & b</string>", .malformedPropertyList),
        ("<string>&#xD800;</string>", .malformedPropertyList), ("<string><![CDATA[x</string>", .malformedPropertyList),
        ("<string>a<!-- c -->b</string>", .unexpectedPlistElement), ("<dict><key>a</key></dict>", .unexpectedPlistElement),
        ("<dict><string>x</string></dict>", .unexpectedPlistElement),
        ("<dict>text<key>a</key><string>1</string></dict>", .unexpectedPlistElement), ("<array>x</array>", .unexpectedPlistElement),
        ("<string>a</string><string>b</string>", .unexpectedPlistElement), ("<bool>YES</bool>", .unexpectedPlistElement),
        ("<dict><key>a</key><key>b</key><string>1</string></dict>", .unexpectedPlistElement), ("", .unexpectedPlistElement),
        ("<dict><key>a</key><string>x</string>", .malformedPropertyList), ("<string>x</string></dict>", .malformedPropertyList),
        ("<dict><key>a</key><string>x</string></array>", .malformedPropertyList), ("<dict", .malformedPropertyList),
        ("<>", .malformedPropertyList), ("<!-- x", .malformedPropertyList), ("<?pi", .malformedPropertyList),
    ]

    @Test(arguments: rejectedBodies)
    func reportsWhatFoundationRejects(_ body: String, _ code: DiagnosticCode) {
        let text = TestPlist.document(body)
        let read = TestPlist.read(text)
        #expect(read.diagnostics.contains { $0.code == code }, "\(read.diagnostics.map { "\($0.code.rawValue) \($0.message)" })")
        #expect(read.diagnostics.allSatisfy { $0.range != nil })
        #expect((try? FoundationPlist.read(Array(text.utf8))) == nil, "Foundation accepts \(body)")
    }

    /// Bodies CoreFoundation reads by guessing; notifc reports them instead (documented in existing-projects.md).
    static let stricterBodies: [(String, DiagnosticCode)] = [
        ("<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>", .duplicatePlistKey),
        ("<array><key>x</key></array>", .unexpectedPlistElement), ("<data>AA!E=</data>", .invalidPlistValue),
        ("<date>2024-13-31T12:00:00Z</date>", .invalidPlistValue), ("<date>2023-02-29T00:00:00Z</date>", .invalidPlistValue),
        ("<string>&#0;</string>", .malformedPropertyList), ("<integer>18446744073709551615</integer>", .invalidPlistValue),
    ]

    @Test(arguments: stricterBodies)
    func reportsWhatCoreFoundationWouldGuess(_ body: String, _ code: DiagnosticCode) {
        let read = TestPlist.read(TestPlist.document(body))
        #expect(read.diagnostics.map(\.code) == [code], "\(read.diagnostics.map(\.message))")
        #expect((try? FoundationPlist.read(Array(TestPlist.document(body).utf8))) != nil)
    }

    /// Keys are compared by code units, as CoreFoundation compares them (`CFEqual`; Python's `plistlib` reads both
    /// too): `café` written precomposed and decomposed are two keys, not a duplicate. Foundation's reader is no
    /// witness here: its result passes through a Swift dictionary, whose keys compare by canonical equivalence.
    @Test func keysInTwoUnicodeSpellingsAreTwoKeys() {
        let text = TestPlist.document("<dict><key>caf\u{E9}</key><string>1</string><key>cafe\u{301}</key><string>2</string></dict>")
        let read = TestPlist.read(text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics.map(\.message))")
        #expect(read.node?.entries?.map { Array($0.key.unicodeScalars) } == [Array("caf\u{E9}".unicodeScalars), Array("cafe\u{301}".unicodeScalars)])
    }

    @Test func trailingContentAfterThePlistIsReported() {
        let read = TestPlist.read(TestPlist.document("<true/>") + "junk")
        #expect(read.node == nil)
        #expect(read.diagnostics.map(\.code) == [.malformedPropertyList])
    }

    @Test(arguments: [
        ("bplist00\u{1}\u{2}", DiagnosticCode.unsupportedPlistFormat), ("{\"a\": 1}", .unsupportedPlistFormat),
        ("  { a = b; }", .unsupportedPlistFormat), ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist/>", .unsupportedPlistFormat),
        ("<plist>\u{0}</plist>", .binaryFile), ("   ", .malformedPropertyList), ("<plist/>", .unexpectedPlistElement),
        ("hello <plist/>", .unsupportedPlistFormat), ("<!DOCTYPE plist [ <!ENTITY x 'y'> ]><plist/>", .malformedPropertyList),
    ])
    func unsupportedFormatsAreReportedOnce(_ text: String, _ code: DiagnosticCode) {
        let read = TestPlist.read(text)
        #expect(read.node == nil)
        #expect(read.diagnostics.map(\.code) == [code], "\(read.diagnostics.map(\.message))")
    }

    /// An ASCII file declared US-ASCII, and UTF-8 under the name `UTF8`, read as Foundation reads them; a non-ASCII
    /// byte in a file declared US-ASCII is not ASCII, and the declaration is reported.
    @Test(arguments: ["US-ASCII", "us-ascii", "ASCII", "UTF8", "utf-8"])
    func encodingsThatNeedNoConversionAreRead(_ name: String) throws {
        let text = "<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<plist version=\"1.0\"><dict><key>A</key><string>v</string></dict></plist>\n"
        let read = TestPlist.read(text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics.map(\.message))")
        let ours = try #require(read.node)
        let foundation = try FoundationPlist.read(Array(text.utf8))
        #expect(ours.value == foundation && foundation == .dictionary([(key: "A", value: .string("v"))]), "\(ours.value) vs \(foundation)")
        if name.lowercased().contains("ascii") {
            let accented = TestPlist.read(text.replacingOccurrences(of: ">v<", with: ">\u{E9}<"))
            #expect(accented.diagnostics.map(\.code) == [.unsupportedPlistFormat])
        }
    }

    @Test func invalidUTF8IsReported() {
        let read = TestPlist.read(bytes: Array("<plist><string>".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8))
        #expect(read.diagnostics.map(\.code) == [.invalidUTF8])
    }

    @Test func nestingIsLimited() {
        var tiny = Limits.default
        tiny.maxNestingDepth = 3
        let shallow = TestPlist.read(TestPlist.document("<array><array><array/></array></array>"), limits: tiny)
        #expect(shallow.diagnostics.isEmpty)
        let deep = TestPlist.read(TestPlist.document("<array><array><array><array/></array></array></array>"), limits: tiny)
        #expect(deep.diagnostics.isEmpty, "an empty innermost array does not open a level")
        let deeper = TestPlist.read(
            TestPlist.document("<array><array><array><array><string>x</string></array></array></array></array>"), limits: tiny)
        #expect(deeper.diagnostics.map(\.code) == [.plistNestingTooDeep])
        let unknown = TestPlist.read(TestPlist.document("<array><x><y><z><w>t</w></z></y></x></array>"), limits: tiny)
        #expect(unknown.diagnostics.map(\.code) == [.unexpectedPlistElement, .plistNestingTooDeep])
    }

    @Test func deepNestingDoesNotOverflowTheStack() {
        let depth = 100_000
        let text = TestPlist.document(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
        #expect(TestPlist.read(text).diagnostics.map(\.code) == [.plistNestingTooDeep])
        let unknown = TestPlist.document("<array>" + String(repeating: "<x>", count: depth) + "</array>")
        #expect(TestPlist.read(unknown).diagnostics.map(\.code) == [.unexpectedPlistElement, .plistNestingTooDeep])
    }

    // MARK: - Locations

    @Test func keysAndValuesKeepTheirLocations() throws {
        let marked = MarkedSource(
            TestPlist.document("<dict>\n\t<key>1️⃣NSExtension</key>\n\t2️⃣<dict>\n\t\t<key>3️⃣Ratio</key>\n\t\t4️⃣<real>5️⃣0.5</real>\n\t</dict>\n</dict>"))
        let read = TestPlist.read(marked.text)
        let root = try #require(read.node)
        let outer = try #require(root.entry("NSExtension"))
        #expect(outer.keyRange.start == marked.offsets["1️⃣"])
        #expect(outer.keyRange.length == "NSExtension".utf8.count)
        #expect(outer.value.range.start == marked.offsets["2️⃣"])
        let inner = try #require(outer.value.entry("Ratio"))
        #expect(inner.keyRange.start == marked.offsets["3️⃣"])
        #expect(inner.value.range.start == marked.offsets["4️⃣"])
        #expect(inner.value.contentRange.start == marked.offsets["5️⃣"])
        #expect(read.sources[inner.value.range.file].text(in: inner.value.range) == "<real>0.5</real>")
    }

    // MARK: - Round trips and robustness

    @Test(arguments: 0..<30)
    func readsWhatTheWriterWrites(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let value = PropertyListWriterTests.randomDictionary(depth: 0, using: &generator)
        let read = TestPlist.read(bytes: PropertyListWriter.document(value))
        #expect(read.diagnostics.isEmpty)
        let node = try #require(read.node)
        #expect(FoundationPlist.normalized(node.value) == FoundationPlist.normalized(value))
    }

    /// Every prefix and many one-byte changes of a typical file: no crash; whatever notifc reads without an
    /// error, Foundation reads to the same value; whatever Foundation refuses, notifc reports.
    @Test func mutationsAgreeWithFoundation() throws {
        let original = Array(
            TestPlist.document(
                "<dict>\n\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>A</key>\n\t\t<array>\n\t\t\t<string>x&amp;y</string>\n\t\t\t<integer>12</integer>\n\t\t</array>\n\t\t<key>R</key>\n\t\t<real>0.5</real>\n\t\t<key>B</key>\n\t\t<true/>\n\t\t<key>D</key>\n\t\t<data>AAE=</data>\n\t</dict>\n</dict>"
            ).utf8)
        var variants: [[UInt8]] = (0..<original.count).map { Array(original[..<$0]) }
        let replacements: [UInt8] = Array("<>/&; x0-.\n".utf8)
        for index in stride(from: 0, to: original.count, by: 3) {
            var changed = original
            changed[index] = replacements[index % replacements.count]
            variants.append(changed)
            var removed = original
            removed.remove(at: index)
            variants.append(removed)
        }
        for bytes in variants {
            let read = TestPlist.read(bytes: bytes)
            let foundation = try? FoundationPlist.read(bytes)
            if read.diagnostics.isEmpty {
                let node = try #require(read.node)
                #expect(foundation.map(FoundationPlist.normalized) == FoundationPlist.normalized(node.value),
                    "\(String(decoding: bytes, as: UTF8.self))")
            }
            if foundation == nil {
                #expect(!read.diagnostics.isEmpty, "notifc accepts what Foundation refuses: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    // MARK: - Rendered diagnostics

    @Test(arguments: ["recoverable-mistakes", "unclosed-dict"])
    func diagnosticsMatchTheGolden(_ name: String) throws {
        let url = TestPaths.fixtures.appendingPathComponent("plists/reader/\(name).plist")
        let read = TestPlist.read(bytes: Array(try Data(contentsOf: url)), path: "plists/reader/\(name).plist")
        Golden.assertMatches(
            DiagnosticRenderer.render(read.diagnostics, sources: read.sources, format: .text),
            "plists/reader/\(name).diagnostics")
    }
}
