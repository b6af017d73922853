// Checks a property-list file before reading: size, binary and UTF-16 plists, NUL bytes, UTF-8 validity (or
// the other encoding its XML declaration names).

/// The checks that decide whether a file can be read as XML property-list text at all.
enum PropertyListScreening {
    /// Reports why `file` cannot be read, if it cannot; returns whether it can.
    static func screen(_ file: SourceFile, limits: Limits, into diagnostics: inout DiagnosticBag) -> Bool {
        let bytes = file.bytes
        if file.size > limits.maxFileSize {
            diagnostics.append(
                Diagnostic(
                    .fileTooLarge, "file is too large (\(file.size) bytes; the limit is \(limits.maxFileSize))",
                    at: .point(file.id, 0), help: ["an extension's Info.plist is a few kilobytes; is this the right file?"]))
            return false
        }
        if bytes.starts(with: Array("bplist".utf8)) {
            diagnostics.append(
                Diagnostic(
                    .unsupportedPlistFormat, "this is a binary property list; notifc reads XML property lists",
                    at: SourceRange(file: file.id, start: 0, end: 6), help: [convertHelp(file)]))
            return false
        }
        if let encoding = TextScreening.wideEncoding(of: bytes) {
            diagnostics.append(
                Diagnostic(
                    .unsupportedPlistFormat, "this property list is \(encoding) text; notifc reads UTF-8",
                    at: SourceRange(file: file.id, start: 0, end: 2), help: [convertHelp(file)]))
            return false
        }
        if let nul = TextScreening.firstNUL(bytes) {
            diagnostics.append(
                Diagnostic(
                    .binaryFile, "file contains a NUL byte; is it a binary file?",
                    at: SourceRange(file: file.id, start: nul, end: nul + 1), help: [convertHelp(file)]))
            return false
        }
        if let invalid = TextScreening.firstInvalidUTF8(bytes) {
            if let declared = nonUTF8Declaration(in: bytes) {  // the text is in the encoding it names: say so
                diagnostics.append(
                    PropertyListDiagnostics.unsupportedEncoding(
                        String(decoding: bytes[declared], as: UTF8.self),
                        at: SourceRange(file: file.id, start: declared.lowerBound, end: declared.upperBound)))
                return false
            }
            diagnostics.append(
                Diagnostic(
                    .invalidUTF8,
                    "invalid UTF-8 byte 0x\(TextScreening.hexByte(bytes[invalid.lowerBound])); property lists must be UTF-8 text here",
                    at: SourceRange(file: file.id, start: invalid.lowerBound, end: invalid.upperBound),
                    help: ["re-save the file as UTF-8"]))
            return false
        }
        return true
    }

    /// The encoding name of an XML declaration at the start of `bytes` (after a byte order mark and blanks), when
    /// it names an encoding other than UTF-8 (`ISO-8859-1`, `MacRoman`).
    static func nonUTF8Declaration(in bytes: [UInt8]) -> Range<Int>? {
        var start = ByteOrderMark.length(in: bytes)
        while start < bytes.count, PropertyListReader.isXMLWhitespace(bytes[start]) { start += 1 }
        guard bytes[start...].starts(with: Array("<?xml".utf8)),
            let name = PropertyListReader.declaredEncoding(in: bytes, declarationAt: start)
        else { return nil }
        // Blanks around a UTF-8 name (`"UTF-8 "`) leave the invalid byte the problem to report.
        var words = name
        while !words.isEmpty, PropertyListReader.isXMLWhitespace(bytes[words.lowerBound]) { words = words.dropFirst() }
        while !words.isEmpty, PropertyListReader.isXMLWhitespace(bytes[words.upperBound - 1]) { words = words.dropLast() }
        return PropertyListReader.namesUTF8(String(decoding: bytes[words], as: UTF8.self)) ? nil : name
    }

    /// `convert it with 'plutil -convert xml1 <path>'`.
    static func convertHelp(_ file: SourceFile) -> String {
        "convert it with 'plutil -convert xml1 \(file.path)' (which writes UTF-8 XML)"
    }
}
