// Renderer tests: exact text layout (carets, tabs, wide characters, long lines) and machine formats' escaping.
import Foundation
@testable import ManifestCompiler
import Testing

struct DiagnosticRendererTests {
    private func render(_ text: String, _ diagnostics: (SourceFileID) -> [Diagnostic], format: DiagnosticFormat = .text)
        -> String
    {
        var sources = SourceFileSet()
        let id = sources.add(path: "f.notif", bytes: Array(text.utf8))
        return DiagnosticRenderer.render(diagnostics(id), sources: sources, format: format)
    }

    private func range(_ id: SourceFileID, _ text: String, of needle: String) -> SourceRange {
        let bytes = Array(text.utf8)
        let target = Array(needle.utf8)
        let start = (0...(bytes.count - target.count)).first { Array(bytes[$0..<($0 + target.count)]) == target } ?? 0
        return SourceRange(file: id, start: start, end: start + target.count)
    }

    @Test func headerSnippetCaretAndHelp() {
        let text = "category a {\n    actions: [acept]\n}\n"
        let output = render(text) { id in
            [Diagnostic(.unknownAction, "unknown action 'acept'", at: range(id, text, of: "acept"), help: ["did you mean 'accept'?"])]
        }
        #expect(
            output == """
                f.notif:2:15: error: unknown action 'acept' [E305]
                 2 |     actions: [acept]
                   |               ^~~~~
                   = help: did you mean 'accept'?

                """)
    }

    /// A UTF-8 byte order mark takes no column, in the header, the machine formats and the caret line; a diagnostic
    /// at the very start keeps column 1.
    @Test func aByteOrderMarkTakesNoColumn() {
        let text = "\u{FEFF}action a {\n}\n"
        let output = render(text) { id in
            [Diagnostic(.unusedAction, "m", at: range(id, text, of: "a {")), Diagnostic(.emptyManifest, "n", at: .point(id, 0))]
        }
        #expect(output.contains("f.notif:1:8: warning: m [W303]\n 1 | action a {\n   |        ^~~\n"), "\(output)")
        #expect(output.contains("f.notif:1:1: warning: n [W312]"), "\(output)")
        #expect(!output.contains("\u{FEFF}"), "the mark is not shown, not even for a diagnostic at offset 0")
        let json = render(text, { id in [Diagnostic(.unusedAction, "m", at: range(id, text, of: "a {"))] }, format: .json)
        #expect(json.contains("\"column\": 8") || json.contains("\"column\":8"), "\(json)")
    }

    @Test func tabsAreRepeatedInTheCaretLine() {
        let text = "\t\tx: [y]\n"
        let output = render(text) { id in [Diagnostic(.unknownAction, "m", at: range(id, text, of: "y"))] }
        #expect(output.contains(" 1 | \t\tx: [y]\n   | \t\t    ^\n"))
    }

    @Test func wideCharactersTakeTwoColumns() {
        let text = "a \"稍後\" b\n"
        let output = render(text) { id in [Diagnostic(.unknownAction, "m", at: range(id, text, of: "b"))] }
        // Column counts scalars (1-based: a, space, ", 稍, 後, ", space, b = 8); the caret is under 'b' on screen.
        #expect(output.hasPrefix("f.notif:1:8: error:"))
        #expect(output.contains("   |          ^\n"))
    }

    @Test func emptyRangeGetsOneCaret() {
        let text = "title:\n"
        let output = render(text) { id in [Diagnostic(.missingValue, "m", at: .point(id, 6))] }
        #expect(output.contains(" 1 | title:\n   |       ^\n"))
    }

    @Test func multiLineRangeIsUnderlinedToTheEndOfItsFirstLine() {
        let text = "ab\ncd\n"
        let output = render(text) { id in [Diagnostic(.unknownKey, "m", at: SourceRange(file: id, start: 1, end: 5))] }
        #expect(output.contains(" 1 | ab\n   |  ^\n"))
    }

    @Test func longLinesAreCutAroundTheCaret() {
        let text = String(repeating: "x", count: 500) + "TARGET" + String(repeating: "y", count: 500) + "\n"
        let output = render(text) { id in [Diagnostic(.unknownKey, "m", at: range(id, text, of: "TARGET"))] }
        let lines = output.split(separator: "\n")
        #expect(lines[1].contains("…") && lines[1].contains("TARGET"))
        #expect(lines[1].count < 140)
        let caretColumn = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let targetColumn = lines[1].range(of: "TARGET").map { lines[1].distance(from: lines[1].startIndex, to: $0.lowerBound) }
        #expect(caretColumn == targetColumn)
    }

    @Test func controlCharactersArePrintedAsPictures() {
        let text = "a\u{1}b\n"
        let output = render(text) { id in [Diagnostic(.unexpectedCharacter, "m", at: SourceRange(file: id, start: 1, end: 2))] }
        #expect(output.contains("a\u{2401}b"))
    }

    /// Combining marks share their base's column, so the underline is as wide as what the terminal shows;
    /// a line or paragraph separator in the line is shown as ␤, not echoed (some terminals break the line there).
    @Test func combiningMarksAndLineSeparatorsKeepTheSnippetAligned() {
        let text = "a [e\u{301}\u{301}t\u{E9}] b\n"
        let output = render(text) { id in [Diagnostic(.unknownAction, "m", at: range(id, text, of: "e\u{301}\u{301}t\u{E9}"))] }
        #expect(output.contains("\n   |    ^~~\n"), "\(output)")
        let separated = "a\u{2028}b\n"
        let shown = render(separated) { id in [Diagnostic(.unexpectedCharacter, "m", at: range(id, separated, of: "b"))] }
        #expect(shown.contains(" 1 | a\u{2424}b\n   |   ^\n"), "\(shown)")
    }

    @Test func notesWithAndWithoutLocations() {
        let text = "x\ny\n"
        let output = render(text) { id in
            [
                Diagnostic(
                    .duplicateKey, "dup", at: SourceRange(file: id, start: 2, end: 3),
                    notes: [DiagnosticNote("first here", at: SourceRange(file: id, start: 0, end: 1)), DiagnosticNote("plain note")])
            ]
        }
        #expect(
            output == """
                f.notif:2:1: error: dup [E302]
                 2 | y
                   | ^
                   = note: plain note
                f.notif:1:1: note: first here
                 1 | x
                   | ^

                """)
    }

    @Test func unlocatedDiagnosticsNameTheTool() {
        let output = render("") { _ in [Diagnostic(.noInputFiles, "no .notif files in directory 'd'", at: nil)] }
        #expect(output == "notifc: error: no .notif files in directory 'd' [E007]\n")
    }

    @Test func githubEscaping() {
        #expect(GitHubDiagnosticRenderer.escape("100% a\nb\rc", inProperty: false) == "100%25 a%0Ab%0Dc")
        #expect(GitHubDiagnosticRenderer.escape("a:b,c%", inProperty: true) == "a%3Ab%2Cc%25")
        let output = render("x\n", { id in [Diagnostic(.unknownKey, "bad: 'x', 100%", at: SourceRange(file: id, start: 0, end: 1))] }, format: .github)
        #expect(output == "::error file=f.notif,line=1,col=1,endLine=1,endColumn=2,title=notifc E301::bad: 'x', 100%25\n")
    }

    @Test func sarifIsValidAndPercentEncodesPaths() throws {
        #expect(SARIFDiagnosticRenderer.uriReference("dir with space/é.notif") == "dir%20with%20space/%C3%A9.notif")
        let output = render("x\n", { id in [Diagnostic(.unknownKey, "m", at: SourceRange(file: id, start: 0, end: 1))] }, format: .sarif)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "E301")
        #expect(result["level"] as? String == "error")
    }

    @Test func jsonFormatRoundTrips() throws {
        let output = render("x\n", { id in
            [Diagnostic(.unknownKey, "m \"quoted\"", at: SourceRange(file: id, start: 0, end: 1), help: ["h"])]
        }, format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let diagnostic = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["message"] as? String == "m \"quoted\"")
        #expect(diagnostic["line"] as? Int == 1)
        #expect(diagnostic["endColumn"] as? Int == 2)
        #expect(diagnostic["help"] as? [String] == ["h"])
        #expect(object["errorCount"] as? Int == 1)
    }

    @Test func columnsCountScalarsInEveryFormat() {
        let text = "é₽ x\n"
        let located = { (id: SourceFileID) in [Diagnostic(.unknownKey, "m", at: SourceRange(file: id, start: 6, end: 7))] }
        #expect(render(text, located).hasPrefix("f.notif:1:4:"))
        #expect(render(text, located, format: .github).contains("col=4,"))
        #expect(render(text, located, format: .json).contains("\"column\": 4"))
        #expect(render(text, located, format: .sarif).contains("\"startColumn\": 4"))
    }
}
