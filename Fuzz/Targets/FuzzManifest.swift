// libFuzzer target: the manifest front end (screen, lex, parse, validate), every emitter, every diagnostic
// format, the formatter and the printer — with their properties checked, so a violation is a crash.

func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) {
    var sources = SourceFileSet()
    let id = sources.add(path: "fuzz.notif", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    var options = CompilerOptions()
    options.extraRules.append(SwiftNameRule())
    let result = Compiler.compile(sources, options: options)
    for format in DiagnosticFormat.allCases {
        _ = DiagnosticRenderer.render(result.diagnostics, sources: result.sources, format: format)
    }
    if let manifest = result.manifest {
        for format in EmitFormat.allCases { _ = format.emitter(swift: SwiftOutputSettings()).emit(manifest) }
        // Property: the printed manifest compiles back to the same model.
        var printed = SourceFileSet()
        printed.add(path: "printed.notif", bytes: Array(ManifestPrinter.text(of: manifest).utf8))
        let reprinted = Compiler.compile(printed)
        precondition(reprinted.manifest == manifest, "ManifestPrinter round trip changed the manifest")
    }
    // Property: formatting is idempotent and keeps the meaning.
    if case .formatted(let text) = ManifestFormatter.format(sources[id]) {
        let formattedFile = SourceFile(id: id, path: "fuzz.notif", bytes: Array(text.utf8))
        guard case .formatted(let again) = ManifestFormatter.format(formattedFile) else {
            preconditionFailure("formatted text does not format again")
        }
        precondition(again == text, "formatting is not idempotent")
        var formatted = SourceFileSet()
        formatted.add(path: "fuzz.notif", bytes: Array(text.utf8))
        precondition(Compiler.compile(formatted, options: options).manifest == result.manifest, "formatting changed the meaning")
    }
}
