// The formatter: goldens with comments in odd places, idempotence, meaning and comment preservation on every
// fixture and example, agreement with ManifestPrinter, and layouts scrambled then formatted back.
import Foundation
@testable import ManifestCompiler
import Testing

struct FormatterTests {
    static let goldenCases = TestPaths.files(in: TestPaths.fixtures.appendingPathComponent("fmt"), withExtension: "notif")
        .map { $0.deletingPathExtension().lastPathComponent }

    @Test func thereAreGoldenCases() {
        #expect(Self.goldenCases == ["blank-lines", "comments", "values"])
    }

    @Test(arguments: goldenCases)
    func golden(_ name: String) throws {
        let url = TestPaths.fixtures.appendingPathComponent("fmt/\(name).notif")
        let text = try String(contentsOf: url, encoding: .utf8)
        let formatted = try #require(FormatTest.format(text, path: "fmt/\(name).notif"))
        Golden.assertMatches(formatted, "fmt/\(name).formatted")
    }

    // MARK: - Properties over every fixture and example

    @Test func everyFileWithoutSyntaxErrorsFormatsAndOnlyThose() {
        var formattedCount = 0
        for unit in FormatTest.units {
            for (path, text) in unit.files {
                switch FormatTest.outcome(text, path: path) {
                case .formatted:
                    #expect(FormatTest.parsesCleanly(text), "\(path) formatted despite syntax errors")
                    formattedCount += 1
                case .invalid(let diagnostics):
                    #expect(!FormatTest.parsesCleanly(text), "\(path) refused without syntax errors")
                    #expect(diagnostics.hasErrors)
                case .internalFailure:
                    Issue.record("\(path): internal formatter failure")
                }
            }
        }
        #expect(formattedCount >= 20)
    }

    @Test func formattingIsIdempotent() {
        for unit in FormatTest.units {
            for (path, text) in unit.files where FormatTest.parsesCleanly(text) {
                guard let once = FormatTest.format(text, path: path), let twice = FormatTest.format(once, path: path) else {
                    continue
                }
                #expect(once == twice, "\(path):\n\(Golden.lineDiff(expected: once, actual: twice))")
            }
        }
    }

    /// Compiles each unit before and after formatting its files: the same manifest, or the same diagnostics.
    @Test func formattingPreservesMeaning() {
        var compared = 0
        for unit in FormatTest.units where unit.files.allSatisfy({ FormatTest.parsesCleanly($0.text) }) {
            let formatted = unit.files.map { ($0.path, FormatTest.format($0.text, path: $0.path) ?? "") }
            let before = TestCompile.files(unit.files)
            let after = TestCompile.files(formatted)
            #expect(after.manifest == before.manifest, "\(unit.name)")
            #expect(after.codes == before.codes, "\(unit.name): \(TestCompile.rendered(after))")
            if let manifest = before.manifest {
                for format in EmitFormat.allCases {
                    #expect(format.emitter.emit(manifest) == format.emitter.emit(after.manifest ?? manifest))
                }
            }
            compared += 1
        }
        #expect(compared >= 20)
    }

    @Test func commentsAreKeptInOrder() {
        for unit in FormatTest.units {
            for (path, text) in unit.files where FormatTest.parsesCleanly(text) {
                guard let formatted = FormatTest.format(text, path: path) else { continue }
                #expect(FormatTest.comments(formatted) == FormatTest.comments(text), "\(path)")
            }
        }
    }

    @Test func theShippedManifestsAreCanonical() throws {
        for url in TestPaths.exampleManifests {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(FormatTest.format(text) == text, "\(url.lastPathComponent) is not canonical; run notifc fmt --write")
        }
    }

    /// `notifc import` writes manifests with ManifestPrinter; fmt must leave them exactly as they are.
    @Test func printedManifestsAreAlreadyCanonical() throws {
        for (name, manifest) in try ManifestPrinterTests.allManifests() {
            for header in [[], ["Imported from Info.plist.", "", "Second paragraph."]] {
                let printed = ManifestPrinter.text(of: manifest, header: header)
                #expect(FormatTest.format(printed) == printed, "\(name)")
            }
        }
    }

    @Test func longListsWrapLikeThePrinter() throws {
        let manifest = Manifest(
            actions: (0..<30).map { Action(identifier: "action\($0)", title: "A \($0)") },
            categories: [Category(identifier: "many", actions: (0..<30).map { "action\($0)" })],
            extensions: [])
        let printed = ManifestPrinter.text(of: manifest)
        #expect(printed.contains("    actions: [\n        action0,\n"))
        #expect(FormatTest.format(printed) == printed)
        let oneLine = printed.replacingOccurrences(of: ",\n        ", with: ", ")
            .replacingOccurrences(of: "[\n        ", with: "[").replacingOccurrences(of: ",\n    ]", with: "]")
        #expect(oneLine.contains("actions: [action0, action1,"))
        #expect(FormatTest.format(oneLine) == printed)
    }

    // MARK: - Scrambled layouts

    /// Canonical texts with their whitespace scrambled (indentation with spaces and tabs, trailing blanks, blank
    /// lines where they carry no meaning, CRLF line ends) format back to exactly the canonical text.
    @Test func scrambledWhitespaceFormatsBack() throws {
        var generator = SeededGenerator(seed: 0x6E6F_7469_6663)
        for unit in FormatTest.units {
            for (path, text) in unit.files where FormatTest.parsesCleanly(text) {
                guard let canonical = FormatTest.format(text, path: path) else { continue }
                for _ in 0..<4 {
                    let scrambled = Self.scrambleWhitespace(canonical, using: &generator)
                    #expect(FormatTest.format(scrambled, path: path) == canonical, "\(path)\n\(scrambled)")
                }
            }
        }
    }

    /// Canonical texts with comments added at every place a line may end or start: the result formats, keeps the
    /// meaning and every comment in order, and is idempotent.
    @Test func commentsAddedEverywhereAreKept() throws {
        var generator = SeededGenerator(seed: 42)
        for unit in FormatTest.units {
            for (path, text) in unit.files where FormatTest.parsesCleanly(text) {
                guard let canonical = FormatTest.format(text, path: path) else { continue }
                let commented = Self.addComments(canonical, using: &generator)
                guard let formatted = FormatTest.format(commented, path: path) else { continue }
                #expect(FormatTest.comments(formatted) == FormatTest.comments(commented), "\(path)")
                #expect(FormatTest.format(formatted, path: path) == formatted, "\(path)")
                let before = TestCompile.source(commented, path: path)
                let after = TestCompile.source(formatted, path: path)
                #expect(after.manifest == before.manifest, "\(path)")
                #expect(after.codes == before.codes, "\(path)")
            }
        }
    }

    /// Commas and closing brackets moved to lines of their own, with comments before and after them: the file is
    /// formatted (not refused), its comments stay in order, and formatting it again changes nothing.
    @Test func commentsAroundCommasAndClosingBracketsAreKept() throws {
        var generator = SeededGenerator(seed: 7)
        var formattedCount = 0
        for unit in FormatTest.units {
            for (path, text) in unit.files where FormatTest.parsesCleanly(text) {
                guard let canonical = FormatTest.format(text, path: path) else { continue }
                let commented = Self.breakBeforePunctuation(canonical, using: &generator)
                guard FormatTest.parsesCleanly(commented) else { continue }
                let formatted = try #require(FormatTest.format(commented, path: path), "\(path):\n\(commented)")
                #expect(FormatTest.comments(formatted) == FormatTest.comments(commented), "\(path)")
                #expect(FormatTest.format(formatted, path: path) == formatted, "\(path):\n\(commented)")
                formattedCount += 1
            }
        }
        #expect(formattedCount >= 20)
    }

    /// An own-line comment before a comma and one after it: both kept, in order (they used to swap, and the file
    /// was refused). Two comments after a `]`: the second goes below it, not inside the list.
    @Test func commentsNextToACommaOnItsOwnLine() {
        let beforeAndAfter = """
            action a {
                title: "A"
                // TODO: re-enable
                , // trailing comma kept for diffs
            }
            category c { actions: [a] }

            """
        #expect(FormatTest.format(beforeAndAfter, path: "a.notif") == """
            action a {
                title: "A"
                // TODO: re-enable
                // trailing comma kept for diffs
            }

            category c {
                actions: [a]
            }

            """)
        let afterBracket = """
            action a { title: "A" }
            category c {
                actions: [ // first
                    a
                ] // after list
                , // after comma
                options: [customDismissAction]
            }

            """
        let formatted = FormatTest.format(afterBracket, path: "c.notif")
        #expect(formatted?.contains("    ] // after list\n    // after comma\n    options:") == true, "\(formatted ?? "")")
        #expect(formatted.flatMap { FormatTest.format($0, path: "c.notif") } == formatted)
    }

    /// Puts some commas and closing brackets on lines of their own, with comments around them.
    private static func breakBeforePunctuation(_ text: String, using generator: inout SeededGenerator) -> String {
        var result = ""
        var counter = 0
        var inString = false, escaped = false, inComment = false
        for character in text {
            if inComment || inString {  // strings and comments are left alone
                result.append(character)
                if inComment { inComment = character != "\n" }
                else if escaped { escaped = false }
                else if character == "\\" { escaped = true }
                else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" { inString = true }
            if character == "/", result.last == "/" { inComment = true }
            if character == "," || character == "]" || character == ")", generator.next(below: 3) == 0 {
                counter += 1
                switch generator.next(below: 3) {
                case 0: result += " // before \(counter)\n"
                case 1: result += "\n// own \(counter)\n"
                default: result += "\n"
                }
            }
            result.append(character)
            if character == ",", generator.next(below: 3) == 0 {
                counter += 1
                result += " // after \(counter)\n"
            }
        }
        return result
    }

    private static func scrambleWhitespace(_ text: String, using generator: inout SeededGenerator) -> String {
        let whitespace = [" ", "  ", "\t", "    ", " \t", ""]
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let content = line.drop { $0 == " " }
            guard !content.isEmpty else {
                lines.append(String(line))
                continue
            }
            lines.append(whitespace[generator.next(below: whitespace.count)] + content + whitespace[generator.next(below: 3)])
            // Blank lines change nothing after code (they only separate comment blocks from what follows them).
            if !content.hasPrefix("//") {
                for _ in 0..<generator.next(below: 3) { lines.append(whitespace[generator.next(below: 3)]) }
            }
        }
        let joined = lines.joined(separator: "\n")
        return generator.next(below: 2) == 0 ? joined.replacingOccurrences(of: "\n", with: "\r\n") : joined
    }

    private static func addComments(_ text: String, using generator: inout SeededGenerator) -> String {
        var lines: [String] = []
        var counter = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            counter += 1
            if generator.next(below: 3) == 0 { lines.append("// own line \(counter)") }
            lines.append(generator.next(below: 2) == 0 ? "\(line) // trailing \(counter)" : String(line))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Specific layouts

    @Test func emptyAndCommentOnlyFiles() {
        #expect(FormatTest.format("") == "")
        #expect(FormatTest.format("\n\n  \t\n") == "")
        #expect(FormatTest.format("// one\n\n\n// two") == "// one\n\n// two\n")
    }

    @Test func lineEndingsAndByteOrderMark() {
        let text = "\u{FEFF}category a {\r\n\tactions: []  \r\n} // done\r\n"
        #expect(FormatTest.format(text) == "category a {\n    actions: []\n} // done\n")
    }

    @Test func referencesAreUnquotedButStringListsAreNot() {
        let text = """
            category c { actions: ["a", "b.c", "true"], intentIdentifiers: ["INSendMessageIntent"] }
            contentExtension "E" { categories: ["c"], storyboard: "M" }
            serviceExtension S { principalClass: "P" }
            """
        let expected = """
            category c {
                actions: [a, "b.c", true]
                intentIdentifiers: ["INSendMessageIntent"]
            }

            contentExtension E {
                categories: [c]
                storyboard: "M"
            }

            serviceExtension S {
                principalClass: "P"
            }

            """
        #expect(FormatTest.format(text) == expected)
    }

    @Test func syntaxErrorsAreReportedNotFormatted() {
        guard case .invalid(let bag) = FormatTest.outcome("action a {\n    title: \"A\"\n    options: [.foreground]\n")
        else {
            Issue.record("expected the file to be refused")
            return
        }
        #expect(bag.sorted().map(\.code) == [.unexpectedCharacter, .expectedToken])
    }

    @Test func binaryAndOversizedFilesAreRefused() {
        guard case .invalid(let binary) = FormatTest.outcome("action a {}\u{0}") else {
            Issue.record("a NUL byte must be refused")
            return
        }
        #expect(binary.sorted().map(\.code) == [.binaryFile])
        var limits = Limits.default
        limits.maxFileSize = 10
        let file = SourceFile(id: SourceFileID(index: 0), path: "big.notif", bytes: Array("category abcdefgh {}".utf8))
        guard case .invalid(let large) = ManifestFormatter.format(file, limits: limits) else {
            Issue.record("an oversized file must be refused")
            return
        }
        #expect(large.sorted().map(\.code) == [.fileTooLarge])
    }

    /// A file within the limits whose formatted text would not be (escapes lengthen strings, one element per line
    /// lengthens files) is refused with the limit it would break, located, not as a formatter failure.
    @Test func limitsTheFormattedTextWouldBreakAreReported() {
        var limits = Limits.default
        limits.maxStringLength = 8
        let tabs = "action a { title: \"\t\t\t\t\t\tx\" }\n"  // 7 bytes written, 13 once escaped
        let file = SourceFile(id: SourceFileID(index: 0), path: "t.notif", bytes: Array(tabs.utf8))
        guard case .invalid(let string) = ManifestFormatter.format(file, limits: limits) else {
            Issue.record("a string over the limit once escaped must be reported")
            return
        }
        #expect(string.diagnostics.map(\.code) == [.tokenTooLong])
        #expect(string.diagnostics.first?.range == SourceRange(file: file.id, start: 18, end: 27))
        #expect(string.diagnostics.first?.message
            == "string would be too long once formatted (13 bytes with its escapes; the limit is 8)")

        limits = Limits.default
        let compact = "action a{title:\"A\",options:[a,a,a,a]}\n"
        limits.maxFileSize = compact.utf8.count
        let list = SourceFile(id: SourceFileID(index: 0), path: "l.notif", bytes: Array(compact.utf8))
        guard case .invalid(let size) = ManifestFormatter.format(list, limits: limits) else {
            Issue.record("a file over the limit once formatted must be reported")
            return
        }
        #expect(size.diagnostics.map(\.code) == [.fileTooLarge])
        #expect(size.diagnostics.first?.message.hasPrefix("file would be too large once formatted") == true)
    }
}

extension SeededGenerator {
    /// A number in `0..<bound`.
    mutating func next(below bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }
}

/// Random edits of every fixture: whatever still parses formats without an internal failure, idempotently,
/// keeping its comments; whatever does not parse is refused. Never a crash.
struct FormatterRobustnessTests {
    @Test(arguments: 0..<4)
    func randomEditsFormatOrAreRefused(_ seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 77)
        let fragments = [
            "{", "}", "[", "]", "(", ")", ":", ",", ",\n", "\n", "\n\n", " ", "\t", "// note\n", " // tail", "\"x\"",
            "\"a.b\"", "word", "1.50", "-0", "category c {}", "action a { title: \"T\" }", "[a, [b]]", "icon(\"i\")",
        ]
        var formatted = 0
        for unit in FormatTest.units {
            for (path, text) in unit.files where FormatTest.parsesCleanly(text) {
                for _ in 0..<10 {
                    var scalars = Array(text.unicodeScalars)
                    for _ in 0..<generator.next(below: 3) + 1 {
                        let position = generator.next(below: scalars.count + 1)
                        if generator.next(below: 3) == 0 {
                            scalars.removeSubrange(position..<min(scalars.count, position + generator.next(below: 8) + 1))
                        } else {
                            scalars.insert(contentsOf: fragments[generator.next(below: fragments.count)].unicodeScalars, at: position)
                        }
                    }
                    var mutated = ""
                    mutated.unicodeScalars.append(contentsOf: scalars)
                    switch FormatTest.outcome(mutated, path: path) {
                    case .formatted(let once):
                        formatted += 1
                        #expect(FormatTest.parsesCleanly(mutated))
                        #expect(FormatTest.format(once) == once, "\(path): not idempotent for\n\(mutated)")
                        #expect(FormatTest.comments(once) == FormatTest.comments(mutated), "\(path)")
                    case .invalid(let diagnostics):
                        #expect(diagnostics.hasErrors)
                        #expect(!FormatTest.parsesCleanly(mutated))
                    case .internalFailure:
                        Issue.record("\(path): internal failure for\n\(mutated)")
                    }
                }
            }
        }
        #expect(formatted > 30)
    }
}
