// The payload rule protocol and the list of every rule `check-payload` runs.

/// One independent check of an APNs payload. The payload counterpart of ``ValidationRule``, which checks
/// manifests: a rule reads one ``PayloadContext`` and appends located diagnostics.
protocol PayloadRule: Sendable {
    /// The codes the rule reports (each code belongs to exactly one rule; a test checks it).
    var codes: [DiagnosticCode] { get }
    /// Appends the rule's findings for one payload.
    func check(_ payload: PayloadContext, into diagnostics: inout DiagnosticBag)
}

/// Every payload rule, in the order they run (the order does not affect output: diagnostics are sorted).
let allPayloadRules: [any PayloadRule] = [
    PayloadSizeRule(),
    PayloadShapeRule(),
    PayloadKeyRule(),
    PayloadValueRule(),
    PayloadCategoryRule(),
    PayloadLocalizationRule(),
    ServiceExtensionPayloadRule(),
]
