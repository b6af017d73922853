// Finds swiftc for the tests that compile generated Swift, and runs it (or any tool) with captured output.
import Foundation

enum SwiftToolchain {
    /// The result of running a process.
    struct Run {
        var status: Int32
        var output: String

        var succeeded: Bool { status == 0 }
    }

    /// `swiftc`: `$SWIFTC` when set; else the first on `PATH`; else the one beside the running Swift runtime
    /// (Linux: the toolchain whose `libswiftCore.so` this process loaded); else `xcrun --find swiftc` (macOS).
    /// `nil` when none is found; the tests that need it then skip with a message.
    static let swiftc: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"], FileManager.default.isExecutableFile(atPath: explicit) {
            return URL(fileURLWithPath: explicit)
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        if let beside = besideRuntime() { return beside }
        #if os(macOS)
        if let found = run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--find", "swiftc"]), found.succeeded {
            let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
            if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
        }
        #endif
        return nil
    }()

    /// `<toolchain>/usr/bin/swiftc` for the toolchain whose runtime library this process uses (Linux).
    private static func besideRuntime() -> URL? {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        for line in maps.split(separator: "\n") where line.hasSuffix("/libswiftCore.so") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            // <toolchain>/usr/lib/swift/linux/libswiftCore.so → <toolchain>/usr/bin/swiftc
            let library = URL(fileURLWithPath: String(line[slash...]))
            let usr = library.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let candidate = usr.appendingPathComponent("bin/swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `executable` with `arguments`; standard output and standard error together in ``Run/output``.
    /// `nil` when the process cannot be started.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) -> Run? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
