// Number formatting for outputs: CoreFoundation's `<real>` text and the shortest round-trip form for JSON.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Formats doubles exactly as the outputs need them.
enum RealFormatting {
    /// The text CoreFoundation writes inside `<real>` (what Xcode, plutil and `PropertyListSerialization`
    /// produce): `printf("%.17g")`, except that zero is `0.0` and non-finite values are `nan`,
    /// `+infinity` and `-infinity`. So 0.6 is `0.59999999999999998`, 1.0 is `1`, 0.12 is `0.12`.
    static func propertyList(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        if value == 0 { return "0.0" }
        let capacity = 40
        var buffer = [CChar](repeating: 0, count: capacity)
        _ = withVaList([value]) { vsnprintf(&buffer, capacity, "%.17g", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The shortest text that reads back as `value` (Swift's own algorithm, the same on every platform):
    /// `0.6`, `1.0`, `1e-05`. Only called with finite values.
    static func json(_ value: Double) -> String {
        value.description
    }
}
