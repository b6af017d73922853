// Text of tokens read from a file's bytes: plain words, and string literals with their escapes decoded.

/// Decodes the text of tokens from the bytes of a screened source file (valid UTF-8).
enum SourceText {
    /// The bytes in `start..<end` as a string.
    static func string(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The contents of the string literal in `start..<end`, quotes included (escapes already validated by the
    /// lexer). A repaired literal (written in the wrong quotes, already reported) has one-scalar quotes at both
    /// ends; an unterminated one has no closing quote.
    static func decodeString(
        _ bytes: [UInt8], start: Int, end: Int, hasEscapes: Bool, isRepaired: Bool,
        isUnterminated: Bool
    ) -> String {
        if isRepaired {
            let scalars = String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars
            return String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
        }
        let contentEnd = isUnterminated ? end : end - 1
        let content = bytes[(start + 1)..<max(start + 1, contentEnd)]
        return hasEscapes ? StringEscapes.decode(content) : String(decoding: content, as: UTF8.self)
    }
}
