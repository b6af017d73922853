// Rule: warn about more than one service extension in a manifest; iOS runs only one per app.

/// Warns about every `serviceExtension` after the first (`W418`, as for two service extensions' Info.plists).
///
/// Warned: `serviceExtension A { … }` and `serviceExtension B { … }` in one manifest.
struct ServiceExtensionCountRule: ValidationRule {
    let codes: [DiagnosticCode] = [.severalServiceExtensions]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        let services = manifest.extensions.indices.filter { manifest.extensions[$0].kind == .service }
        guard let first = services.first else { return }
        for index in services.dropFirst() {
            diagnostics.append(
                Diagnostic(
                    .severalServiceExtensions,
                    "a second service extension '\(manifest.extensions[index].name)'; iOS runs only one per app",
                    at: manifest.extensionName(index).range,
                    notes: [DiagnosticNote("the first one", at: manifest.extensionName(first).range)],
                    help: ["merge them into one extension, or split the manifest by app"]))
        }
    }
}
