// The language server's pure parts: position conversions, URIs, the completion context.
import ManifestCompiler
@testable import NotifcLanguageServer
import Testing

struct LanguageServerUnitTests {
    /// Lines with and without characters outside ASCII (ASCII lines are converted without walking them).
    static let text = "a😀中\r\nx\u{301}y\n\nplain, ascii\r\n🇫🇷 é"

    @Test(arguments: [PositionEncoding.utf16, .utf8])
    func everyCharacterBoundaryRoundTrips(_ encoding: PositionEncoding) {
        let bytes = Array(Self.text.utf8)
        let positions = TextPositions(bytes, encoding: encoding)
        var offset = 0
        // Split by scalars: to Swift's String, "\r\n" is one character.
        for (lineIndex, line) in Self.text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var units = 0
            for scalar in line {
                #expect(positions.position(of: offset) == Position(line: lineIndex, character: units))
                #expect(positions.offset(of: Position(line: lineIndex, character: units)) == offset)
                offset += scalar.utf8.count
                units += encoding == .utf8 ? scalar.utf8.count : scalar.utf16.count
            }
            #expect(positions.position(of: offset) == Position(line: lineIndex, character: units))
            offset += 1  // the line feed
        }
    }

    /// Long lines past several anchors, with characters of every width, a line break after a lead byte whose
    /// sequence is cut short: every offset converts as walking the line from its start does.
    @Test(arguments: [PositionEncoding.utf16, .utf8])
    func anchoredPositionsMatchAWalkFromTheLineStart(_ encoding: PositionEncoding) {
        let line = String(repeating: "ab\u{E9}\u{2026}😀 ", count: 120)
        var bytes = Array((line + "\n" + line + "\n" + String(repeating: "x", count: 700) + "\u{E9}" + line).utf8)
        bytes.insert(contentsOf: [0xE2, UInt8(ascii: "\n")], at: 900)
        let positions = TextPositions(bytes, encoding: encoding)
        var lineIndex = 0, lineStart = 0
        for offset in 0...bytes.count {
            if offset > 0, bytes[offset - 1] == UInt8(ascii: "\n") {
                lineIndex += 1
                lineStart = offset
            }
            // The reference: code units of the whole characters between the line's start and `offset`.
            var units = 0, index = lineStart
            while index < offset {
                let lead = bytes[index]
                var length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                if index + length > bytes.count || bytes[index + 1..<index + length].contains(where: { $0 & 0xC0 != 0x80 }) { length = 1 }
                if index + length > offset { break }
                units += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
                index += length
            }
            #expect(positions.position(of: offset) == Position(line: lineIndex, character: units), "offset \(offset)")
        }
    }

    /// A numeric request id is echoed as written (not rounded through a Double, not `inf`); `"id": null` on a request
    /// is an invalid request, not a notification.
    @Test func requestIDsAreEchoedAsWritten() throws {
        for id in ["9007199254740993", "1e400", "-0", "12.50"] {
            let message = IncomingMessage(Array(#"{"jsonrpc": "2.0", "id": \#(id), "method": "shutdown"}"#.utf8), limits: .default)
            guard case .call(let parsed?, "shutdown", _) = message else {
                Issue.record("not a call: \(message)")
                continue
            }
            let response = String(decoding: Outgoing.response(id: parsed) { $0.null() }, as: UTF8.self)
            #expect(response.contains("\"id\": \(id),"), "\(response)")
        }
        let null = IncomingMessage(Array(#"{"jsonrpc": "2.0", "id": null, "method": "unknown/thing"}"#.utf8), limits: .default)
        guard case .invalid(nil, .invalidRequest, _) = null else {
            Issue.record("not an invalid request: \(null)")
            return
        }
    }

    @Test func positionsPastTheEndClamp() {
        let positions = TextPositions(Array("ab\n😀\n".utf8), encoding: .utf16)
        #expect(positions.offset(of: Position(line: 0, character: 99)) == 2)
        #expect(positions.offset(of: Position(line: 1, character: 1)) == 3)  // inside the surrogate pair
        #expect(positions.offset(of: Position(line: 1, character: 2)) == 7)
        #expect(positions.offset(of: Position(line: 9, character: 0)) == 8)
        #expect(positions.position(of: 5) == Position(line: 1, character: 0))  // inside the emoji's bytes
        let ascii = TextPositions(Array("ab\r\ncd".utf8), encoding: .utf16)
        #expect(ascii.offset(of: Position(line: 0, character: 99)) == 2)  // the end of the line, before "\r\n"
        #expect(ascii.offset(of: Position(line: 1, character: 1)) == 5)
        #expect(ascii.position(of: 6) == Position(line: 1, character: 2))
    }

    @Test func fileURIs() {
        #expect(DocumentURI.path(of: "file:///Users/me/My%20App/%E4%B8%AD.notif") == "/Users/me/My App/中.notif")
        #expect(DocumentURI.path(of: "file://localhost/tmp/a.notif") == "/tmp/a.notif")
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
        #expect(DocumentURI.path(of: "file:///bad%2") == "/bad%2")
        let path = "/tmp/a b/中#?.notif"
        #expect(DocumentURI.path(of: DocumentURI.uri(of: path)) == path)
        #expect(DocumentURI.uri(of: "/tmp/a b.notif") == "file:///tmp/a%20b.notif")
    }

    /// `|` marks the cursor.
    static func place(_ marked: String) -> CompletionPlace {
        let parts = marked.components(separatedBy: "|")
        return CompletionContext.place(in: Array(parts.joined().utf8), at: parts[0].utf8.count)
    }

    @Test func completionPlaces() {
        #expect(Self.place("|") == .declarationKind)
        #expect(Self.place("act|") == .declarationKind)
        #expect(Self.place("action |") == .none)
        #expect(Self.place("action a {\n    |\n    title: \"x\"\n}") == .key(.action, present: ["title"]))
        #expect(Self.place("action a {\n    ti|tle: \"x\"\n}") == .key(.action, present: []))
        #expect(Self.place("action a {\n    title: |\n}") == .value(.action, key: "title"))
        #expect(Self.place("action a {\n    title: \"x|\"\n}") == .none)
        #expect(Self.place("action a {\n    options: [foreground, |]\n}") == .listElement(.action, key: "options", written: ["foreground"]))
        #expect(Self.place("action a {\n    icon: systemImage(|)\n}") == .none)
        #expect(Self.place("action a { // |\n}") == .none)
        #expect(Self.place("category c {\n    actions: [a, b]\n    |\n}\naction x {\n    title: \"t\"\n}")
            == .key(.category, present: ["actions"]))
        #expect(Self.place("category c {\n    actions:\n        [|]\n}") == .listElement(.category, key: "actions", written: []))
        #expect(Self.place("unknownKind c {\n    |\n}") == .none)
        #expect(Self.place("contentExtension e {\n    categories: [\"com.example.a\", |]\n}")
            == .listElement(.contentExtension, key: "categories", written: ["com.example.a"]))
        #expect(Self.place("action a {\n    title: \"x\" // a comment |\n}") == .none)
        #expect(Self.place("action a {\n    title: \"x\"\n|}") == .key(.action, present: ["title"]))
        // Several entries on one line: the entry at the cursor, not the line's first.
        #expect(Self.place("category c { options: [], actions: [a, |] }")
            == .listElement(.category, key: "actions", written: ["a"]))
        #expect(Self.place("action a { title: \"A\", options: [|] }") == .listElement(.action, key: "options", written: []))
        #expect(Self.place("action a { title: \"A\", |") == .key(.action, present: ["title"]))
    }

    /// Documents of one file (two paths through a symbolic link, one inode): one compiles, the open one, and of two
    /// open ones the one edited last; identities that no longer match on disk are asked again.
    @Test func oneFileUnderTwoPathsCompilesOnce() {
        var workspace = Workspace()
        let real = "file:///w/real/a.notif", linked = "file:///w/linked/a.notif", other = "file:///w/b.notif"
        workspace.documents[linked] = Document(bytes: [], identity: "1:7")
        workspace.documents[real] = Document(bytes: [], identity: "1:7")
        workspace.documents[other] = Document(bytes: [], identity: "1:8")
        #expect(workspace.compiledURIs() == [other, linked])
        workspace.documents[real] = Document(bytes: [], version: 1, identity: "1:7", lastEdit: workspace.nextEdit())
        #expect(workspace.compiledURIs() == [other, real])
        workspace.documents[linked] = Document(bytes: [], version: 1, identity: "1:7", lastEdit: workspace.nextEdit())
        #expect(workspace.compiledURIs() == [other, linked])
        let edit = workspace.nextEdit()
        workspace.documents[real]?.lastEdit = edit
        #expect(workspace.compiledURIs() == [other, real])
        // `b.notif` was replaced on disk and now has the inode `real/a.notif` had: asked again, they differ.
        workspace.documents[linked] = nil
        workspace.documents[other]?.identity = "1:7"
        workspace.refreshSharedIdentities { $0.hasSuffix("b.notif") ? "1:7" : "1:9" }
        #expect(workspace.compiledURIs() == [other, real])
        #expect(workspace.documents[real]?.identity == "1:9")
    }
}
