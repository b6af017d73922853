// `notifc lsp`: the language server on stdin/stdout; the protocol itself is NotifcLanguageServer.
import ManifestCompiler
import NotifcLanguageServer

/// `notifc lsp`.
enum LanguageServerCommand: Subcommand {
    static let spec = CommandSpec(
        name: "lsp",
        abstract: "Run the language server (LSP 3.17 over stdin and stdout) for editors.",
        positionals: ("none", "", 0, 0),
        options: [],
        discussion: """
            Editors start it and talk to it; it is not meant to be typed. Every .notif file under the workspace
            folders compiles together with the open documents. Logs go to stderr. See docs/editors.md.
            """
    )

    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus {
        let files = WorkspaceFiles(
            manifests: { ManifestSearch.manifests(below: $0) },
            read: { try? FileSystem.readFile($0, maximumSize: Limits.default.maxFileSize) },
            identity: { FileSystem.entry(at: $0).map { "\($0.identity.device):\($0.identity.inode)" } })
        var server = LanguageServer(files: files)
        var transport = MessageTransport(input: 0, output: 1)
        let status = transport.serve(&server)
        return status == 0 ? .success : .failure
    }
}

/// Finds the `.notif` files of a workspace folder as `lint` finds them in a directory (``InputCollector``): hidden
/// folders (`.git`, `.build`) skipped, symbolic links followed but each folder searched once, and a file reached by
/// two paths kept once, under the first path in bytewise order. A folder that cannot be searched (nested more than
/// 64 levels deep) gives no files.
enum ManifestSearch {
    /// The most files and folders looked at below one workspace folder.
    static let maxEntries = 100_000

    static func manifests(below root: String) -> [String] {
        var finder = InputCollector(fileExtension: ".notif", limits: .default)
        finder.maximumEntries = maxEntries
        return (try? finder.paths(in: root)) ?? []
    }
}

/// LSP base protocol framing on two file descriptors: `Content-Length: n\r\n\r\n` then n bytes of JSON.
struct MessageTransport {
    let input: Int32
    let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized message still to be skipped.
    private var skipping = 0
    /// Whether bytes that are not a message were answered with an error since the last header.
    private var isSkippingJunk = false
    private var endOfInput = false

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Serves until `exit` or the end of the input; returns the exit status.
    mutating func serve(_ server: inout LanguageServer) -> Int32 {
        while true {
            var batch: [[UInt8]] = []
            var replies: [[UInt8]] = []
            // Everything that has arrived is handled as one batch (so a cancellation can overtake its request
            // and a burst of edits is checked once); then the server answers.
            repeat {
                if !endOfInput { fill() }
                extractMessages(into: &batch, errors: &replies)
            } while !endOfInput && batch.isEmpty && replies.isEmpty || (!endOfInput && batch.count < 64 && inputIsReady())
            for reply in replies { send(reply) }
            if !batch.isEmpty {
                let result = server.handle(batch)
                for line in result.logs { log(line) }
                for message in result.messages { send(message) }
                if let code = server.exitCode { return code }
            }
            if endOfInput, batch.isEmpty {
                log("the input ended without 'exit'")
                return server.exitCodeAtEndOfInput
            }
        }
    }

    /// Reads what is available (blocking until something is).
    private mutating func fill() {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65_536 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { return }
        guard count > 0 else {
            endOfInput = true
            return
        }
        if skipping > 0 {
            let skipped = min(skipping, count)
            skipping -= skipped
            buffer += chunk[skipped..<count]
        } else {
            buffer += chunk[0..<count]
        }
    }

    /// Whether more input can be read without waiting.
    private func inputIsReady() -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Takes every complete message from the buffer; header problems become error replies, one for each run of
    /// bytes that are not messages (``reportJunk(_:into:)``).
    private mutating func extractMessages(into batch: inout [[UInt8]], errors: inout [[UInt8]]) {
        while skipping == 0 {
            guard let headerEnd = find([13, 10, 13, 10], from: start) else {
                if buffer.count - start > 65_536 {  // no header ends in 64 KiB: not the protocol
                    reportJunk("no message header in 64 KiB of input", into: &errors)
                    start = buffer.count - 1_024  // a header may have begun in the last bytes
                }
                return
            }
            let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
            let bodyStart = headerEnd + 4
            guard let (length, fieldStart) = Self.contentLength(header) else {
                reportJunk("the message header has no valid Content-Length", into: &errors)
                log("skipped a header without Content-Length: \(header.prefix(200))")
                // A header (`Content-Type: …`) ends here: what follows, its body, is judged afresh; junk goes on.
                if Self.isHeaderFields(Array(header.utf8) + [13, 10]) { isSkippingJunk = false }
                start = bodyStart
                continue
            }
            let before = Array(header.utf8.prefix(fieldStart))
            if !Self.isHeaderFields(before) {
                reportJunk(
                    before.contains(UInt8(ascii: "{"))  // a body without its own header before it
                        ? "a message without a Content-Length header was skipped"
                        : "bytes that are not a message were skipped",
                    into: &errors)
                log("skipped bytes before a header: \(header.prefix(fieldStart).prefix(200))")
            }
            isSkippingJunk = false
            if length > LanguageServer.maxMessageSize {
                errors.append(LanguageServer.oversizedMessage(length))
                log("skipped a message of \(length) bytes")
                let available = buffer.count - bodyStart
                if available >= length {
                    start = bodyStart + length
                } else {
                    skipping = length - available
                    start = buffer.count
                }
                continue
            }
            guard buffer.count - bodyStart >= length else { return }
            batch.append(Array(buffer[bodyStart..<bodyStart + length]))
            start = bodyStart + length
        }
    }

    /// Answers bytes that are not a message with an error, once until the next message header: junk that arrives in
    /// several reads, however long, costs one reply.
    private mutating func reportJunk(_ reason: String, into errors: inout [[UInt8]]) {
        if !isSkippingJunk { errors.append(LanguageServer.malformedHeader(reason)) }
        isSkippingJunk = true
    }

    /// Whether `bytes`, before the `Content-Length` field, are other header fields (`Content-Type: …\r\n`), after
    /// any line breaks or blanks that ended the previous message.
    static func isHeaderFields(_ bytes: [UInt8]) -> Bool {
        let fields = bytes.drop { $0 == 13 || $0 == 10 || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard !fields.isEmpty else { return true }
        let lines = fields.split(separator: 10, omittingEmptySubsequences: false)
        guard lines.last?.isEmpty == true else { return false }  // the field starts a line
        return lines.dropLast().allSatisfy { line in
            guard line.last == 13, let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                return false
            }
            return line[..<colon].allSatisfy { isWordByte($0 | 0x20) || $0 == UInt8(ascii: "-") }
        }
    }

    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        var index = from
        while index + pattern.count <= buffer.count {
            if buffer[index] == pattern[0], buffer[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// The value of the `Content-Length` header field and where the field starts in `header` (names compare
    /// case-insensitively, blanks around the value are allowed). The last such field counts, wherever its line
    /// starts: after a message without a valid header, its body runs into the next header (`{…}Content-Length: 44`),
    /// and that header still frames the message after it, so one bad message costs one reply, not every later one.
    static func contentLength(_ header: String) -> (length: Int, fieldStart: Int)? {
        let name = Array("content-length:".utf8)
        let bytes = Array(header.utf8).map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        guard bytes.count >= name.count,
            let found = stride(from: bytes.count - name.count, through: 0, by: -1).first(where: { index in
                // Not the end of another field's name (`X-Content-Length`); junk may come right before it.
                let startsName = index == 0 || bytes[index - 1] != UInt8(ascii: "-")
                return startsName && bytes[index..<index + name.count].elementsEqual(name)
            })
        else { return nil }
        var value = bytes[(found + name.count)...]
        if let lineEnd = value.firstIndex(of: 13) { value = value[..<lineEnd] }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let digits = value.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return (digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }, found)
    }

    /// A lowercase letter, a digit or `_`.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private func send(_ body: [UInt8]) {
        writeAll(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body, to: output)
    }

    private func log(_ line: String) {
        writeAll(Array("notifc lsp: \(line)\n".utf8), to: 2)
    }

    private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            written += count
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
