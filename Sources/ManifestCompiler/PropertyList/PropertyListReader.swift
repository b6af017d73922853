// Reads XML property lists into located trees, as CoreFoundation reads them, with located diagnostics.

/// Reads XML property lists (Info.plist files) into ``PropertyListNode`` trees.
///
/// It accepts what CoreFoundation's XML reader accepts (the reader behind Xcode, `plutil` and
/// `PropertyListSerialization`) and reads the same values: the XML declaration, DOCTYPE, comments and
/// processing instructions between elements; `&lt;` `&gt;` `&amp;` `&apos;` `&quot;` and numeric character
/// references and CDATA sections in `<string>`, `<key>` and `<real>`; text kept exactly as written, with no
/// whitespace trimmed; `<integer>` in decimal or `0x` hexadecimal with optional leading whitespace and sign;
/// `<real>` with CoreFoundation's `nan` and `inf` spellings; `<true/>`, `<false/>`, `<date>` and `<data>`.
///
/// Problems are diagnostics: malformed XML (``DiagnosticCode/malformedPropertyList``) ends the read;
/// repeated keys, unknown or misplaced elements and unreadable values are reported and reading goes on, so
/// one run reports all of them. It is stricter than CoreFoundation in a few places, each an error where
/// CoreFoundation guesses: characters outside base64 in `<data>`, out-of-range date fields (which it
/// would roll over), character references to characters XML cannot hold, and text after the root element.
public struct PropertyListReader {
    let file: SourceFile
    let bytes: [UInt8]
    let limits: Limits
    var index = 0
    /// Set by a fatal (syntax) error: the read stops and returns `nil`.
    var stopped = false
    /// The byte range of every `<!-- … -->` comment read so far, in order.
    var comments: [Range<Int>] = []

    /// Reads `file`. Returns the root value when the whole document could be read, even if some values
    /// were reported as invalid (compare the bag's error count to know); `nil` after a fatal error.
    public static func read(_ file: SourceFile, limits: Limits = .default, into diagnostics: inout DiagnosticBag)
        -> PropertyListNode?
    {
        readDocument(file, limits: limits, into: &diagnostics).root
    }

    /// `file`'s root value (`nil` after a syntax error) and the byte ranges of its `<!-- … -->` comments, as far
    /// as the reader got; its diagnostics are dropped (they are reported when the file is read): for finding
    /// `notifc:ignore` comments and the values they precede.
    package static func readWithComments(_ file: SourceFile, limits: Limits = .default)
        -> (root: PropertyListNode?, comments: [Range<Int>])
    {
        var diagnostics = DiagnosticBag()
        return readDocument(file, limits: limits, into: &diagnostics)
    }

    /// The root value and the comments read, for both of the above.
    private static func readDocument(_ file: SourceFile, limits: Limits, into diagnostics: inout DiagnosticBag)
        -> (root: PropertyListNode?, comments: [Range<Int>])
    {
        guard PropertyListScreening.screen(file, limits: limits, into: &diagnostics) else { return (nil, []) }
        var reader = PropertyListReader(file: file, bytes: Array(file.bytes), limits: limits)
        let root = reader.document(into: &diagnostics)
        return (root, reader.comments)
    }

    // MARK: - Document

    private mutating func document(into diagnostics: inout DiagnosticBag) -> PropertyListNode? {
        index = ByteOrderMark.length(in: bytes)
        guard prolog(into: &diagnostics), let tag = startTag(into: &diagnostics) else { return nil }
        var root: PropertyListNode?
        if tag.name == "plist" {
            root = plistBody(tag, into: &diagnostics)
        } else {
            root = value(for: tag, depth: 1, into: &diagnostics)
        }
        guard !stopped else { return nil }
        skipMiscellany(into: &diagnostics)
        if !stopped, index < bytes.count {
            fail(PropertyListDiagnostics.trailingContent(at: hereRange(), found: describeHere()), into: &diagnostics)
        }
        return stopped ? nil : root
    }

    /// Skips the XML declaration, DOCTYPE, comments and processing instructions before the root element.
    private mutating func prolog(into diagnostics: inout DiagnosticBag) -> Bool {
        let contentStart = index
        while !stopped {
            skipWhitespace()
            guard index < bytes.count else {
                fail(PropertyListDiagnostics.emptyDocument(at: .point(file.id, index)), into: &diagnostics)
                return false
            }
            guard bytes[index] == UInt8(ascii: "<") else {
                if index == contentStart || bytes[contentStart..<index].allSatisfy(Self.isXMLWhitespace) {
                    diagnostics.append(PropertyListDiagnostics.notXML(at: hereRange(), startsWith: bytes[index]))
                    stopped = true
                } else {
                    fail(PropertyListDiagnostics.expectedRoot(at: hereRange(), found: describeHere()), into: &diagnostics)
                }
                return false
            }
            if starts(with: "<?xml") {
                checkEncodingDeclaration(into: &diagnostics)
                skipProcessingInstruction(into: &diagnostics)
            } else if starts(with: "<?") {
                skipProcessingInstruction(into: &diagnostics)
            } else if starts(with: "<!--") {
                skipComment(into: &diagnostics)
            } else if starts(with: "<!DOCTYPE") {
                skipDoctype(into: &diagnostics)
            } else if starts(with: "<!") {
                fail(PropertyListDiagnostics.unexpectedMarkup(at: hereRange(length: 2)), into: &diagnostics)
            } else {
                return true
            }
        }
        return false
    }

    /// The content of `<plist>`: exactly one value, then `</plist>`.
    private mutating func plistBody(_ tag: Tag, into diagnostics: inout DiagnosticBag) -> PropertyListNode? {
        guard !tag.isEmpty else {
            fail(PropertyListDiagnostics.emptyPlist(at: tag.range), into: &diagnostics)
            return nil
        }
        var root: PropertyListNode?
        var sawRoot = false
        while !stopped {
            skipMiscellany(into: &diagnostics)
            guard !stopped else { return nil }
            guard index < bytes.count else {
                fail(PropertyListDiagnostics.unclosed(tag, at: .point(file.id, index)), into: &diagnostics)
                return nil
            }
            if starts(with: "</") {
                guard closeTag(of: tag, into: &diagnostics) else { return nil }
                if !sawRoot { diagnostics.append(PropertyListDiagnostics.emptyPlist(at: tag.range)) }
                return root
            }
            guard bytes[index] == UInt8(ascii: "<") else {
                skipStrayText(in: tag, into: &diagnostics)
                continue
            }
            guard let child = startTag(into: &diagnostics) else { return nil }
            if sawRoot {
                diagnostics.append(PropertyListDiagnostics.secondRoot(child))
                skipElement(child, depth: 1, into: &diagnostics)
            } else {
                sawRoot = true
                root = value(for: child, depth: 1, into: &diagnostics)
            }
        }
        return nil
    }

    // MARK: - Values

    /// Reads the value whose start tag was just read; `nil` after a fatal error (``stopped``).
    /// A value reported as unreadable becomes an ``PropertyListNode/Kind/invalid`` placeholder.
    mutating func value(for tag: Tag, depth: Int, into diagnostics: inout DiagnosticBag) -> PropertyListNode? {
        switch tag.name {
        case "dict", "array":
            if tag.isEmpty {
                return node(tag.name == "dict" ? .dictionary([]) : .array([]), tag: tag, contentEnd: tag.range.end)
            }
            guard depth <= limits.maxNestingDepth else {
                diagnostics.append(PropertyListDiagnostics.nestingTooDeep(tag, limit: limits.maxNestingDepth))
                stopped = true
                return nil
            }
            return tag.name == "dict"
                ? dictionary(tag, depth: depth, into: &diagnostics) : array(tag, depth: depth, into: &diagnostics)
        case "string":
            guard let (text, content) = text(of: tag, into: &diagnostics) else { return nil }
            return PropertyListNode(.string(text), range: range(from: tag.range.start), contentRange: content)
        case "key":
            diagnostics.append(PropertyListDiagnostics.keyOutsideDictionary(tag))
            guard text(of: tag, into: &diagnostics) != nil else { return nil }
            return invalid(tag)
        case "true", "false":
            return boolean(tag, into: &diagnostics)
        case "integer", "real", "date", "data":
            return scalar(tag, into: &diagnostics)
        default:
            diagnostics.append(PropertyListDiagnostics.unknownElement(tag))
            skipElement(tag, depth: depth, into: &diagnostics)
            return stopped ? nil : invalid(tag)
        }
    }

    private mutating func dictionary(_ tag: Tag, depth: Int, into diagnostics: inout DiagnosticBag) -> PropertyListNode? {
        var entries: [PropertyListEntry] = []
        // By code units, as CoreFoundation compares keys: two spellings of `café` are two keys.
        var firstKeyRanges: [Identifier: SourceRange] = [:]
        var pendingKey: Tag?
        while !stopped {
            let keyTag: Tag
            if let pending = pendingKey {
                keyTag = pending
                pendingKey = nil
            } else {
                guard let next = nextChild(of: tag, into: &diagnostics) else { break }
                keyTag = next
            }
            guard keyTag.name == "key" else {
                diagnostics.append(PropertyListDiagnostics.expectedKey(keyTag))
                _ = value(for: keyTag, depth: depth + 1, into: &diagnostics)
                continue
            }
            guard let (key, keyContent) = text(of: keyTag, into: &diagnostics) else { return nil }
            let keyRange = keyContent.length > 0 ? keyContent : range(from: keyTag.range.start)
            guard let valueTag = nextChild(of: tag, into: &diagnostics) else {
                if !stopped { diagnostics.append(PropertyListDiagnostics.missingValue(key, at: keyRange, found: nil)) }
                break
            }
            if valueTag.name == "key" {
                diagnostics.append(PropertyListDiagnostics.missingValue(key, at: keyRange, found: valueTag))
                pendingKey = valueTag
                continue
            }
            guard let child = value(for: valueTag, depth: depth + 1, into: &diagnostics) else { return nil }
            if let first = firstKeyRanges[Identifier(key)] {
                diagnostics.append(PropertyListDiagnostics.duplicateKey(key, at: keyRange, first: first))
            } else {
                firstKeyRanges[Identifier(key)] = keyRange
            }
            entries.append(PropertyListEntry(key: key, keyRange: keyRange, value: child))
        }
        guard !stopped else { return nil }
        return node(.dictionary(entries), tag: tag, contentEnd: lastContentEnd)
    }

    private mutating func array(_ tag: Tag, depth: Int, into diagnostics: inout DiagnosticBag) -> PropertyListNode? {
        var elements: [PropertyListNode] = []
        while !stopped, let child = nextChild(of: tag, into: &diagnostics) {
            guard let element = value(for: child, depth: depth + 1, into: &diagnostics) else { return nil }
            elements.append(element)
        }
        guard !stopped else { return nil }
        return node(.array(elements), tag: tag, contentEnd: lastContentEnd)
    }

    /// The next child element's start tag, or `nil` at the container's end tag (which is consumed) or after
    /// a fatal error. Stray text is reported and skipped.
    private mutating func nextChild(of container: Tag, into diagnostics: inout DiagnosticBag) -> Tag? {
        while !stopped {
            skipMiscellany(into: &diagnostics)
            guard !stopped else { return nil }
            guard index < bytes.count else {
                fail(PropertyListDiagnostics.unclosed(container, at: .point(file.id, index)), into: &diagnostics)
                return nil
            }
            if starts(with: "</") {
                let contentEnd = index
                _ = closeTag(of: container, into: &diagnostics)
                lastContentEnd = contentEnd
                return nil
            }
            guard bytes[index] == UInt8(ascii: "<") else {
                skipStrayText(in: container, into: &diagnostics)
                continue
            }
            return startTag(into: &diagnostics)
        }
        return nil
    }

    private mutating func boolean(_ tag: Tag, into diagnostics: inout DiagnosticBag) -> PropertyListNode? {
        let flag = tag.name == "true"
        if !tag.isEmpty {
            let contentStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            if index > contentStart {
                diagnostics.append(
                    PropertyListDiagnostics.nonEmptyBoolean(tag, content: SourceRange(file: file.id, start: contentStart, end: index)))
                guard closeTag(of: tag, into: &diagnostics) else { return nil }
                return invalid(tag)
            }
            guard closeTag(of: tag, into: &diagnostics) else { return nil }
        }
        return PropertyListNode(.boolean(flag), range: range(from: tag.range.start), contentRange: .point(file.id, tag.range.end))
    }

    /// `<integer>`, `<real>`, `<date>` and `<data>`: the content is read as CoreFoundation reads it.
    private mutating func scalar(_ tag: Tag, into diagnostics: inout DiagnosticBag) -> PropertyListNode? {
        guard !tag.isEmpty else {
            diagnostics.append(PropertyListDiagnostics.emptyScalar(tag))
            return invalid(tag)
        }
        let kind: PropertyListNode.Kind?
        let content: SourceRange
        if tag.name == "real" {
            guard let (text, textRange) = text(of: tag, into: &diagnostics) else { return nil }
            content = textRange
            kind = PropertyListScalars.real(text).map { PropertyListNode.Kind.real($0) }
            if kind == nil { diagnostics.append(PropertyListDiagnostics.invalidReal(text, at: content)) }
        } else {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "&") {
                diagnostics.append(PropertyListDiagnostics.referenceInScalar(tag, at: hereRange()))
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                guard closeTag(of: tag, into: &diagnostics) else { return nil }
                return invalid(tag)
            }
            content = SourceRange(file: file.id, start: start, end: index)
            let raw = bytes[start..<index]
            switch tag.name {
            case "integer":
                switch PropertyListScalars.integer(raw) {
                case .success(let number): kind = .integer(number)
                case .failure(let problem):
                    kind = nil
                    var location = content
                    if case .unexpectedCharacter(_, let isWhitespace, let offset) = problem {
                        location = isWhitespace
                            ? SourceRange(file: file.id, start: start + offset, end: content.end)
                            : characterRange(at: start + offset)
                    }
                    diagnostics.append(PropertyListDiagnostics.invalidInteger(problem, text: file.text(in: content), at: location))
                }
            case "date":
                switch PropertyListScalars.date(raw) {
                case .success(let text): kind = .date(text)
                case .failure(let problem):
                    kind = nil
                    diagnostics.append(PropertyListDiagnostics.invalidDate(file.text(in: content), problem, at: content))
                }
            default:
                switch PropertyListScalars.data(raw) {
                case .success(let decoded): kind = .data(decoded)
                case .failure(let problem):
                    kind = nil
                    let character = characterRange(at: start + problem.offset)
                    diagnostics.append(PropertyListDiagnostics.invalidData(file.text(in: character), at: character))
                }
            }
        }
        // `text(of:)` consumed the end tag of a <real>; the raw scalars' end tags are still ahead.
        if tag.name != "real" {
            guard closeTag(of: tag, into: &diagnostics) else { return nil }
        }
        guard let kind else { return invalid(tag) }
        return PropertyListNode(kind, range: range(from: tag.range.start), contentRange: content)
    }

    // MARK: - Nodes

    /// Where the content of the container closed last ended (just before its end tag).
    var lastContentEnd = 0

    private func node(_ kind: PropertyListNode.Kind, tag: Tag, contentEnd: Int) -> PropertyListNode {
        PropertyListNode(
            kind, range: range(from: tag.range.start),
            contentRange: SourceRange(file: file.id, start: tag.range.end, end: max(tag.range.end, contentEnd)))
    }

    /// The placeholder for a value that was reported as unreadable: it keeps its place (so checks do not
    /// also call it missing) but carries nothing.
    func invalid(_ tag: Tag) -> PropertyListNode {
        PropertyListNode(.invalid, range: range(from: tag.range.start), contentRange: .point(file.id, tag.range.end))
    }

    func range(from start: Int) -> SourceRange { SourceRange(file: file.id, start: start, end: index) }
}
