// What the registration scanner found: categories and actions with their locations, and what it could not read.

/// An action that registration code creates, with where.
public struct RegisteredAction: Hashable, Sendable {
    /// The action, as the manifest model states it (a text-input action without button title or
    /// placeholder in code gets `""` for them).
    public var action: Action
    /// The initializer or message send that creates it.
    public var range: SourceRange
    /// The Swift labels of the arguments whose values the scan could not compute (`title`, `options`, `icon`,
    /// `textInputButtonTitle`, `textInputPlaceholder`): the model holds `""`, `[]` or `nil` for them, which must
    /// not be checked or compared.
    public var unknownArguments: Set<String> = []
    /// The localization key of each string the code localizes, by property (`title`, `buttonTitle`,
    /// `placeholder`): `NSLocalizedString("reply.key", value: "Reply", comment: "")` has key `reply.key`, and
    /// the model's string is then the default value, `Reply`.
    public var localizationKeys: [ManifestKey: String] = [:]
    /// Where each argument was written, by its Swift label (`identifier`, `title`, `options`,
    /// `textInputButtonTitle`; Objective-C selector pieces are named the same), for findings about one of them.
    public var argumentRanges: [String: SourceRange] = [:]

    /// The localization key of the title, when the code localizes it.
    public var titleKey: String? { localizationKeys[.title] }

    /// Whether the title was resolved.
    public var titleIsKnown: Bool { !unknownArguments.contains("title") }
    /// Whether a text-input action's button title was resolved.
    public var buttonTitleIsKnown: Bool { !unknownArguments.contains("textInputButtonTitle") }

    /// Where the argument `label` was written; the whole initializer when it was not.
    public func range(ofArgument label: String) -> SourceRange { argumentRanges[label] ?? range }

    /// The action without its icon and translator comments: what two registrations of one category must agree on to
    /// be one (a branch that only adds an icon, or words a comment differently, registers the same buttons).
    public var shape: Action {
        var shape = action
        shape.icon = nil
        shape.comments = [:]
        return shape
    }

    /// Whether the argument `label` was left out (or, in Objective-C, passed `nil` for a text-input string): a
    /// text-input action made with UNNotificationAction's initializer has no button title or placeholder.
    public func leavesOut(_ label: String) -> Bool { argumentRanges[label] == nil }
}

/// A category that registration code creates, with where.
public struct RegisteredCategory: Hashable, Sendable {
    /// The category, as the manifest model states it; ``Category/actions`` names ``actions`` in order.
    public var category: Category
    /// Its actions as created, in order.
    public var actions: [RegisteredAction]
    /// The initializer or message send that creates it.
    public var range: SourceRange
    /// The localization key of each string the code localizes, by property (`hiddenPreviewsBodyPlaceholder`,
    /// `categorySummaryFormat`).
    public var localizationKeys: [ManifestKey: String] = [:]
    /// Where each argument was written, by its Swift label (`identifier`, `actions`, `options`,
    /// `categorySummaryFormat`).
    public var argumentRanges: [String: SourceRange] = [:]
    /// The Swift labels of the arguments whose values the scan could not compute in full (`actions`, `options`,
    /// `intentIdentifiers`, `hiddenPreviewsBodyPlaceholder`, `categorySummaryFormat`), as for actions.
    public var unknownArguments: Set<String> = []

    /// Where the argument `label` was written; the whole initializer when it was not.
    public func range(ofArgument label: String) -> SourceRange { argumentRanges[label] ?? range }
}

/// Something the scanner saw but could not resolve to a value: it is reported as a note, never guessed.
public struct UnresolvedRegistration: Hashable, Sendable {
    /// What could not be read, for the note's message ("category identifier 'type.categoryIdentifier'").
    public var what: String
    /// Where.
    public var range: SourceRange
    /// Whether it is a category identifier (a category the cross-check cannot know).
    public var isCategoryIdentifier: Bool
    /// Whether it is where the scan stopped computing, at its most work (``RegistrationEvaluator/maximumSteps``,
    /// ``RegistrationEvaluator/maximumExecutions``): nothing computed after it is known, so it stands for every
    /// category (warning `W456` rather than a note).
    public var isScanLimit = false
    /// Why, when it is more than a value computed at run time (the note's help).
    public var reason: String?
    /// What every value it can take starts and ends with, when it is a Swift string literal with interpolations
    /// (`"promo.\(campaign)"` starts with `promo.`); empty when nothing is known.
    public var knownPrefix = "", knownSuffix = ""

    /// Whether its value can be `identifier`.
    public func mayBe(_ identifier: String) -> Bool {
        identifier.utf8.count >= knownPrefix.utf8.count + knownSuffix.utf8.count
            && identifier.utf8.starts(with: knownPrefix.utf8) && identifier.utf8.reversed().starts(with: knownSuffix.utf8.reversed())
    }

    /// The literal text before the first interpolation and after the last one of a Swift string literal written as
    /// `source`; empty strings when it is not one, or when that text has escapes.
    static func affixes(ofInterpolatedLiteral source: String) -> (prefix: String, suffix: String) {
        let text = Array(source.unicodeScalars)
        guard text.count >= 2, text.first == "\"", text.last == "\"", !source.hasPrefix("\"\"\""),
            let open = text.indices.dropLast().first(where: { text[$0] == "\\" })
        else { return ("", "") }
        guard open + 1 < text.count, text[open + 1] == "(" else { return ("", "") }
        guard !text[1..<open].contains("\"") else { return ("", "") }  // `"a" + "\(b)"`: not one literal
        let prefix = String(String.UnicodeScalarView(text[1..<open]))
        guard let close = text.indices.dropLast().last(where: { text[$0] == ")" }), close > open else { return (prefix, "") }
        let tail = text[(close + 1)..<(text.count - 1)]
        let suffix = tail.contains(where: { $0 == "\\" || $0 == "\"" || $0 == "(" }) ? "" : String(String.UnicodeScalarView(tail))
        return (prefix, suffix)
    }
}

/// Everything the scanner found in a set of Swift and Objective-C files.
public struct CodeRegistrations: Sendable {
    /// Every category initializer found, in file and source order (the same initializer once).
    public var categories: [RegisteredCategory] = []
    /// Every action initializer found that no category uses.
    public var unusedActions: [RegisteredAction] = []
    /// Values the scanner could not resolve.
    public var unresolved: [UnresolvedRegistration] = []
    /// Every `setNotificationCategories` call.
    public var registrationCalls: [SourceRange] = []
    /// `notifc:ignore` comments, by file.
    public var suppressions: [SourceFileID: [SuppressionComment]] = [:]
    /// Conditions notifc cannot decide (`#if DEBUG`) with registered code under them, whose branches are all read.
    public var undecidedConditions: [UndecidedCondition] = []

    /// The identifiers of every category found.
    public var categoryIdentifiers: [String] {
        var seen = Set<String>()
        return categories.map(\.category.identifier).filter { seen.insert($0).inserted }
    }

    /// Whether some category identifier could not be resolved.
    public var hasUnresolvedCategories: Bool { unresolved.contains(where: \.isCategoryIdentifier) }

    public init() {}
}

/// A condition of conditional compilation notifc cannot decide (`#if DEBUG`, `#ifdef FLAG`) with registered code
/// under it: every branch is read, though a build has only one.
public struct UndecidedCondition: Sendable, Hashable {
    /// The directive as written (`#if DEBUG`).
    public var condition: String
    /// Where it is written.
    public var range: SourceRange
    /// The first category, action or addition under it; else the first definition under it of a value the
    /// registrations read (`let actions = …` in each branch), read from the branch the scan meets last.
    public var registration: SourceRange
    /// Whether ``registration`` is the definition of a value, not a registration.
    public var isValue = false
}
