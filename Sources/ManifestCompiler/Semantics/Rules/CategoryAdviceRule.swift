// Rule: warn about categories iOS displays differently from what the manifest suggests.

/// Warns about more than 10 actions (iOS shows at most 10), summary formats without the `%u` count,
/// and Xcode's template category name `myNotificationCategory`.
struct CategoryAdviceRule: ValidationRule {
    let codes: [DiagnosticCode] = [.tooManyActions, .summaryFormatWithoutCount, .templatePlaceholderCategory]

    /// The most actions iOS displays for one notification.
    static let maximumDisplayedActions = 10

    func check(_ context: ValidationContext, into diagnostics: inout DiagnosticBag) {
        let categories = context.manifest.categories
        let locations = context.manifest.locations.categories
        for index in categories.indices {
            let location = locations[index]
            if let actions = location.value(of: .actions), categories[index].actions.count > Self.maximumDisplayedActions {
                diagnostics.append(
                    Diagnostic(
                        .tooManyActions,
                        "category '\(categories[index].identifier)' has \(categories[index].actions.count) actions; iOS shows at most \(Self.maximumDisplayedActions)",
                        at: actions, help: ["only the first 10 appear, and banners show only the first 2"]))
            }
            if let format = location.value(of: .categorySummaryFormat), let text = categories[index].categorySummaryFormat,
                Self.lacksCount(text)
            {
                diagnostics.append(
                    Diagnostic(
                        .summaryFormatWithoutCount, "categorySummaryFormat has no '%u' for the notification count",
                        at: format, help: ["for example \"%u more messages\""]))
            }
            if categories[index].identifier == "myNotificationCategory" {
                diagnostics.append(
                    Diagnostic(
                        .templatePlaceholderCategory, "'myNotificationCategory' is Xcode's template placeholder",
                        at: location.name,
                        help: ["rename it to the category identifier your notifications actually use"]))
            }
        }
    }

    /// Whether summary format `format` needs a count it lacks (W305). An empty format is none: iOS uses its
    /// default summary, which counts.
    static func lacksCount(_ format: String) -> Bool {
        !format.isEmpty && !containsCountSpecifier(format)
    }

    /// Whether `format` has an unsigned-integer conversion: `%u`, `%lu`, `%1$u` and similar (`%%` is a literal).
    static func containsCountSpecifier(_ format: String) -> Bool {
        FormatSpecifiers.conversions(in: format).contains { conversion in
            let spec = conversion.split(separator: "$").last ?? Substring(conversion)  // without a position
            return spec.last == "u" && spec.dropLast().allSatisfy { $0 == "l" || $0 == "h" }
        }
    }
}
