// The XML layer of the property-list reader: tags, text with references and CDATA, comments, DOCTYPE.

/// A start tag as read: `<name …>` or `<name …/>`. Attributes are skipped, as CoreFoundation skips them.
struct Tag {
    /// The element name.
    let name: String
    /// From `<` to `>`.
    let range: SourceRange
    /// Whether the tag ends with `/>`.
    let isEmpty: Bool
}

extension PropertyListReader {
    // MARK: - Tags

    /// Reads the start tag at `index` (on `<`).
    mutating func startTag(into diagnostics: inout DiagnosticBag) -> Tag? {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, !Self.isXMLWhitespace(bytes[index]),
            bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "<")
        {
            index += 1
        }
        guard index > nameStart else {
            fail(PropertyListDiagnostics.expectedElementName(at: hereRange(), found: describeHere()), into: &diagnostics)
            return nil
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        while index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "<") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            fail(
                PropertyListDiagnostics.unterminatedTag(name, at: SourceRange(file: file.id, start: start, end: nameStart + name.utf8.count)),
                into: &diagnostics)
            return nil
        }
        let isEmpty = bytes[index - 1] == UInt8(ascii: "/")
        index += 1
        return Tag(name: name, range: SourceRange(file: file.id, start: start, end: index), isEmpty: isEmpty)
    }

    /// Reads `</name>` (whitespace allowed before `>`) for `tag`; a fatal error when it is not there.
    mutating func closeTag(of tag: Tag, into diagnostics: inout DiagnosticBag) -> Bool {
        let start = index
        let expected = Array("</\(tag.name)".utf8)
        if bytes[index...].starts(with: expected) {
            index += expected.count
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ">") {
                index += 1
                return true
            }
        }
        index = start
        let found = describeTag(at: start)
        fail(PropertyListDiagnostics.expectedEndTag(tag, at: found.range, found: found.text), into: &diagnostics)
        return false
    }

    /// Skips an element that is reported as unknown or misplaced, with everything inside it.
    mutating func skipElement(_ tag: Tag, depth: Int, into diagnostics: inout DiagnosticBag) {
        guard !tag.isEmpty else { return }
        var open = [tag]
        while !stopped, let innermost = open.last {
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            guard index < bytes.count else {
                fail(PropertyListDiagnostics.unclosed(innermost, at: .point(file.id, index)), into: &diagnostics)
                return
            }
            if starts(with: "<!--") {
                skipComment(into: &diagnostics)
            } else if starts(with: "<![CDATA[") {
                _ = cdata(into: &diagnostics)
            } else if starts(with: "<?") {
                skipProcessingInstruction(into: &diagnostics)
            } else if starts(with: "</") {
                guard closeTag(of: innermost, into: &diagnostics) else { return }
                open.removeLast()
            } else {
                guard let child = startTag(into: &diagnostics) else { return }
                if child.isEmpty { continue }
                guard depth + open.count <= limits.maxNestingDepth else {
                    diagnostics.append(PropertyListDiagnostics.nestingTooDeep(child, limit: limits.maxNestingDepth))
                    stopped = true
                    return
                }
                open.append(child)
            }
        }
    }

    // MARK: - Text

    /// The text of `<string>`, `<key>` or `<real>` with references and CDATA decoded, and where it was
    /// written; the end tag is consumed. `nil` after a fatal error.
    mutating func text(of tag: Tag, into diagnostics: inout DiagnosticBag) -> (String, SourceRange)? {
        if tag.isEmpty { return ("", .point(file.id, tag.range.end)) }
        let start = index
        // Most text has no reference and no CDATA: it is decoded straight from the file's bytes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "<"), !starts(with: "<![CDATA["), !starts(with: "<!--"),
            !starts(with: "<?")
        {
            let content = SourceRange(file: file.id, start: start, end: index)
            guard closeTag(of: tag, into: &diagnostics) else { return nil }
            return (String(decoding: bytes[start..<content.end], as: UTF8.self), content)
        }
        var output: [UInt8] = Array(bytes[start..<index])
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                output += bytes[runStart..<index]
                if let decoded = reference(into: &diagnostics) { output += decoded }
                runStart = index
            } else if byte == UInt8(ascii: "<") {
                if starts(with: "<![CDATA[") {
                    output += bytes[runStart..<index]
                    guard let content = cdata(into: &diagnostics) else { return nil }
                    output += content
                    runStart = index
                } else if starts(with: "<!--") || starts(with: "<?") {
                    output += bytes[runStart..<index]
                    diagnostics.append(PropertyListDiagnostics.markupInText(tag, at: hereRange(length: 2)))
                    if starts(with: "<!--") { skipComment(into: &diagnostics) } else { skipProcessingInstruction(into: &diagnostics) }
                    guard !stopped else { return nil }
                    runStart = index
                } else {
                    break
                }
            } else {
                index += 1
            }
        }
        output += bytes[runStart..<index]
        let content = SourceRange(file: file.id, start: start, end: index)
        guard index < bytes.count else {
            fail(PropertyListDiagnostics.unclosed(tag, at: .point(file.id, index)), into: &diagnostics)
            return nil
        }
        guard closeTag(of: tag, into: &diagnostics) else { return nil }
        return (String(decoding: output, as: UTF8.self), content)
    }

    /// Decodes the reference at `index` (on `&`): `&lt;` `&gt;` `&amp;` `&apos;` `&quot;` `&#…;` `&#x…;`.
    /// A malformed reference is reported, skipped, and decodes to nothing.
    private mutating func reference(into diagnostics: inout DiagnosticBag) -> [UInt8]? {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";"), bytes[end] != UInt8(ascii: "<"),
            !Self.isXMLWhitespace(bytes[end])
        {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            index = start + 1
            diagnostics.append(PropertyListDiagnostics.bareAmpersand(at: SourceRange(file: file.id, start: start, end: start + 1)))
            return nil
        }
        index = end + 1
        let range = SourceRange(file: file.id, start: start, end: index)
        let name = bytes[(start + 1)..<end]
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "apos": return [UInt8(ascii: "'")]
        case "quot": return [UInt8(ascii: "\"")]
        default: break
        }
        guard name.first == UInt8(ascii: "#") else {
            diagnostics.append(PropertyListDiagnostics.unknownEntity(file.text(in: range), at: range))
            return nil
        }
        let isHex = name.dropFirst().first == UInt8(ascii: "x")
        let digits = name.dropFirst(isHex ? 2 : 1)
        var value: UInt32 = 0
        var isValid = !digits.isEmpty && digits.count <= 8
        for digit in digits where isValid {
            guard let number = isHex ? Lexer.hexValue(digit) : (Lexer.isDigit(digit) ? digit - UInt8(ascii: "0") : nil)
            else {
                isValid = false
                break
            }
            value = value * (isHex ? 16 : 10) + UInt32(number)
        }
        guard isValid, let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar) else {
            diagnostics.append(PropertyListDiagnostics.invalidCharacterReference(file.text(in: range), at: range))
            return nil
        }
        return Array(String(Character(scalar)).utf8)
    }

    /// The content of the CDATA section at `index`; a fatal error when it is not closed.
    mutating func cdata(into diagnostics: inout DiagnosticBag) -> ArraySlice<UInt8>? {
        let start = index
        let contentStart = index + 9
        guard let end = find("]]>", from: contentStart) else {
            fail(PropertyListDiagnostics.unterminated("CDATA section", at: SourceRange(file: file.id, start: start, end: contentStart)), into: &diagnostics)
            return nil
        }
        index = end + 3
        return bytes[contentStart..<end]
    }

    // MARK: - Skipping

    /// Skips whitespace, comments and processing instructions between elements.
    mutating func skipMiscellany(into diagnostics: inout DiagnosticBag) {
        while !stopped {
            skipWhitespace()
            if starts(with: "<!--") {
                skipComment(into: &diagnostics)
            } else if starts(with: "<?") {
                skipProcessingInstruction(into: &diagnostics)
            } else {
                return
            }
        }
    }

    /// Reports non-whitespace text where only elements may be, and skips it to the next `<`.
    mutating func skipStrayText(in container: Tag, into diagnostics: inout DiagnosticBag) {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        var end = index
        while end > start, Self.isXMLWhitespace(bytes[end - 1]) { end -= 1 }
        let range = SourceRange(file: file.id, start: start, end: end)
        diagnostics.append(PropertyListDiagnostics.strayText(file.text(in: range), in: container, at: range))
    }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isXMLWhitespace(bytes[index]) { index += 1 }
    }

    mutating func skipComment(into diagnostics: inout DiagnosticBag) {
        guard let end = find("-->", from: index + 4) else {
            fail(PropertyListDiagnostics.unterminated("comment", at: hereRange(length: 4)), into: &diagnostics)
            return
        }
        comments.append(index..<end + 3)
        index = end + 3
    }

    mutating func skipProcessingInstruction(into diagnostics: inout DiagnosticBag) {
        guard let end = find("?>", from: index + 2) else {
            fail(PropertyListDiagnostics.unterminated("processing instruction", at: hereRange(length: 2)), into: &diagnostics)
            return
        }
        index = end + 2
    }

    /// Skips `<!DOCTYPE …>`; an internal subset (`[ … ]`) is refused, as CoreFoundation refuses it.
    mutating func skipDoctype(into diagnostics: inout DiagnosticBag) {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            if bytes[index] == UInt8(ascii: "[") {
                fail(PropertyListDiagnostics.internalSubset(at: hereRange()), into: &diagnostics)
                return
            }
            index += 1
        }
        guard index < bytes.count else {
            fail(PropertyListDiagnostics.unterminated("DOCTYPE", at: SourceRange(file: file.id, start: start, end: start + 9)), into: &diagnostics)
            return
        }
        index += 1
    }

    /// Refuses an XML declaration that names an encoding other than UTF-8.
    mutating func checkEncodingDeclaration(into diagnostics: inout DiagnosticBag) {
        guard let nameRange = Self.declaredEncoding(in: bytes, declarationAt: index) else { return }
        let name = String(decoding: bytes[nameRange], as: UTF8.self)
        // UTF-8 under its other names, and ASCII for a file that is ASCII (a subset of UTF-8): CoreFoundation
        // converts every encoding it knows before parsing, and these need no conversion.
        let readsAsUTF8 =
            Self.namesUTF8(name) || (["us-ascii", "ascii"].contains(name.lowercased()) && bytes.allSatisfy { $0 < 0x80 })
        if !readsAsUTF8 {
            diagnostics.append(
                PropertyListDiagnostics.unsupportedEncoding(
                    name, at: SourceRange(file: file.id, start: nameRange.lowerBound, end: nameRange.upperBound)))
            stopped = true
        }
    }

    /// Whether an XML declaration's encoding name is UTF-8's.
    static func namesUTF8(_ name: String) -> Bool {
        ["utf-8", "utf8"].contains(name.lowercased())
    }

    /// Where the encoding name is in the XML declaration (`<?xml … encoding="…"?>`) starting at `start`, if it
    /// names one.
    static func declaredEncoding(in bytes: [UInt8], declarationAt start: Int) -> Range<Int>? {
        guard let end = find("?>", in: bytes, from: start), let key = find("encoding", in: bytes, from: start), key < end else {
            return nil
        }
        var cursor = key + 8
        while cursor < end, bytes[cursor] != UInt8(ascii: "\""), bytes[cursor] != UInt8(ascii: "'") { cursor += 1 }
        guard cursor < end else { return nil }
        let quote = bytes[cursor]
        var nameEnd = cursor + 1
        while nameEnd < end, bytes[nameEnd] != quote { nameEnd += 1 }
        return (cursor + 1)..<nameEnd
    }

    // MARK: - Helpers

    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in
            for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
    }

    /// The offset of the next `text` at or after `start`.
    func find(_ text: StaticString, from start: Int) -> Int? {
        Self.find(text, in: bytes, from: start)
    }

    /// The offset of the next `text` in `bytes` at or after `start`.
    static func find(_ text: StaticString, in bytes: [UInt8], from start: Int) -> Int? {
        text.withUTF8Buffer { pattern -> Int? in
            guard let first = pattern.first, start >= 0 else { return nil }
            var position = start
            while position + pattern.count <= bytes.count {
                if bytes[position] == first, bytes[position..<(position + pattern.count)].elementsEqual(pattern) {
                    return position
                }
                position += 1
            }
            return nil
        }
    }

    /// One character (a whole UTF-8 sequence) at `index`, or an empty range at the end.
    func hereRange(length: Int = 1) -> SourceRange {
        guard index < bytes.count else { return .point(file.id, index) }
        if length > 1 { return SourceRange(file: file.id, start: index, end: min(bytes.count, index + length)) }
        return characterRange(at: index)
    }

    /// The UTF-8 sequence starting at `offset`.
    func characterRange(at offset: Int) -> SourceRange {
        var end = min(offset + 1, bytes.count)
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return SourceRange(file: file.id, start: offset, end: end)
    }

    /// How the text at `index` is named in messages: `'x'`, `the end of the file`.
    func describeHere() -> String {
        guard index < bytes.count else { return "the end of the file" }
        return "'" + file.text(in: characterRange(at: index)) + "'"
    }

    /// The tag (or character) at `offset`, for "found …" in messages.
    func describeTag(at offset: Int) -> (text: String, range: SourceRange) {
        guard offset < bytes.count else { return ("the end of the file", .point(file.id, offset)) }
        guard bytes[offset] == UInt8(ascii: "<") else {
            let range = characterRange(at: offset)
            return ("'" + file.text(in: range) + "'", range)
        }
        var end = offset + 1
        while end < bytes.count, end - offset < 60, bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "<"),
            bytes[end] != 0x0A
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: ">") { end += 1 }
        let range = SourceRange(file: file.id, start: offset, end: end)
        return ("'" + file.text(in: range) + "'", range)
    }

    /// Reports a fatal (syntax) error: the read stops.
    mutating func fail(_ diagnostic: Diagnostic, into diagnostics: inout DiagnosticBag) {
        guard !stopped else { return }
        stopped = true
        diagnostics.append(diagnostic)
    }

    static func isXMLWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether XML 1.0 can hold the character (so a property list can carry it).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
