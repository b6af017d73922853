// Compiling inline sources in tests, and reading diagnostics back as codes and positions.
import ManifestCompiler

enum TestCompile {
    /// Compiles one in-memory file.
    static func source(
        _ text: String, path: String = "test.notif", options: CompilerOptions = CompilerOptions()
    ) -> CompilationResult {
        files([(path, text)], options: options)
    }

    /// Compiles several in-memory files as one manifest.
    static func files(_ files: [(String, String)], options: CompilerOptions = CompilerOptions()) -> CompilationResult {
        var sources = SourceFileSet()
        for (path, text) in files { sources.add(path: path, bytes: Array(text.utf8)) }
        return Compiler.compile(sources, options: options)
    }

    /// Compiles raw bytes.
    static func bytes(_ bytes: [UInt8], options: CompilerOptions = CompilerOptions()) -> CompilationResult {
        var sources = SourceFileSet()
        sources.add(path: "test.notif", bytes: bytes)
        return Compiler.compile(sources, options: options)
    }

    /// The plain-text rendering of a result's diagnostics.
    static func rendered(_ result: CompilationResult) -> String {
        DiagnosticRenderer.render(result.diagnostics, sources: result.sources, format: .text)
    }
}

extension CompilationResult {
    /// The codes of all diagnostics, in order.
    var codes: [DiagnosticCode] { diagnostics.map(\.code) }
}
