// Property-list writer tests: exact layout, and byte-for-byte agreement with Foundation's PropertyListSerialization.
import Foundation
@testable import ManifestCompiler
import Testing

struct PropertyListWriterTests {
    @Test func layoutMatchesCoreFoundation() {
        let value = PropertyListValue.dictionary([
            ("b", .array([.string("x"), .boolean(false)])),
            ("B", .real(0.6)),
            ("_", .dictionary([])),
            ("a", .array([])),
            ("esc", .string("a&b<c>d\"e'f")),
            ("n", .integer(-3)),
        ])
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>B</key>
            \t<real>0.59999999999999998</real>
            \t<key>_</key>
            \t<dict/>
            \t<key>a</key>
            \t<array/>
            \t<key>b</key>
            \t<array>
            \t\t<string>x</string>
            \t\t<false/>
            \t</array>
            \t<key>esc</key>
            \t<string>a&amp;b&lt;c&gt;d"e'f</string>
            \t<key>n</key>
            \t<integer>-3</integer>
            </dict>
            </plist>

            """
        #expect(String(decoding: PropertyListWriter.document(value), as: UTF8.self) == expected)
    }

    @Test(arguments: [
        (0.0, "0.0"), (-0.0, "0.0"), (0.6, "0.59999999999999998"), (1.0, "1"), (0.12, "0.12"), (0.0001, "0.0001"),
        (1.5, "1.5"), (1e-5, "1.0000000000000001e-05"), (100.0, "100"), (1e17, "1e+17"),
        (Double.infinity, "+infinity"), (-Double.infinity, "-infinity"),
    ])
    func realsAreFormattedAsCoreFoundationDoes(_ value: Double, _ text: String) {
        #expect(RealFormatting.propertyList(value) == text)
    }

    /// `%.17g` written in Swift agrees with C's `printf` (through Foundation) on random bit patterns of every
    /// magnitude, subnormals included, and on values at the edges of its rounding and of its fixed/exponent forms.
    @Test func seventeenDigitsAgreeWithPrintf() {
        var generator = SeededGenerator(seed: 0x7265_616C)
        var values: [Double] = [
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 0.5, 0.6, 1, 2.5, 9.5,
            0.0001, 0.00001, 0.0001.nextDown, 1e16, 1e17, 1e17.nextDown, 123_456_789_012_345_680,
            0.1 + 0.2, 1 / 3, 2 / 3, 9_007_199_254_740_992.nextUp, 1.0.nextDown, 100.0.nextDown,
        ]
        for _ in 0..<4000 {
            let value = Double(bitPattern: generator.next() & ~(1 << 63))
            if value.isFinite, value != 0 { values.append(value) }
            values.append(Double(generator.next() % 100_000) / 1000)  // ratios as manifests write them
            values.append(Double.random(in: 0.00001..<1e18, using: &generator))
        }
        for value in values {
            #expect(RealFormatting.propertyList(value) == String(format: "%.17g", value), "\(value.bitPattern)")
            #expect(RealFormatting.propertyList(-value) == String(format: "%.17g", -value))
        }
    }

    @Test func nanIsWrittenAsCoreFoundationDoes() {
        #expect(RealFormatting.propertyList(.nan) == "nan")
    }

    /// Random documents written by us and by Foundation must be identical bytes.
    @Test(arguments: 0..<40)
    func agreesWithFoundationByteForByte(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let value = Self.randomDictionary(depth: 0, using: &generator)
        let ours = PropertyListWriter.document(value)
        let foundation = try PropertyListSerialization.data(
            fromPropertyList: Self.foundationObject(value), format: .xml, options: 0)
        #expect(
            String(decoding: ours, as: UTF8.self) == String(decoding: foundation, as: UTF8.self),
            "seed \(seed)")
    }

    @Test(arguments: [0, 1, 2, 5, 8, 9, 12])
    func dataIsWrappedAsCoreFoundationDoes(_ depth: Int) throws {
        var value = PropertyListValue.data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        for level in 0..<depth { value = .dictionary([("k\(level)", value)]) }
        let ours = PropertyListWriter.document(value)
        let foundation = try PropertyListSerialization.data(
            fromPropertyList: Self.foundationObject(value), format: .xml, options: 0)
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
    }

    @Test func base64RoundTrips() {
        for length in 0..<10 {
            let bytes = (0..<length).map { UInt8($0 * 29 % 256) }
            #expect(Base64.decode(Array(Base64.encode(bytes).utf8)) == bytes)
        }
        #expect(Base64.encode(Array("Man".utf8)) == "TWFu")
        #expect(Base64.encode(Array("Ma".utf8)) == "TWE=")
    }

    // MARK: - Generators

    static let keyAlphabet: [String] = ["a", "B", "_", "z", "Z", "0", "é", "😀", "\u{FF61}", "key", "Key", "k&", "<k>"]
    static let stringAlphabet: [String] = [
        "a", " ", "&", "<", ">", "\"", "'", "\t", "\n", "稍", "₽", "😀", "$(", "PRODUCT_MODULE_NAME", ")", ".",
    ]

    static func randomDictionary(depth: Int, using generator: inout SeededGenerator) -> PropertyListValue {
        var entries: [(key: String, value: PropertyListValue)] = []
        var used: Set<String> = []
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            let key = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                keyAlphabet.randomElement(using: &generator) ?? "k"
            }.joined()
            if used.insert(key).inserted { entries.append((key, randomValue(depth: depth + 1, using: &generator))) }
        }
        return .dictionary(entries)
    }

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> PropertyListValue {
        let choice = Int.random(in: 0...(depth > 3 ? 4 : 6), using: &generator)
        switch choice {
        case 0:
            return .string(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    stringAlphabet.randomElement(using: &generator) ?? ""
                }.joined())
        case 1: return .integer(Int.random(in: -1000...1000, using: &generator))
        case 2:
            let reals = [0.0, 0.6, 1.0, 0.12, 0.0001, 1.5, 0.7, 0.29999999999999999, 123.456, 1e-7, 2.5e10]
            return .real(reals.randomElement(using: &generator) ?? 1)
        case 3: return .boolean(Bool.random(using: &generator))
        case 4: return .data((0..<Int.random(in: 0...60, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        case 5:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default: return randomDictionary(depth: depth, using: &generator)
        }
    }

    /// The Foundation object for a value (for PropertyListSerialization).
    static func foundationObject(_ value: PropertyListValue) -> Any {
        switch value {
        case .string(let text): return text
        case .integer(let number): return number
        case .real(let number): return number
        case .boolean(let flag): return flag
        case .date(let text): return text
        case .data(let bytes): return Data(bytes)
        case .array(let elements): return elements.map(foundationObject)
        case .dictionary(let entries):
            var dictionary: [String: Any] = [:]
            for entry in entries { dictionary[entry.key] = foundationObject(entry.value) }
            return dictionary
        }
    }
}

/// Found by fuzzing: dictionaries compare without regard to entry order (the writer sorts keys).
struct PropertyListValueEqualityTests {
    @Test func dictionaryEqualityIgnoresOrder() {
        let a = PropertyListValue.dictionary([("b", .integer(1)), ("a", .string("x"))])
        let b = PropertyListValue.dictionary([("a", .string("x")), ("b", .integer(1))])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != PropertyListValue.dictionary([("a", .string("x")), ("b", .integer(2))]))
        #expect(a != PropertyListValue.dictionary([("a", .string("x"))]))
    }
}
