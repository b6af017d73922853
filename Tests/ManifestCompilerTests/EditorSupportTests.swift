// The VS Code extension's grammar and configuration, the GitHub Action and the pre-commit hooks: they parse, and
// they name the language's words and notifc's commands and flags as they are.
import Foundation
import ManifestCompiler
import Testing

struct EditorSupportTests {
    static let vscode = TestPaths.packageRoot.appendingPathComponent("Editors/vscode")

    static func json(_ relative: String) throws -> [String: Any] {
        let data = try Data(contentsOf: vscode.appendingPathComponent(relative))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static var grammar: [String: Any] { (try? json("syntaxes/notif.tmLanguage.json")) ?? [:] }

    /// The words of a rule's `\b(a|b|c)\b` alternation.
    static func words(ofRule name: String) -> Set<String> {
        let rule = (grammar["repository"] as? [String: Any])?[name] as? [String: Any]
        guard let match = rule?["match"] as? String, let open = match.range(of: "\\b("),
            let close = match.range(of: ")\\b", range: open.upperBound..<match.endIndex)
        else { return [] }
        return Set(match[open.upperBound..<close.lowerBound].split(separator: "|").map(String.init))
    }

    @Test func grammarNamesTheLanguagesWords() throws {
        #expect(Self.grammar["scopeName"] as? String == "source.notif")
        #expect(Self.words(ofRule: "declaration") == Set(DeclarationKind.allCases.map(\.rawValue)))
        #expect(Self.words(ofRule: "key") == Set(ManifestKey.allCases.map(\.rawValue)))
        #expect(Self.words(ofRule: "option") == Set(ActionOption.allCases.map(\.rawValue) + CategoryOption.allCases.map(\.rawValue)))
        #expect(Self.words(ofRule: "call") == ["systemImage", "templateImage"])
        #expect(Self.words(ofRule: "boolean") == ["true", "false"])
    }

    /// Every `match`, `begin` and `end` of the grammar, with where it is.
    static func expressions(in value: Any, path: String = "") -> [(String, String)] {
        if let object = value as? [String: Any] {
            return object.keys.sorted().flatMap { key -> [(String, String)] in
                let child = object[key] as Any
                if ["match", "begin", "end"].contains(key), let text = child as? String { return [("\(path)/\(key)", text)] }
                return expressions(in: child, path: "\(path)/\(key)")
            }
        }
        if let array = value as? [Any] { return array.enumerated().flatMap { expressions(in: $1, path: "\(path)/\($0)") } }
        return []
    }

    @Test func grammarRulesMatchWhatTheyScope() throws {
        let expressions = Self.expressions(in: Self.grammar)
        #expect(expressions.count >= 10)
        var compiled: [String: NSRegularExpression] = [:]
        for (path, pattern) in expressions {
            compiled[path] = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        }
        func matches(_ rule: String, _ text: String) -> [String] {
            guard let expression = compiled["/repository/\(rule)/match"] else { return [] }
            return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range, in: text).map { String(text[$0]) }
            }
        }
        let source = try String(contentsOf: TestPaths.manifests.appendingPathComponent("messaging.notif"), encoding: .utf8)
        #expect(matches("comment", source).first?.hasPrefix("// Messaging") == true)
        #expect(matches("declaration", "textInputAction reply {") == ["textInputAction reply"])
        #expect(matches("key", "    buttonTitle: \"Send\"") == ["buttonTitle"])
        #expect(matches("key", "    title \"no colon\"").isEmpty)
        #expect(matches("option", "options: [foreground, destructive]") == ["foreground", "destructive"])
        #expect(matches("number", "initialContentSizeRatio: 0.75 -1 2e3 inf") == ["0.75", "-1", "2e3", "inf"])
        #expect(matches("call", "icon: systemImage(\"bell\")") == ["systemImage"])
        let strings = (Self.grammar["repository"] as? [String: Any])?["string"] as? [String: Any]
        let escape = try NSRegularExpression(pattern: try #require(((strings?["patterns"] as? [[String: Any]])?.first?["match"]) as? String))
        for (text, valid) in [("\\n", true), ("\\\"", true), ("\\u{1F600}", true), ("\\q", false)] {
            let found = escape.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))?.range.length == (text as NSString).length
            #expect(found == valid, "\(text)")
        }
    }

    @Test func extensionManifestAndLanguageConfiguration() throws {
        let package = try Self.json("package.json")
        let contributes = try #require(package["contributes"] as? [String: Any])
        let language = try #require((contributes["languages"] as? [[String: Any]])?.first)
        #expect(language["id"] as? String == "notif")
        #expect(language["extensions"] as? [String] == [".notif"])
        let grammar = try #require((contributes["grammars"] as? [[String: Any]])?.first)
        let grammarPath = try #require(grammar["path"] as? String)
        #expect(FileManager.default.fileExists(atPath: Self.vscode.appendingPathComponent(grammarPath).path))
        #expect(grammar["scopeName"] as? String == Self.grammar["scopeName"] as? String)
        let configuration = try Self.json("language-configuration.json")
        #expect((configuration["comments"] as? [String: Any])?["lineComment"] as? String == "//")
        #expect((configuration["brackets"] as? [[String]])?.count == 3)
        let client = try String(contentsOf: Self.vscode.appendingPathComponent("extension.js"), encoding: .utf8)
        #expect(client.contains("args: [\"lsp\"]"))
        #expect(runNotifc(["lsp", "--help"]).status == .success)
    }

    /// The client run by node against stand-ins for the `vscode` and `vscode-languageclient` modules: it starts
    /// `notifc lsp` (or `notifc.path`) for `notif` documents. Skipped where node is missing.
    @Test func clientStartsTheLanguageServer() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let node = path.split(separator: ":").map({ "\($0)/node" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            print("note: skipping clientStartsTheLanguageServer: node is not on PATH")
            return
        }
        let directory = try TemporaryDirectory()
        try directory.write("extension.js", String(contentsOf: Self.vscode.appendingPathComponent("extension.js"), encoding: .utf8))
        try directory.write("node_modules/vscode/index.js", """
            module.exports = {
              workspace: {
                getConfiguration: (section) => ({ get: (key) => (section === "notifc" && key === "path" ? "/opt/notifc" : undefined) }),
                createFileSystemWatcher: (glob) => ({ glob }),
              },
            };
            """)
        try directory.write("node_modules/vscode-languageclient/node.js", """
            class LanguageClient {
              constructor(id, name, server, client) { globalThis.recorded = { id, name, server, client }; }
              start() { globalThis.recorded.started = true; return Promise.resolve(); }
              stop() { return Promise.resolve(); }
            }
            module.exports = { LanguageClient };
            """)
        try directory.write("run.js", """
            const extension = require("./extension.js");
            const context = { subscriptions: [] };
            extension.activate(context).then(() => {
              const r = globalThis.recorded;
              console.log(JSON.stringify({ command: r.server.command, args: r.server.args, started: r.started,
                selector: r.client.documentSelector, watcher: r.client.synchronize.fileEvents.glob,
                disposables: context.subscriptions.length }));
            });
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = [directory.url.appendingPathComponent("run.js").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let recorded = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(recorded["command"] as? String == "/opt/notifc")
        #expect(recorded["args"] as? [String] == ["lsp"])
        #expect(recorded["started"] as? Bool == true)
        #expect((recorded["selector"] as? [[String: String]]) == [["scheme": "file", "language": "notif"]])
        #expect(recorded["watcher"] as? String == "**/*.notif")
    }

    // MARK: - CI and hooks

    /// `python3 -c "import yaml"` works; otherwise the YAML files are checked by hand only.
    static func pythonYAML(_ path: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", path.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    @Test func actionRunsLintWithGitHubAnnotations() throws {
        let url = TestPaths.packageRoot.appendingPathComponent("action.yml")
        let text = try String(contentsOf: url, encoding: .utf8)
        if let parsed = Self.pythonYAML(url) {
            let action = try #require(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [String: Any])
            #expect((action["runs"] as? [String: Any])?["using"] as? String == "composite")
            #expect(Set(((action["inputs"] as? [String: Any]) ?? [:]).keys) == ["paths", "args"])
            let steps = (action["runs"] as? [String: Any])?["steps"] as? [[String: Any]] ?? []
            #expect(steps.contains { ($0["run"] as? String)?.contains("swift build -c release --product notifc") == true })
            #expect(steps.contains { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true })
        } else {
            print("note: python3 with PyYAML is not available; action.yml is checked as text only")
        }
        #expect(text.contains("using: composite"))
        #expect(!text.contains("github.action_path"), "inside a container job it is the host's path (actions/runner#2185)")
        #expect(text.contains("Scripts/github-action/cache-key.sh") && text.contains("Scripts/github-action/lint.sh"))
    }

    /// Runs one of the action's scripts as its run step does: executed, so through its `#!/usr/bin/env bash` line.
    static func runActionScript(
        _ name: String, environment: [String: String], in directory: URL
    ) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = TestPaths.packageRoot.appendingPathComponent("Scripts/github-action/" + name)
        process.environment = environment
        process.currentDirectoryURL = directory
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// The lint step: one path per line (spaces kept), globs expanded, `args` split on spaces, and errors that are not
    /// diagnostics (an unreadable path, a wrong option) annotated too.
    @Test func actionLintStepTakesPathsWithSpacesAndGlobs() throws {
        guard let notifc = TestPaths.notifcExecutable else {
            print("note: the notifc executable is not built; the action's lint step is not run")
            return
        }
        let directory = try TemporaryDirectory()
        _ = try directory.write("My App/Notifications/app.notif", "action a { title: \"A\" }\ncategory c { actions: [a] }\n")
        _ = try directory.write("Other/deep/b.notif", "category d { actions: [nope] }\n")
        let root = URL(fileURLWithPath: directory.path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        func lint(_ paths: String, _ args: String = "") throws -> (status: Int32, output: String, error: String) {
            try Self.runActionScript(
                "lint.sh", environment: ["PATH": path, "NOTIFC": notifc.path, "NOTIFC_PATHS": paths, "NOTIFC_ARGS": args], in: root)
        }
        let clean = try lint("My App/Notifications\n")
        #expect(clean.status == 0 && clean.output.isEmpty, "\(clean)")
        let both = try lint("  My App/Notifications  \nOther/**/*.notif\n\n", "--error-limit 5")
        #expect(both.status == 1, "\(both)")
        #expect(both.output.contains("::error file=Other/deep/b.notif,line=1,col="), "the glob is expanded: \(both.output)")
        let missing = try lint("My App/Nope\n")
        #expect(missing.status == 74)
        #expect(missing.output.contains("::error title=notifc::error: cannot read input: No such file or directory: 'My App/Nope'"), "\(missing)")
        let usage = try lint("", "--bogus")
        #expect(usage.status == 64 && usage.output.contains("::error title=notifc::error: unknown option '--bogus'"), "\(usage)")
        // Every line of `args` counts; a path that starts with '-' is a path.
        _ = try directory.write("Dash/-d.notif", "action d { title: \"D\" }\n")
        let strict = try lint("Dash/*.notif", "\n--warnings-as-errors")
        #expect(strict.status == 1 && strict.output.contains("::error file=Dash/-d.notif,"), "\(strict)")
        // The old form, paths separated by spaces, still works, with a warning.
        let old = try lint("Dash Other")
        #expect(old.status == 1 && old.output.contains("::warning title=notifc::paths are one per line now"), "\(old)")
    }

    /// The cache key step: a hash of the sources (with shasum where sha256sum is missing, as on macOS runners) and
    /// NOTIFC_HOME for the cache step.
    @Test func actionCacheKeyStepHashesTheSourcesOnEveryRunner() throws {
        let directory = try TemporaryDirectory()
        let root = URL(fileURLWithPath: directory.path)
        func key(path: String) throws -> (status: Int32, hash: String, home: String, error: String) {
            let output = try directory.write("output", "")
            let env = try directory.write("env", "")
            let run = try Self.runActionScript(
                "cache-key.sh", environment: ["PATH": path, "GITHUB_OUTPUT": output, "GITHUB_ENV": env], in: root)
            return (run.status, try String(contentsOfFile: output, encoding: .utf8), try String(contentsOfFile: env, encoding: .utf8), run.error)
        }
        let linux = try key(path: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        #expect(linux.status == 0, "\(linux.error)")
        #expect(linux.hash.range(of: #"^hash=[0-9a-f]{16}\n$"#, options: .regularExpression) != nil, "\(linux.hash)")
        #expect(linux.home == "NOTIFC_HOME=\(TestPaths.packageRoot.standardizedFileURL.path)\n")
        // A PATH without sha256sum, as on macOS runners.
        let tools = ["bash", "find", "sort", "xargs", "cat", "cut", "dirname", "shasum", "perl"]
        let locations = tools.map { tool in ["/usr/bin/" + tool, "/bin/" + tool].first { FileManager.default.isExecutableFile(atPath: $0) } }
        guard !locations.contains(where: { $0 == nil }) else {
            print("note: \(tools.joined(separator: ", ")) are not all in /usr/bin or /bin; the cache key is not checked without sha256sum")
            return
        }
        let bin = directory.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (tool, location) in zip(tools, locations) {
            try FileManager.default.createSymbolicLink(atPath: bin + "/" + tool, withDestinationPath: location ?? "")
        }
        let mac = try key(path: bin)
        #expect(mac.status == 0 && mac.hash == linux.hash, "\(mac.error)")
    }

    @Test func preCommitHooksNameCommandsThatWork() throws {
        let url = TestPaths.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        var entries: [String: String] = [:]
        if let parsed = Self.pythonYAML(url) {
            let hooks = try #require(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[String: Any]])
            for hook in hooks {
                if let id = hook["id"] as? String, let entry = hook["entry"] as? String { entries[id] = entry }
                #expect(hook["language"] as? String == "swift")
                #expect(hook["files"] is String)
            }
        } else {
            print("note: python3 with PyYAML is not available; .pre-commit-hooks.yaml is read by hand")
            var id: String?
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("- id: ") { id = String(trimmed.dropFirst(6)) }
                if trimmed.hasPrefix("entry: "), let id { entries[id] = String(trimmed.dropFirst(7)) }
            }
        }
        #expect(entries == ["notifc-lint": "notifc lint", "notifc-fmt": "notifc fmt --write"])
        // The commands work as the hooks run them.
        let directory = try TemporaryDirectory()
        let path = try directory.write("a.notif", "action a {\ntitle: \"A\"\n}\ncategory c {\n    actions: [a]\n}\n")
        #expect(runNotifc(["lint", directory.path]).status == .success)
        #expect(runNotifc(["fmt", "--write", path]).status == .success)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("    title: \"A\""))
    }
}
