// libFuzzer target: the registration scanner on Swift and Objective-C text, the checks on what it finds,
// and the suppression filter — never a crash or a hang on any bytes.

func fuzzRegistration(_ data: UnsafePointer<UInt8>, _ size: Int) {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for path in ["fuzz.swift", "fuzz.m"] {
        var sources = SourceFileSet()
        sources.add(path: path, bytes: bytes)
        let found = RegistrationScanner.scan(sources.files)
        var diagnostics = DiagnosticBag()
        RegistrationCheck.reportUnresolved(found, into: &diagnostics)
        RegistrationCheck.checkCode(found, into: &diagnostics)
        let kept = SuppressionFilter.apply(diagnostics.sorted(), sources: sources)
        _ = DiagnosticRenderer.render(kept, sources: sources, format: .text)
        // Property: every category found is located inside the file.
        for category in found.categories {
            precondition(category.range.end <= bytes.count, "a category located past the end of the file")
        }
    }
}
