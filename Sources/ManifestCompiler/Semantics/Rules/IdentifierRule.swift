// Rule: identifiers are non-empty, not reserved by UserNotifications, trimmed, and extension names are folder-safe.

/// Reports empty identifiers, Apple's reserved action identifiers, stray whitespace, extension names that
/// cannot be folder names, and extension names that collide on case-insensitive file systems.
///
/// Invalid: `action "com.apple.UNNotificationDefaultActionIdentifier" { title: "Open" }`
/// Valid: `action open { title: "Open" }`
package struct IdentifierRule: ValidationRule {
    package let codes: [DiagnosticCode] = [
        .emptyIdentifier, .reservedIdentifier, .identifierWhitespace, .invalidExtensionName, .extensionFolderCollision,
    ]

    /// The identifiers `UNNotificationResponse.actionIdentifier` uses for the default and dismiss actions.
    static let reservedActionIdentifiers = [
        "com.apple.UNNotificationDefaultActionIdentifier",
        "com.apple.UNNotificationDismissActionIdentifier",
    ]

    package func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        for index in manifest.actions.indices {
            let text = manifest.actions[index].identifier
            let range = manifest.locations.actions[index].name
            checkCommon(text, at: range, kind: "action", into: &diagnostics)
            if Self.isReservedActionIdentifier(text) {
                diagnostics.append(
                    Diagnostic(
                        .reservedIdentifier, "'\(text)' is reserved by UserNotifications", at: range,
                        help: ["iOS reports taps on the notification and dismissals with this identifier; choose another"]))
            }
        }
        for index in manifest.categories.indices {
            checkCommon(
                manifest.categories[index].identifier, at: manifest.locations.categories[index].name, kind: "category",
                into: &diagnostics)
        }
        var foldedNames: [String: NameSyntax] = [:]
        let table = manifest.localization(with: context.options).table
        for index in manifest.extensions.indices {
            let name = manifest.extensionName(index)
            checkCommon(name.text, at: name.range, kind: "extension", into: &diagnostics)
            if let problem = Self.folderNameProblem(name.text, stringsTable: table) {
                diagnostics.append(
                    Diagnostic(
                        .invalidExtensionName, "extension name '\(name.text)' cannot be a folder name: \(problem)",
                        at: name.range, help: ["use the extension target's name, such as 'NotificationContent'"]))
            }
            // Swift's `String` hashes and compares by canonical equivalence, as macOS file systems compare names
            // (they also ignore Unicode normalization); the same code units are a repeated declaration (E307).
            let folded = name.text.lowercased()
            if let other = foldedNames[folded] {
                if Identifier(other.text) != Identifier(name.text) {
                    diagnostics.append(Self.folderCollision(name, other))
                }
            } else {
                foldedNames[folded] = name
            }
        }
    }

    /// `E321`: two extension names whose folders would be one on macOS.
    private static func folderCollision(_ name: NameSyntax, _ other: NameSyntax) -> Diagnostic {
        let sameLetters = other.text.lowercased().utf8.elementsEqual(name.text.lowercased().utf8)
        let (first, second) = sameLetters ? (other.text, name.text) : (Diagnostic.unicodeEscaped(other.text), Diagnostic.unicodeEscaped(name.text))
        return Diagnostic(
            .extensionFolderCollision,
            "extension names '\(first)' and '\(second)' differ only in \(sameLetters ? "letter case" : "letter case or Unicode spelling")",
            at: name.range, notes: [DiagnosticNote("'\(first)' is declared here", at: other.range)],
            help: [
                sameLetters
                    ? "their output folders would be the same on case-insensitive file systems (macOS)"
                    : "their output folders would be the same on macOS, whose file systems ignore letter case and Unicode normalization"
            ])
    }

    private func checkCommon(_ text: String, at range: SourceRange, kind: String, into diagnostics: inout DiagnosticBag) {
        if text.isEmpty {
            diagnostics.append(Diagnostic(.emptyIdentifier, "\(kind) identifier is empty", at: range))
        } else if text.hasEdgeWhitespace, !(kind == "extension" && text.isBlank) {  // that is E318
            diagnostics.append(
                Diagnostic(
                    .identifierWhitespace,
                    "\(kind) identifier \(StringEscapes.literal(text)) has leading or trailing whitespace",
                    at: range,
                    help: [
                        kind == "extension"
                            ? "the name is the extension's output folder; remove the whitespace"
                            : "identifiers are matched exactly; iOS would not match the trimmed name"
                    ]))
        }
    }

    /// Whether `text` is one of ``reservedActionIdentifiers`` (compared only when the length matches).
    static func isReservedActionIdentifier(_ text: String) -> Bool {
        let length = text.utf8.count
        return reservedActionIdentifiers.contains { $0.utf8.count == length && $0 == text }
    }

    /// The names of outputs written beside the extension folders (lowercased: macOS compares without case),
    /// besides the String Catalog, named after the strings table.
    static let reservedOutputNames: Set<String> = [
        "notifications.json", "notificationcategories.swift", "notification_categories.dart",
        "notificationcategories.notifee.ts", "notificationcategories.expo.ts",
    ]

    /// Why `name` cannot be a single folder name beside outputs that include the String Catalog of `stringsTable`,
    /// or `nil` when it can.
    package static func folderNameProblem(_ name: String, stringsTable: String = LocalizationSettings.defaultTable)
        -> String?
    {
        if name.isEmpty { return nil }  // reported as an empty identifier
        if name == "." || name == ".." { return "it is a relative path" }
        if name.isBlank { return "it is only whitespace" }
        let folded = name.lowercased()
        if reservedOutputNames.contains(folded) || folded == (stringsTable + ".xcstrings").lowercased() {
            return "another output file has that name"
        }
        if name.utf8.count > 255 { return "it is longer than 255 bytes" }
        for scalar in name.unicodeScalars {
            switch scalar {
            case "/", "\\": return "it contains a path separator"
            case ":": return "it contains ':'"
            default: if scalar.value < 0x20 || scalar.value == 0x7F { return "it contains a control character" }
            }
        }
        return nil
    }
}
