// One declaration as the parser hands it on: flat records of its entries and values, no text copied.

/// A value of a ``ParsedDeclaration``, one record in its flat, pre-order value list.
///
/// Lists and calls are followed by their elements; ``subtreeEnd`` is the index just past the last of them,
/// so a reader steps over a whole value in one move. Text is not copied: strings, words and callees are
/// byte ranges decoded only when a stage needs the text (``ParsedDeclaration/text(of:)``). Offsets are 32-bit,
/// as in ``SourceRange``: screening admits no manifest over ``Limits/largestManifestFile`` bytes.
struct ParsedValue {
    /// The shapes a value can take (those of ``ValueSyntax/Kind``).
    enum Kind: UInt8 {
        case string, number, word, list, call
    }

    var kind: Kind
    /// A word's keyword, or a call's callee's.
    var keyword: Keyword?
    /// For strings: the literal has escape sequences.
    var hasEscapes = false
    /// For strings written in the wrong quotes (reported): the quotes are one scalar each.
    var isRepaired = false
    var start: UInt32
    var end: UInt32
    /// For a call: the end of the callee's name (which starts at ``start``).
    var calleeEnd: UInt32 = 0
    /// The index after this value's last element (its own index + 1 for a string, number or word).
    var subtreeEnd: Int32
    /// Where the text is in ``ParsedDeclaration/texts``, or -1 when it is read from the source bytes.
    var textIndex: Int32 = -1
    /// A number's value.
    var number: Double = 0

    /// Whether the value is a list or call with no elements.
    func isEmpty(at index: Int) -> Bool { Int(subtreeEnd) == index + 1 }
}

/// One `key: value` entry of a ``ParsedDeclaration``.
struct ParsedEntry {
    /// The key's keyword (keys are matched by it); `nil` for a word the language does not define.
    var keyword: Keyword?
    var keyStart: UInt32
    var keyEnd: UInt32
    /// Where the key's text is in ``ParsedDeclaration/texts``, or -1 when it is read from the source.
    var keyTextIndex: Int32 = -1
    /// The value's index in ``ParsedDeclaration/values``, or -1 when it was missing or invalid (reported).
    var value: Int32
    /// The end of the whole entry (it starts at the key).
    var end: UInt32
}

/// A declaration between the parser and the checker: its kind, name and range, and its entries and values
/// as flat records in buffers the parser reuses from one declaration to the next (no allocation per entry
/// or value).
///
/// Made by the ``Parser`` from source, or from a ``DeclarationSyntax`` built by other means
/// (``withFlattened(_:_:)``), in which case the texts are carried in ``texts``. It is a view: its buffers
/// are valid only during the call it is handed to, so it is not copyable and stages borrow it.
struct ParsedDeclaration: ~Copyable {
    var kind: DeclarationKind
    var kindRange: SourceRange
    var name: NameSyntax?
    var range: SourceRange
    /// The entries, in source order.
    var entries = UnsafeBufferPointer<ParsedEntry>(start: nil, count: 0)
    /// The values of all entries, each entry's in pre-order.
    var values = UnsafeBufferPointer<ParsedValue>(start: nil, count: 0)
    /// The source file's bytes, which ranges without a text index are read from.
    var source = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Texts that do not come from ``source``.
    var texts: [String] = []

    func range(_ start: UInt32, _ end: UInt32) -> SourceRange {
        SourceRange(file: range.file, start: Int(start), end: Int(end))
    }

    /// The value's range.
    func range(of value: ParsedValue) -> SourceRange { range(value.start, value.end) }

    /// The entry's key as a name.
    func key(of entry: ParsedEntry) -> NameSyntax {
        let text = entry.keyTextIndex >= 0
            ? texts[Int(entry.keyTextIndex)]
            : entry.keyword?.spelling ?? SourceText.string(source, Int(entry.keyStart), Int(entry.keyEnd))
        return NameSyntax(
            text: text, range: range(entry.keyStart, entry.keyEnd), isQuoted: false, keyword: entry.keyword)
    }

    /// The text of a string (decoded), a word, or a call's callee.
    func text(of value: ParsedValue) -> String {
        if value.textIndex >= 0 { return texts[Int(value.textIndex)] }
        switch value.kind {
        case .string:
            return SourceText.decodeString(
                source, start: Int(value.start), end: Int(value.end), hasEscapes: value.hasEscapes,
                isRepaired: value.isRepaired, isUnterminated: false)
        case .word:
            return value.keyword?.spelling ?? SourceText.string(source, Int(value.start), Int(value.end))
        case .call:
            return value.keyword?.spelling ?? SourceText.string(source, Int(value.start), Int(value.calleeEnd))
        case .number, .list:
            return SourceText.string(source, Int(value.start), Int(value.end))
        }
    }

    /// The source bytes that spell `name` (a name of this declaration read from source): the word, or the
    /// string's contents when it has no escapes (escapes always make the text shorter than what spells it);
    /// `nil` when the text is not spelled as is in the source.
    func sourceBytes(spelling name: NameSyntax) -> UnsafeBufferPointer<UInt8>? {
        let start = name.range.start + (name.isQuoted ? 1 : 0)
        let end = name.range.end - (name.isQuoted ? 1 : 0)
        guard source.baseAddress != nil, start <= end, end <= source.count, name.text.utf8.count == end - start else {
            return nil
        }
        return UnsafeBufferPointer(rebasing: source[start..<end])
    }

    /// The source bytes that spell the text of a word, or of a string without escapes in the usual quotes;
    /// `nil` for other values and for texts that do not come from the source.
    func sourceBytes(of value: ParsedValue) -> UnsafeBufferPointer<UInt8>? {
        guard value.textIndex < 0 else { return nil }
        switch value.kind {
        case .word where value.keyword == nil:
            return UnsafeBufferPointer(rebasing: source[Int(value.start)..<Int(value.end)])
        case .string where !value.hasEscapes && !value.isRepaired && value.end > value.start + 1:
            return UnsafeBufferPointer(rebasing: source[Int(value.start + 1)..<Int(value.end - 1)])
        default:
            return nil
        }
    }

    /// The value at `index` as a syntax tree (for messages that describe what was found, and for tools).
    func syntax(ofValue index: Int) -> ValueSyntax {
        let value = values[index]
        let range = range(of: value)
        switch value.kind {
        case .string: return ValueSyntax(.string(text(of: value)), range: range)
        case .number: return ValueSyntax(.number(value.number), range: range)
        case .word: return ValueSyntax(.word(text(of: value)), range: range, keyword: value.keyword)
        case .list: return ValueSyntax(.list(elementSyntax(of: index)), range: range)
        case .call:
            let callee = NameSyntax(
                text: text(of: value), range: self.range(value.start, value.calleeEnd), isQuoted: false,
                keyword: value.keyword)
            return ValueSyntax(.call(callee, elementSyntax(of: index)), range: range)
        }
    }

    /// The indices of the elements of the list or call at `index`.
    func elements(of index: Int) -> ParsedElements {
        ParsedElements(values: values, start: index + 1, end: Int(values[index].subtreeEnd))
    }

    private func elementSyntax(of index: Int) -> [ValueSyntax] {
        elements(of: index).map { syntax(ofValue: $0) }
    }

    /// The declaration as a syntax tree.
    var syntax: DeclarationSyntax {
        DeclarationSyntax(
            kind: Located(kind, at: kindRange), name: name,
            entries: entries.map { entry in
                EntrySyntax(
                    key: key(of: entry), value: entry.value >= 0 ? syntax(ofValue: Int(entry.value)) : nil,
                    range: range(entry.keyStart, entry.end))
            },
            range: range)
    }
}

/// The indices of a list's or call's direct elements (each element's own elements are stepped over).
struct ParsedElements: Sequence {
    let values: UnsafeBufferPointer<ParsedValue>
    let start: Int
    let end: Int

    struct Iterator: IteratorProtocol {
        let values: UnsafeBufferPointer<ParsedValue>
        var index: Int
        let end: Int

        mutating func next() -> Int? {
            guard index < end else { return nil }
            defer { index = Int(values[index].subtreeEnd) }
            return index
        }
    }

    func makeIterator() -> Iterator { Iterator(values: values, index: start, end: end) }

    /// The number of direct elements.
    var count: Int { reduce(0) { count, _ in count + 1 } }
}

extension ParsedDeclaration {
    /// Calls `body` with the flat form of a declaration built as a tree (its texts are taken from the tree, not
    /// from a source).
    static func withFlattened(_ syntax: DeclarationSyntax, _ body: (borrowing ParsedDeclaration) -> Void) {
        var flattener = Flattener()
        for entry in syntax.entries { flattener.append(entry) }
        let texts = flattener.texts
        flattener.entries.withUnsafeBufferPointer { entries in
            flattener.values.withUnsafeBufferPointer { values in
                let declaration = ParsedDeclaration(
                    kind: syntax.kind.value, kindRange: syntax.kind.range, name: syntax.name, range: syntax.range,
                    entries: entries, values: values, texts: texts)
                body(declaration)
            }
        }
    }

    /// Collects the flat records of a tree's entries.
    private struct Flattener {
        var entries: [ParsedEntry] = []
        var values: [ParsedValue] = []
        var texts: [String] = []

        mutating func append(_ entry: EntrySyntax) {
            var value: Int32 = -1
            if let syntaxValue = entry.value { value = append(syntaxValue) }
            texts.append(entry.key.text)
            entries.append(
                ParsedEntry(
                    keyword: entry.key.keyword ?? Keyword.lookup(entry.key.text),
                    keyStart: UInt32(entry.key.range.start), keyEnd: UInt32(entry.key.range.end),
                    keyTextIndex: Int32(texts.count - 1), value: value, end: UInt32(entry.range.end)))
        }

        private mutating func append(_ syntax: ValueSyntax) -> Int32 {
            let index = values.count
            var value = ParsedValue(
                kind: .word, start: UInt32(syntax.range.start), end: UInt32(syntax.range.end),
                subtreeEnd: Int32(index + 1))
            switch syntax.kind {
            case .string(let text):
                value.kind = .string
                value.textIndex = appendText(text)
                values.append(value)
            case .number(let number):
                value.kind = .number
                value.number = number
                values.append(value)
            case .word(let word):
                value.keyword = syntax.keyword ?? Keyword.lookup(word)
                value.textIndex = appendText(word)
                values.append(value)
            case .list(let elements):
                value.kind = .list
                values.append(value)
                for element in elements { _ = append(element) }
                values[index].subtreeEnd = Int32(values.count)
            case .call(let callee, let arguments):
                value.kind = .call
                value.keyword = callee.keyword ?? Keyword.lookup(callee.text)
                value.calleeEnd = UInt32(callee.range.end)
                value.textIndex = appendText(callee.text)
                values.append(value)
                for argument in arguments { _ = append(argument) }
                values[index].subtreeEnd = Int32(values.count)
            }
            return Int32(index)
        }

        private mutating func appendText(_ text: String) -> Int32 {
            texts.append(text)
            return Int32(texts.count - 1)
        }
    }
}
