// Where the driver's output goes: standard output and standard error, replaceable in tests.

/// The driver's two output streams.
public protocol Console: AnyObject {
    /// Writes to standard output.
    func writeOutput(_ text: String)
    /// Writes to standard error.
    func writeError(_ text: String)
    /// Whether standard error is a terminal (for `--color auto`).
    var errorIsTerminal: Bool { get }
    /// Whether standard output is a terminal.
    var outputIsTerminal: Bool { get }
}

/// The process's real standard output and standard error, written with `write(2)`.
public final class StandardConsole: Console {
    /// Creates the console.
    public init() {}

    public func writeOutput(_ text: String) { Self.send(text, to: 1) }
    public func writeError(_ text: String) { Self.send(text, to: 2) }
    public var errorIsTerminal: Bool { isatty(2) == 1 }
    public var outputIsTerminal: Bool { isatty(1) == 1 }

    private static func send(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// A console that keeps everything written to it (for tests and embedding).
public final class CapturingConsole: Console {
    /// Everything written to standard output.
    public private(set) var output = ""
    /// Everything written to standard error.
    public private(set) var error = ""
    public let errorIsTerminal: Bool
    public let outputIsTerminal: Bool

    /// Creates a console; pass `true` to make it look like a terminal.
    public init(isTerminal: Bool = false) {
        errorIsTerminal = isTerminal
        outputIsTerminal = isTerminal
    }

    public func writeOutput(_ text: String) { output += text }
    public func writeError(_ text: String) { error += text }
}
