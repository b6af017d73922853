// Checks an input file before lexing: size, NUL bytes (binary files) and UTF-8 validity.

/// The checks that decide whether a file can be read as manifest text at all.
enum TextScreening {
    /// Reports why `file` cannot be lexed, if it cannot; returns whether it can.
    static func screen(_ file: SourceFile, limits: Limits, into diagnostics: inout DiagnosticBag) -> Bool {
        let bytes = file.bytes
        if max(file.size, file.bytes.count) > limits.maxManifestFileSize {
            diagnostics.append(
                Diagnostic(
                    .fileTooLarge,
                    "file is too large (\(file.size) bytes; the limit is \(limits.maxManifestFileSize))",
                    at: .point(file.id, 0),
                    help: FileNames.hasSuffix(file.path, ".notif") ? ["split the manifest into several files"] : []
                )
            )
            return false
        }
        if let encoding = wideEncoding(of: bytes) {
            diagnostics.append(
                Diagnostic(
                    .invalidUTF8, "the file is \(encoding) text; it must be UTF-8",
                    at: SourceRange(file: file.id, start: 0, end: min(2, bytes.count)),
                    help: ["re-save the file as UTF-8"]))
            return false
        }
        if let nul = firstNUL(bytes) {
            diagnostics.append(
                Diagnostic(
                    .binaryFile, "file contains a NUL byte; is it a binary file?",
                    at: SourceRange(file: file.id, start: nul, end: nul + 1)
                )
            )
            return false
        }
        if let invalid = firstInvalidUTF8(bytes) {
            let byte = bytes[invalid.lowerBound]
            diagnostics.append(
                Diagnostic(
                    .invalidUTF8,
                    "invalid UTF-8 byte 0x\(hexByte(byte)); the file must be UTF-8 text",
                    at: SourceRange(file: file.id, start: invalid.lowerBound, end: invalid.upperBound),
                    help: ["re-save the file as UTF-8"]
                )
            )
            return false
        }
        return true
    }

    /// "UTF-16" or "UTF-32" when `bytes` start with that encoding's byte order mark, or, without one, with an
    /// ASCII character and a NUL byte in the order UTF-16 writes them (as editors on Windows save JSON).
    static func wideEncoding(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32" }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        guard bytes.count >= 4 else { return nil }
        let littleEndian = bytes[0] != 0 && bytes[0] < 0x80 && bytes[1] == 0 && bytes[3] == 0
        let bigEndian = bytes[0] == 0 && bytes[1] != 0 && bytes[1] < 0x80 && bytes[2] == 0
        return littleEndian || bigEndian ? "UTF-16" : nil
    }

    /// The offset of the first NUL byte, or `nil`.
    static func firstNUL(_ bytes: [UInt8]) -> Int? {
        bytes.firstIndex(of: 0)
    }

    /// The first ill-formed UTF-8 sequence (overlong forms, surrogates and values past U+10FFFF
    /// included), or `nil` when all of `bytes` is well-formed.
    static func firstInvalidUTF8(_ buffer: [UInt8]) -> Range<Int>? {
        let count = buffer.count
        var index = 0
        while index < count {
            // Runs of ASCII, most of a manifest, are passed over in one search.
            guard let next = buffer[index...].firstIndex(where: { $0 >= 0x80 }) else { return nil }
            index = next
            let lead = buffer[index]
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index..<(index + 1)
            }
            guard index + length <= count else { return index..<count }
            let second = buffer[index + 1]
            guard second >= lower, second <= upper else { return index..<(index + 1) }
            for offset in 2..<length where buffer[index + offset] & 0xC0 != 0x80 {
                return index..<(index + offset)
            }
            index += length
        }
        return nil
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
