// Emits notifications.json, the registration bundle (schema: docs/notifications.schema.json).

/// Writes `notifications.json`: every category with its actions inline, and every extension.
///
/// Key order is fixed (the order documented in docs/json-bundle.md); arrays keep declaration order;
/// optional keys appear only when the manifest declares them.
public struct JSONBundleEmitter: Emitter {
    /// The bundle's file name.
    public static let fileName = "notifications.json"
    /// The `schemaVersion` this emitter writes.
    public static let schemaVersion = 1

    /// Creates the emitter.
    public init() {}

    public func emit(_ manifest: Manifest) -> [EmittedFile] {
        [EmittedFile(path: Self.fileName, contents: Self.document(manifest))]
    }

    /// The bundle's bytes.
    public static func document(_ manifest: Manifest) -> [UInt8] {
        var document: [UInt8] = []
        write(manifest, inPiecesOf: .max) { document = $0 }  // one piece: the whole document
        return document
    }

    /// Gives the bundle's bytes to `sink` in order, in pieces of about `pieceSize` bytes, so a large bundle can go
    /// to its file without being held whole: a piece ends after the category that reaches the size (a size of 0
    /// or less gives one piece per category), and the last one holds the extensions and the localization.
    public static func write(_ manifest: Manifest, inPiecesOf pieceSize: Int, to sink: ([UInt8]) -> Void) {
        // Room for the whole file (about 340 bytes per category or action with its localization keys), or for one
        // piece and the category that ends it, so the buffer seldom grows; pages reserved but not written are
        // not resident.
        let estimate = 400 * (manifest.categories.count + manifest.actions.count + 4)
        var writer = JSONWriter(capacity: pieceSize >= estimate ? estimate : pieceSize + (16 << 10))
        writer.beginObject()
        writer.key("schemaVersion")
        writer.integer(schemaVersion)
        writer.key("categories")
        writer.beginArray()
        let actionIndices = manifest.actionIndices
        for category in manifest.categories {
            write(category, actions: category.actions.compactMap { actionIndices[Identifier($0)] }, of: manifest, into: &writer)
            if writer.count >= pieceSize { writer.flush(to: sink) }
        }
        writer.endArray()
        writer.key("extensions")
        writer.beginArray()
        for declared in manifest.extensions { write(declared, into: &writer) }
        writer.endArray()
        writer.key("localization")
        writer.beginObject()
        writer.field("table", manifest.localization.table)
        writer.field("developmentLanguage", manifest.localization.developmentLanguage)
        writer.field("bundle", manifest.localization.bundle.rawValue)
        writer.endObject()
        writer.endObject()
        sink(writer.finish())
    }

    /// One category's object, with its `actions` (the positions in `manifest` of the declared ones it lists, in
    /// its order) inline.
    private static func write(
        _ category: Category, actions: [Int], of manifest: Manifest, into writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.field("identifier", category.identifier)
        writer.key("actions")
        writer.beginArray()
        for index in actions { write(manifest.actions[index], into: &writer) }
        writer.endArray()
        writer.field("intentIdentifiers", strings: category.intentIdentifiers)
        writer.field("options", strings: category.options.lazy.map(\.rawValue))
        if let placeholder = category.hiddenPreviewsBodyPlaceholder {
            writer.field("hiddenPreviewsBodyPlaceholder", placeholder)
        }
        if let format = category.categorySummaryFormat { writer.field("categorySummaryFormat", format) }
        // An empty text is not localized (no catalog entry; a lookup that misses gives the key back): no key for it.
        let properties =
            switch (category.hiddenPreviewsBodyPlaceholder?.isEmpty == false, category.categorySummaryFormat?.isEmpty == false) {
            case (false, false): Self.categoryStrings[0..<0]
            case (true, false): Self.categoryStrings[0..<1]
            case (false, true): Self.categoryStrings[1..<2]
            case (true, true): Self.categoryStrings[0..<2]
            }
        writeLocalization(properties, of: category.identifier, comments: category.comments, into: &writer)
        writer.endObject()
    }

    private static func write(_ action: Action, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("identifier", action.identifier)
        writer.field("title", action.title)
        writer.field("options", strings: action.options.lazy.map(\.rawValue))
        if let textInput = action.textInput {
            writer.key("textInput")
            writer.beginObject()
            writer.field("buttonTitle", textInput.buttonTitle)
            writer.field("placeholder", textInput.placeholder)
            writer.endObject()
        }
        if let icon = action.icon {
            writer.key("icon")
            writer.beginObject()
            switch icon {
            case .systemImage(let name): writer.field("systemImageName", name)
            case .templateImage(let name): writer.field("templateImageName", name)
            }
            writer.endObject()
        }
        // Titles and button titles are never empty in a manifest that compiles; a placeholder may be, and then has no key.
        let properties = Self.actionStrings[0..<(action.textInput.map { $0.placeholder.isEmpty ? 2 : 3 } ?? 1)]
        writeLocalization(properties, of: action.identifier, comments: action.comments, into: &writer)
        writer.endObject()
    }

    /// The localizable strings of an action and of a category, in the bundle's order.
    private static let actionStrings: [ManifestKey] = [.title, .buttonTitle, .placeholder]
    private static let categoryStrings: [ManifestKey] = [.hiddenPreviewsBodyPlaceholder, .categorySummaryFormat]

    /// `localizationKeys` (the key in the strings table of each localizable string of the action or category
    /// `identifier`, by property) and, when the manifest has any, `comments` (for translators, by property).
    private static func writeLocalization(
        _ properties: ArraySlice<ManifestKey>, of identifier: String, comments: [ManifestKey: String],
        into writer: inout JSONWriter
    ) {
        guard !properties.isEmpty else { return }
        writer.key("localizationKeys")
        writer.beginObject()
        for property in properties {
            if let parts = LocalizationKey.parts(of: property) {
                writer.field(property.rawValue, parts.prefix, identifier, parts.suffix)
            }
        }
        writer.endObject()
        guard !comments.isEmpty, properties.contains(where: { comments[$0] != nil }) else { return }
        writer.key("comments")
        writer.beginObject()
        for property in properties {
            if let comment = comments[property] { writer.field(property.rawValue, comment) }
        }
        writer.endObject()
    }

    private static func write(_ declared: NotificationExtension, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("name", declared.name)
        writer.field("kind", declared.kind.rawValue)
        if declared.kind == .content { writer.field("categories", strings: declared.categories) }
        if let ratio = declared.initialContentSizeRatio {
            writer.key("initialContentSizeRatio")
            writer.number(ratio)
        }
        for (key, flag) in [
            ("defaultContentHidden", declared.defaultContentHidden),
            ("overridesDefaultTitle", declared.overridesDefaultTitle),
            ("userInteractionEnabled", declared.userInteractionEnabled),
        ] {
            if let flag {
                writer.key(key)
                writer.bool(flag)
            }
        }
        if let storyboard = declared.storyboard { writer.field("storyboard", storyboard) }
        if let principalClass = declared.principalClass { writer.field("principalClass", principalClass) }
        writer.endObject()
    }
}
