// `notifc lsp` driven through pipes: lifecycle, documents, diagnostics, every request, and malformed input.
import Foundation
import Testing

@Suite(.serialized) struct LanguageServerTests {
    /// A workspace of two files: `a.notif` lists an action of `b.notif`, misspelled.
    static let fileA = """
        action accept {
            title: "Accept 😀"
        }

        category invite {
            actions: [accept, declin]
        }

        contentExtension InviteContent {
            categories: [invite]
            initialContentSizeRatio: 0.5
            storyboard: "MainInterface"
        }

        """
    static let fileB = """
        action decline {
            title: "Decline"
            options: [destructive]
        }

        """

    struct Workspace {
        let directory: TemporaryDirectory
        let client: LanguageServerClient
        let initializeResult: [String: Any]
        var a: String { directory.url.appendingPathComponent("a.notif").absoluteString }
        var b: String { directory.url.appendingPathComponent("sub/b.notif").absoluteString }
    }

    /// Starts the server on the two-file workspace; `nil` (with a note) when `notifc` is not built.
    static func workspace(encodings: [String]? = nil) throws -> Workspace? {
        let directory = try TemporaryDirectory()
        try directory.write("a.notif", fileA)
        try directory.write("sub/b.notif", fileB)
        try directory.write(".hidden/c.notif", "action ignored {\n    title: \"x\"\n}\n")
        guard let (client, response) = try LanguageServerClient.initialized(folder: directory.url, encodings: encodings)
        else {
            print("note: skipping: the notifc executable is not built")
            return nil
        }
        return Workspace(directory: directory, client: client, initializeResult: response)
    }

    // MARK: - Lifecycle

    @Test func lifecycleAndExitCodes() throws {
        guard let client = try LanguageServerClient() else { return }
        let early = try client.request("textDocument/hover", LSP.position("file:///x.notif", 0, 0))
        #expect((early["error"] as? [String: Any])?["code"] as? Int == -32002)
        let withoutParams = try client.request("initialize")  // InitializeParams are required, with capabilities
        #expect((withoutParams["error"] as? [String: Any])?["code"] as? Int == -32602, "\(withoutParams)")
        let initialize = try client.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [:]])
        let capabilities = (initialize["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-16")
        #expect((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        #expect((capabilities?["renameProvider"] as? [String: Any])?["prepareProvider"] as? Bool == true)
        for provider in ["hoverProvider", "definitionProvider", "referencesProvider", "documentHighlightProvider",
                         "documentSymbolProvider", "workspaceSymbolProvider", "documentFormattingProvider"] {
            #expect(capabilities?[provider] as? Bool == true, "\(provider)")
        }
        let again = try client.request("initialize", ["capabilities": [:]])
        #expect((again["error"] as? [String: Any])?["code"] as? Int == -32600)
        #expect(try client.request("shutdown").keys.contains("result"))
        let after = try client.request("textDocument/hover", LSP.position("file:///x.notif", 0, 0))
        #expect((after["error"] as? [String: Any])?["code"] as? Int == -32600)
        client.notify("exit", [:])
        #expect(client.waitForExit() == 0)
    }

    @Test func registersTheFileWatcherAndAcceptsSaves() throws {
        guard let client = try LanguageServerClient() else { return }
        let capabilities = ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]
        _ = try client.request("initialize", ["processId": NSNull(), "capabilities": capabilities])
        client.notify("initialized", [:])
        let registration = try #require(try client.next())
        #expect(registration["method"] as? String == "client/registerCapability")
        let registrations = (registration["params"] as? [String: Any])?["registrations"] as? [[String: Any]]
        #expect(registrations?.first?["method"] as? String == "workspace/didChangeWatchedFiles")
        let watchers = (registrations?.first?["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]]
        #expect(watchers?.first?["globPattern"] as? String == "**/*.notif")
        try client.send(["jsonrpc": "2.0", "id": registration["id"] ?? NSNull(), "result": NSNull()])
        client.notify("textDocument/didSave", ["textDocument": ["uri": "file:///x.notif"]])
        #expect(try client.request("shutdown")["result"] is NSNull)
        client.notify("exit", [:])
        #expect(client.waitForExit() == 0)
    }

    @Test func exitWithoutShutdownIsOne() throws {
        guard let (client, _) = try LanguageServerClient.initialized(folder: nil) else { return }
        client.notify("exit", [:])
        #expect(client.waitForExit() == 1)
    }

    @Test func closedInputEndsTheServer() throws {
        guard let (client, _) = try LanguageServerClient.initialized(folder: nil) else { return }
        client.closeInput()
        #expect(client.waitForExit() == 1)
        #expect(client.standardError().contains("the input ended"))
    }

    @Test func utf8PositionsWhenOffered() throws {
        guard let workspace = try Self.workspace(encodings: ["utf-8", "utf-16"]) else { return }
        let capabilities = (workspace.initializeResult["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-8")
        let line = "    actions: [\"中文😀\", declin]"
        let text = "category invite {\n\(line)\n}\n"
        _ = try workspace.client.diagnostics(for: workspace.a)
        workspace.client.notify("textDocument/didOpen", ["textDocument": ["uri": workspace.a, "languageId": "notif", "version": 1, "text": text]])
        let diagnostics = try workspace.client.diagnostics(for: workspace.a)
        let declin = try #require(diagnostics.first { ($0["message"] as? String)?.contains("'declin'") == true })
        let column = line.utf8.count - "declin]".utf8.count
        #expect(LSP.span(declin["range"]) == [1, column, 1, column + 6])
    }

    // MARK: - Diagnostics and documents

    @Test func diagnosticsAcrossTwoFilesAreClearedWhenFixed() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let diagnostics = try client.diagnostics(for: workspace.a)
        #expect(diagnostics.count == 1)
        let first = try #require(diagnostics.first)
        #expect(first["code"] as? String == "E305")
        #expect(first["severity"] as? Int == 1)
        #expect(first["source"] as? String == "notifc")
        #expect((first["message"] as? String) == "unknown action 'declin'\nhelp: did you mean 'decline'?")
        #expect(LSP.span(first["range"]) == [5, 22, 5, 28])
        // b.notif has nothing to report: 'decline', which the error suggests, is not also reported unused.

        // Renaming the action in the other file (open, not saved) moves the problem.
        client.notify("textDocument/didOpen", ["textDocument": ["uri": workspace.b, "languageId": "notif", "version": 1, "text": Self.fileB.replacingOccurrences(of: "decline", with: "declin")]])
        #expect(try client.diagnostics(for: workspace.a).isEmpty)
        // Closing it goes back to the disk's text.
        client.notify("textDocument/didClose", ["textDocument": ["uri": workspace.b]])
        #expect(try client.diagnostics(for: workspace.a).count == 1)
        // A change on disk, reported by the client's watcher.
        try workspace.directory.write("sub/b.notif", Self.fileB + "action declin {\n    title: \"D\"\n}\n")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": workspace.b, "type": 2]]])
        #expect(try client.diagnostics(for: workspace.a).isEmpty)
        // Files the workspace search passes over (a hidden folder, outside the folder) stay out when the client's
        // watcher reports them: `accept` is not declared twice.
        let outside = try TemporaryDirectory()
        try outside.write("copy.notif", Self.fileA)
        try workspace.directory.write(".build/copy.notif", Self.fileA)
        let hidden = workspace.directory.url.appendingPathComponent(".build/copy.notif").absoluteString
        let elsewhere = outside.url.appendingPathComponent("copy.notif").absoluteString
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": hidden, "type": 1], ["uri": elsewhere, "type": 1]]])
        // The next publication for a.notif comes from reopening b.notif without 'declin': only E305 again.
        client.notify("textDocument/didOpen", ["textDocument": ["uri": workspace.b, "languageId": "notif", "version": 2, "text": Self.fileB]])
        #expect(try client.diagnostics(for: workspace.a).compactMap { $0["code"] as? String } == ["E305"])
        #expect(try client.request("shutdown").keys.contains("result"))
    }

    @Test func notesBecomeRelatedInformation() throws {
        guard let workspace = try Self.workspace() else { return }
        let text = "action decline {\n    title: \"again\"\n}\n"
        let c = workspace.directory.url.appendingPathComponent("c.notif").absoluteString
        workspace.client.notify("textDocument/didOpen", ["textDocument": ["uri": c, "languageId": "notif", "version": 3, "text": text]])
        // Files compile in URI order, so c.notif declares `decline` first and b.notif's is the duplicate.
        let diagnostics = try workspace.client.diagnostics(for: workspace.b)
        let duplicate = try #require(diagnostics.first { $0["code"] as? String == "E307" }, "\(diagnostics)")
        let related = try #require((duplicate["relatedInformation"] as? [[String: Any]])?.first)
        let location = related["location"] as? [String: Any]
        #expect(location?["uri"] as? String == c)
        #expect(LSP.span(location?["range"]) == [0, 7, 0, 14])
    }

    @Test func incrementalEditsOnLinesWithEmojiAndCJK() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let uri = workspace.directory.url.appendingPathComponent("edit.notif").absoluteString
        let line = "    actions: [\"中文😀\", accept]"
        let text = "category cjk {\n\(line)\n}\n"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "notif", "version": 1, "text": text]])
        _ = try client.diagnostics(for: uri)
        // Replace `accept` (UTF-16 columns: the emoji counts two) with `acept`.
        let start = line.utf16.count - "accept]".utf16.count
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 2],
            "contentChanges": [["range": LSP.range(1, start, 1, start + 6), "text": "acept"]],
        ])
        let diagnostics = try client.diagnostics(for: uri)
        let acept = try #require(diagnostics.first { ($0["message"] as? String)?.contains("'acept'") == true })
        #expect(LSP.span(acept["range"]) == [1, start, 1, start + 5])
        #expect((acept["message"] as? String)?.contains("did you mean 'accept'?") == true)
        // Two edits in one notification, applied in order: insert a line, then fix the name on its new line.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 3],
            "contentChanges": [
                ["range": LSP.range(0, 0, 0, 0), "text": "// 😀 first line\n"],
                ["range": LSP.range(2, start, 2, start + 5), "text": "accept"],
            ],
        ])
        let fixed = try client.diagnostics(for: uri)
        #expect(!fixed.contains { ($0["message"] as? String)?.contains("acept") == true })
        // A full replacement.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 4], "contentChanges": [["text": "category cjk {\n    actions: [nope]\n}\n"]],
        ])
        #expect(try client.diagnostics(for: uri).contains { ($0["message"] as? String)?.contains("'nope'") == true })
    }

    // MARK: - Navigation

    @Test func definitionReferencesHighlightsAcrossFiles() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        // `accept` in the category's list (line 5).
        let definition = try #require(try client.result("textDocument/definition", LSP.position(workspace.a, 5, 15)) as? [[String: Any]])
        #expect(definition.count == 1)
        #expect(definition.first?["uri"] as? String == workspace.a)
        #expect(LSP.span(definition.first?["range"]) == [0, 7, 0, 13])
        // `destructive`-free b.notif: the declaration of `decline`, referenced nowhere (the list says `declin`).
        let category = try #require(try client.result("textDocument/references", ["textDocument": ["uri": workspace.a], "position": ["line": 4, "character": 11], "context": ["includeDeclaration": true]]) as? [[String: Any]])
        #expect(category.map { LSP.span($0["range"]) } == [[4, 9, 4, 15], [9, 17, 9, 23]])
        let withoutDeclaration = try #require(try client.result("textDocument/references", ["textDocument": ["uri": workspace.a], "position": ["line": 4, "character": 11], "context": ["includeDeclaration": false]]) as? [[String: Any]])
        #expect(withoutDeclaration.count == 1)
        let highlights = try #require(try client.result("textDocument/documentHighlight", LSP.position(workspace.a, 0, 8)) as? [[String: Any]])
        #expect(highlights.map { $0["kind"] as? Int } == [3, 2])
        // Nothing at a keyword.
        #expect(try client.result("textDocument/definition", LSP.position(workspace.a, 0, 2)) is NSNull)
        // Across files: fix the reference, then go to `decline` in b.notif.
        client.notify("textDocument/didOpen", ["textDocument": ["uri": workspace.a, "languageId": "notif", "version": 1, "text": Self.fileA.replacingOccurrences(of: "declin]", with: "decline]")]])
        let other = try #require(try client.result("textDocument/definition", LSP.position(workspace.a, 5, 25)) as? [[String: Any]])
        #expect(other.first?["uri"] as? String == workspace.b)
        #expect(LSP.span(other.first?["range"]) == [0, 7, 0, 14])
    }

    @Test func renameAcrossFilesAndRefusesInvalidNames() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        client.notify("textDocument/didOpen", ["textDocument": ["uri": workspace.a, "languageId": "notif", "version": 1, "text": Self.fileA.replacingOccurrences(of: "declin]", with: "decline]")]])
        let prepared = try #require(try client.result("textDocument/prepareRename", LSP.position(workspace.b, 0, 9)) as? [String: Any])
        #expect(prepared["placeholder"] as? String == "decline")
        #expect(LSP.span(prepared["range"]) == [0, 7, 0, 14])
        #expect(try client.result("textDocument/prepareRename", LSP.position(workspace.b, 1, 6)) is NSNull)
        var params = LSP.position(workspace.b, 0, 9)
        params["newName"] = "reject"
        let edit = try #require(try client.result("textDocument/rename", params) as? [String: Any])
        let changes = try #require(edit["changes"] as? [String: [[String: Any]]])
        #expect(Set(changes.keys) == [workspace.a, workspace.b])
        #expect(changes[workspace.a]?.map { LSP.span($0["range"]) } == [[5, 22, 5, 29]])
        #expect(changes[workspace.b]?.map { $0["newText"] as? String } == ["reject"])
        params["newName"] = "com.example.reject"  // not a plain word: written quoted
        let quoted = try #require(try client.result("textDocument/rename", params) as? [String: Any])
        #expect((quoted["changes"] as? [String: [[String: Any]]])?[workspace.b]?.map { $0["newText"] as? String }
            == ["\"com.example.reject\""])
        for bad in ["", " padded", "trailing\n", "accept"] {  // 'accept' is another action's name
            params["newName"] = bad
            let refused = try client.request("textDocument/rename", params)
            #expect((refused["error"] as? [String: Any])?["code"] as? Int == -32803, "\(bad)")
        }
        params["newName"] = "accept"
        let clash = try client.request("textDocument/rename", params)
        #expect(((clash["error"] as? [String: Any])?["message"] as? String)?.contains("already the name of an action") == true)
        params["newName"] = "invite"  // a category's name: another namespace, so allowed
        #expect(try client.result("textDocument/rename", params) is [String: Any])
        // Names compare by code units: renaming the decomposed 'café' to the precomposed one would declare it twice.
        let accents = workspace.directory.url.appendingPathComponent("accents.notif").absoluteString
        client.notify("textDocument/didOpen", ["textDocument": [
            "uri": accents, "languageId": "notif", "version": 1,
            "text": "action \"caf\u{E9}\" { title: \"A\" }\naction \"cafe\u{301}\" { title: \"B\" }\n",
        ]])
        let same = try client.request("textDocument/rename", [
            "textDocument": ["uri": accents], "position": ["line": 1, "character": 9], "newName": "caf\u{E9}",
        ])
        #expect((same["error"] as? [String: Any])?["code"] as? Int == -32803, "\(same)")
        client.notify("textDocument/didClose", ["textDocument": ["uri": accents]])
    }

    @Test func documentAndWorkspaceSymbols() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let symbols = try #require(try client.result("textDocument/documentSymbol", ["textDocument": ["uri": workspace.a]]) as? [[String: Any]])
        #expect(symbols.map { $0["name"] as? String } == ["accept", "invite", "InviteContent"])
        #expect(symbols.map { $0["detail"] as? String } == ["action", "category", "contentExtension"])
        let children = (symbols.last?["children"] as? [[String: Any]])?.map { $0["name"] as? String }
        #expect(children == ["categories", "initialContentSizeRatio", "storyboard"])
        let found = try #require(try client.result("workspace/symbol", ["query": "dcl"]) as? [[String: Any]])
        #expect(found.map { $0["name"] as? String } == ["decline"])
        #expect((found.first?["location"] as? [String: Any])?["uri"] as? String == workspace.b)
        let hidden = try #require(try client.result("workspace/symbol", ["query": "ignored"]) as? [[String: Any]])
        #expect(hidden.isEmpty, "files in hidden folders are not part of the workspace")
        // A localization declaration is a symbol too (named by its table), and its keyword and keys have hover.
        let uri = workspace.directory.url.appendingPathComponent("strings.notif").absoluteString
        let text = "localization Notifications {\n    developmentLanguage: \"en\"\n    bundle: main\n}\n"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "notif", "version": 1, "text": text]])
        let localization = try #require(try client.result("textDocument/documentSymbol", ["textDocument": ["uri": uri]]) as? [[String: Any]])
        #expect(localization.map { $0["name"] as? String } == ["Notifications"])
        #expect(localization.map { $0["detail"] as? String } == ["localization"])
        #expect((localization.first?["children"] as? [[String: Any]])?.map { $0["name"] as? String } == ["developmentLanguage", "bundle"])
        #expect(try hoverText(client, uri, 0, 3) != nil)
        #expect(try hoverText(client, uri, 1, 8)?.contains("developmentLanguage") == true)
    }

    // MARK: - Completion, hover

    func completionLabels(_ client: LanguageServerClient, _ uri: String, _ text: String, _ line: Int, _ character: Int) throws -> [String] {
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "notif", "version": 1, "text": text]])
        let result = try client.result("textDocument/completion", LSP.position(uri, line, character)) as? [String: Any]
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        let items = result?["items"] as? [[String: Any]] ?? []
        for item in items {
            #expect(((item["documentation"] as? [String: Any])?["value"] as? String)?.isEmpty == false, "\(item)")
        }
        return items.compactMap { $0["label"] as? String }
    }

    @Test func completion() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let uri = workspace.directory.url.appendingPathComponent("new.notif").absoluteString
        #expect(try completionLabels(client, uri, "action a {\n    title: \"A\"\n    \n}\n", 2, 4) == ["titleComment", "options", "icon"])
        #expect(try completionLabels(client, uri, "category c {\n    options: [allowInCarPlay, ]\n}\n", 1, 30)
            == ["customDismissAction", "hiddenPreviewsShowTitle", "hiddenPreviewsShowSubtitle", "allowAnnouncement"])
        #expect(try completionLabels(client, uri, "action a {\n    options: [fo\n}\n", 1, 16) == ["authenticationRequired", "destructive", "foreground"])
        #expect(try completionLabels(client, uri, "category c {\n    actions: [accept, ]\n}\n", 1, 22) == ["decline"])
        #expect(try completionLabels(client, uri, "contentExtension X {\n    categories: []\n}\n", 1, 17) == ["invite"])
        #expect(try completionLabels(client, uri, "contentExtension X {\n    defaultContentHidden: \n}\n", 1, 26) == ["true", "false"])
        #expect(try completionLabels(client, uri, "action a {\n    icon: \n}\n", 1, 10) == ["systemImage(", "templateImage("])
        #expect(try completionLabels(client, uri, "\n", 0, 0).contains("contentExtension"))
        #expect(try completionLabels(client, uri, "action a {\n    title: \"ti\n}\n", 1, 13).isEmpty)
    }

    func hoverText(_ client: LanguageServerClient, _ uri: String, _ line: Int, _ character: Int) throws -> String? {
        let result = try client.result("textDocument/hover", LSP.position(uri, line, character)) as? [String: Any]
        return (result?["contents"] as? [String: Any])?["value"] as? String
    }

    @Test func hover() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let ratio = try #require(try hoverText(client, workspace.a, 10, 8))
        #expect(ratio.contains("UNNotificationExtensionInitialContentSizeRatio"))
        #expect(ratio.contains("iOS 10.0"))
        let option = try #require(try hoverText(client, workspace.b, 2, 16))
        #expect(option.contains("UNNotificationActionOptions.destructive"))
        let name = try #require(try hoverText(client, workspace.a, 9, 18))
        #expect(name.contains("**category invite**"))
        #expect(name.contains("actions: accept, declin"))
        let keyword = try #require(try hoverText(client, workspace.a, 4, 2))
        #expect(keyword.contains("UNNotificationCategory"))
        #expect(try client.result("textDocument/hover", LSP.position(workspace.a, 1, 14)) is NSNull)
    }

    /// Hover is Markdown: what the manifest holds is shown as written there, with every character that could
    /// start markup escaped, so a title with `*` or `<b>` is not rendered as emphasis or HTML.
    @Test func hoverShowsManifestTextLiterally() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let uri = workspace.directory.url.appendingPathComponent("marks.notif").absoluteString
        let text = "action __x__ {\n    title: \"*Now* <b>\\\"`go`\\\"</b> & [link](u)\\nnext\"\n}\n"
            + "category \"c*1*\" {\n    actions: [__x__, \"y~z\"]\n}\n"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "notif", "version": 1, "text": text]])
        let action = try #require(try hoverText(client, uri, 0, 9))
        #expect(action.hasPrefix("**action \\_\\_x\\_\\_**\n\n"))
        #expect(action.contains("\ntitle: \"\\*Now\\* \\<b\\>\\\\\"\\`go\\`\\\\\"\\</b\\> \\& \\[link\\](u)\\\\nnext\"\n"), "\(action)")
        let category = try #require(try hoverText(client, uri, 3, 11))
        #expect(category.hasPrefix("**category \"c\\*1\\*\"**\n\nactions: \\_\\_x\\_\\_, \"y\\~z\"\n"), "\(category)")
        let unknown = try #require(try hoverText(client, uri, 4, 24))
        #expect(unknown == "\"y\\~z\": not declared")
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    // MARK: - Formatting and code actions

    @Test func formattingMatchesFmtAndSkipsSyntaxErrors() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let uri = workspace.directory.url.appendingPathComponent("messy.notif").absoluteString
        let messy = "action   a{\ntitle:\"A\"   // why\n  options:[ foreground,destructive ]}\n"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "notif", "version": 1, "text": messy]])
        let edits = try #require(try client.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 4, "insertSpaces": true]]) as? [[String: Any]])
        #expect(edits.count == 1)
        let path = try workspace.directory.write("messy-copy.notif", messy)
        let fmt = runNotifc(["fmt", path])
        #expect(edits.first?["newText"] as? String == fmt.output, "\(fmt.error)")
        #expect(LSP.span(edits.first?["range"]) == [0, 0, 3, 0])
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": "action a {\n    title: \n"]]])
        #expect((try client.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]]) as? [Any])?.isEmpty == true)
    }

    func codeActions(_ client: LanguageServerClient, _ uri: String, _ line: Int, _ character: Int) throws -> [[String: Any]] {
        let params: [String: Any] = ["textDocument": ["uri": uri], "range": LSP.range(line, character, line, character), "context": ["diagnostics": []]]
        return try client.result("textDocument/codeAction", params) as? [[String: Any]] ?? []
    }

    func edits(_ action: [String: Any]) -> [[String: Any]] {
        ((action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?.values.first ?? []
    }

    @Test func quickFixes() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let didYouMean = try codeActions(client, workspace.a, 5, 24)
        #expect(didYouMean.map { $0["title"] as? String } == ["Replace 'declin' with 'decline'"])
        #expect(edits(didYouMean[0]).map { $0["newText"] as? String } == ["decline"])
        #expect((didYouMean[0]["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "E305")

        let uri = workspace.directory.url.appendingPathComponent("fix.notif").absoluteString
        let text = "action unused {\n    title: \"U\"\n}\n\ncontentExtension Ext {\n    categories: [invite]\n}\n"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "notif", "version": 1, "text": text]])
        let remove = try codeActions(client, uri, 0, 9)
        #expect(remove.map { $0["title"] as? String } == ["Remove unused action 'unused'"])
        #expect(edits(remove[0]).map { LSP.span($0["range"]) } == [[0, 0, 3, 0]])
        // Another declaration or a comment on the unused action's line stays.
        for (text, expected) in [
            ("category c { actions: [keep] }\naction keep { title: \"K\" } action unused { title: \"U\" }\n",
             "category c { actions: [keep] }\naction keep { title: \"K\" }\n"),
            ("category c { actions: [keep] }\n\taction unused { title: \"U\" }  action keep { title: \"K\" } // note\n",
             "category c { actions: [keep] }\n\taction keep { title: \"K\" } // note\n"),
        ] {
            let shared = workspace.directory.url.appendingPathComponent("shared.notif").absoluteString
            client.notify("textDocument/didOpen", ["textDocument": ["uri": shared, "languageId": "notif", "version": 1, "text": text]])
            let line = text.split(separator: "\n")[1]
            let character = line.distance(from: line.startIndex, to: try #require(line.range(of: "unused")).lowerBound)
            let fix = try #require(try codeActions(client, shared, 1, character + 1).first)
            #expect(fix["title"] as? String == "Remove unused action 'unused'")
            let span = try #require(edits(fix).first.map { LSP.span($0["range"]) })
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(span[0] == 1 && span[2] == 1, "one line: \(span)")
            let chars = Array(lines[1])
            lines[1] = String(chars[..<span[1]]) + String(chars[span[3]...])
            #expect(lines.joined(separator: "\n") == expected)
            client.notify("textDocument/didClose", ["textDocument": ["uri": shared]])
        }
        /// The quick fixes at (`line`, `character`) of a manifest opened with `text`, closed again after.
        func fixes(in text: String, at line: Int, _ character: Int) throws -> [[String: Any]] {
            let uri = workspace.directory.url.appendingPathComponent("fixes.notif").absoluteString
            client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "notif", "version": 1, "text": text]])
            defer { client.notify("textDocument/didClose", ["textDocument": ["uri": uri]]) }
            return try codeActions(client, uri, line, character)
        }
        // Apple's name for a key gets the same quick fix as a misspelling.
        let rename = try fixes(in: "textInputAction r {\n    title: \"R\"\n    textInputButtonTitle: \"Go\"\n}\ncategory c { actions: [r] }\n", at: 2, 6)
        #expect(rename.map { $0["title"] as? String } == ["Replace 'textInputButtonTitle' with 'buttonTitle'"])
        // A suggestion for a string value is written as a string, so the fix does not make a type mismatch.
        let string = try fixes(in: "category c {\n    intentIdentifiers: [\"INSendMesageIntent\"]\n}\n", at: 1, 26)
        #expect(string.map { $0["title"] as? String } == ["Replace '\"INSendMesageIntent\"' with '\"INSendMessageIntent\"'"])
        #expect(edits(try #require(string.first)).map { $0["newText"] as? String } == ["\"INSendMessageIntent\""])
        // A key or word written in quotes is replaced by the bare word, which is what it has to be.
        let word = try fixes(in: "category c {\n    \"intentIdentifers\": []\n}\n", at: 1, 8)
        #expect(edits(try #require(word.first)).map { $0["newText"] as? String } == ["intentIdentifiers"], "\(word)")
        // A document that is not a manifest (neither `.notif` nor the `notif` language) is not analysed.
        let notes = workspace.directory.url.appendingPathComponent("notes.txt").absoluteString
        client.notify("textDocument/didOpen", ["textDocument": [
            "uri": notes, "languageId": "plaintext", "version": 1, "text": "Meeting notes: buy milk.\n",
        ]])
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": notes, "version": 2], "contentChanges": [["text": "action lonely { title: \"L\" }\n"]],
        ])
        #expect(try codeActions(client, notes, 0, 8).isEmpty)
        let symbols = try client.result("workspace/symbol", ["query": "lonely"]) as? [[String: Any]] ?? []
        #expect(symbols.isEmpty)
        client.notify("textDocument/didClose", ["textDocument": ["uri": notes]])
        // Two files with an extension at the same position: the fix edits the file asked about; none while the
        // body is not closed (there is no `}` to insert before).
        let alerts = workspace.directory.url.appendingPathComponent("alerts.notif").absoluteString
        let chat = workspace.directory.url.appendingPathComponent("chat.notif").absoluteString
        for (uri, text) in [(alerts, "serviceExtension AlertsService {\n}\n"), (chat, "serviceExtension ChatService {\n}\n")] {
            client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "notif", "version": 1, "text": text]])
        }
        let principal = try codeActions(client, chat, 0, 20)
        #expect(principal.count == 1)
        let changed = principal.first.flatMap { (($0["edit"] as? [String: Any])?["changes"] as? [String: Any])?.keys.first }
        #expect(changed == chat)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": chat, "version": 2], "contentChanges": [["text": "serviceExtension ChatService {\n"]],
        ])
        #expect(try codeActions(client, chat, 0, 20).isEmpty)
        for uri in [alerts, chat] { client.notify("textDocument/didClose", ["textDocument": ["uri": uri]]) }
        let add = try codeActions(client, uri, 4, 20)
        let titles = add.compactMap { $0["title"] as? String }
        #expect(titles.contains("Add storyboard: \"MainInterface\""))
        #expect(titles.contains { $0.hasPrefix("Add principalClass") })
        let storyboard = try #require(add.first { ($0["title"] as? String)?.hasPrefix("Add storyboard") == true })
        #expect(edits(storyboard).map { $0["newText"] as? String } == ["    storyboard: \"MainInterface\"\n"])
        #expect(edits(storyboard).map { LSP.span($0["range"]) } == [[6, 0, 6, 0]])
        // A client that asks only for other kinds of action gets none.
        let onlyRefactor: [String: Any] = [
            "textDocument": ["uri": uri], "range": LSP.range(4, 20, 4, 20), "context": ["diagnostics": [], "only": ["refactor", "source"]],
        ]
        #expect((try client.result("textDocument/codeAction", onlyRefactor) as? [[String: Any]])?.isEmpty == true)
        let onlyFixes: [String: Any] = [
            "textDocument": ["uri": uri], "range": LSP.range(4, 20, 4, 20), "context": ["diagnostics": [], "only": ["quickfix"]],
        ]
        #expect((try client.result("textDocument/codeAction", onlyFixes) as? [[String: Any]])?.count == add.count)
        // In a CRLF file, an inserted line ends in CRLF and a removal takes the blank line before it whole.
        let crlf = workspace.directory.url.appendingPathComponent("crlf.notif").absoluteString
        let crlfText = "category c { actions: [keep] }\r\naction keep { title: \"K\" }\r\n\r\naction unused {\r\n    title: \"U\"\r\n}\r\n\r\ncontentExtension E {\r\n    categories: [c]\r\n}\r\n"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": crlf, "languageId": "notif", "version": 1, "text": crlfText]])
        let crlfAdd = try #require(try codeActions(client, crlf, 7, 18).first { ($0["title"] as? String)?.hasPrefix("Add storyboard") == true })
        #expect(edits(crlfAdd).map { $0["newText"] as? String } == ["    storyboard: \"MainInterface\"\r\n"])
        let crlfRemove = try #require(try codeActions(client, crlf, 3, 9).first)
        #expect(edits(crlfRemove).map { LSP.span($0["range"]) } == [[2, 0, 6, 0]])
        client.notify("textDocument/didClose", ["textDocument": ["uri": crlf]])
    }

    /// Clients percent-encode differently (`+`, `@`, lowercase hex): one file is one document, answered in the
    /// client's spelling.
    @Test func aFileIsOneDocumentHoweverItsURIIsEncoded() throws {
        let directory = try TemporaryDirectory()
        try directory.write("x+y@z/b.notif", "action accept {\n    title: \"A\"\n}\n")
        guard let (client, _) = try LanguageServerClient.initialized(folder: directory.url) else { return }
        let path = directory.url.appendingPathComponent("x+y@z/b.notif").standardizedFileURL.path
        // Found on disk, the file's warning goes out under the server's spelling; once the client opens it under
        // its own, that one is cleared.
        let serverSpelling = "file://" + path.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "@", with: "%40")
        #expect(try client.diagnostics(for: serverSpelling).compactMap { $0["code"] as? String } == ["W303"])
        for spelling in ["file://" + path, "file://" + path.replacingOccurrences(of: "+", with: "%2b")] {
            let text = "action accept {\n    title: \"A\"\n}\ncategory c {\n    actions: [accept, nope]\n}\n"
            client.notify("textDocument/didOpen", ["textDocument": ["uri": spelling, "languageId": "notif", "version": 1, "text": text]])
            let diagnostics = try client.diagnostics(for: spelling)
            #expect(diagnostics.compactMap { $0["code"] as? String } == ["E305"], "no duplicate of the disk's file: \(spelling)")
            if spelling.hasSuffix(path) { #expect(try client.diagnostics(for: serverSpelling).isEmpty) }
            client.notify("textDocument/didClose", ["textDocument": ["uri": spelling]])
            // Closed, the disk's text is back (its action unused), still under the client's spelling.
            let closed = try client.diagnostics(for: spelling)
            #expect(closed.compactMap { $0["code"] as? String } == ["W303"], "\(closed)")
        }
        #expect(try client.request("shutdown").keys.contains("result"))
    }

    /// Each file shows its own problems: many errors in one file do not hide another's, and what is left out of
    /// one file is said there.
    @Test func errorsInOneFileDoNotHideAnothers() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.notif", "category big {\n    actions: [\((0..<120).map { "u\($0)" }.joined(separator: ", "))]\n}\n")
        try directory.write("d.notif", String(repeating: "action x { title: \"X\" }\n", count: 300))  // 299 × E307
        try directory.write("z.notif", "action z {\n    title: \"Z\"\n}\ncategory zc {\n    actions: [z, nope]\n}\n")
        guard let (client, _) = try LanguageServerClient.initialized(folder: directory.url) else { return }
        let z = directory.url.appendingPathComponent("z.notif").absoluteString
        let a = directory.url.appendingPathComponent("a.notif").absoluteString
        client.notify("textDocument/didOpen", ["textDocument": ["uri": z, "languageId": "notif", "version": 1, "text": "action z {\n    title: \"Z\"\n}\ncategory zc {\n    actions: [z, nope]\n}\n"]])
        let inA = try client.diagnostics(for: a)
        #expect(try client.diagnostics(for: z).compactMap { $0["code"] as? String } == ["E305"])
        #expect(inA.count == 101)
        let notice = try #require(inA.last)
        #expect(notice["code"] as? String == "E006" && notice["severity"] as? Int == 3)
        // 120 unknown actions and the warning that a category shows at most 10 (E305 ×120, W-code ×1): 21 left out.
        #expect(notice["message"] as? String == "21 more problems in this file not shown; fix the ones above first", "\(notice)")
        #expect(inA.dropLast().allSatisfy { $0["severity"] as? Int == 1 }, "errors are kept before the warning")
        #expect(try client.request("shutdown").keys.contains("result"))
    }

    /// The workspace is searched as lint searches a directory: a folder reached through a symbolic link, and a
    /// link that loops, are searched once.
    @Test func symbolicLinksDoNotDuplicateManifests() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Shared/actions.notif", "action accept {\n    title: \"A\"\n}\n")
        try directory.write("App/cats.notif", "category c {\n    actions: [accept]\n}\n")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/App/Shared", withDestinationPath: "../Shared")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/App/loop", withDestinationPath: "..")
        guard let (client, _) = try LanguageServerClient.initialized(folder: directory.url) else { return }
        let cats = directory.url.appendingPathComponent("App/cats.notif").absoluteString
        client.notify("textDocument/didOpen", ["textDocument": ["uri": cats, "languageId": "notif", "version": 1, "text": "category c {\n    actions: [accept, nope]\n}\n"]])
        #expect(try client.diagnostics(for: cats).compactMap { $0["code"] as? String } == ["E305"])
        // The search read the shared file as App/Shared/actions.notif; opened under its other path, it is the same
        // file (its text replaces the disk's), not a second declaration of 'accept'.
        let shared = directory.url.appendingPathComponent("Shared/actions.notif").absoluteString
        client.notify("textDocument/didOpen", ["textDocument": ["uri": shared, "languageId": "notif", "version": 1, "text": "action accept {\n    title: \"A\"\n}\naction nope {\n    titel: \"N\"\n}\n"]])
        #expect(try client.diagnostics(for: shared).compactMap { $0["code"] as? String } == ["E301"])
        #expect(try client.diagnostics(for: cats).isEmpty)
        #expect(try client.request("shutdown").keys.contains("result"))
        client.notify("exit", [:])
        #expect(client.waitForExit() == 0)
        #expect(client.standardError().contains("initialized: 2 manifests"), "\(client.standardError())")
    }

    // MARK: - Malformed input

    @Test func malformedInputIsAnsweredAndTheServerKeepsGoing() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        client.sendRaw(client.frame(Array("{not json".utf8)))
        #expect((try client.responseWithoutID()["error"] as? [String: Any])?["code"] as? Int == -32700)
        client.sendRaw(client.frame(Array("[1, 2]".utf8)))
        #expect((try client.responseWithoutID()["error"] as? [String: Any])?["code"] as? Int == -32600)
        let unknown = try client.request("textDocument/unknownThing", [:])
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
        let wrongType = try client.request("textDocument/hover", ["textDocument": "a.notif", "position": ["line": 0, "character": 0]])
        #expect((wrongType["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(((wrongType["error"] as? [String: Any])?["message"] as? String)?.contains("params.textDocument") == true)
        let negative = try client.request("textDocument/hover", LSP.position(workspace.a, -1, 0))
        #expect((negative["error"] as? [String: Any])?["code"] as? Int == -32602)
        client.notify("textDocument/didChange", ["textDocument": 5])
        client.notify("$/someNotification", [:])
        client.sendRaw(Array("Content-Type: nothing\r\n\r\n".utf8))
        #expect((try client.responseWithoutID()["error"] as? [String: Any])?["code"] as? Int == -32700)
        // A message without a valid header, body included: its body runs into the next header, which still frames
        // the request after it; blanks around the length are allowed.
        client.sendRaw(Array("Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"foo\"}".utf8))
        #expect((try client.responseWithoutID()["error"] as? [String: Any])?["code"] as? Int == -32700)
        let framed = Array(#"{"jsonrpc":"2.0","id":4040,"method":"foo/bar"}"#.utf8)
        client.sendRaw(Array("Content-Length:   \(framed.count)  \r\n\r\n".utf8) + framed)
        let skipped = try client.responseWithoutID()  // the body without a header is answered, not dropped
        #expect(((skipped["error"] as? [String: Any])?["message"] as? String)?.contains("without a Content-Length header") == true, "\(skipped)")
        #expect(((try client.response(to: 4040))["error"] as? [String: Any])?["code"] as? Int == -32601)
        let next = try client.request("textDocument/hover", LSP.position(workspace.a, 10, 8))
        #expect(next["result"] is [String: Any], "framing is back: \(next)")
        // Junk right before a header (ending in a letter), and junk longer than 64 KiB sent in pieces: one error
        // each, and the message after it is answered.
        let glued = Array(#"{"jsonrpc":"2.0","id":4041,"method":"foo/bar"}"#.utf8)
        client.sendRaw(Array("abc".utf8) + client.frame(glued))
        #expect(((try client.responseWithoutID()["error"] as? [String: Any])?["message"] as? String)?.contains("not a message") == true)
        #expect(((try client.response(to: 4041))["error"] as? [String: Any])?["code"] as? Int == -32601)
        for _ in 0..<3 { client.sendRaw([UInt8](repeating: UInt8(ascii: "x"), count: 50_000)) }
        let afterJunk = Array(#"{"jsonrpc":"2.0","id":4042,"method":"foo/bar"}"#.utf8)
        client.sendRaw(client.frame(afterJunk))
        var junkErrors: [String] = []
        while let message = try client.next(), (message["id"] as? Int) != 4042 {
            if message["id"] is NSNull { junkErrors.append(((message["error"] as? [String: Any])?["message"] as? String) ?? "") }
        }
        #expect(junkErrors == ["parse error: no message header in 64 KiB of input"])
        // A line break after a body (some clients end each message with one) is not junk.
        for id in [4043, 4044] {
            client.sendRaw(client.frame(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"foo/bar"}"#.utf8)) + Array("\r\n".utf8))
        }
        var answered: [Int] = []
        while answered.count < 2, let message = try client.next() {
            #expect(!(message["id"] is NSNull), "\(message)")
            if let id = message["id"] as? Int { answered.append(id) }
        }
        #expect(answered == [4043, 4044])
        // A message over the limit is skipped whole, with an error.
        let size = 64 << 20 + 200_000
        client.sendRaw(Array("Content-Length: \(size)\r\n\r\n".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20)
        var sent = 0
        while sent < size {
            let count = min(chunk.count, size - sent)
            client.sendRaw(Array(chunk[0..<count]))
            sent += count
        }
        let huge = try client.responseWithoutID()
        #expect(((huge["error"] as? [String: Any])?["message"] as? String)?.contains("larger than the limit") == true)
        // Still answering.
        let hover = try client.request("textDocument/hover", LSP.position(workspace.a, 10, 8))
        #expect(hover["result"] is [String: Any])
        #expect(try client.request("shutdown").keys.contains("result"))
        client.notify("exit", [:])
        #expect(client.waitForExit() == 0)
    }

    /// Every method with parameters of every wrong shape (and some right shapes with absurd values): each
    /// request is answered, nothing crashes, and the server still shuts down cleanly.
    @Test func everyMethodSurvivesWrongParameters() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let requests = [
            "textDocument/definition", "textDocument/references", "textDocument/documentHighlight",
            "textDocument/prepareRename", "textDocument/rename", "textDocument/documentSymbol", "workspace/symbol",
            "textDocument/hover", "textDocument/completion", "textDocument/formatting", "textDocument/codeAction",
        ]
        let notifications = [
            "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
            "workspace/didChangeWatchedFiles", "$/cancelRequest", "initialized",
        ]
        let document: [String: Any] = ["uri": workspace.a, "version": 1, "text": "", "languageId": "notif"]
        let absurd: [String: Any] = ["line": 1e15, "character": 123_456_789]
        let shapes: [Any] = [
            NSNull(), 5, "text", [1, 2], [String: Any](), ["textDocument": NSNull()], ["textDocument": [:]],
            ["textDocument": ["uri": 7]], ["textDocument": ["uri": "not a uri"], "position": ["line": 0, "character": 0]],
            ["textDocument": ["uri": workspace.a], "position": absurd, "newName": "x", "query": 3],
            ["textDocument": ["uri": workspace.a], "position": ["line": 0.5, "character": -2]],
            ["textDocument": ["uri": workspace.a], "range": ["start": absurd, "end": ["line": 0, "character": 0]],
             "context": ["diagnostics": "none"]],
            ["textDocument": document, "contentChanges": [["range": ["start": absurd, "end": absurd], "text": "x"], ["text": 5]],
             "changes": [["uri": workspace.b, "type": 9], ["uri": 3]]],
        ]
        for shape in shapes {
            for method in notifications { client.notify(method, shape) }
            for method in requests {
                let response = try client.request(method, shape)
                #expect(response["result"] != nil || response["error"] != nil, "\(method) \(shape)")
            }
        }
        let hover = try client.request("textDocument/hover", LSP.position(workspace.b, 2, 16))
        #expect(hover["result"] != nil)
        #expect(try client.request("shutdown")["result"] is NSNull)
        client.notify("exit", [:])
        #expect(client.waitForExit() == 0)
    }

    @Test func cancelledRequestIsAnsweredWithRequestCancelled() throws {
        guard let workspace = try Self.workspace() else { return }
        let client = workspace.client
        let request = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": 900, "method": "workspace/symbol", "params": ["query": ""]])
        let cancel = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 900]])
        client.sendRaw(client.frame(Array(request)) + client.frame(Array(cancel)))
        let response = try client.response(to: 900)
        #expect((response["error"] as? [String: Any])?["code"] as? Int == -32800)
    }
}
