// libFuzzer target: strings tables read from any bytes — a String Catalog merged with the example manifest's
// strings, linted against it and read as a payload check's Localizable table, the same bytes as a `.strings`
// file — never a crash, a hang or a catalog that does not read back.

/// The example manifest the catalogs are merged with and checked against.
let catalogManifest: Manifest? = {
    var sources = SourceFileSet()
    sources.add(path: "messaging.notif", bytes: Array(messagingText.utf8))
    return Compiler.compile(sources).manifest
}()

func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) {
    guard let manifest = catalogManifest else { preconditionFailure("the example manifest does not compile") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let catalog = SourceFile(id: SourceFileID(index: 0), path: "Notifications.xcstrings", bytes: bytes)
    var diagnostics = DiagnosticBag()
    if let merged = StringCatalog.merge(
        manifest.localizableStrings, sourceLanguage: "en", into: catalog, diagnostics: &diagnostics)
    {
        // Property: what the merge writes is a catalog, and merging again changes nothing.
        let written = SourceFile(id: SourceFileID(index: 0), path: "Notifications.xcstrings", bytes: merged)
        var again = DiagnosticBag()
        let remerged = StringCatalog.merge(
            manifest.localizableStrings, sourceLanguage: "en", into: written, diagnostics: &again)
        precondition(remerged == merged, "a second merge changed the catalog")
    }
    var lint = DiagnosticBag()
    CatalogLint.check(catalog, manifest: manifest, into: &lint)
    _ = LocalizableTable.catalog(catalog, into: &lint)
    let strings = SourceFile(
        id: SourceFileID(index: 0), path: "de.lproj/Notifications.strings", bytes: StringsFileReader.utf8Text(of: bytes))
    CatalogLint.checkStrings(strings, manifest: manifest, into: &lint)
}
