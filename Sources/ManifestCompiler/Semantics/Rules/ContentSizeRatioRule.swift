// Rule: the initial content size ratio is a finite, non-negative number, and content extensions declare one.

/// Reports negative, NaN and infinite ratios (errors) and content extensions without a ratio (warning:
/// Apple's documentation lists the key as required).
///
/// Shipping apps use 0, 0.0001 and 1.5 and resize at runtime, so every finite non-negative value is accepted.
struct ContentSizeRatioRule: ValidationRule {
    let codes: [DiagnosticCode] = [.invalidRatio, .missingContentSizeRatio]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        for index in manifest.extensions.indices where manifest.extensions[index].kind == .content {
            let location = manifest.locations.extensions[index]
            guard let ratio = manifest.extensions[index].initialContentSizeRatio,
                let range = location.value(of: .initialContentSizeRatio)
            else {
                if location.wrote(.initialContentSizeRatio) { continue }  // invalid value, reported
                diagnostics.append(
                    Diagnostic(
                        .missingContentSizeRatio,
                        "content extension '\(manifest.extensions[index].name)' has no initialContentSizeRatio",
                        at: location.name,
                        help: ["iOS sizes the view with it while the extension loads; Xcode's template uses 1"]))
                continue
            }
            let problem: String? =
                if ratio.isNaN { "NaN" } else if ratio.isInfinite { ratio < 0 ? "negative infinity" : "infinity" } else if ratio < 0 {
                    "a negative number"
                } else { nil }
            if let problem {
                diagnostics.append(
                    Diagnostic(
                        .invalidRatio, "initialContentSizeRatio must be a finite number of at least 0, found \(problem)",
                        at: range, help: ["the ratio is height ÷ width, e.g. 0.5 for half as tall as wide"]))
            }
        }
    }
}
