// JSON reader tests: agreement with Foundation on valid documents, located errors on invalid ones.
import Foundation
@testable import ManifestCompiler
import Testing

struct JSONReaderTests {
    static func read(_ text: String) -> (node: JSONNode?, diagnostics: [Diagnostic]) {
        var sources = SourceFileSet()
        let id = sources.add(path: "p.json", bytes: Array(text.utf8))
        var diagnostics = DiagnosticBag()
        let node = JSONReader.read(sources[id], into: &diagnostics)
        return (node, diagnostics.diagnostics)
    }

    /// Converts a node to Foundation objects for comparison with JSONSerialization.
    static func foundation(_ node: JSONNode) -> Any {
        switch node.kind {
        case .null: return NSNull()
        case .bool(let value): return value
        case .number(let value, _): return value
        case .string(let value): return value
        case .array(let elements): return elements.map(foundation)
        case .object(let members):
            var object: [String: Any] = [:]
            for member in members where object[member.key] == nil { object[member.key] = foundation(member.value) }
            return object
        }
    }

    @Test(arguments: [
        #"{"aps": {"alert": {"title": "Hi", "body": "there"}, "category": "invitation", "mutable-content": 1}}"#,
        #"[1, -2.5, 3e2, 0, -0, 1E-3, true, false, null, "", "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]"#,
        "  {\n\t\"a\" : [ ] , \"b\" : { } }  ",
        #""just a string""#,
        "12345678901234567890",
        "\u{FEFF}{\"bom\": true}",
    ])
    func agreesWithFoundation(_ text: String) throws {
        let (node, diagnostics) = Self.read(text)
        #expect(diagnostics.isEmpty)
        let ours = try #require(node)
        let theirs = try JSONSerialization.jsonObject(
            with: Data(text.replacingOccurrences(of: "\u{FEFF}", with: "").utf8), options: [.fragmentsAllowed])
        #expect(
            NSArray(array: [Self.foundation(ours)]).isEqual(NSArray(array: [theirs])),
            "\(Self.foundation(ours)) vs \(theirs)")
    }

    @Test func rangesPointAtKeysAndValues() throws {
        let text = #"{"aps": {"category": "invitaton"}}"#
        let node = try #require(Self.read(text).node)
        let category = try #require(node["aps"]?.member("category"))
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[category.keyRange.start..<category.keyRange.end], as: UTF8.self) == "\"category\"")
        #expect(String(decoding: bytes[category.value.range.start..<category.value.range.end], as: UTF8.self) == "\"invitaton\"")
        if case .number(_, let text) = try #require(Self.read("[1.0]").node?.elements?.first).kind {
            #expect(text == "1.0")
        }
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, 8, "expected a member name in double quotes, found '}'"),
        (#"[1, 2,]"#, 6, "expected a value, found ']'"),
        (#"{'a': 1}"#, 1, "expected a member name in double quotes, found '''"),
        (#"{"a" 1}"#, 5, "expected ':' after member \"a\", found '1'"),
        (#"{"a": 01}"#, 6, "numbers cannot have leading zeros"),
        (#"{"a": NaN}"#, 6, "expected a value, found 'N'"),
        (#"{"a": "x"} trailing"#, 11, "expected the end of the document, found 't'"),
        ("{\"a\": \"line\nbreak\"}", 6, "unterminated string"),
        (#"{"a": "\x"}"#, 7, "invalid escape sequence in string"),
        (#"{"a": "\ud800"}"#, 7, #"unpaired UTF-16 surrogate in \u escape"#),
        (#"{"a": tru}"#, 6, "expected a value, found 't'"),
        ("", 0, "expected a value, found the end of the document"),
        (#"{"a": 1 // comment"#, 8, "expected ',' or '}' after an object member, found '/'"),
        ("{\u{A0}\"a\": 1}", 1, "expected a member name in double quotes, found U+00A0 (no-break space)"),
        ("[1,\u{2028}2]", 3, "expected a value, found U+2028 (line separator)"),
    ])
    func syntaxErrorsAreLocated(_ text: String, _ offset: Int, _ message: String) {
        let (node, diagnostics) = Self.read(text)
        #expect(node == nil)
        #expect(diagnostics.map(\.code) == [.invalidJSON])
        #expect(diagnostics.first?.range?.start == offset)
        #expect(diagnostics.first?.message == message)
    }

    @Test func duplicateKeysAreReportedWithTheFirst() {
        let (node, diagnostics) = Self.read(#"{"aps": {}, "aps": {"category": "x"}}"#)
        #expect(node != nil)
        #expect(diagnostics.map(\.code) == [.duplicateJSONKey])
        #expect(diagnostics.first?.notes.first?.range?.start == 1)
    }

    /// Keys are compared by code points, as Foundation compares them: `é` precomposed and decomposed are two
    /// keys. An invisible character in the way is named, with what JSON allows instead.
    @Test func keysDifferingInNormalizationAreTwoKeys() {
        let (node, diagnostics) = Self.read("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(node?.members?.count == 2)
        #expect(Self.read("{\"caf\u{E9}\": 1, \"caf\u{E9}\": 2}").diagnostics.map(\.code) == [.duplicateJSONKey])
        #expect(Self.read("{\u{A0}\"a\": 1}").diagnostics.first?.help.first?.contains("only spaces, tabs and line breaks") == true)
        #expect(Self.read("{\"a\": x}").diagnostics.first?.help.first?.hasPrefix("a value is a string") == true)
    }

    /// Every syntax error says how to mend it.
    @Test func everySyntaxErrorHasHelp() {
        let inputs = [
            #"{"a": 1,}"#, "[1, 2,]", "{'a': 1}", #"{"a": "x"} trailing"#, "{\"a\": \"line\nbreak\"}", #"{"a": "\x"}"#,
            #"{"a": "\ud800"}"#, "{\"a\": \"tab\u{9}\"}", #"{"a": "open"#, "{\u{A0}\"a\": 1}", #"{"a": NaN}"#,
            String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
            #"{"a": 1 "b": 2}"#, "[1 2]", #"{"a" 1}"#, #"{"a": x}"#, "", "{} \u{A0}",
        ]
        for input in inputs {
            let diagnostics = Self.read(input).diagnostics
            #expect(diagnostics.count == 1 && diagnostics.allSatisfy { !$0.help.isEmpty }, "\(input.debugDescription): \(diagnostics.map(\.message))")
        }
        #expect(Self.read("{\"a\": \"tab\u{9}\"}").diagnostics.first?.help == ["write it as the escape \\t"])
        #expect(Self.read("{\"a\": \"\u{1F}\"}").diagnostics.first?.help == ["write it as the escape \\u001f"])
        #expect(Self.read("{} \u{A0}").diagnostics.first?.help.first?.contains("delete this character") == true)
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Self.read(deep).diagnostics.map(\.code) == [.jsonNestingTooDeep])
        let fine = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(Self.read(fine).diagnostics.isEmpty)
    }

    @Test func invalidUTF8IsScreened() {
        var sources = SourceFileSet()
        let id = sources.add(path: "p.json", bytes: [0x7B, 0xFF, 0x7D])
        var diagnostics = DiagnosticBag()
        #expect(JSONReader.read(sources[id], into: &diagnostics) == nil)
        #expect(diagnostics.diagnostics.map(\.code) == [.invalidUTF8])
    }

    @Test func readsEveryEmittedBundle() throws {
        for name in ExampleManifestTests.names {
            let manifest = try ExampleManifestTests.compileExample(name)
            let text = String(decoding: JSONBundleEmitter.document(manifest), as: UTF8.self)
            let (node, diagnostics) = Self.read(text)
            #expect(diagnostics.isEmpty)
            #expect(node?["categories"]?.elements?.count == manifest.categories.count)
        }
    }
}
