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
