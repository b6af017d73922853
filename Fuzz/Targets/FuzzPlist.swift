// libFuzzer target: the property-list reader and the extension Info.plist analysis (lint and import modes);
// the same bytes as a `.stringsdict` plural table (lint's checks and check-payload's table); a plist that reads
// is written back by PropertyListWriter and must read again to the same value.

func fuzzPlist(_ data: UnsafePointer<UInt8>, _ size: Int) {
    var sources = SourceFileSet()
    let id = sources.add(path: "Fuzz/Info.plist", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    var diagnostics = DiagnosticBag()
    guard let root = PropertyListReader.read(sources[id], into: &diagnostics) else {
        _ = DiagnosticRenderer.render(diagnostics.sorted(), sources: sources, format: .text)
        return
    }
    var plural = SourceFileSet()
    let pluralID = plural.add(path: "Fuzz/de.lproj/Localizable.stringsdict", bytes: sources[id].bytes)
    var pluralDiagnostics = DiagnosticBag()
    CatalogLint.checkStringsdict(plural[pluralID], manifest: fuzzStringsManifest, into: &pluralDiagnostics)
    _ = LocalizableTable.stringsdict(plural[pluralID], into: &pluralDiagnostics)
    _ = DiagnosticRenderer.render(pluralDiagnostics.sorted(), sources: plural, format: .text)
    var lint = DiagnosticBag()
    _ = ExtensionPlistAnalyzer.analyze(root, mode: .lint, isExplicit: true, into: &lint)
    var imported = DiagnosticBag()
    _ = ExtensionPlistAnalyzer.analyze(root, mode: .importing, isExplicit: true, into: &imported)
    for format in DiagnosticFormat.allCases {
        _ = DiagnosticRenderer.render(lint.sorted(), sources: sources, format: format)
    }
    // Property: what the reader accepts, the writer writes back to the same value.
    let written = PropertyListWriter.document(root.value)
    var writtenSources = SourceFileSet()
    let writtenID = writtenSources.add(path: "written.plist", bytes: written)
    var again = DiagnosticBag()
    guard let reread = PropertyListReader.read(writtenSources[writtenID], into: &again) else {
        preconditionFailure("a written property list does not read back")
    }
    precondition(reread.value == root.value, "a property list changed value through the writer")
}

/// A manifest with localizable strings, for the `.stringsdict` checks to compare against.
private let fuzzStringsManifest = Manifest(
    actions: [Action(identifier: "reply", title: "Reply", textInput: TextInput(buttonTitle: "Send", placeholder: "%@"))],
    categories: [Category(identifier: "message", actions: ["reply"], categorySummaryFormat: "%u more from %@")],
    extensions: [])
