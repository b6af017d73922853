// JSON writer tests: layout, escaping, numbers, and agreement with JSONSerialization when read back.
import Foundation
@testable import ManifestCompiler
import Testing

struct JSONWriterTests {
    @Test func layout() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("a", "x")
        writer.field("empty", strings: [])
        writer.key("object")
        writer.beginObject()
        writer.endObject()
        writer.key("list")
        writer.beginArray()
        writer.integer(1)
        writer.number(0.6)
        writer.bool(true)
        writer.endArray()
        writer.endObject()
        let expected = """
            {
              "a": "x",
              "empty": [],
              "object": {},
              "list": [
                1,
                0.6,
                true
              ]
            }

            """
        #expect(String(decoding: writer.finish(), as: UTF8.self) == expected)
    }

    @Test func escaping() throws {
        let text = "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{7} unicode 稍😀 \u{2028}"
        var writer = JSONWriter()
        writer.beginArray()
        writer.string(text)
        writer.endArray()
        let bytes = writer.finish()
        let rendered = String(decoding: bytes, as: UTF8.self)
        #expect(rendered.contains(#""quote \" backslash \\ slash / newline \n tab \t cr \r bell \u0007 unicode 稍😀"#))
        let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String]
        #expect(parsed == [text])
    }

    /// A string written from parts (as the bundle writes localization keys) is a complete value: the members and
    /// elements after it get their commas, and its middle part is escaped.
    @Test func stringFromPartsIsOneValue() throws {
        var writer = JSONWriter()
        writer.beginArray()
        writer.beginObject()
        writer.field("next", "x")
        writer.field("title", "action.", "say \"hi\"", ".title")
        writer.endObject()
        writer.beginObject()
        writer.field("title", "action.", "b", ".title")
        writer.endObject()
        writer.endArray()
        let bytes = writer.finish()
        let expected = """
            [
              {
                "next": "x",
                "title": "action.say \\"hi\\".title"
              },
              {
                "title": "action.b.title"
              }
            ]

            """
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: String]]
        #expect(parsed == [["title": "action.say \"hi\".title", "next": "x"], ["title": "action.b.title"]])
    }

    /// Nesting deeper than the prepared indentation reaches is still indented two spaces a level.
    @Test func deepNestingIsIndented() throws {
        var writer = JSONWriter()
        for _ in 0..<40 { writer.beginArray() }
        writer.integer(1)
        writer.integer(2)
        for _ in 0..<40 { writer.endArray() }
        let text = String(decoding: writer.finish(), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[40] == Substring(String(repeating: " ", count: 80) + "1,"))
        #expect(lines[41] == Substring(String(repeating: " ", count: 80) + "2"))
        #expect(lines[42] == Substring(String(repeating: " ", count: 78) + "]"))
        var parsed: Any = try JSONSerialization.jsonObject(with: Data(text.utf8))
        for _ in 0..<39 { parsed = (parsed as? [Any])?.first as Any }
        #expect(parsed as? [Int] == [1, 2])
    }

    @Test(arguments: [0.6, 1.0, 0.12, 0.0001, 1.5, 1e-5, 123456.789, 0.0])
    func numbersReadBackExactly(_ value: Double) throws {
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(value)
        writer.endArray()
        let parsed = try JSONSerialization.jsonObject(with: Data(writer.finish())) as? [Double]
        #expect(parsed == [value])
    }
}
