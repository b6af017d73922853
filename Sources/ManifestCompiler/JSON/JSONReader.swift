// A strict RFC 8259 JSON reader that keeps locations and reports the first syntax error as a diagnostic.

/// Reads JSON documents (APNs payloads, `notifications.json` bundles) into ``JSONNode`` trees.
///
/// Strict: no comments, no trailing commas, no single quotes, no leading zeros, no NaN. The first syntax
/// error is reported (``DiagnosticCode/invalidJSON``) with its exact location and the read stops; a
/// repeated key is reported (``DiagnosticCode/duplicateJSONKey``) and reading continues; nesting deeper
/// than ``Limits/maxNestingDepth`` is reported (``DiagnosticCode/jsonNestingTooDeep``). The file must pass
/// ``TextScreening`` first (``read(_:limits:into:)`` does that).
public struct JSONReader {
    private let file: SourceFile
    private let bytes: [UInt8]
    private let limits: Limits
    private var index: Int
    private var failed = false

    /// Reads `file`; returns `nil` after reporting why it is not a JSON document.
    public static func read(_ file: SourceFile, limits: Limits = .default, into diagnostics: inout DiagnosticBag)
        -> JSONNode?
    {
        guard TextScreening.screen(file, limits: limits, into: &diagnostics) else { return nil }
        var reader = JSONReader(file: file, limits: limits)
        reader.skipWhitespace()
        guard let root = reader.value(depth: 1, into: &diagnostics) else { return nil }
        reader.skipWhitespace()
        if !reader.failed, reader.index < reader.bytes.count {
            reader.fail(
                "expected the end of the document, found \(reader.describeHere())", into: &diagnostics,
                help: reader.helpForUnexpected()
                    ?? "a JSON document is one value; join the values in an array or an object, or delete the rest")
        }
        return reader.failed ? nil : root
    }

    private init(file: SourceFile, limits: Limits) {
        self.file = file
        self.bytes = file.bytes
        self.limits = limits
        self.index = ByteOrderMark.length(in: bytes)
    }

    // MARK: - Values

    private mutating func value(depth: Int, into diagnostics: inout DiagnosticBag) -> JSONNode? {
        guard index < bytes.count else {
            fail(
                "expected a value, found the end of the document", into: &diagnostics,
                help: "the document ends early; complete what was cut off")
            return nil
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth <= limits.maxNestingDepth else {
                diagnostics.append(
                    Diagnostic(
                        .jsonNestingTooDeep, "JSON is nested too deeply (the limit is \(limits.maxNestingDepth))",
                        at: SourceRange(file: file.id, start: start, end: start + 1),
                        help: ["no payload, bundle or String Catalog nests this deep; check the brackets"]))
                failed = true
                return nil
            }
            return bytes[index] == UInt8(ascii: "{")
                ? object(depth: depth, into: &diagnostics) : array(depth: depth, into: &diagnostics)
        case UInt8(ascii: "\""):
            return string(into: &diagnostics).map { JSONNode(.string($0), range: range(from: start)) }
        case UInt8(ascii: "t"): return literal("true", .bool(true), into: &diagnostics)
        case UInt8(ascii: "f"): return literal("false", .bool(false), into: &diagnostics)
        case UInt8(ascii: "n"): return literal("null", .null, into: &diagnostics)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number(into: &diagnostics)
        default:
            fail("expected a value, found \(describeHere())", into: &diagnostics, help: helpForValue())
            return nil
        }
    }

    private mutating func object(depth: Int, into diagnostics: inout DiagnosticBag) -> JSONNode? {
        let start = index
        index += 1
        var members: [JSONMember] = []
        var seen: [Identifier: SourceRange] = [:]  // by code points, as Foundation compares keys: "é" and "e\u{301}" are two
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return JSONNode(.object([]), range: range(from: start))
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                let trailing = members.isEmpty ? nil : "remove the ',' after the last member"
                fail(
                    "expected a member name in double quotes, found \(describeHere())", into: &diagnostics,
                    help: peek(UInt8(ascii: "}")) ? trailing : helpForUnexpected())
                return nil
            }
            let keyStart = index
            guard let key = string(into: &diagnostics) else { return nil }
            let keyRange = range(from: keyStart)
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                fail(
                    "expected ':' after member \(StringEscapes.literal(key)), found \(describeHere())", into: &diagnostics,
                    help: helpForUnexpected() ?? "a member is written \"name\": value")
                return nil
            }
            index += 1
            skipWhitespace()
            guard let member = value(depth: depth + 1, into: &diagnostics) else { return nil }
            if let first = seen[Identifier(key)] {
                diagnostics.append(
                    Diagnostic(
                        .duplicateJSONKey, "duplicate key \(StringEscapes.literal(key))", at: keyRange,
                        notes: [DiagnosticNote("first written here", at: first)],
                        help: ["readers disagree on which value wins; keep one"]))
            } else {
                seen[Identifier(key)] = keyRange
            }
            members.append(JSONMember(key: key, keyRange: keyRange, value: member))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            if peek(UInt8(ascii: "}")) {
                index += 1
                return JSONNode(.object(members), range: range(from: start))
            }
            fail(
                "expected ',' or '}' after an object member, found \(describeHere())", into: &diagnostics,
                help: helpForUnexpected() ?? "separate members with ','")
            return nil
        }
    }

    private mutating func array(depth: Int, into diagnostics: inout DiagnosticBag) -> JSONNode? {
        let start = index
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return JSONNode(.array([]), range: range(from: start))
        }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) {
                fail("expected a value, found ']'", into: &diagnostics, help: "remove the ',' after the last element")
                return nil
            }
            guard let element = value(depth: depth + 1, into: &diagnostics) else { return nil }
            elements.append(element)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            if peek(UInt8(ascii: "]")) {
                index += 1
                return JSONNode(.array(elements), range: range(from: start))
            }
            fail(
                "expected ',' or ']' after an array element, found \(describeHere())", into: &diagnostics,
                help: helpForUnexpected() ?? "separate elements with ','")
            return nil
        }
    }

    // MARK: - Scalars

    /// Reads a string literal at `index` (on `"`), decoding escapes.
    private mutating func string(into diagnostics: inout DiagnosticBag) -> String? {
        let start = index
        index += 1
        var output: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let decoded = escape(into: &diagnostics) else { return nil }
                output.append(contentsOf: decoded)
            case 0..<0x20:
                fail(
                    byte == 0x0A ? "unterminated string" : "control character in string; escape it",
                    into: &diagnostics, at: byte == 0x0A ? SourceRange(file: file.id, start: start, end: index) : nil,
                    help: byte == 0x0A
                        ? "close the string with '\"' on its line; write \\n for a line break in it"
                        : "write it as the escape \(JSONWriter.escape(of: byte) ?? "")")
                return nil
            default:
                output.append(byte)
                index += 1
            }
        }
        fail(
            "unterminated string", into: &diagnostics, at: SourceRange(file: file.id, start: start, end: index),
            help: "close the string with '\"'")
        return nil
    }

    private static let surrogateHelp =
        "a character above U+FFFF is a pair: \\uD8xx–\\uDBxx then \\uDCxx–\\uDFxx; or write the character itself"

    /// Decodes the escape at `index` (on `\`), including `\uXXXX` surrogate pairs.
    private mutating func escape(into diagnostics: inout DiagnosticBag) -> [UInt8]? {
        let start = index
        guard index + 1 < bytes.count else {
            fail("unterminated string", into: &diagnostics)
            return nil
        }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let byte = simple[bytes[index + 1]] {
            index += 2
            return [byte]
        }
        guard bytes[index + 1] == UInt8(ascii: "u"), let high = hex4(at: index + 2) else {
            index += 2
            fail(
                "invalid escape sequence in string", into: &diagnostics,
                at: SourceRange(file: file.id, start: start, end: min(index, bytes.count)),
                help: "JSON's escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u followed by four hex digits")
            return nil
        }
        index += 6
        var value = UInt32(high)
        if (0xD800...0xDBFF).contains(value) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                let low = hex4(at: index + 2), (0xDC00...0xDFFF).contains(low)
            else {
                fail(
                    "unpaired UTF-16 surrogate in \\u escape", into: &diagnostics,
                    at: SourceRange(file: file.id, start: start, end: index), help: Self.surrogateHelp)
                return nil
            }
            index += 6
            value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else {
            fail(
                "unpaired UTF-16 surrogate in \\u escape", into: &diagnostics,
                at: SourceRange(file: file.id, start: start, end: index), help: Self.surrogateHelp)
            return nil
        }
        return Array(String(Character(scalar)).utf8)
    }

    private func hex4(at position: Int) -> UInt16? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = Lexer.hexValue(bytes[position + offset]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number(into diagnostics: inout DiagnosticBag) -> JSONNode? {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, Lexer.isDigit(bytes[index]) else {
            fail("expected a digit after '-'", into: &diagnostics)
            return nil
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Lexer.isDigit(bytes[index]) {
                fail("numbers cannot have leading zeros", into: &diagnostics, at: range(from: start))
                return nil
            }
        } else {
            while index < bytes.count, Lexer.isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, Lexer.isDigit(bytes[index]) else {
                fail("expected a digit after '.'", into: &diagnostics)
                return nil
            }
            while index < bytes.count, Lexer.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Lexer.isDigit(bytes[index]) else {
                fail("expected a digit in the exponent", into: &diagnostics)
                return nil
            }
            while index < bytes.count, Lexer.isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return JSONNode(.number(Double(text) ?? .nan, text: text), range: range(from: start))
    }

    private mutating func literal(_ word: String, _ kind: JSONNode.Kind, into diagnostics: inout DiagnosticBag)
        -> JSONNode?
    {
        let start = index
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else {
            fail("expected a value, found \(describeHere())", into: &diagnostics, help: helpForValue())
            return nil
        }
        index += expected.count
        return JSONNode(kind, range: range(from: start))
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private func range(from start: Int) -> SourceRange { SourceRange(file: file.id, start: start, end: index) }

    /// How the text at the read position is named: `'x'`, `end of the document`.
    private func describeHere() -> String {
        // An invisible character by its code point: "found ' '" for a no-break space would read as a space.
        return scalarHere().map(Diagnostic.describe) ?? "the end of the document"
    }

    /// The character at the read position (the input is valid UTF-8: screened).
    private func scalarHere() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first
    }

    /// Help where a value was expected: what JSON's values are, unless the character has help of its own.
    private func helpForValue() -> String {
        helpForUnexpected()
            ?? "a value is a string in double quotes, a number, true, false, null, an object {…} or an array […]"
    }

    private func helpForUnexpected() -> String? {
        guard let scalar = scalarHere() else { return nil }
        if scalar.value < 0x20 || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format
        {
            return "between tokens JSON allows only spaces, tabs and line breaks; delete this character"
        }
        switch bytes[index] {
        case UInt8(ascii: "'"): return "JSON strings use double quotes"
        case UInt8(ascii: "/"): return "JSON has no comments"
        case UInt8(ascii: "N"), UInt8(ascii: "I"): return "JSON has no NaN or Infinity"
        default: return nil
        }
    }

    private mutating func fail(
        _ message: String, into diagnostics: inout DiagnosticBag, at range: SourceRange? = nil, help: String? = nil
    ) {
        guard !failed else { return }
        failed = true
        let location = range ?? SourceRange(file: file.id, start: index, end: min(index + 1, bytes.count))
        diagnostics.append(Diagnostic(.invalidJSON, message, at: location, help: help.map { [$0] } ?? []))
    }
}
