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
