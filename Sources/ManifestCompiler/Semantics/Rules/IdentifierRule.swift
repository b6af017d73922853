// Rule: identifiers are non-empty, not reserved by UserNotifications, trimmed, and extension names are folder-safe.

/// Reports empty identifiers, Apple's reserved action identifiers, stray whitespace, extension names that
/// cannot be folder names, and extension names that collide on case-insensitive file systems.
///
/// Invalid: `action "com.apple.UNNotificationDefaultActionIdentifier" { title: "Open" }`
/// Valid: `action open { title: "Open" }`
struct IdentifierRule: ValidationRule {
    let codes: [DiagnosticCode] = [
        .emptyIdentifier, .reservedIdentifier, .identifierWhitespace, .invalidExtensionName, .extensionFolderCollision,
    ]

    /// The identifiers `UNNotificationResponse.actionIdentifier` uses for the default and dismiss actions.
    static let reservedActionIdentifiers = [
        "com.apple.UNNotificationDefaultActionIdentifier",
        "com.apple.UNNotificationDismissActionIdentifier",
    ]

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let manifest = context.manifest
        for index in manifest.actions.indices {
            let name = manifest.actionName(index)
            checkCommon(name, kind: "action", into: &diagnostics)
            if Self.reservedActionIdentifiers.contains(name.text) {
                diagnostics.append(
                    Diagnostic(
                        .reservedIdentifier, "'\(name.text)' is reserved by UserNotifications", at: name.range,
                        help: ["iOS reports taps on the notification and dismissals with this identifier; choose another"]))
            }
        }
        for index in manifest.categories.indices {
            checkCommon(manifest.categoryName(index), kind: "category", into: &diagnostics)
        }
        var foldedNames: [String: NameSyntax] = [:]
        for declared in manifest.extensions {
            let name = declared.name
            checkCommon(name, kind: "extension", into: &diagnostics)
            if let problem = Self.folderNameProblem(name.text) {
                diagnostics.append(
                    Diagnostic(
                        .invalidExtensionName, "extension name '\(name.text)' cannot be a folder name: \(problem)",
                        at: name.range, help: ["use the extension target's name, such as 'NotificationContent'"]))
            }
            let folded = name.text.lowercased()
            if let other = foldedNames[folded] {
                if other.text != name.text {
                    diagnostics.append(
                        Diagnostic(
                            .extensionFolderCollision,
                            "extension names '\(other.text)' and '\(name.text)' differ only in letter case",
                            at: name.range, notes: [DiagnosticNote("'\(other.text)' is declared here", at: other.range)],
                            help: ["their output folders would be the same on case-insensitive file systems (macOS)"]))
                }
            } else {
                foldedNames[folded] = name
            }
        }
    }

    private func checkCommon(_ name: NameSyntax, kind: String, into diagnostics: inout DiagnosticBag) {
        if name.text.isEmpty {
            diagnostics.append(Diagnostic(.emptyIdentifier, "\(kind) identifier is empty", at: name.range))
        } else if name.text.hasEdgeWhitespace {
            diagnostics.append(
                Diagnostic(
                    .identifierWhitespace,
                    "\(kind) identifier \(StringEscapes.literal(name.text)) has leading or trailing whitespace",
                    at: name.range, help: ["identifiers are matched exactly; iOS would not match the trimmed name"]))
        }
    }

    /// The names of outputs written beside the extension folders (lowercased: macOS compares without case).
    static let reservedOutputNames: Set<String> = ["notifications.json", "notificationcategories.swift"]

    /// Why `name` cannot be a single folder name, or `nil` when it can.
    static func folderNameProblem(_ name: String) -> String? {
        if name.isEmpty { return nil }  // reported as an empty identifier
        if name == "." || name == ".." { return "it is a relative path" }
        if reservedOutputNames.contains(name.lowercased()) { return "another output file has that name" }
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
