// The content of <integer>, <real>, <date> and <data>, read exactly as CoreFoundation reads it.

/// Parses scalar element content with CoreFoundation's rules (`CFPropertyList.c`, `CFStringScanner.c`), so
/// every value reads as Xcode and `PropertyListSerialization` read it.
enum PropertyListScalars {
    /// Why an `<integer>` cannot be read.
    enum IntegerProblem: Error, Equatable {
        case empty
        case incomplete
        /// The character, whether it is whitespace, and its offset from the start of the content.
        case unexpectedCharacter(Unicode.Scalar, isWhitespace: Bool, offset: Int)
        case hexDigitInDecimal
        case outOfRange
    }

    /// `<integer>`: optional leading whitespace, an optional sign (whitespace may follow it), decimal digits
    /// or `0x` and hexadecimal digits, and nothing after them (not even whitespace, which CoreFoundation
    /// refuses). Values must fit in 64 bits; CoreFoundation also reads up to 2^64 - 1, which notifc refuses.
    static func integer(_ content: ArraySlice<UInt8>) -> Result<Int, IntegerProblem> {
        var index = content.startIndex
        let end = content.endIndex
        func skipWhitespace() {
            while index < end, isIntegerWhitespace(content, at: index) { index += 1 }
        }
        skipWhitespace()
        guard index < end else { return .failure(.empty) }
        var isNegative = false
        if content[index] == UInt8(ascii: "-") || content[index] == UInt8(ascii: "+") {
            isNegative = content[index] == UInt8(ascii: "-")
            index += 1
            skipWhitespace()
        }
        var isHex = false
        var hadLeadingZero = false
        if index < end, content[index] == UInt8(ascii: "0") {
            if index + 1 < end, content[index + 1] | 0x20 == UInt8(ascii: "x") {
                isHex = true
                index += 1
            } else {
                hadLeadingZero = true
            }
            index += 1
        }
        while index < end, content[index] == UInt8(ascii: "0") {
            hadLeadingZero = true
            index += 1
        }
        guard index < end else { return hadLeadingZero ? .success(0) : .failure(.incomplete) }
        var magnitude: UInt64 = 0
        while index < end {
            let byte = content[index]
            guard let digit = Lexer.hexValue(byte) else {
                let scalar = String(decoding: content[index...], as: UTF8.self).unicodeScalars.first ?? "?"
                return .failure(
                    .unexpectedCharacter(
                        scalar, isWhitespace: isIntegerWhitespace(content, at: index), offset: index - content.startIndex))
            }
            if !isHex, digit > 9 { return .failure(.hexDigitInDecimal) }
            let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: isHex ? 16 : 10)
            let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { return .failure(.outOfRange) }
            magnitude = sum
            index += 1
        }
        if isNegative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return .failure(.outOfRange) }
            return .success(magnitude == UInt64(Int64.max) + 1 ? Int.min : -Int(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return .failure(.outOfRange) }
        return .success(Int(magnitude))
    }

    /// CoreFoundation's whitespace test for `<integer>`: bytes below `!`, bytes from 0x7F to 0xA0 (so the
    /// bytes of U+00A0 and of the U+2000 spaces count too), tested one byte at a time.
    static func isIntegerWhitespace(_ content: ArraySlice<UInt8>, at index: Int) -> Bool {
        let byte = content[index]
        if byte < 0x21 || (byte > 0x7E && byte < 0xA1) { return true }
        guard byte == 0xE2 || byte == 0xE3, content.endIndex - index >= 3 else { return false }
        let second = content[index + 1]
        let third = content[index + 2]
        if byte == 0xE2, second == 0x80 { return third >= 0x50 && third <= 0x8B || third == 0xAF }
        if byte == 0xE2, second == 0x81 { return third == 0x9F }
        return byte == 0xE3 && second == 0x80 && third == 0x80
    }

    /// `<real>` (after references and CDATA are decoded): `nan`, `inf`, `+inf`, `-inf`, `infinity`,
    /// `+infinity` and `-infinity` in any letter case; otherwise optional leading whitespace and a decimal
    /// number as C's `strtod` reads it (`1`, `.5`, `5.`, `1e-3`), with nothing after it.
    static func real(_ text: String) -> Double? {
        // ASCII case folding is enough here (no other letter folds into these words) and, unlike
        // `lowercased()`, loads no Unicode tables during start-up.
        let folded = String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        switch folded {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, isRealWhitespace(first) { scalars.removeFirst() }
        let number = String(String.UnicodeScalarView(scalars))
        guard isDecimalLiteral(number) else { return nil }
        return Double(number)
    }

    /// CoreFoundation's `__CFIsWhitespace`, which `<real>` skips before the number.
    static func isRealWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x21 || (value > 0x7E && value < 0xA1) || (value >= 0x2000 && value <= 0x200B) || value == 0x3000
    }

    /// `[+-]? (digits ("." digits?)? | "." digits) ([eE] [+-]? digits)?`: what `strtod` reads in full from
    /// the characters CoreFoundation passes it.
    static func isDecimalLiteral(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, Lexer.isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var mantissaDigits = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// Why a `<date>` cannot be read.
    enum DateProblem: Error, Equatable {
        /// Not `YYYY-MM-DDTHH:MM:SSZ`.
        case malformed
        /// A field out of its range (`month`, `day`, `hour`, `minute` or `second`).
        case outOfRange(String)
    }

    /// `<date>`: `YYYY-MM-DDTHH:MM:SSZ` (any number of year digits, no whitespace), returned as CoreFoundation
    /// writes it back (the year padded to four digits). CoreFoundation rolls out-of-range fields over (the
    /// 30th of February becomes the 1st of March); notifc refuses them, and negative years.
    static func date(_ content: ArraySlice<UInt8>) -> Result<String, DateProblem> {
        var index = content.startIndex
        var year = 0
        var yearDigits = 0
        while index < content.endIndex, Lexer.isDigit(content[index]), yearDigits < 9 {
            year = year * 10 + Int(content[index] - UInt8(ascii: "0"))
            yearDigits += 1
            index += 1
        }
        guard yearDigits > 0 else { return .failure(.malformed) }
        var fields: [Int] = []
        for separator in "--T::Z".utf8 {
            guard index < content.endIndex, content[index] == separator else { return .failure(.malformed) }
            index += 1
            if separator == UInt8(ascii: "Z") { break }
            guard index + 1 < content.endIndex, Lexer.isDigit(content[index]), Lexer.isDigit(content[index + 1]) else {
                return .failure(.malformed)
            }
            fields.append(Int(content[index] - UInt8(ascii: "0")) * 10 + Int(content[index + 1] - UInt8(ascii: "0")))
            index += 2
        }
        guard index == content.endIndex, fields.count == 5 else { return .failure(.malformed) }
        let (month, day, hour, minute, second) = (fields[0], fields[1], fields[2], fields[3], fields[4])
        if !(1...12).contains(month) { return .failure(.outOfRange("month")) }
        if day < 1 || day > daysIn(month: month, year: year) { return .failure(.outOfRange("day")) }
        if hour > 23 { return .failure(.outOfRange("hour")) }
        if minute > 59 { return .failure(.outOfRange("minute")) }
        if second > 59 { return .failure(.outOfRange("second")) }
        return .success(
            pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":"
                + pad(second, 2) + "Z")
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `<data>`: base64, decoded as CoreFoundation decodes it (whitespace anywhere; `=` padding ends a group
    /// early; a trailing incomplete group is dropped). Fails with the offset (within `content`) of the first
    /// character that is neither base64 nor whitespace, which CoreFoundation would silently skip.
    static func data(_ content: ArraySlice<UInt8>) -> Result<[UInt8], DataProblem> {
        var output: [UInt8] = []
        output.reserveCapacity(content.count * 3 / 4)
        var equalsSigns = 0
        var accumulator: UInt32 = 0
        var count = 0
        for index in content.indices {
            let byte = content[index]
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): value = 0
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: continue
            default: return .failure(DataProblem(offset: index - content.startIndex))
            }
            equalsSigns = byte == UInt8(ascii: "=") ? equalsSigns + 1 : 0
            count += 1
            accumulator = accumulator &<< 6 &+ value
            if count % 4 == 0 {
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                if equalsSigns < 2 { output.append(UInt8(truncatingIfNeeded: accumulator >> 8)) }
                if equalsSigns < 1 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
            }
        }
        return .success(output)
    }

    /// Where a `<data>` element stops being base64.
    struct DataProblem: Error, Equatable {
        let offset: Int
    }
}
