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
        #if canImport(Glibc)
        // glibc's gcvt(value, 17, buffer) is sprintf(buffer, "%.*g", 17, value) without a variadic call:
        // `withVaList` finds the argument's C type with dynamic casts, 30,000 instructions a number.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
            guard let start = buffer.baseAddress else { return printfText(value) }
            return String(cString: gcvt(value, 17, start))
        }
        #else
        return printfText(value)
        #endif
    }

    /// `printf("%.17g")` of `value`, through `vsnprintf`: what ``propertyList(_:)`` writes for a finite,
    /// nonzero value.
    static func printfText(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 40)
        let length = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([value]) { arguments in
                vsnprintf(pointer.baseAddress, pointer.count, "%.17g", arguments)
            }
        }
        let count = max(0, min(Int(length), buffer.count - 1))
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The shortest text that reads back as `value` (Swift's own algorithm, the same on every platform):
    /// `0.6`, `1.0`, `1e-05`. Only called with finite values.
    static func json(_ value: Double) -> String {
        value.description
    }
}
