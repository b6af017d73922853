// A real client: Neovim's built-in LSP client, headless, against `notifc lsp` (skipped where nvim is missing).
import Foundation
import Testing

struct NeovimClientTests {
    /// `nvim` on PATH, or `nil`.
    static var neovim: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/nvim" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func neovimShowsTheDiagnostics() throws {
        guard let neovim = Self.neovim else {
            print("note: skipping NeovimClientTests: nvim is not on PATH (apt-get install neovim)")
            return
        }
        guard let notifc = TestPaths.notifcExecutable else {
            print("note: skipping NeovimClientTests: the notifc executable is not built")
            return
        }
        let directory = try TemporaryDirectory()
        // The mistake is on a line with an emoji before it: Neovim converts the server's UTF-16 columns to bytes.
        let line = "    actions: [\"😀\", acept]"
        let manifest = try directory.write(
            "m.notif", "action accept {\n    title: \"Accept\"\n}\n\ncategory invite {\n\(line)\n}\n")
        let output = directory.url.appendingPathComponent("diagnostics.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: neovim)
        process.arguments = [
            "--headless", "--clean", "-c",
            "luafile " + TestPaths.fixtures.appendingPathComponent("lsp/neovim-diagnostics.lua").path,
        ]
        process.environment = [
            "NOTIFC": notifc.path, "NOTIFC_MANIFEST": manifest, "NOTIFC_OUTPUT": output.path,
            "HOME": directory.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        #expect(process.terminationStatus == 0)
        let shown = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        let column = line.utf8.count - "acept]".utf8.count
        #expect(shown.contains("5:\(column):5:\(column + 5) E305 unknown action 'acept' | help: did you mean 'accept'?"), "\(shown)")
    }
}
