// JSON-RPC 2.0 messages of the Language Server Protocol: reading one message, writing responses and notifications.
import ManifestCompiler

/// A request id: a number or a string, echoed exactly as the client sent it.
enum RequestID: Hashable, Sendable {
    /// A number, as written (echoed exactly: `9007199254740993` and `1e400` are not rounded).
    case number(String)
    case string(String)

    init?(_ node: JSONNode) {
        switch node.kind {
        case .number(_, let text): self = .number(text)
        case .string(let value): self = .string(value)
        default: return nil
        }
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .number(let text): writer.number(text: text)
        case .string(let value): writer.string(value)
        }
    }
}

/// The error codes of JSON-RPC and LSP that the server answers with.
enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestCancelled = -32800
    case requestFailed = -32803
}

/// A request or notification from the client, or the reason it is not one.
enum IncomingMessage {
    /// A request (has an id) or a notification (`id == nil`).
    case call(id: RequestID?, method: String, params: JSONNode?)
    /// A response to a request the server sent (ignored apart from logging errors).
    case response(id: RequestID?)
    /// Not a message: answered with the error (with the id when it could be read).
    case invalid(id: RequestID?, ErrorCode, String)

    /// Reads one message body.
    init(_ bytes: [UInt8], limits: Limits) {
        var diagnostics = DiagnosticBag(errorLimit: 1)
        let file = SourceFile(id: SourceFileID(index: 0), path: "message", bytes: bytes)
        guard let root = JSONReader.read(file, limits: limits, into: &diagnostics) else {
            let reason = diagnostics.sorted().first?.message ?? "not JSON"
            self = .invalid(id: nil, .parseError, "parse error: \(reason)")
            return
        }
        guard root.members != nil else {
            self = .invalid(id: nil, .invalidRequest, "invalid request: a message must be a JSON object")
            return
        }
        let idNode = root["id"]
        let id = idNode.flatMap(RequestID.init)
        // `"id": null` is not a notification (that has no id): a request's id is a number or a string in LSP.
        if let idNode, id == nil, !Self.isNull(idNode) || root["method"] != nil {
            self = .invalid(id: nil, .invalidRequest, "invalid request: 'id' must be a number or a string")
            return
        }
        guard root["jsonrpc"]?.string == "2.0" else {
            self = .invalid(id: id, .invalidRequest, "invalid request: 'jsonrpc' must be \"2.0\"")
            return
        }
        guard let methodNode = root["method"] else {
            if root["result"] != nil || root["error"] != nil {
                self = .response(id: id)
            } else {
                self = .invalid(id: id, .invalidRequest, "invalid request: 'method' is missing")
            }
            return
        }
        guard let method = methodNode.string else {
            self = .invalid(id: id, .invalidRequest, "invalid request: 'method' must be a string")
            return
        }
        self = .call(id: id, method: method, params: root["params"])
    }

    private static func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.kind { true } else { false }
    }
}

/// Builds the bodies of outgoing messages on the project's ``JSONWriter``.
enum Outgoing {
    /// `{"jsonrpc": "2.0", "id": …, "result": …}`; `result` writes exactly one value.
    static func response(id: RequestID, result: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.key("id")
        id.write(to: &writer)
        writer.key("result")
        result(&writer)
        writer.endObject()
        return writer.finish()
    }

    /// `{"jsonrpc": "2.0", "id": … or null, "error": {"code": …, "message": …}}`.
    static func error(id: RequestID?, _ code: ErrorCode, _ message: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.key("id")
        if let id { id.write(to: &writer) } else { writer.null() }
        writer.key("error")
        writer.beginObject()
        writer.key("code")
        writer.integer(code.rawValue)
        writer.field("message", message)
        writer.endObject()
        writer.endObject()
        return writer.finish()
    }

    /// A notification or, with `id`, a request from the server to the client.
    static func call(method: String, id: RequestID? = nil, params: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        if let id {
            writer.key("id")
            id.write(to: &writer)
        }
        writer.field("method", method)
        writer.key("params")
        params(&writer)
        writer.endObject()
        return writer.finish()
    }
}

/// Invalid parameters of a request: answered with -32602 and this message.
struct InvalidParams: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Typed access to request parameters, failing with a message naming the path of the bad member.
struct Params {
    let node: JSONNode?
    let path: String

    init(_ node: JSONNode?, path: String = "params") {
        self.node = node
        self.path = path
    }

    func object(_ key: String) throws(InvalidParams) -> Params {
        guard let value = try present(key).node, value.members != nil else {
            throw InvalidParams("'\(path).\(key)' must be an object")
        }
        return Params(value, path: "\(path).\(key)")
    }

    func optionalObject(_ key: String) -> Params? {
        guard let value = node?[key], value.members != nil else { return nil }
        return Params(value, path: "\(path).\(key)")
    }

    func string(_ key: String) throws(InvalidParams) -> String {
        guard let value = try present(key).node?.string else { throw InvalidParams("'\(path).\(key)' must be a string") }
        return value
    }

    func optionalString(_ key: String) -> String? { node?[key]?.string }

    /// A document's URI, in the one spelling the server keys documents by (``DocumentURI/canonical(_:)``).
    func uri(_ key: String) throws(InvalidParams) -> String { DocumentURI.canonical(try string(key)) }

    func integer(_ key: String) throws(InvalidParams) -> Int {
        guard let value = try present(key).node?.number, let integer = Int(exactly: value), integer >= 0 else {
            throw InvalidParams("'\(path).\(key)' must be a non-negative integer")
        }
        return integer
    }

    func optionalInteger(_ key: String) -> Int? { node?[key]?.number.flatMap { Int(exactly: $0) } }

    func optionalBool(_ key: String) -> Bool? { node?[key]?.bool }

    func array(_ key: String) throws(InvalidParams) -> [Params] {
        guard let elements = try present(key).node?.elements else {
            throw InvalidParams("'\(path).\(key)' must be an array")
        }
        return elements.enumerated().map { Params($1, path: "\(path).\(key)[\($0)]") }
    }

    func optionalArray(_ key: String) -> [Params]? {
        node?[key]?.elements?.enumerated().map { Params($1, path: "\(path).\(key)[\($0)]") }
    }

    private func present(_ key: String) throws(InvalidParams) -> Params {
        guard let node else { throw InvalidParams("'\(path)' must be an object") }
        guard let value = node[key] else { throw InvalidParams("'\(path).\(key)' is missing") }
        return Params(value, path: "\(path).\(key)")
    }
}
