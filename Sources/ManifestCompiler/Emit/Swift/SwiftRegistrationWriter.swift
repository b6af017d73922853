// The UserNotifications part of the Swift output: makeCategories(), register(on:), makeCategory(_:), makeAction(_:).

/// Writes the extension that builds `UNNotificationCategory` and `UNNotificationAction` objects.
///
/// Nothing is stored: the UN classes are not `Sendable`, so every object is built by a function call.
/// Each case uses the initializer Apple offers for what it declares (the iOS 12 category initializer for a
/// placeholder or summary format, the iOS 15 `icon:` initializers behind `#available` with a fallback
/// without the icon), and platform differences are `#if os(…)` branches (see ``SwiftPlatformVariants``).
struct SwiftRegistrationWriter {
    let manifest: Manifest
    let settings: SwiftOutputSettings
    let categoryNames: SwiftCaseNames
    let actionNames: SwiftCaseNames

    /// The availability of everything in the extension: the UN classes (macOS 10.14) and the iOS 12
    /// category initializer; watchOS only uses the watchOS 3 initializer.
    static let extensionAvailability = "@available(iOS 12.0, macOS 10.14, watchOS 3.0, *)"
    /// Swift concurrency's minimum platforms, for the `async` `register(on:)`.
    static let concurrencyAvailability = "@available(iOS 13.0, macOS 10.15, watchOS 6.0, *)"
    /// The platforms of `UNNotificationActionIcon` and the `icon:` initializers.
    static let iconAvailability = "#available(iOS 15.0, macOS 12.0, watchOS 8.0, *)"

    /// The access level and `nonisolated`: the functions only build new objects (or, for `register(on:)`,
    /// talk to the center they are given), so they are callable from any actor, also in modules whose
    /// default isolation is the main actor (Swift 6.2).
    private var modifiers: String { settings.accessLevel.modifier + "nonisolated " }

    func write(into writer: inout CodeWriter) {
        writer.line("#if canImport(UserNotifications) && !os(tvOS)")
        writer.line("import UserNotifications")
        writer.line()
        writer.line(Self.extensionAvailability)
        writer.block("extension ", settings.typeName) { writer in
            writeMakeCategories(into: &writer)
            writer.line()
            writeRegister(into: &writer)
            // A function taking an enum without cases could never be called (and its body would be unreachable).
            if !manifest.categories.isEmpty {
                writer.line()
                writeMakeCategory(into: &writer)
            }
            if !manifest.actions.isEmpty {
                writer.line()
                writeMakeAction(into: &writer)
            }
            if !manifest.localizableStrings.isEmpty {
                writer.line()
                writeLocalized(into: &writer)
            }
        }
        writer.line("#endif")
    }

    /// `localized(_:_:comment:)`: a string of the manifest's table by its key, the manifest's text when the
    /// table lacks it; `String(localized:defaultValue:…)` where it exists, `NSLocalizedString` before.
    private func writeLocalized(into writer: inout CodeWriter) {
        let settings = manifest.localization
        let table = SwiftLiteral.Quoted(settings.table)
        let bundle = "." + settings.bundle.rawValue
        writer.documentation([
            "The string `key` of the \(SwiftLiteral.commentText(settings.table)) strings table in `Bundle.\(settings.bundle.rawValue)`, in the user's",
            "language; `value` (the manifest's text) when the table has no such string.",
        ])
        writer.block(
            "private nonisolated static func localized(_ key: StaticString, _ value: String, comment: StaticString = \"\") -> String"
        ) { writer in
            writer.block("if #available(iOS 15.0, macOS 12.0, watchOS 8.0, *)") { writer in
                writer.call("return String") { writer in
                    writer.argument("localized: key")
                    writer.argument("defaultValue: String.LocalizationValue(value)")
                    writer.argument("table: ", table)
                    writer.argument("bundle: ", bundle)
                    writer.argument("comment: comment")
                }
            }
            writer.call("return NSLocalizedString") { writer in
                writer.argument("\"\\(key)\"")
                writer.argument("tableName: ", table)
                writer.argument("bundle: ", bundle)
                writer.argument("value: value")
                writer.argument("comment: \"\\(comment)\"")
            }
        }
    }

    private func writeMakeCategories(into writer: inout CodeWriter) {
        writer.documentation([
            "Builds every category of the manifest with its actions.",
            "",
            "Pass the result to `UNUserNotificationCenter.setNotificationCategories(_:)` only if no other code",
            "registers categories; ``register(on:)`` keeps theirs.",
        ])
        writer.block(modifiers, "static func makeCategories() -> Set<UNNotificationCategory>") {
            $0.line(manifest.categories.isEmpty ? "[]" : "Set(Category.allCases.map { makeCategory($0) })")
        }
    }

    private func writeRegister(into writer: inout CodeWriter) {
        writer.documentation([
            "Registers the manifest's categories on `center`, keeping the categories that other code registered.",
            "",
            "`setNotificationCategories(_:)` replaces every category of the app, which would remove those of",
            "another module or SDK. This method reads the registered categories, replaces the ones whose",
            "identifier is a ``Category`` and keeps the others. Call it at launch, before notifications arrive:",
            "",
            "```swift",
            "func application(",
            "    _ application: UIApplication,",
            "    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil",
            ") -> Bool {",
            "    Task { await \(settings.typeName).register(on: .current()) }",
            "    return true",
            "}",
            "```",
            "",
            "Other code that registers categories at the same moment can still race with this read-then-write;",
            "await this call before registering more.",
        ])
        writer.line(Self.concurrencyAvailability)
        writer.block(modifiers, "static func register(on center: UNUserNotificationCenter) async") {
            $0.line("let registered = await center.notificationCategories()")
            $0.line("let ours = Set(Category.allCases.map(\\.rawValue))")
            $0.line("let others = registered.filter { !ours.contains($0.identifier) }")
            $0.line("center.setNotificationCategories(others.union(makeCategories()))")
        }
    }

    private func writeMakeCategory(into writer: inout CodeWriter) {
        writer.documentation(["Builds one category with its actions, in display order."])
        writer.block(modifiers, "static func makeCategory(_ category: Category) -> UNNotificationCategory") {
            writer in
            writer.line("switch category {")
            for (category, caseName) in zip(manifest.categories, categoryNames.escaped) {
                writer.line("case .", caseName, ":")
                writer.indented { writeCategoryBody(category, into: &$0) }
            }
            writer.line("}")
        }
    }

    private func writeCategoryBody(_ category: Category, into writer: inout CodeWriter) {
        let actions = ActionList(identifiers: category.actions, names: actionNames)
        let branches = SwiftPlatformVariants.branches(for: category)
        guard branches.count > 1 else {
            writeCategoryInitializer(category, branches[0].arguments, actions: actions, into: &writer)
            return
        }
        writer.line("let actions: [UNNotificationAction] = ", actions)
        for (index, branch) in branches.enumerated() {
            if let condition = branch.condition {
                writer.line(index == 0 ? "#if " : "#elseif ", condition)
            } else {
                writer.line("#else")
            }
            writeCategoryInitializer(category, branch.arguments, actions: "actions", into: &writer)
        }
        writer.line("#endif")
    }

    /// `return UNNotificationCategory(…)`; `actions` is the `actions:` argument (the list, or a variable).
    private func writeCategoryInitializer(
        _ category: Category, _ arguments: CategoryInitializerArguments, actions: some SourceFragment,
        into writer: inout CodeWriter
    ) {
        writer.call("return UNNotificationCategory") { writer in
            writer.argument("identifier: category.rawValue")
            writer.argument("actions: ", actions)
            writer.argument("intentIdentifiers: [", CommaSeparated(category.intentIdentifiers, SwiftLiteral.Quoted.init), "]")
            if arguments.usesSummaryInitializer {
                writer.argument(
                    "hiddenPreviewsBodyPlaceholder: ",
                    arguments.hiddenPreviewsBodyPlaceholder.map {
                        LocalizedText(
                            LocalizationKey.hiddenPreviewsBodyPlaceholder(category.identifier), $0,
                            comment: category.comments[.hiddenPreviewsBodyPlaceholder])
                    } ?? LocalizedText.none)
                writer.argument(
                    "categorySummaryFormat: ",
                    arguments.categorySummaryFormat.map {
                        LocalizedText(
                            LocalizationKey.categorySummaryFormat(category.identifier), $0,
                            comment: category.comments[.categorySummaryFormat])
                    } ?? LocalizedText.none)
            }
            writer.argument("options: [", CommaSeparated(arguments.options, Self.optionExpression), "]")
        }
    }


    /// `.customDismissAction`; the deprecated `allowAnnouncement` by its raw value, so that the generated
    /// file compiles without a deprecation warning (the manifest already reports `W301`).
    private static func optionExpression(_ option: CategoryOption) -> OptionExpression {
        OptionExpression(name: option.rawValue, deprecatedBit: option == .allowAnnouncement ? option.bit : nil)
    }

    private func writeMakeAction(into writer: inout CodeWriter) {
        writer.documentation([
            "Builds one action. A content extension can also show actions with",
            "`extensionContext?.notificationActions` (iOS 12 and later).",
        ])
        writer.block(modifiers, "static func makeAction(_ action: Action) -> UNNotificationAction") {
            writer in
            writer.line("switch action {")
            for (action, caseName) in zip(manifest.actions, actionNames.escaped) {
                writer.line("case .", caseName, ":")
                writer.indented { writeActionBody(action, into: &$0) }
            }
            writer.line("}")
        }
    }

    private func writeActionBody(_ action: Action, into writer: inout CodeWriter) {
        if let icon = action.icon {
            writer.block("if ", Self.iconAvailability) { writeActionInitializer(action, icon: icon, into: &$0) }
        }
        writeActionInitializer(action, icon: nil, into: &writer)
    }

    private func writeActionInitializer(_ action: Action, icon: ActionIcon?, into writer: inout CodeWriter) {
        let type = action.textInput == nil ? "return UNNotificationAction" : "return UNTextInputNotificationAction"
        writer.call(type) { writer in
            writer.argument("identifier: action.rawValue")
            writer.argument(
                "title: ",
                LocalizedText(LocalizationKey.actionTitle(action.identifier), action.title, comment: action.comments[.title]))
            writer.argument("options: [", CommaSeparated(action.options) { OptionExpression(name: $0.rawValue) }, "]")
            switch icon {
            case .systemImage(let name)?:
                writer.argument("icon: UNNotificationActionIcon(systemImageName: ", SwiftLiteral.Quoted(name), ")")
            case .templateImage(let name)?:
                writer.argument("icon: UNNotificationActionIcon(templateImageName: ", SwiftLiteral.Quoted(name), ")")
            case nil:
                break
            }
            if let textInput = action.textInput {
                writer.argument(
                    "textInputButtonTitle: ",
                    LocalizedText(
                        LocalizationKey.actionButtonTitle(action.identifier), textInput.buttonTitle,
                        comment: action.comments[.buttonTitle]))
                writer.argument(
                    "textInputPlaceholder: ",
                    LocalizedText(
                        LocalizationKey.actionPlaceholder(action.identifier), textInput.placeholder,
                        comment: action.comments[.placeholder]))
            }
        }
    }
}

/// `[makeAction(.accept), makeAction(.decline)]`: a category's actions, in display order.
private struct ActionList: SourceFragment {
    let identifiers: [String]
    let names: SwiftCaseNames

    func write(to buffer: inout ByteBuffer) {
        buffer.append(UInt8(ascii: "["))
        for (index, identifier) in identifiers.enumerated() {
            buffer.append(index == 0 ? "makeAction(." as StaticString : ", makeAction(.")
            buffer.append(names.escaped(identifier))
            buffer.append(UInt8(ascii: ")"))
        }
        buffer.append(UInt8(ascii: "]"))
    }
}

/// An option in an options list: `.foreground`, or a deprecated one by its raw value
/// (`UNNotificationCategoryOptions(rawValue: 32) /* allowAnnouncement, deprecated */`).
private struct OptionExpression: SourceFragment {
    let name: String
    var deprecatedBit: Int? = nil

    func write(to buffer: inout ByteBuffer) {
        guard let deprecatedBit else {
            buffer.append(UInt8(ascii: "."))
            buffer.append(name)
            return
        }
        buffer.append("UNNotificationCategoryOptions(rawValue: " as StaticString)
        buffer.append(String(deprecatedBit))
        buffer.append(") /* " as StaticString)
        buffer.append(name)
        buffer.append(", deprecated */" as StaticString)
    }
}

/// `localized("action.reply.title", "Reply", comment: "…")`, `""` for an empty text, or `nil` (``none``). An empty text
/// is not looked up: when a table lacks the key, Foundation returns the key itself for an empty default value.
private struct LocalizedText: SourceFragment {
    let key: String?
    let value: String
    let comment: String?

    init(_ key: String, _ value: String, comment: String?) {
        self.key = key
        self.value = value
        self.comment = comment
    }

    private init() {
        key = nil
        value = ""
        comment = nil
    }

    /// The `nil` literal.
    static let none = LocalizedText()

    func write(to buffer: inout ByteBuffer) {
        guard let key else {
            buffer.append("nil" as StaticString)
            return
        }
        guard !value.isEmpty else {
            buffer.append("\"\"" as StaticString)
            return
        }
        buffer.append("localized(" as StaticString)
        SwiftLiteral.Quoted(key).write(to: &buffer)
        buffer.append(", " as StaticString)
        SwiftLiteral.Quoted(value).write(to: &buffer)
        if let comment {
            buffer.append(", comment: " as StaticString)
            SwiftLiteral.Quoted(comment).write(to: &buffer)
        }
        buffer.append(UInt8(ascii: ")"))
    }
}
