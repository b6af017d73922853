// The language server's state machine: message bodies in, message bodies and log lines out. No I/O of its own;
// the driver frames messages on stdin/stdout (`notifc lsp`) and supplies file access (``WorkspaceFiles``).
import ManifestCompiler

/// What handling a batch of messages produced.
public struct ServerOutput {
    /// Message bodies to send, in order.
    public var messages: [[UInt8]] = []
    /// Lines for the log (stderr).
    public var logs: [String] = []
}

/// The Language Server Protocol 3.17 for `.notif` manifests.
public struct LanguageServer {
    /// The largest message body the driver accepts (a manifest is at most `Limits.maxFileSize`; its text is
    /// escaped in JSON, so twice that plus room for the envelope).
    public static let maxMessageSize = 2 * Limits.default.maxFileSize + 65_536

    private enum State { case uninitialized, running, shutDown }

    private var state = State.uninitialized
    private var files: WorkspaceFiles
    var workspace = Workspace()
    var encoding = PositionEncoding.utf16
    private var folders: [String] = []
    private var registersWatchers = false
    private var cachedAnalysis: Workspace.Analysis?
    /// Open documents that are not manifests (neither `.notif` nor the `notif` language): not analysed.
    private var otherDocuments = Set<String>()
    private var published: [String: [PublishedDiagnostic]] = [:]
    /// The URI spelling each file's diagnostics were last published under (when it was not the canonical one).
    private var publishedSpellings: [String: String] = [:]
    var output = ServerOutput()
    private var nextRequestNumber = 1

    /// The process exit status once `exit` was received: 0 after `shutdown`, 1 without.
    public private(set) var exitCode: Int32?

    public init(files: WorkspaceFiles) {
        self.files = files
    }

    /// The status to exit with when the client closes the input without `exit`.
    public var exitCodeAtEndOfInput: Int32 { state == .shutDown ? 0 : 1 }

    /// The answer to a message whose body was too large to read (it is skipped).
    public static func oversizedMessage(_ size: Int) -> [UInt8] {
        Outgoing.error(
            id: nil, .invalidRequest,
            "message of \(size) bytes is larger than the limit of \(maxMessageSize) bytes; it was skipped")
    }

    /// The answer to a message whose header could not be read.
    public static func malformedHeader(_ reason: String) -> [UInt8] {
        Outgoing.error(id: nil, .parseError, "parse error: \(reason)")
    }

    /// Handles the messages that arrived together (a request cancelled in the same batch is answered with
    /// -32800 without running), then publishes the diagnostics of every file whose diagnostics changed.
    public mutating func handle(_ batch: [[UInt8]]) -> ServerOutput {
        output = ServerOutput()
        var limits = Limits.default
        limits.maxFileSize = Self.maxMessageSize  // a message holds a whole manifest, escaped
        let messages = batch.map { IncomingMessage($0, limits: limits) }
        var cancelled = Set<RequestID>()
        for message in messages {
            if case .call(_, "$/cancelRequest", let params) = message, let id = params?["id"].flatMap(RequestID.init) {
                cancelled.insert(id)
            }
        }
        for message in messages {
            switch message {
            case .invalid(let id, let code, let reason):
                output.logs.append(reason)
                output.messages.append(Outgoing.error(id: id, code, reason))
            case .response(let id):
                output.logs.append("response from the client to \(String(describing: id))")
            case .call(let id?, let method, let params):
                if cancelled.contains(id) {
                    output.messages.append(Outgoing.error(id: id, .requestCancelled, "request cancelled"))
                } else {
                    request(id: id, method: method, params: params)
                }
            case .call(nil, let method, let params):
                notification(method, params: params)
            }
            if exitCode != nil { break }
        }
        if state == .running, exitCode == nil { publishDiagnostics() }
        return output
    }

    // MARK: - Dispatch

    private mutating func request(id: RequestID, method: String, params: JSONNode?) {
        switch state {
        case .uninitialized where method != "initialize":
            output.messages.append(Outgoing.error(id: id, .serverNotInitialized, "the server is not initialized yet"))
            return
        case .running where method == "initialize":
            output.messages.append(Outgoing.error(id: id, .invalidRequest, "the server is already initialized"))
            return
        case .shutDown:
            output.messages.append(Outgoing.error(id: id, .invalidRequest, "the server is shut down"))
            return
        default: break
        }
        let params = Params(params)
        do throws(InvalidParams) {
            let body: [UInt8]?
            switch method {
            case "initialize": body = try initialize(id: id, params)
            case "shutdown":
                state = .shutDown
                body = Outgoing.response(id: id) { $0.null() }
            case "textDocument/definition": body = try definition(id: id, params)
            case "textDocument/references": body = try references(id: id, params)
            case "textDocument/documentHighlight": body = try highlights(id: id, params)
            case "textDocument/prepareRename": body = try prepareRename(id: id, params)
            case "textDocument/rename": body = try rename(id: id, params)
            case "textDocument/documentSymbol": body = try documentSymbols(id: id, params)
            case "workspace/symbol": body = try workspaceSymbols(id: id, params)
            case "textDocument/hover": body = try hover(id: id, params)
            case "textDocument/completion": body = try completion(id: id, params)
            case "textDocument/formatting": body = try formatting(id: id, params)
            case "textDocument/codeAction": body = try codeActions(id: id, params)
            default: body = nil
            }
            if let body {
                output.messages.append(body)
            } else {
                output.logs.append("unknown request '\(method)'")
                output.messages.append(Outgoing.error(id: id, .methodNotFound, "unknown method '\(method)'"))
            }
        } catch {
            output.logs.append("\(method): invalid params: \(error.message)")
            output.messages.append(Outgoing.error(id: id, .invalidParams, "invalid params: \(error.message)"))
        }
    }

    private mutating func notification(_ method: String, params: JSONNode?) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        guard state == .running else { return }  // notifications before `initialize` and after `shutdown` are dropped
        let params = Params(params)
        do throws(InvalidParams) {
            switch method {
            case "initialized": initialized()
            case "textDocument/didOpen":
                let document = try params.object("textDocument")
                try open(
                    document.string("uri"), languageID: document.optionalString("languageId"), text: document.string("text"),
                    version: document.integer("version"))
            case "textDocument/didChange":
                let document = try params.object("textDocument")
                let uri = try document.uri("uri")
                guard !otherDocuments.contains(uri) else { break }
                try change(uri, version: document.integer("version"), params.array("contentChanges"))
            case "textDocument/didClose":
                let uri = try params.object("textDocument").uri("uri")
                if otherDocuments.remove(uri) == nil { close(uri) }
            case "textDocument/didSave": _ = try params.object("textDocument").uri("uri")
            case "workspace/didChangeWatchedFiles": try watchedFilesChanged(params.array("changes"))
            case "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration": break
            default: output.logs.append("ignored notification '\(method)'")
            }
        } catch {
            output.logs.append("\(method): invalid params: \(error.message)")
        }
    }

    // MARK: - Lifecycle

    private mutating func initialize(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let capabilities = try params.object("capabilities")  // required by the protocol; its members are not
        let offered = capabilities.optionalObject("general")?.optionalArray("positionEncodings")?.compactMap {
            $0.node?.string
        } ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        registersWatchers = capabilities.optionalObject("workspace")?.optionalObject("didChangeWatchedFiles")?
            .optionalBool("dynamicRegistration") ?? false
        if let workspaceFolders = params.optionalArray("workspaceFolders") {
            folders = workspaceFolders.compactMap { $0.optionalString("uri").flatMap(DocumentURI.path(of:)) }
        } else if let root = params.optionalString("rootUri").flatMap(DocumentURI.path(of:)) {
            folders = [root]
        } else if let root = params.optionalString("rootPath") {
            folders = [root]
        }
        for folder in folders {
            for path in files.manifests(folder) {
                let uri = DocumentURI.uri(of: path)
                if let bytes = files.read(path) {
                    workspace.documents[uri] = Document(bytes: bytes, identity: files.identity(path))
                }
            }
        }
        output.logs.append(
            "initialized: \(workspace.documents.count) manifests in \(folders.count) folders, positions in \(encoding.rawValue)")
        state = .running
        cachedAnalysis = nil
        return Outgoing.response(id: id) { writer in
            writer.beginObject()
            writer.key("capabilities")
            Self.writeCapabilities(encoding: encoding, to: &writer)
            writer.key("serverInfo")
            writer.beginObject()
            writer.field("name", "notifc")
            writer.field("version", NotifcVersion.current)
            writer.endObject()
            writer.endObject()
        }
    }

    private static func writeCapabilities(encoding: PositionEncoding, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("positionEncoding", encoding.rawValue)
        writer.key("textDocumentSync")
        writer.beginObject()
        writer.key("openClose")
        writer.bool(true)
        writer.key("change")
        writer.integer(2)  // incremental
        writer.key("save")
        writer.beginObject()
        writer.key("includeText")
        writer.bool(false)
        writer.endObject()
        writer.endObject()
        writer.key("completionProvider")
        writer.beginObject()
        writer.field("triggerCharacters", strings: ["[", ",", ":"])
        writer.endObject()
        for provider in [
            "hoverProvider", "definitionProvider", "referencesProvider", "documentHighlightProvider",
            "documentSymbolProvider", "workspaceSymbolProvider", "documentFormattingProvider",
        ] {
            writer.key(provider)
            writer.bool(true)
        }
        writer.key("renameProvider")
        writer.beginObject()
        writer.key("prepareProvider")
        writer.bool(true)
        writer.endObject()
        writer.key("codeActionProvider")
        writer.beginObject()
        writer.field("codeActionKinds", strings: ["quickfix"])
        writer.endObject()
        writer.endObject()
    }

    /// Asks the client to report changes to `.notif` files, when it can register the watcher itself.
    private mutating func initialized() {
        guard registersWatchers else { return }
        let id = RequestID.string("notifc-\(nextRequestNumber)")
        nextRequestNumber += 1
        output.messages.append(Outgoing.call(method: "client/registerCapability", id: id) { writer in
            writer.beginObject()
            writer.key("registrations")
            writer.beginArray()
            writer.beginObject()
            writer.field("id", "notif-files")
            writer.field("method", "workspace/didChangeWatchedFiles")
            writer.key("registerOptions")
            writer.beginObject()
            writer.key("watchers")
            writer.beginArray()
            writer.beginObject()
            writer.field("globPattern", "**/*.notif")
            writer.endObject()
            writer.endArray()
            writer.endObject()
            writer.endObject()
            writer.endArray()
            writer.endObject()
        })
    }

    // MARK: - Documents

    private mutating func open(_ spelling: String, languageID: String?, text: String, version: Int) {
        let uri = DocumentURI.canonical(spelling)
        // Only manifests join the manifest: a client that starts the server for plain text (Sublime Text without
        // the grammar, editors.md) also opens notes and READMEs.
        let isManifest = languageID == "notif" || DocumentURI.path(of: uri).map { FileNames.hasSuffix($0, ".notif") } ?? false
        guard isManifest else {
            otherDocuments.insert(uri)
            return
        }
        workspace.clientSpellings[uri] = spelling == uri ? nil : spelling
        workspace.documents[uri] = Document(
            bytes: Array(text.utf8), version: version, identity: DocumentURI.path(of: uri).flatMap(files.identity),
            lastEdit: workspace.nextEdit())
        cachedAnalysis = nil
    }

    private mutating func change(_ uri: String, version: Int, _ changes: [Params]) throws(InvalidParams) {
        guard var document = workspace.documents[uri] else {
            throw InvalidParams("'\(uri)' is not open")
        }
        for change in changes {
            let text = Array(try change.string("text").utf8)
            if change.optionalObject("range") != nil {
                let range = try change.range()
                let positions = TextPositions(document.bytes, encoding: encoding)
                let start = positions.offset(of: range.start)
                let end = max(start, positions.offset(of: range.end))
                document.bytes.replaceSubrange(start..<end, with: text)
            } else {
                document.bytes = text
            }
        }
        document.version = version
        document.lastEdit = workspace.nextEdit()
        workspace.documents[uri] = document
        cachedAnalysis = nil
    }

    private mutating func close(_ uri: String) {
        // The file on disk takes the closed document's place; a document that is not on disk leaves the workspace.
        if let path = DocumentURI.path(of: uri), isSearched(path), let bytes = files.read(path) {
            workspace.documents[uri] = Document(bytes: bytes, identity: files.identity(path))
        } else {
            workspace.documents[uri] = nil
        }
        cachedAnalysis = nil
    }

    private mutating func watchedFilesChanged(_ changes: [Params]) throws(InvalidParams) {
        for change in changes {
            let uri = try change.uri("uri")
            let type = try change.integer("type")
            // Events for files the workspace search passes over (in hidden folders, outside the folders) are
            // ignored: a client's watcher pattern is wider than the search.
            guard workspace.documents[uri]?.isOpen != true, let path = DocumentURI.path(of: uri), isSearched(path)
            else { continue }
            if type == 3 {
                workspace.documents[uri] = nil
            } else if let bytes = files.read(path) {
                workspace.documents[uri] = Document(bytes: bytes, identity: files.identity(path))
            }
            cachedAnalysis = nil
        }
    }

    /// Whether the workspace search reads the file at `path`: a `.notif` file below a workspace folder, with no
    /// hidden file or folder (`.build`, `.git`) on the way.
    private func isSearched(_ path: String) -> Bool {
        guard FileNames.hasSuffix(path, ".notif") else { return false }
        return folders.contains { folder in
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            guard path.hasPrefix(prefix) else { return false }
            return !path.dropFirst(prefix.count).split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    /// The workspace compiled (once per change).
    mutating func analysis() -> Workspace.Analysis {
        if let cachedAnalysis { return cachedAnalysis }
        workspace.refreshSharedIdentities(files.identity)
        let analysis = Workspace.Analysis(workspace, encoding: encoding)
        cachedAnalysis = analysis
        return analysis
    }

    private mutating func publishDiagnostics() {
        let analysis = analysis()
        let (byFile, unplaced) = PublishedDiagnostic.byFile(analysis)
        output.logs += unplaced
        var current: [String: [PublishedDiagnostic]] = [:]
        for (index, uri) in analysis.uris.enumerated() { current[uri] = byFile[index] }
        // Files that left the workspace are cleared.
        let gone = published.keys.filter { current[$0] == nil }.sorted()
        for uri in analysis.uris + gone {
            let diagnostics = current[uri] ?? []
            let spelling = workspace.clientURI(uri)
            let previousSpelling = publishedSpellings[uri] ?? uri
            if previousSpelling != spelling, published[uri] != nil {
                // The client opened the file under another spelling: clear what it shows under the old one.
                output.messages.append(Self.publication(uri: previousSpelling, version: nil, []))
                published[uri] = nil
            }
            publishedSpellings[uri] = spelling == uri ? nil : spelling
            if published[uri] == diagnostics || (published[uri] == nil && diagnostics.isEmpty) { continue }
            output.messages.append(Self.publication(uri: spelling, version: workspace.documents[uri]?.version, diagnostics))
        }
        published = current.filter { !$0.value.isEmpty }
    }

    /// A `textDocument/publishDiagnostics` notification.
    private static func publication(uri: String, version: Int?, _ diagnostics: [PublishedDiagnostic]) -> [UInt8] {
        Outgoing.call(method: "textDocument/publishDiagnostics") { writer in
            writer.beginObject()
            writer.field("uri", uri)
            if let version {
                writer.key("version")
                writer.integer(version)
            }
            writer.key("diagnostics")
            writer.beginArray()
            for diagnostic in diagnostics { diagnostic.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }
    }
}
