// The rule protocol, the context rules read, and the list of every rule the validator runs.

/// What every rule can see: the typed declarations and the name tables.
package struct ValidationContext {
    /// The typed declarations.
    let manifest: CheckedManifest
    /// Name → declaration tables.
    let symbols: SymbolTable
    /// False when some input could not be read at all, so an unknown name may be declared there;
    /// unknown-reference errors are then not reported.
    let isNamespaceComplete: Bool
    /// The options of this compilation.
    let options: CompilerOptions

    /// Empty `options` and `intentIdentifiers` lists.
    var emptyLists: [Located<ManifestKey>] { manifest.emptyLists }
}

/// One independent check over the whole manifest.
package protocol ValidationRule: Sendable {
    /// The codes the rule reports (each code belongs to exactly one rule or stage; a test checks it).
    var codes: [DiagnosticCode] { get }
    /// Appends the rule's findings.
    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag)
}

/// Every rule, in the order they run (the order does not affect output: diagnostics are sorted).
let allValidationRules: [any ValidationRule] = [
    IdentifierRule(),
    ReferenceRule(),
    ExtensionCategoriesRule(),
    EntryPointRule(),
    ActionTextRule(),
    ContentSizeRatioRule(),
    OptionAdviceRule(),
    CategoryAdviceRule(),
    EmptyListRule(),
    ServiceExtensionCountRule(),
    LocalizationRule(),
]
