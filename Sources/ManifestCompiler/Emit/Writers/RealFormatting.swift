// Number formatting for outputs: CoreFoundation's `<real>` text and the shortest round-trip form for JSON.

/// Formats doubles exactly as the outputs need them.
enum RealFormatting {
    /// The text CoreFoundation writes inside `<real>` (what Xcode, plutil and `PropertyListSerialization`
    /// produce): `printf("%.17g")`, except that zero is `0.0` and non-finite values are `nan`,
    /// `+infinity` and `-infinity`. So 0.6 is `0.59999999999999998`, 1.0 is `1`, 0.12 is `0.12`.
    static func propertyList(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        if value == 0 { return "0.0" }
        return (value < 0 ? "-" : "") + seventeenSignificantDigits(value.magnitude)
    }

    /// The shortest text that reads back as `value` (Swift's own algorithm, the same on every platform):
    /// `0.6`, `1.0`, `1e-05`. Only called with finite values.
    static func json(_ value: Double) -> String {
        value.description
    }

    // MARK: - %.17g

    /// `printf("%.17g", value)` for a finite positive `value`, computed in Swift from its exact decimal expansion
    /// (C's variadic `snprintf` takes its argument boxed, and unboxing it makes the runtime search its protocol
    /// conformances during start-up: docs/performance.md).
    static func seventeenSignificantDigits(_ value: Double) -> String {
        let precision = 17
        var (digits, exponent) = exactDecimal(value)  // value = d₁.d₂d₃… × 10^exponent
        if digits.count > precision {
            let roundsUp = roundsUpAt(precision, digits)
            digits.removeLast(digits.count - precision)
            if roundsUp && increment(&digits) { exponent += 1 }
        }
        while digits.count < precision { digits.append(0) }
        let text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        if exponent < -4 || exponent >= precision {
            let magnitude = String(abs(exponent))
            return trimmingFraction(text.prefix(1) + "." + text.dropFirst()) + (exponent < 0 ? "e-" : "e+")
                + (magnitude.count < 2 ? "0" : "") + magnitude
        }
        if exponent >= 0 {
            return trimmingFraction(text.prefix(exponent + 1) + "." + text.dropFirst(exponent + 1))
        }
        return trimmingFraction("0." + String(repeating: "0", count: -exponent - 1) + text)
    }

    /// The decimal digits of `value` (finite, positive), exactly, without leading or trailing zeros, and the
    /// power of ten of the first digit.
    private static func exactDecimal(_ value: Double) -> (digits: [UInt8], exponent: Int) {
        let isNormal = value.exponentBitPattern != 0
        let significand = value.significandBitPattern | (isNormal ? 1 << 52 : 0)
        let binaryExponent = (isNormal ? Int(value.exponentBitPattern) : 1) - 1075  // value = significand × 2^e
        // An integer and a count of decimal places: significand × 2^e, or significand × 5^-e / 10^-e.
        var number = BigDecimal(significand)
        var places = 0
        if binaryExponent >= 0 {
            for _ in 0..<binaryExponent { number.multiply(by: 2) }
        } else {
            places = -binaryExponent
            var remaining = places
            while remaining > 0 {
                let step = min(remaining, 13)  // 5^13 < 2^32
                number.multiply(by: power(5, step))
                remaining -= step
            }
        }
        var digits = number.digits
        let exponent = digits.count - places - 1
        while digits.last == 0 { digits.removeLast() }
        return (digits, exponent)
    }

    /// Whether rounding `digits` to `count` digits rounds up: the rest is above one half, or exactly one half and
    /// the last kept digit is odd (round half to even, as C's `printf` does with the exact value).
    private static func roundsUpAt(_ count: Int, _ digits: [UInt8]) -> Bool {
        let first = digits[count]
        if first != 5 { return first > 5 }
        if digits[(count + 1)...].contains(where: { $0 != 0 }) { return true }
        return digits[count - 1] % 2 == 1
    }

    /// Adds one in the last place; `true` when the digits were all nines (they become 1 followed by zeros).
    private static func increment(_ digits: inout [UInt8]) -> Bool {
        for index in digits.indices.reversed() {
            if digits[index] < 9 {
                digits[index] += 1
                return false
            }
            digits[index] = 0
        }
        digits.insert(1, at: 0)
        digits.removeLast()
        return true
    }

    /// `text` without the trailing zeros of its fraction, nor its point when nothing is left after it (`%g`
    /// without `#`).
    private static func trimmingFraction(_ text: String) -> String {
        var bytes = Array(text.utf8)
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func power(_ base: UInt64, _ exponent: Int) -> UInt64 {
        (0..<exponent).reduce(1) { result, _ in result * base }
    }

    /// A non-negative integer in base 10⁹ limbs, least significant first: just what ``exactDecimal(_:)`` needs.
    private struct BigDecimal {
        static let base: UInt64 = 1_000_000_000
        var limbs: [UInt64]

        init(_ value: UInt64) {
            limbs = value == 0 ? [0] : []
            var rest = value
            while rest > 0 {
                limbs.append(rest % Self.base)
                rest /= Self.base
            }
        }

        /// Multiplies by `factor` (below 2^32).
        mutating func multiply(by factor: UInt64) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index] * factor + carry
                limbs[index] = product % Self.base
                carry = product / Self.base
            }
            while carry > 0 {
                limbs.append(carry % Self.base)
                carry /= Self.base
            }
        }

        /// The decimal digits, most significant first, without leading zeros.
        var digits: [UInt8] {
            var digits: [UInt8] = []
            for (position, limb) in limbs.reversed().enumerated() {
                var chunk = [UInt8](repeating: 0, count: 9)
                var rest = limb
                for index in (0..<9).reversed() {
                    chunk[index] = UInt8(rest % 10)
                    rest /= 10
                }
                digits += position == 0 ? Array(chunk.drop { $0 == 0 }) : chunk
            }
            return digits
        }
    }
}
