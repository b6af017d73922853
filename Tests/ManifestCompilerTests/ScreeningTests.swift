// Screening tests: UTF-8 validation, NUL detection and the file-size limit.
@testable import ManifestCompiler
import Testing

struct ScreeningTests {
    @Test(arguments: [
        ([0x41, 0x42], nil),
        ([0xC3, 0xA9], nil),  // é
        ([0xF0, 0x9F, 0x98, 0x80], nil),  // 😀
        ([0x41, 0xFF], 1),
        ([0xC0, 0x80], 0),  // overlong NUL
        ([0xE0, 0x80, 0x80], 0),  // overlong
        ([0xED, 0xA0, 0x80], 0),  // surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),  // past U+10FFFF
        ([0x41, 0xE2, 0x82], 1),  // truncated
        ([0xE2, 0x28, 0xA1], 0),  // bad continuation
    ] as [([UInt8], Int?)])
    func utf8Validation(_ bytes: [UInt8], _ firstInvalid: Int?) {
        #expect(TextScreening.firstInvalidUTF8(bytes)?.lowerBound == firstInvalid)
    }

    /// UTF-16 and UTF-32 text, with or without a byte order mark, is named as such (not "a binary file").
    @Test(arguments: [
        (Array("{\"a\":1}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "UTF-16"),
        ([0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "UTF-16"),
        ([0xFE, 0xFF] + Array("{}".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "UTF-16"),
        (Array("{}".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "UTF-16"),
        ([0xFF, 0xFE, 0, 0, 0x7B, 0, 0, 0], "UTF-32"),
        (Array("{\"a\":1}".utf8), nil),
        ([0x41, 0, 0x42, 0x43], nil),  // a NUL that is not UTF-16's pattern
    ] as [([UInt8], String?)])
    func wideEncodingsAreNamed(_ bytes: [UInt8], _ encoding: String?) {
        #expect(TextScreening.wideEncoding(of: bytes) == encoding)
        var sources = SourceFileSet()
        let id = sources.add(path: "p.json", bytes: bytes)
        var diagnostics = DiagnosticBag()
        _ = TextScreening.screen(sources[id], limits: .default, into: &diagnostics)
        if let encoding {
            #expect(diagnostics.diagnostics.map(\.message) == ["the file is \(encoding) text; it must be UTF-8"])
        }
    }

    /// The scan skips ASCII 32 and 8 bytes at a time: a bad byte or a multi-byte character at every offset
    /// around those strides is still found where it is.
    @Test func stridesFindEveryOffset() {
        for length in [1, 7, 8, 9, 31, 32, 33, 40, 64, 65, 100] {
            for offset in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[offset] = 0xFF
                #expect(TextScreening.firstInvalidUTF8(bytes) == offset..<(offset + 1), "length \(length), offset \(offset)")
                if offset + 2 <= length {
                    bytes[offset] = 0xC3
                    bytes[offset + 1] = 0xA9  // é
                    #expect(TextScreening.firstInvalidUTF8(bytes) == nil, "length \(length), offset \(offset)")
                }
            }
        }
    }

    /// Agrees with the standard library's UTF-8 validation on random bytes, mostly ASCII.
    @Test func agreesWithTheStandardLibrary() {
        var state: UInt64 = 42
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<3_000 {
            let bytes = (0..<Int(next() % 90)).map { _ -> UInt8 in
                next() % 12 == 0 ? UInt8(truncatingIfNeeded: next()) : UInt8(ascii: "a") + UInt8(next() % 26)
            }
            let isValid = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes  // decoding repairs bad bytes
            #expect((TextScreening.firstInvalidUTF8(bytes) == nil) == isValid, "\(bytes)")
        }
    }

    @Test func invalidUTF8IsOneLocatedError() {
        let result = TestCompile.bytes(Array("category a {}\n".utf8) + [0xFF, 0xFE] + Array(" x".utf8))
        #expect(result.codes == [.invalidUTF8])
        #expect(result.diagnostics[0].range?.start == 14)
        #expect(result.manifest == nil)
    }

    @Test func binaryFilesAreReportedOnce() {
        var generator = SeededGenerator(seed: 7)
        let bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0]
        let result = TestCompile.bytes(bytes)
        #expect(result.codes == [.binaryFile])
    }

    @Test func oversizedFilesAreRejectedWithoutBeingRead() {
        var sources = SourceFileSet()
        sources.add(path: "huge.notif", bytes: [], size: 50 << 20)
        let result = Compiler.compile(sources)
        #expect(result.codes == [.fileTooLarge])
        #expect(result.diagnostics[0].message.contains("52428800 bytes"))
    }

    /// Offsets are 32-bit: raising the limits cannot let a manifest past 4 GiB reach the parser.
    @Test func manifestsPast32BitOffsetsAreRejectedWhateverTheLimits() {
        var limits = Limits.default
        limits.maxFileSize = Int.max
        limits.maxTotalInputSize = Int.max
        var sources = SourceFileSet()
        sources.add(path: "huge.notif", bytes: [], size: Limits.largestManifestFile + 1)
        let result = Compiler.compile(sources, options: CompilerOptions(limits: limits))
        #expect(result.codes == [.fileTooLarge])
        #expect(result.diagnostics[0].message.contains("the limit is \(Limits.largestManifestFile)"))
    }

    @Test func totalInputSizeIsLimited() {
        var limits = Limits.default
        limits.maxTotalInputSize = 30
        let result = TestCompile.files(
            [("a.notif", "category a {}\n"), ("b.notif", "category b {}\n"), ("c.notif", "category c {}\n")],
            options: CompilerOptions(limits: limits))
        #expect(result.codes == [.inputTooLarge])
        #expect(result.diagnostics[0].range?.file.index == 2)
    }
}

/// A deterministic random generator (SplitMix64), so randomised tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
