// Checks a property-list file before reading: size, binary and UTF-16 plists, NUL bytes, UTF-8 validity.

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

    /// `convert it with 'plutil -convert xml1 <path>'`.
    static func convertHelp(_ file: SourceFile) -> String {
        "convert it with 'plutil -convert xml1 \(file.path)' (which writes UTF-8 XML)"
    }
}
