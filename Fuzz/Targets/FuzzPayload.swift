// libFuzzer target: JSON documents as APNs payloads (checked against the messaging example) and as
// notifications.json bundles read back into a manifest (which must then emit and print cleanly).

let messagingManifest: Manifest? = {
    var sources = SourceFileSet()
    sources.add(path: "messaging.notif", bytes: Array(messagingText.utf8))
    return Compiler.compile(sources).manifest
}()

func fuzzPayload(_ data: UnsafePointer<UInt8>, _ size: Int) {
    guard let manifest = messagingManifest else { preconditionFailure("the embedded manifest does not compile") }
    var sources = SourceFileSet()
    let id = sources.add(path: "payload.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    for voip in [false, true] {
        let diagnostics = PayloadChecker.check(sources, against: manifest, options: PayloadCheckOptions(isVoIP: voip))
        _ = DiagnosticRenderer.render(diagnostics, sources: sources, format: .text)
    }
    var diagnostics = DiagnosticBag()
    if let bundle = BundleReader.read(sources[id], into: &diagnostics) {
        for format in EmitFormat.defaultFormats { _ = format.emitter.emit(bundle) }
        _ = ManifestPrinter.text(of: bundle)
    }
    _ = DiagnosticRenderer.render(diagnostics.sorted(), sources: sources, format: .sarif)
}
