// `notifc:ignore CODE` comments: silencing findings where they are reported, and reporting unused ones.

/// Applies `notifc:ignore` comments: `// notifc:ignore E451` in Swift, Objective-C, manifests and `.strings`
/// tables, `<!-- notifc:ignore E451 -->` in property lists and `.stringsdict` files.
///
/// A comment silences findings with the codes it names on its own line and on the next line that is not
/// blank; in a property list, when that line holds a dictionary key, also on the key's whole value (as the
/// property-list reader read it); in a manifest, when it follows a closing `}`, `]` or `)` on that brace's line,
/// also on everything from the line of the matching opening one (`fmt` writes a one-line declaration's trailing
/// comment after its `}`). In a manifest only warnings are silenced: `build` cannot write outputs from a manifest
/// with an error, so `lint` does not hide one either. A comment that silences nothing is warning `W455` (reported by
/// `import` when the codes it names are ones only `import` reports, such as `W458`, else by `lint`).
public enum SuppressionFilter {
    struct Marker {
        var file: SourceFileID
        var range: SourceRange
        var codes: [String]
        var lines: ClosedRange<Int>
        var isInManifest: Bool
        var used = Set<String>()
    }

    /// Which comments that silence nothing a command reports (`W455`).
    public enum UnusedComments: Sendable {
        /// None (`build` leaves them to `lint`).
        case none
        /// Those naming codes `lint` reports, and those naming no code (`lint`).
        case lint
        /// Those naming codes only `import` reports (``DiagnosticCode/isReportedOnlyByImport``), which `lint`
        /// leaves alone (`import`).
        case importOnly
    }

    /// `diagnostics` without the silenced ones, followed by a warning per unused comment that `reporting` names.
    public static func apply(
        _ diagnostics: [Diagnostic], sources: SourceFileSet, reporting: UnusedComments = .lint
    ) -> [Diagnostic] {
        var markers: [Marker] = []
        var tables: [SourceFileID: LineTable] = [:]
        for file in sources.files where Suppressions.markerStart(in: file.bytes[...]) != nil {
            let table = LineTable(file)
            tables[file.id] = table
            markers += findMarkers(in: file, table: table)
        }
        guard !markers.isEmpty else { return diagnostics }
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard let range = diagnostic.range, let table = tables[range.file] else {
                kept.append(diagnostic)
                continue
            }
            let line = table.lineIndex(of: range.start)
            let isError = diagnostic.code.rawValue.hasPrefix("E")
            if let index = markers.firstIndex(where: {
                $0.file == range.file && $0.lines.contains(line) && $0.codes.contains(diagnostic.code.rawValue)
                    && !($0.isInManifest && isError)
            }) {
                markers[index].used.insert(diagnostic.code.rawValue)
            } else {
                kept.append(diagnostic)
            }
        }
        for marker in markers where reporting != .none {
            let unused = marker.codes.filter {
                !marker.used.contains($0) && (DiagnosticCode(rawValue: $0)?.isReportedOnlyByImport == true) == (reporting == .importOnly)
            }
            guard !unused.isEmpty || (marker.codes.isEmpty && reporting == .lint) else { continue }
            let errors = marker.isInManifest ? unused.filter { $0.hasPrefix("E") } : []
            if !errors.isEmpty {
                kept.append(
                    Diagnostic(
                        .unusedSuppression,
                        "notifc:ignore cannot silence \(errors.joined(separator: " ")) in a manifest: it is an error",
                        at: marker.range, help: ["build writes nothing while a manifest has an error; fix it instead"]))
                continue
            }
            let message = marker.codes.isEmpty
                ? "notifc:ignore names no diagnostic code"
                : "notifc:ignore \(unused.joined(separator: " ")) silences nothing here"
            kept.append(
                Diagnostic(
                    .unusedSuppression, message, at: marker.range,
                    help: ["name the code of a finding on this line or the next, or remove the comment"]))
        }
        return kept
    }

    /// The `notifc:ignore` comments of `file` and the lines each covers.
    private static func findMarkers(in file: SourceFile, table: LineTable) -> [Marker] {
        let (comments, entries, closed) = commentsAndEntries(of: file)
        var markers: [Marker] = []
        for comment in comments {
            guard let markerStart = Suppressions.markerStart(in: file.bytes[comment]),
                let codes = Suppressions.codes(in: file.bytes[comment])
            else { continue }
            let line = table.lineIndex(of: comment.lowerBound)
            var first = line
            if let pair = closed.last(where: { $0.closer < comment.lowerBound }), table.lineIndex(of: pair.closer) == line {
                first = table.lineIndex(of: pair.opener)
            }
            var last = table.lineIndex(of: max(comment.lowerBound, comment.upperBound - 1))
            if let next = nextNonBlankLine(after: last, in: file, table: table) {
                last = next
                // In a property list, the key that follows the comment on that line brings its whole value.
                if let entry = entries.first(where: { $0.key.start >= comment.upperBound }),
                    table.lineIndex(of: entry.key.start) == next
                {
                    last = max(next, table.lineIndex(of: max(entry.value.start, entry.value.end - 1)))
                }
            }
            var end = comment.upperBound
            if end > markerStart, file.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            markers.append(
                Marker(
                    file: file.id, range: SourceRange(file: file.id, start: markerStart, end: end), codes: codes,
                    lines: first...max(line, last), isInManifest: FileNames.hasSuffix(file.path, ".notif")))
        }
        return markers
    }

    /// The byte ranges of the comments of `file`, found by the reader of its format, so that `notifc:ignore`
    /// inside a string literal is not taken for a comment: `<!-- … -->` in property lists and `.stringsdict`
    /// files (the property-list reader); `//` and `/* … */` in `.strings` tables (their reader), and in Swift
    /// and Objective-C (`.swift`, `.m`, `.mm`, `.h`; the registration scanner's lexer);
    /// none in String Catalogs (JSON has no comments); `//` in a manifest (any other file), read as Swift when
    /// the manifest's text does not pass screening (invalid UTF-8, a NUL byte), which is itself a finding.
    /// For a property list, also where each dictionary key and its value were written, in document order; for a
    /// manifest, where each matched pair of braces, brackets or parentheses opens and closes, in closing order.
    private static func commentsAndEntries(of file: SourceFile) -> (
        comments: [Range<Int>], entries: [(key: SourceRange, value: SourceRange)], closed: [(opener: Int, closer: Int)]
    ) {
        if FileNames.hasSuffix(file.path, ".plist") || FileNames.hasSuffix(file.path, ".stringsdict") {
            let (root, comments) = PropertyListReader.readWithComments(file)
            var entries: [(key: SourceRange, value: SourceRange)] = []
            func collect(_ node: PropertyListNode) {
                for entry in node.entries ?? [] {
                    entries.append((entry.keyRange, entry.value.range))
                    collect(entry.value)
                }
                for element in node.elements ?? [] { collect(element) }
            }
            if let root { collect(root) }
            return (comments, entries.sorted { $0.key.start < $1.key.start }, [])
        }
        if FileNames.hasSuffix(file.path, ".xcstrings") { return ([], [], []) }
        if FileNames.hasSuffix(file.path, ".strings") { return (StringsFileReader.comments(of: file), [], []) }
        if [".swift", ".m", ".mm", ".h"].contains(where: { FileNames.hasSuffix(file.path, $0) }) {
            return (codeComments(file.bytes, language: CodeLanguage(path: file.path)), [], [])
        }
        guard let stream = TokenStream(file.bytes) else { return (codeComments(file.bytes, language: .swift), [], []) }
        return (stream.comments, [], closedPairs(stream.tokens))
    }

    /// Where each matched pair of braces, brackets or parentheses among `tokens` opens and closes, in the order
    /// they close.
    private static func closedPairs(_ tokens: [Token]) -> [(opener: Int, closer: Int)] {
        var open: [Token] = []
        var pairs: [(opener: Int, closer: Int)] = []
        for token in tokens {
            switch token.kind {
            case .leftBrace, .leftBracket, .leftParen:
                open.append(token)
            case .rightBrace, .rightBracket, .rightParen:
                let opener: TokenKind = token.kind == .rightBrace ? .leftBrace : token.kind == .rightBracket ? .leftBracket : .leftParen
                if let last = open.last, last.kind == opener {
                    open.removeLast()
                    pairs.append((last.start, token.start))
                }
            default:
                break
            }
        }
        return pairs
    }

    private static func codeComments(_ bytes: [UInt8], language: CodeLanguage) -> [Range<Int>] {
        CodeLexer.tokenize(bytes, language: language).suppressions.map { $0.start..<$0.end }
    }

    private static func nextNonBlankLine(after line: Int, in file: SourceFile, table: LineTable) -> Int? {
        var next = line + 1
        while next < table.lineCount {
            if file.bytes[table.byteRange(ofLine: next)].contains(where: { !isBlank($0) }) { return next }
            next += 1
        }
        return nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}

extension DiagnosticBag {
    /// The bag without the findings that `notifc:ignore` comments in `sources` silence (``SuppressionFilter``),
    /// with the warnings `reporting` names for comments that silence nothing (none for `build`, which leaves them to
    /// `lint`); errors are kept when `keepingErrors` (`import`, which writes no manifest while there is one).
    public func withoutSuppressed(
        in sources: SourceFileSet, reporting: SuppressionFilter.UnusedComments = .none, keepingErrors: Bool = false
    ) -> DiagnosticBag {
        // A clean build does not search its inputs for comments.
        guard !diagnostics.isEmpty || reporting != .none else { return self }
        let errors = keepingErrors ? diagnostics.filter { $0.severity == .error } : []
        let silenceable = keepingErrors ? diagnostics.filter { $0.severity != .error } : diagnostics
        let kept = SuppressionFilter.apply(silenceable, sources: sources, reporting: reporting)
        guard kept != silenceable else { return self }
        var bag = DiagnosticBag(errorLimit: errorLimit)
        for diagnostic in errors + kept { bag.append(diagnostic) }
        if isTruncated { bag.noteStoppedEarly() }
        return bag
    }
}
