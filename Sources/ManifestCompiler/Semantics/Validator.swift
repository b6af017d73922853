// Runs key/type checking, name resolution and every rule; returns the Manifest only when there is no error.

/// The semantic stage: syntax trees in, validated ``Manifest`` out.
public enum Validator {
    /// Validates `trees` as one manifest (one namespace across all files).
    ///
    /// - Parameters:
    ///   - trees: The parsed files, in input order.
    ///   - isNamespaceComplete: Whether every input could be read; when not, references to unknown
    ///     names are not reported (they may be declared in the unreadable file).
    ///   - options: The compilation options.
    ///   - diagnostics: Receives every problem found.
    /// - Returns: The manifest, or `nil` if and only if an error was reported (by this or an earlier stage).
    public static func validate(
        _ trees: [SyntaxTree], isNamespaceComplete: Bool, options: CompilerOptions,
        into diagnostics: inout DiagnosticBag
    ) -> Manifest? {
        let checked = DeclarationChecker.check(trees, into: &diagnostics)
        return validate(checked, isNamespaceComplete: isNamespaceComplete, options: options, into: &diagnostics)
    }

    /// Validates declarations already key- and type-checked (the compiler checks each as it is parsed).
    static func validate(
        _ checked: CheckedManifest, isNamespaceComplete: Bool, options: CompilerOptions,
        into diagnostics: inout DiagnosticBag
    ) -> Manifest? {
        let context = ValidationContext(
            manifest: checked, symbols: SymbolTable.build(checked, into: &diagnostics),
            isNamespaceComplete: isNamespaceComplete, options: options)
        // Rules run even once the error limit is reached: further errors are counted (so the limit notice
        // is exact) but dropped, and rules skip costly work such as suggestions when the bag is full.
        for rule in allValidationRules + options.extraRules {
            rule.check(context, into: &diagnostics)
        }
        guard !diagnostics.hasErrors else { return nil }
        return Manifest(
            actions: checked.actions, categories: checked.categories, extensions: checked.extensions,
            localization: checked.localization(with: options))
    }
}
