// Rule: a content extension names exactly one entry point, a storyboard or a principal class.

/// Reports content extensions with both or neither of `storyboard` and `principalClass`, and empty entry points.
///
/// Invalid: `contentExtension C { categories: [a] storyboard: "MainInterface" principalClass: "C.VC" }`
/// Valid: `contentExtension C { categories: [a] storyboard: "MainInterface" }`
struct EntryPointRule: ValidationRule {
    let codes: [DiagnosticCode] = [.conflictingEntryPoints, .missingEntryPoint]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        for declared in context.manifest.extensions {
            for entry in [declared.storyboard, declared.principalClass].compactMap({ $0 })
            where entry.value.isBlank {
                diagnostics.append(Diagnostic(.missingEntryPoint, "entry point name is empty", at: entry.range))
            }
            guard declared.kind == .content else { continue }
            switch (declared.storyboard, declared.principalClass) {
            case let (storyboard?, principalClass?):
                diagnostics.append(
                    .conflictingEntryPoints(
                        declared.name.text, storyboard: storyboard.range, principalClass: principalClass.range))
            case (nil, nil) where !declared.writtenKeys.contains(.storyboard)
                && !declared.writtenKeys.contains(.principalClass):
                diagnostics.append(
                    Diagnostic(
                        .missingEntryPoint,
                        "content extension '\(declared.name.text)' has neither a storyboard nor a principal class",
                        at: declared.name.range,
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
