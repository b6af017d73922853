// Rule (only with --emit flutter, notifee or expo): what each library's registration code cannot express.

/// Warns once per value and library about what the generated Dart or TypeScript leaves out or changes: icons
/// (no library has them), intents, placeholders and summary formats on Flutter, intents outside Notifee's list,
/// categories without `customDismissAction` on Notifee (which sets it anyway), `allowAnnouncement` and category
/// identifiers with `:` or `-` on expo. Each
/// warning is located at the manifest value. `notifc build` adds the rule through ``CompilerOptions/extraRules``
/// for the libraries it writes.
///
/// Warns (with `--emit flutter`): `action a { title: "A", icon: systemImage("bell") }`.
package struct CrossPlatformRule: ValidationRule {
    package let codes: [DiagnosticCode] = [
        .unsupportedByLibrary, .unsupportedNotifeeIntent, .notifeeDismissActionForced, .expoDiscouragedIdentifier,
    ]

    /// The libraries being written, in `--emit` order.
    let libraries: [CrossPlatformLibrary]

    package init(libraries: [CrossPlatformLibrary]) {
        self.libraries = libraries
    }

    package func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        for library in libraries {
            for omission in library.omissions(actions: manifest.actions, categories: manifest.categories) {
                if let diagnostic = Self.diagnostic(omission, library: library, manifest: manifest) {
                    diagnostics.append(diagnostic)
                }
            }
        }
    }

    private static func diagnostic(
        _ omission: CrossPlatformOmission, library: CrossPlatformLibrary, manifest: CheckedManifest
    ) -> Diagnostic? {
        let location: DeclarationLocation
        let owner: String
        switch omission.subject {
        case .action(let index):
            guard index < manifest.locations.actions.count else { return nil }
            location = manifest.locations.actions[index]
            owner = "action '\(manifest.actions[index].identifier)'"
        case .category(let index):
            guard index < manifest.locations.categories.count else { return nil }
            location = manifest.locations.categories[index]
            owner = "category '\(manifest.categories[index].identifier)'"
        }
        let name = library.packageName
        switch omission.field {
        case .icon:
            return Diagnostic(
                .unsupportedByLibrary, "\(name) has no action icons; the icon of \(owner) is left out of its code",
                at: location.value(of: .icon) ?? location.name,
                help: ["the buttons show their titles only; native code can add the icon"])
        case .intentIdentifiers(let dropped) where library == .notifee:
            // A misspelt system intent is W313's when the intent meant is one Notifee passes: fixing it fixes both.
            let passed = Set(NotifeeIntent.members.map(\.intent))
            let intents = dropped.filter { intent in
                guard let meant = SystemIntents.correction(of: intent) else { return true }
                return !meant.isEmpty && !passed.contains(meant)
            }
            guard !intents.isEmpty else { return nil }
            let quoted = intents.map { "'\($0)'" }.joined(separator: ", ")
            let suggestions = intents.compactMap { intent in
                NameSuggester.suggestion(for: intent, among: NotifeeIntent.members.map(\.intent)).map {
                    "did you mean '\($0)' instead of '\(intent)'?"
                }
            }
            return Diagnostic(
                .unsupportedNotifeeIntent,
                "Notifee's IOSIntentIdentifier has no \(quoted); \(owner) is registered without "
                    + (intents.count == 1 ? "it" : "them"),
                at: location.value(of: .intentIdentifiers) ?? location.name,
                help: suggestions + ["Notifee passes only the 25 intents of IOSIntentIdentifier to iOS"])
        case .intentIdentifiers:
            return Diagnostic(
                .unsupportedByLibrary, "\(name) registers no intent identifiers; those of \(owner) are left out",
                at: location.value(of: .intentIdentifiers) ?? location.name)
        case .hiddenPreviewsBodyPlaceholder, .categorySummaryFormat:
            let key: ManifestKey =
                omission.field == .hiddenPreviewsBodyPlaceholder ? .hiddenPreviewsBodyPlaceholder : .categorySummaryFormat
            return Diagnostic(
                .unsupportedByLibrary, "\(name) has no '\(key.rawValue)'; the one of \(owner) is left out of its code",
                at: location.value(of: key) ?? location.name,
                help: ["iOS shows its default text instead"])
        case .allowAnnouncement:
            let category = manifest.categories[indexOf(omission.subject)]
            return Diagnostic(
                .unsupportedByLibrary, "\(name) ignores option 'allowAnnouncement'; it is left out for \(owner)",
                at: location.range(of: CategoryOption.allowAnnouncement, in: category.options) ?? location.name)
        case .discouragedIdentifier:
            return Diagnostic(
                .expoDiscouragedIdentifier,
                "expo-notifications asks apps not to use ':' or '-' in category identifiers, as \(owner) does",
                at: location.name,
                help: ["Expo Go prefixes category identifiers with a scope; letters, digits, '_' and '.' are safe"])
        case .iOSOnlyWithoutActions:
            return Diagnostic(
                .unsupportedByLibrary,
                "expo-notifications rejects a category without actions on Android; \(owner) is registered on iOS only",
                at: location.name,
                help: ["the generated code skips it on Android, so the categories after it are still registered"])
        case .customDismissActionForced:
            return Diagnostic(
                .notifeeDismissActionForced,
                "Notifee sets 'customDismissAction' on every category, so \(owner) reports dismissals anyway",
                at: location.name,
                help: [
                    "add 'customDismissAction' to its options to say so, or handle the dismiss action "
                        + "(UNNotificationDismissActionIdentifier) in the app"
                ])
        }
    }

    private static func indexOf(_ subject: CrossPlatformOmission.Subject) -> Int {
        switch subject {
        case .action(let index), .category(let index): index
        }
    }
}
