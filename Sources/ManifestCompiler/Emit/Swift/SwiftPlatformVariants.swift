// Which UNNotificationCategory initializer and options each platform gets, and the #if conditions between them.

/// The arguments of one `UNNotificationCategory` initializer call beyond identifier, actions and intents.
struct CategoryInitializerArguments: Equatable {
    /// The options the platform offers, in Apple's bit order.
    var options: [CategoryOption]
    /// `hiddenPreviewsBodyPlaceholder`, when the platform has the initializer that takes it.
    var hiddenPreviewsBodyPlaceholder: String?
    /// `categorySummaryFormat`, when the platform has the initializer that takes it.
    var categorySummaryFormat: String?

    /// Whether the iOS 12 initializer (`…hiddenPreviewsBodyPlaceholder:categorySummaryFormat:options:`) is needed.
    var usesSummaryInitializer: Bool { hiddenPreviewsBodyPlaceholder != nil || categorySummaryFormat != nil }
}

/// The platform differences of `UNNotificationCategory` (Apple's headers; see the fact sheet §1–§2):
///
/// - **watchOS** has neither the placeholder and summary-format initializers (iOS 11 and iOS 12) nor the
///   `hiddenPreviewsShowTitle` and `hiddenPreviewsShowSubtitle` options: Apple marks them unavailable.
/// - **macOS** has no `allowInCarPlay` and no `allowAnnouncement`.
/// - **iOS, iPadOS, Mac Catalyst and visionOS** have everything.
///
/// tvOS has no categories at all; the generated file leaves the whole UserNotifications part out there.
enum SwiftPlatformVariants {
    /// A group of platforms that can differ.
    enum Platform: CaseIterable {
        case watchOS, macOS, others
    }

    /// The `#if` conditions that select watchOS and macOS.
    static let watchOSCondition = "os(watchOS)"
    static let macOSCondition = "os(macOS)"

    /// One branch of the generated `#if`: its condition (`nil` for `#else`, or for the only branch) and
    /// the arguments used there.
    struct Branch: Equatable {
        var condition: String?
        var arguments: CategoryInitializerArguments
    }

    /// The initializer arguments for `category` on `platform`.
    static func arguments(for category: Category, on platform: Platform) -> CategoryInitializerArguments {
        switch platform {
        case .watchOS:
            let hiddenPreviews: [CategoryOption] = [.hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle]
            return CategoryInitializerArguments(options: category.options.filter { !hiddenPreviews.contains($0) })
        case .macOS:
            return CategoryInitializerArguments(
                options: category.options.filter { $0 != .allowInCarPlay && $0 != .allowAnnouncement },
                hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder,
                categorySummaryFormat: category.categorySummaryFormat)
        case .others:
            return CategoryInitializerArguments(
                options: category.options, hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder,
                categorySummaryFormat: category.categorySummaryFormat)
        }
    }

    /// The branches to generate for `category`: one when every platform gets the same call; otherwise an
    /// `#if` branch for watchOS and/or macOS and an `#else` for the others. (watchOS and macOS never need
    /// the same call while the others need another: what watchOS lacks, macOS has.)
    static func branches(for category: Category) -> [Branch] {
        let other = arguments(for: category, on: .others)
        var branches: [Branch] = []
        let watch = arguments(for: category, on: .watchOS)
        if watch != other { branches.append(Branch(condition: watchOSCondition, arguments: watch)) }
        let mac = arguments(for: category, on: .macOS)
        if mac != other { branches.append(Branch(condition: macOSCondition, arguments: mac)) }
        branches.append(Branch(condition: nil, arguments: other))
        return branches
    }
}
