// Rule: a content extension names exactly one entry point, a storyboard or a principal class.

/// Reports content extensions with both or neither of `storyboard` and `principalClass`, and empty entry points.
///
/// Invalid: `contentExtension C { categories: [a] storyboard: "MainInterface" principalClass: "C.VC" }`
/// Valid: `contentExtension C { categories: [a] storyboard: "MainInterface" }`
struct EntryPointRule: ValidationRule {
    let codes: [DiagnosticCode] = [.conflictingEntryPoints, .missingEntryPoint]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        for index in manifest.extensions.indices {
            let declared = manifest.extensions[index]
            let location = manifest.locations.extensions[index]
            let storyboard = location.value(of: .storyboard)
            let principalClass = location.value(of: .principalClass)
            for (value, range) in [(declared.storyboard, storyboard), (declared.principalClass, principalClass)] {
                if let value, let range, value.isBlank {
                    diagnostics.append(Diagnostic(.missingEntryPoint, "entry point name is empty", at: range))
                }
            }
            guard declared.kind == .content else { continue }
            switch (storyboard, principalClass) {
            case let (storyboard?, principalClass?):
                diagnostics.append(
                    .conflictingEntryPoints(declared.name, storyboard: storyboard, principalClass: principalClass))
            case (nil, nil) where !location.wrote(.storyboard) && !location.wrote(.principalClass):
                diagnostics.append(
                    Diagnostic(
                        .missingEntryPoint,
                        "content extension '\(declared.name)' has neither a storyboard nor a principal class",
                        at: location.name,
                        help: [
                            "add 'storyboard: \"MainInterface\"' (Xcode's template) or "
                                + "'principalClass: \"$(PRODUCT_MODULE_NAME).NotificationViewController\"'"
                        ]))
            default:
                break
            }
        }
    }
}
