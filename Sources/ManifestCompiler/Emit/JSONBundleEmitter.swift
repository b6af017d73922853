// Emits notifications.json, the registration bundle (schema: docs/notifications.schema.json).

/// Writes `notifications.json`: every category with its actions inline, and every extension.
///
/// Key order is fixed (the order documented in docs/json-bundle.md); arrays keep declaration order;
/// optional keys appear only when the manifest declares them.
public struct JSONBundleEmitter: StreamingEmitter {
    /// The bundle's file name.
    public static let fileName = "notifications.json"
    /// The `schemaVersion` this emitter writes.
    public static let schemaVersion = 1

    /// Creates the emitter.
    public init() {}

    public func emit(_ manifest: Manifest) -> [EmittedFile] {
        [emittedFile(manifest)]
    }

    /// The bundle's bytes.
    public static func document(_ manifest: Manifest) -> [UInt8] {
        JSONBundleEmitter().emittedFile(manifest).contents
    }

    var path: String { Self.fileName }

    func estimatedSize(of manifest: Manifest) -> Int {
        256 * (manifest.categories.count + manifest.actions.count + 4)
    }

    func write(_ manifest: Manifest, into buffer: consuming ByteBuffer) -> ByteBuffer {
        var writer = JSONWriter(appendingTo: buffer)
        writer.beginObject()
        writer.key("schemaVersion")
        writer.integer(Self.schemaVersion)
        writer.beginArray(key: "categories")
        for category in manifest.categories { Self.write(category, of: manifest, into: &writer) }
        writer.endArray()
        writer.beginArray(key: "extensions")
        for declared in manifest.extensions { Self.write(declared, into: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.finishBuffer()
    }

    private static func write(_ category: Category, of manifest: Manifest, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("identifier", category.identifier)
        writer.beginArray(key: "actions")
        for identifier in category.actions {
            if let action = manifest.action(identifier) { write(action, into: &writer) }
        }
        writer.endArray()
        writer.field("intentIdentifiers", strings: category.intentIdentifiers)
        writer.field("options", options: category.options)
        if let placeholder = category.hiddenPreviewsBodyPlaceholder {
            writer.field("hiddenPreviewsBodyPlaceholder", placeholder)
        }
        if let format = category.categorySummaryFormat { writer.field("categorySummaryFormat", format) }
        writer.endObject()
    }

    private static func write(_ action: Action, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("identifier", action.identifier)
        writer.field("title", action.title)
        writer.field("options", options: action.options)
        if let textInput = action.textInput {
            writer.beginObject(key: "textInput")
            writer.field("buttonTitle", textInput.buttonTitle)
            writer.field("placeholder", textInput.placeholder)
            writer.endObject()
        }
        if let icon = action.icon {
            writer.beginObject(key: "icon")
            switch icon {
            case .systemImage(let name): writer.field("systemImageName", name)
            case .templateImage(let name): writer.field("templateImageName", name)
            }
            writer.endObject()
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
        for (key, flag): (StaticString, Bool?) in [
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
