// Emits NotificationCategories.swift: typed category and action identifiers, and the code that registers them.

/// Writes `NotificationCategories.swift` (format `swift`; the API is described in docs/swift-output.md).
///
/// The file has two parts. The identifier enums (`Category`, `Action`: `String` raw values,
/// `CaseIterable`, `Sendable`) compile everywhere, Linux included. The `UserNotifications` part
/// (``SwiftRegistrationWriter``) compiles only where that framework has categories (not tvOS).
/// Case names come from ``SwiftIdentifier``; names are checked for collisions by `SwiftNameRule` before
/// anything is emitted.
public struct SwiftEmitter: Emitter {
    /// The output's file name.
    public static let fileName = "NotificationCategories.swift"

    /// The type name, access level and source paths.
    public let settings: SwiftOutputSettings

    /// Creates the emitter.
    public init(settings: SwiftOutputSettings = SwiftOutputSettings()) {
        self.settings = settings
    }

    public func emit(_ manifest: Manifest) -> [EmittedFile] {
        [EmittedFile(path: Self.fileName, contents: contents(manifest))]
    }

    /// The file's text.
    public func source(_ manifest: Manifest) -> String {
        String(decoding: contents(manifest), as: UTF8.self)
    }

    /// The file's bytes.
    private func contents(_ manifest: Manifest) -> [UInt8] {
        let categoryNames = SwiftCaseNames(manifest.categories.map(\.identifier))
        let actionNames = SwiftCaseNames(manifest.actions.map(\.identifier))
        let documentation = SwiftDocumentation(manifest)
        // About 2.4 KB per category with three actions is typical; room never written is not memory.
        let capacity =
            4096 + 1536 * manifest.categories.count + 768 * manifest.actions.count + 256 * manifest.extensions.count
        var writer = CodeWriter(capacity: capacity)
        writer.line(header)
        writer.line()
        writer.documentation([
            "The notification categories and actions of the manifest.",
            "",
            "A ``Category`` raw value is a category identifier: the `aps.category` of a push payload, the",
            "`categoryIdentifier` of notification content, and what a content extension lists in",
            "`UNNotificationExtensionCategory`. An ``Action`` raw value is the `actionIdentifier` that",
            "`UNNotificationResponse` reports when the user chooses that action.",
        ])
        writer.block(settings.accessLevel.modifier, "enum ", settings.typeName) { writer in
            writer.documentation([Self.enumSummary("categories", isEmpty: manifest.categories.isEmpty)])
            writeEnum("Category", manifest.categories, names: categoryNames, into: &writer) { category, writer in
                documentation.write(for: category, into: &writer)
            }
            writer.line()
            writer.documentation([Self.enumSummary("actions", isEmpty: manifest.actions.isEmpty)])
            writeEnum("Action", manifest.actions, names: actionNames, into: &writer) { action, writer in
                documentation.write(for: action, into: &writer)
            }
        }
        writer.line()
        SwiftRegistrationWriter(
            manifest: manifest, settings: settings, categoryNames: categoryNames, actionNames: actionNames
        ).write(into: &writer)
        return writer.finish()
    }

    private static func enumSummary(_ what: String, isEmpty: Bool) -> String {
        isEmpty
            ? "The notification \(what): the manifest declares none."
            : "The notification \(what), in manifest order."
    }

    /// `enum Name: String, CaseIterable, Sendable { case x = "x" … }`, each case after the doc comment that
    /// `document` writes. An enum without cases cannot have a raw type, so an empty one spells out
    /// `RawRepresentable` instead and keeps the same API (`nonisolated` like the synthesized members, for
    /// modules whose default isolation is the main actor).
    private func writeEnum<Declaration: IdentifiedDeclaration>(
        _ name: String, _ declarations: [Declaration], names: SwiftCaseNames, into writer: inout CodeWriter,
        document: (Declaration, inout CodeWriter) -> Void
    ) {
        let access = settings.accessLevel.modifier
        guard !declarations.isEmpty else {
            writer.block(access, "enum ", name, ": CaseIterable, Hashable, Sendable, RawRepresentable") { writer in
                writer.line(access, "nonisolated init?(rawValue: String) { nil }")
                writer.line(access, "nonisolated var rawValue: String { switch self {} }")
            }
            return
        }
        writer.block(access, "enum ", name, ": String, CaseIterable, Sendable") { writer in
            for (declaration, caseName) in zip(declarations, names.escaped) {
                document(declaration, &writer)
                writer.line("case ", caseName, " = ", SwiftLiteral.Quoted(declaration.identifier))
            }
        }
    }

    /// `// Generated by notifc from <paths>. Do not edit.`, or without `from …` when no path is known.
    var header: String {
        let paths = Self.headerPaths(settings.sourcePaths)
        let source = paths.isEmpty ? "" : " from " + paths.map(SwiftLiteral.commentText).joined(separator: ", ")
        return "// Generated by notifc\(source). Do not edit."
    }

    /// The paths the header names: relative paths as given; absolute paths relative to the deepest
    /// directory that contains all of them (just the file name for one), so the file does not depend on
    /// where the project is checked out.
    public static func headerPaths(_ paths: [String]) -> [String] {
        let absolute = paths.filter { $0.hasPrefix("/") }
        guard let first = absolute.first else { return paths }
        var common = directoryComponents(of: first)
        for path in absolute.dropFirst() {
            let components = directoryComponents(of: path)
            var shared = 0
            while shared < min(common.count, components.count), common[shared] == components[shared] { shared += 1 }
            common.removeLast(common.count - shared)
        }
        return paths.map { path in
            guard path.hasPrefix("/") else { return path }
            let components = path.split(separator: "/", omittingEmptySubsequences: true)
            return components.dropFirst(common.count).joined(separator: "/")
        }
    }

    private static func directoryComponents(of path: String) -> [Substring] {
        Array(path.split(separator: "/", omittingEmptySubsequences: true).dropLast())
    }
}

/// A category or an action: what a generated enum has a case for.
protocol IdentifiedDeclaration {
    /// The identifier, the case's raw value.
    var identifier: String { get }
}

extension Category: IdentifiedDeclaration {}
extension Action: IdentifiedDeclaration {}
