// Compares extension Info.plists with the manifest: undeclared, missing and misassigned categories, drift.

/// Cross-checks extension Info.plists against a valid manifest.
///
/// Each Info.plist is matched to a manifest extension: by the name of its folder (``name``), otherwise —
/// for a content extension — the one manifest content extension that claims any of its categories, or —
/// for a service extension — the manifest's only service extension. Then:
/// - a category the plist names that the manifest does not declare is an error in the plist, with a
///   suggestion (``DiagnosticCode/plistCategoryNotDeclared``), matched or not;
/// - a category the manifest gives the matched extension that the plist lacks, and one the plist names that
///   the manifest gives elsewhere, are errors (``DiagnosticCode/plistCategoryMissing``,
///   ``DiagnosticCode/plistCategoryElsewhere``);
/// - a different extension point is an error; other settings that differ are warnings;
/// - a plist no manifest extension matches is a warning.
public enum ManifestCrossCheck {
    /// One Info.plist to check, and the extension name its path suggests.
    public struct Subject: Sendable {
        /// The Info.plist's settings.
        public let plist: ExtensionPlist
        /// The extension name its folder suggests (``ExtensionNaming``), if any.
        public let name: String?

        /// Creates a subject.
        public init(plist: ExtensionPlist, name: String?) {
            self.plist = plist
            self.name = name
        }
    }

    /// Appends the findings for every subject, checked against the manifest `result` compiled (its notes point
    /// at the manifest's declarations).
    public static func check(
        _ subjects: [Subject], manifest: Manifest, compiledFrom result: CompilationResult,
        into diagnostics: inout DiagnosticBag
    ) {
        let locations = ManifestLocations(manifest: manifest, locations: result.locations)
        let declaredCategories = manifest.categories.map(\.identifier)
        for subject in subjects {
            let plist = subject.plist
            let matched = match(subject, in: manifest)
            for category in plist.categories where !declaredCategories.contains(category.value) {
                diagnostics.append(undeclared(category, among: declaredCategories))
            }
            guard let matched else {
                diagnostics.append(
                    Diagnostic(
                        .plistWithoutManifestExtension,
                        "no extension in the manifest matches this Info.plist\(subject.name.map { " (folder '\($0)')" } ?? "")",
                        at: plist.extensionKeyRange,
                        help: ["name its folder after the manifest's extension, or declare the extension in the manifest"]))
                continue
            }
            guard matched.kind == plist.kind else {
                diagnostics.append(
                    Diagnostic(
                        .plistExtensionKindMismatch,
                        "this Info.plist is a \(plist.kind.rawValue) extension, but the manifest declares '\(matched.name)' as a \(matched.kind.rawValue) extension",
                        at: plist.pointIdentifierRange ?? plist.extensionKeyRange,
                        notes: [DiagnosticNote("declared here", at: locations.extensionDeclaration(matched.name)?.location.name)],
                        help: ["run 'notifc build' to rewrite NSExtension from the manifest"]))
                continue
            }
            // A category value that could not be read was reported already; it is not also "missing".
            let categoriesUnreadable = plist.categories.isEmpty && plist.writtenKeys.contains(ExtensionAttributeKey.category)
            if plist.kind == .content, !categoriesUnreadable {
                checkCategories(plist, against: matched, in: manifest, locations: locations, into: &diagnostics)
            }
            checkSettings(plist, against: matched, locations: locations, into: &diagnostics)
        }
    }

    /// The manifest extension `subject` describes, if any (see the type's documentation).
    public static func match(_ subject: Subject, in manifest: Manifest) -> NotificationExtension? {
        if let name = subject.name, let named = manifest.extensions.first(where: { $0.name == name }) { return named }
        let plist = subject.plist
        switch plist.kind {
        case .content:
            let names = Set(plist.categories.map(\.value))
            let claimants = manifest.extensions.filter { $0.kind == .content && $0.categories.contains(where: names.contains) }
            return claimants.count == 1 ? claimants.first : nil
        case .service:
            let services = manifest.extensions.filter { $0.kind == .service }
            return services.count == 1 ? services.first : nil
        }
    }

    private static func undeclared(_ category: Located<String>, among declared: [String]) -> Diagnostic {
        var help = ["declare it in the manifest with 'category \(StringEscapes.name(category.value)) { … }'"]
        if let suggestion = NameSuggester.suggestion(for: category.value, among: declared) {
            help = ["did you mean '\(suggestion)'?"]
        }
        return Diagnostic(
            .plistCategoryNotDeclared, "category '\(category.value)' is not declared in the manifest", at: category.range,
            help: help)
    }

    private static func checkCategories(
        _ plist: ExtensionPlist, against matched: NotificationExtension, in manifest: Manifest,
        locations: ManifestLocations, into diagnostics: inout DiagnosticBag
    ) {
        let listed = Set(plist.categories.map(\.value))
        let declared = Set(manifest.categories.map(\.identifier))
        for category in plist.categories where declared.contains(category.value) && !matched.categories.contains(category.value) {
            var notes: [DiagnosticNote] = []
            if let owner = manifest.extensions.first(where: { $0.kind == .content && $0.categories.contains(category.value) }) {
                notes.append(
                    DiagnosticNote(
                        "the manifest gives it to '\(owner.name)'",
                        at: locations.categoryReference(category.value, inExtension: owner.name)))
            }
            diagnostics.append(
                Diagnostic(
                    .plistCategoryElsewhere,
                    "the manifest does not give category '\(category.value)' to extension '\(matched.name)'",
                    at: category.range, notes: notes,
                    help: ["add it to the extension's 'categories' in the manifest, or remove it here"]))
        }
        for category in matched.categories where !listed.contains(category) {
            diagnostics.append(
                Diagnostic(
                    .plistCategoryMissing,
                    "category '\(category)' of extension '\(matched.name)' is missing from this Info.plist",
                    at: plist.categoryValueRange ?? plist.attributesLocation,
                    notes: [
                        DiagnosticNote(
                            "the manifest gives it here", at: locations.categoryReference(category, inExtension: matched.name))
                    ],
                    help: ["run 'notifc build' to update this Info.plist"]))
        }
    }

    private static func checkSettings(
        _ plist: ExtensionPlist, against matched: NotificationExtension, locations: ManifestLocations,
        into diagnostics: inout DiagnosticBag
    ) {
        var differences: [(key: String, manifestKey: ManifestKey, here: String?, there: String?, range: SourceRange?)] = []
        func compare(_ here: Located<Bool>?, _ there: Bool?, _ key: String, _ manifestKey: ManifestKey) {
            guard (here?.value ?? false) != (there ?? false) else { return }
            differences.append((key, manifestKey, here.map { "\($0.value)" }, there.map { "\($0)" }, here?.range))
        }
        if plist.kind == .content {
            let here = plist.initialContentSizeRatio
            if here?.value != matched.initialContentSizeRatio {
                differences.append(
                    (ExtensionAttributeKey.initialContentSizeRatio, .initialContentSizeRatio,
                        here.map { CanonicalStyle.number($0.value) }, matched.initialContentSizeRatio.map(CanonicalStyle.number),
                        here?.range))
            }
            compare(plist.defaultContentHidden, matched.defaultContentHidden, ExtensionAttributeKey.defaultContentHidden, .defaultContentHidden)
            compare(plist.overridesDefaultTitle, matched.overridesDefaultTitle, ExtensionAttributeKey.overridesDefaultTitle, .overridesDefaultTitle)
            compare(plist.userInteractionEnabled, matched.userInteractionEnabled, ExtensionAttributeKey.userInteractionEnabled, .userInteractionEnabled)
            if plist.storyboard?.value != matched.storyboard {
                differences.append(
                    (ExtensionPlistKeys.storyboard, .storyboard, plist.storyboard.map { StringEscapes.literal($0.value) },
                        matched.storyboard.map(StringEscapes.literal), plist.storyboard?.range))
            }
        }
        if plist.principalClass?.value != matched.principalClass {
            differences.append(
                (ExtensionPlistKeys.principalClass, .principalClass, plist.principalClass.map { StringEscapes.literal($0.value) },
                    matched.principalClass.map(StringEscapes.literal), plist.principalClass?.range))
        }
        for difference in differences where !plist.misreadKeys.contains(difference.key)
            && (difference.here != nil || !plist.writtenKeys.contains(difference.key))
        {
            let message: String
            switch (difference.here, difference.there) {
            case let (here?, there?): message = "'\(difference.key)' is \(here) here but \(there) in the manifest"
            case let (here?, nil): message = "'\(difference.key)' is \(here) here but not set in the manifest"
            case let (nil, there?): message = "'\(difference.key)' is not set here but is \(there) in the manifest"
            case (nil, nil): continue
            }
            let isAttribute = ExtensionAttributeKey.all.contains(difference.key)
            diagnostics.append(
                Diagnostic(
                    .plistDiffersFromManifest, message,
                    at: difference.range ?? (isAttribute ? plist.attributesLocation : plist.extensionKeyRange),
                    notes: [
                        DiagnosticNote(
                            "the manifest's extension '\(matched.name)'",
                            at: locations.extensionEntry(matched.name, key: difference.manifestKey))
                    ],
                    help: ["run 'notifc build' to update this Info.plist"]))
        }
    }
}
