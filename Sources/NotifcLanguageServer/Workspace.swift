// The documents of the workspace (open text wins over disk) and their compilation as one manifest.
import ManifestCompiler

/// How the server reaches the file system; the driver supplies it (the server itself does no I/O).
public struct WorkspaceFiles {
    /// The paths of the `.notif` files below a directory, in any order.
    public var manifests: (String) -> [String]
    /// A file's bytes, or `nil` when it cannot be read.
    public var read: (String) -> [UInt8]?
    /// What names the file at a path whatever path reaches it (through symbolic links), or `nil` when there is none.
    public var identity: (String) -> String?

    public init(
        manifests: @escaping (String) -> [String], read: @escaping (String) -> [UInt8]?,
        identity: @escaping (String) -> String? = { _ in nil }
    ) {
        self.manifests = manifests
        self.read = read
        self.identity = identity
    }
}

/// One manifest of the workspace.
struct Document {
    /// Its text.
    var bytes: [UInt8]
    /// The client's version while it is open; `nil` for a file read from disk.
    var version: Int?
    /// The file it is (``WorkspaceFiles/identity``), when it is on disk.
    var identity: String?
    /// When the client last opened or changed it (a count of those events), for choosing between two documents of
    /// one file: the one being edited compiles.
    var lastEdit = 0
    /// Whether the client has it open (its text is then the client's, not the disk's).
    var isOpen: Bool { version != nil }
}

/// Every manifest of the workspace by URI, compiled together.
struct Workspace {
    /// By URI in ``DocumentURI/canonical(_:)`` spelling.
    var documents: [String: Document] = [:]
    /// The spelling the client opened a document with, where it differs: what the server answers with, so that a
    /// client that compares URIs as strings finds its document.
    var clientSpellings: [String: String] = [:]
    /// How many times documents were opened or changed.
    private var edits = 0

    /// `uri` as the client spells it.
    func clientURI(_ uri: String) -> String { clientSpellings[uri] ?? uri }

    /// The documents that compile, sorted: a file reached by two paths (a symbolic link) compiles once, as the
    /// document last opened or changed under one of them if one is open, else under the first path.
    func compiledURIs() -> [String] {
        let sorted = documents.keys.sorted()
        var chosen: [String: String] = [:]  // by identity
        for uri in sorted {
            guard let document = documents[uri], let identity = document.identity else { continue }
            if let other = chosen[identity], let kept = documents[other], !Self.prefers(document, over: kept) { continue }
            chosen[identity] = uri
        }
        return sorted.filter { uri in documents[uri]?.identity.map { chosen[$0] == uri } ?? true }
    }

    /// Whether `document` compiles rather than `kept`, another document of the same file: it is open and was
    /// edited later, or `kept` is not open.
    private static func prefers(_ document: Document, over kept: Document) -> Bool {
        document.isOpen && (!kept.isOpen || document.lastEdit > kept.lastEdit)
    }

    /// A new count for ``Document/lastEdit``.
    mutating func nextEdit() -> Int {
        edits += 1
        return edits
    }

    /// Asks again for the identity of documents that share one: a file replaced on disk (renamed over, as editors
    /// and `git checkout` do) may have a new identity, and its old one may now be another file's.
    mutating func refreshSharedIdentities(_ identity: (String) -> String?) {
        var seen: [String: [String]] = [:]
        for (uri, document) in documents {
            if let shared = document.identity { seen[shared, default: []].append(uri) }
        }
        for uris in seen.values where uris.count > 1 {
            for uri in uris { documents[uri]?.identity = DocumentURI.path(of: uri).flatMap(identity) }
        }
    }

    /// The workspace compiled: the result and, for each file id, its URI.
    struct Analysis {
        let result: CompilationResult
        /// Each file's URI (canonical, sorted: a file id is a position here).
        let uris: [String]
        /// The same URIs as the client spells them, for what the server writes.
        let clientURIs: [String]
        let encoding: PositionEncoding
        private let positions: [TextPositions]

        init(_ workspace: Workspace, encoding: PositionEncoding) {
            uris = workspace.compiledURIs()
            clientURIs = uris.map(workspace.clientURI)
            var sources = SourceFileSet()
            for uri in uris {
                sources.add(path: DocumentURI.path(of: uri) ?? uri, bytes: workspace.documents[uri]?.bytes ?? [])
            }
            // The command line stops reporting after 100 errors in all; an editor shows each file's own, so nothing
            // is dropped here (publishing shows at most ``PublishedDiagnostic/perFileLimit`` a file).
            var options = CompilerOptions()
            options.limits.maxReportedErrors = .max
            result = Compiler.compile(sources, options: options)
            self.encoding = encoding
            positions = sources.files.map { TextPositions($0.bytes, encoding: encoding) }
        }

        /// The file id of `uri`, when it is part of the workspace.
        func file(_ uri: String) -> SourceFileID? {
            var low = 0
            var high = uris.count
            while low < high {
                let mid = (low + high) / 2
                if uris[mid] < uri { low = mid + 1 } else { high = mid }
            }
            return low < uris.count && uris[low] == uri ? SourceFileID(index: low) : nil
        }

        func positions(_ file: SourceFileID) -> TextPositions { positions[file.index] }

        func bytes(_ file: SourceFileID) -> [UInt8] { result.sources[file].bytes }

        /// Writes `{"uri": …, "range": …}`.
        func writeLocation(_ range: SourceRange, to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("uri", clientURIs[range.file.index])
            writer.key("range")
            writeRange(range, to: &writer)
            writer.endObject()
        }

        func writeRange(_ range: SourceRange, to writer: inout JSONWriter) {
            positions(range.file).writeRange(range.start..<range.end, to: &writer)
        }
    }
}
