// Drives the real `notifc lsp` through pipes, as an editor does: framed JSON-RPC, read with Foundation's JSON parser.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A language client for tests: starts `notifc lsp`, sends messages and reads what the server sends back.
final class LanguageServerClient {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Notifications received while waiting for responses, in order.
    var notifications: [[String: Any]] = []

    /// Starts the server; `nil` when the `notifc` executable is not built.
    init?() throws {
        guard let executable = TestPaths.notifcExecutable else { return nil }
        process.executableURL = executable
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Starts the server and initializes it on `folder`.
    static func initialized(folder: URL?, encodings: [String]? = nil) throws -> (LanguageServerClient, [String: Any])? {
        guard let client = try LanguageServerClient() else { return nil }
        var capabilities: [String: Any] = [:]
        if let encodings { capabilities["general"] = ["positionEncodings": encodings] }
        var params: [String: Any] = ["processId": NSNull(), "capabilities": capabilities]
        if let folder { params["workspaceFolders"] = [["uri": folder.absoluteString, "name": "test"]] }
        let response = try client.request("initialize", params)
        client.notify("initialized", [:])
        return (client, response)
    }

    // MARK: - Sending

    func sendRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    func send(_ message: [String: Any]) throws {
        sendRaw(frame(Array(try JSONSerialization.data(withJSONObject: message))))
    }

    func notify(_ method: String, _ params: Any) {
        try? send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and returns its response (the whole message: `result` or `error`).
    func request(_ method: String, _ params: Any? = nil) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        try send(message)
        return try response(to: id)
    }

    /// The result of a request (fails the caller's expectations through `nil` when it is an error).
    func result(_ method: String, _ params: Any? = nil) throws -> Any? {
        try request(method, params)["result"]
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    // MARK: - Receiving

    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        var description: String { "no answer from notifc lsp while waiting for \(waitingFor)" }
    }

    /// The next message, or `nil` at the end of the output; throws after `seconds` without one.
    func next(seconds: Double = 20) throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let message = try takeMessage() { return message }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Timeout(waitingFor: "a message") }
            var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            buffer += chunk[0..<count]
        }
    }

    private func takeMessage() throws -> [String: Any]? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headerEnd = (0..<max(0, buffer.count - 3)).first(where: { buffer[$0..<$0 + 4].elementsEqual(separator) })
        else { return nil }
        let header = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
            throw Timeout(waitingFor: "a valid header, got '\(header)'")
        }
        guard buffer.count >= headerEnd + 4 + length else { return nil }
        let body = Data(buffer[(headerEnd + 4)..<(headerEnd + 4 + length)])
        buffer.removeFirst(headerEnd + 4 + length)
        return try JSONSerialization.jsonObject(with: body) as? [String: Any]
    }

    /// The response with `id`; notifications before it are kept in ``notifications``.
    func response(to id: Int) throws -> [String: Any] {
        while let message = try next() {
            if message["method"] == nil, (message["id"] as? Int) == id { return message }
            if message["id"] == nil || message["method"] != nil { notifications.append(message) }
        }
        throw Timeout(waitingFor: "the response to request \(id)")
    }

    /// The next response that has no id (an answer to a message that could not be read).
    func responseWithoutID() throws -> [String: Any] {
        while let message = try next() {
            if message["method"] == nil, message["id"] is NSNull { return message }
            notifications.append(message)
        }
        throw Timeout(waitingFor: "an error response")
    }

    /// The diagnostics next published for `uri` (earlier ones already received count first).
    func diagnostics(for uri: String) throws -> [[String: Any]] {
        while true {
            if let index = notifications.firstIndex(where: { Self.isDiagnostics($0, uri) }) {
                let message = notifications.remove(at: index)
                return ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
            }
            guard let message = try next() else { throw Timeout(waitingFor: "diagnostics for \(uri)") }
            notifications.append(message)
        }
    }

    private static func isDiagnostics(_ message: [String: Any], _ uri: String) -> Bool {
        message["method"] as? String == "textDocument/publishDiagnostics"
            && (message["params"] as? [String: Any])?["uri"] as? String == uri
    }

    /// Waits for the process to end and returns its exit status.
    func waitForExit(seconds: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// What the server wrote to stderr (after it exited).
    func standardError() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// Positions and documents for LSP parameters.
enum LSP {
    static func document(_ uri: String) -> [String: Any] { ["uri": uri] }

    static func position(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    static func range(_ line: Int, _ start: Int, _ endLine: Int, _ end: Int) -> [String: Any] {
        ["start": ["line": line, "character": start], "end": ["line": endLine, "character": end]]
    }

    /// `(line, character, endLine, endCharacter)` of a range in a message.
    static func span(_ value: Any?) -> [Int] {
        guard let range = value as? [String: Any], let start = range["start"] as? [String: Any],
            let end = range["end"] as? [String: Any]
        else { return [] }
        return [start["line"], start["character"], end["line"], end["character"]].compactMap { $0 as? Int }
    }
}
