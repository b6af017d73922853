// Rule: the payload is at most 4096 bytes (5120 for VoIP), counted as APNs counts them: every byte sent.

/// Reports a payload larger than APNs accepts, pointing at the character where the limit is passed.
///
/// The size is the file's byte count, whitespace and escapes included, because APNs limits the bytes of
/// the request body and the file is what notifc sees. When removing the whitespace between tokens would
/// bring the payload under the limit, the help line says so.
///
/// Invalid: a 4097-byte file. Valid: a 4096-byte file (or up to 5120 bytes with `--voip`).
struct PayloadSizeRule: PayloadRule {
    let codes: [DiagnosticCode] = [.payloadTooLarge]

    func check(_ payload: PayloadContext, into diagnostics: inout DiagnosticBag) {
        let limit = payload.options.sizeLimit
        let file = payload.file
        guard file.size > limit else { return }
        let kind = payload.options.isVoIP ? "VoIP notifications" : "notifications"
        var diagnostic = Diagnostic(
            .payloadTooLarge, "payload is \(file.size) bytes; APNs accepts at most \(limit) for \(kind)",
            at: Self.character(containing: limit, in: file), label: "byte \(limit + 1)",
            help: ["APNs counts every byte sent, whitespace included"])
        if payload.root != nil {
            let compact = Self.compactSize(file.bytes)
            if compact <= limit {
                diagnostic.help.append(
                    "without whitespace between tokens it is \(compact) bytes; send it minified")
            } else {
                diagnostic.help.append(
                    "move large data out of the payload, for example download it in a service extension")
            }
        }
        diagnostics.append(diagnostic)
    }

    /// The character containing byte `offset` (0-based), whole; the file's start when it was not read.
    static func character(containing offset: Int, in file: SourceFile) -> SourceRange {
        let bytes = file.bytes
        guard offset < bytes.count else { return .point(file.id, 0) }
        var start = offset
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var end = start + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return SourceRange(file: file.id, start: start, end: end)
    }

    /// The size of the document with the whitespace between tokens (and a byte order mark) removed: what
    /// a JSON serializer that writes no spaces would send. `bytes` must be valid JSON.
    static func compactSize(_ bytes: some Collection<UInt8>) -> Int {
        var size = 0
        var inString = false
        var escaped = false
        let start = ByteOrderMark.length(in: bytes)
        for byte in bytes.dropFirst(start) {
            if inString {
                size += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "\""):
                inString = true
                size += 1
            default:
                size += 1
            }
        }
        return size
    }
}
