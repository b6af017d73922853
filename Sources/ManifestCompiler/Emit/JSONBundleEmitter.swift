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
        var writer = JSONWriter(capacity: 256 * (manifest.categories.count + manifest.actions.count + 4))
        writer.beginObject()
        writer.key("schemaVersion")
        writer.integer(Self.schemaVersion)
        writer.beginArray(key: "categories")
        // Categories and their actions (almost all of the file) are written from pieces laid out once for
        // their depth; the rest through the writer.
        let layout = CategoryLayout(depth: writer.depth)
        // Actions and categories are read in place through buffer pointers: copying one out of its array, as a
        // subscript does, retains and releases each of its strings and lists.
        manifest.actions.withUnsafeBufferPointer { actions in
            manifest.categories.withUnsafeBufferPointer { categories in
                layout.pieces.withText { text in
                    var listed = 0  // where the category's actions start in `listedActionPositions`
                    for index in categories.indices {
                        let end = listed + categories[index].actions.count
                        let positions = manifest.listedActionPositions[listed..<end]
                        writer.laidOutValue { bytes in
                            layout.write(categories[index], actions: positions, of: actions, with: text, into: &bytes)
                        }
                        listed = positions.endIndex
                    }
                }
            }
        }
        writer.endArray()
        writer.beginArray(key: "extensions")
        for declared in manifest.extensions { Self.write(declared, into: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.finish()
    }

    /// Writes one extension's object (extensions are few: they go through the writer, not laid-out pieces).
    static func write(_ declared: NotificationExtension, into writer: inout JSONWriter) {
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

/// The text around the values of a category object (its actions inline) in `notifications.json`, laid out
/// once for the depth of the categories array: the bytes ``JSONWriter`` would write for the same calls.
private struct CategoryLayout {
    private(set) var pieces = JSONLayout()
    private let open: JSONLayout.Piece
    private let noActions: JSONLayout.Piece
    private let firstAction: JSONLayout.Piece
    private let nextAction: JSONLayout.Piece
    private let actionsClose: JSONLayout.Piece
    private let intentIdentifiers: JSONLayout.ArrayPieces
    private let options: JSONLayout.ArrayPieces
    private let placeholder: JSONLayout.Piece
    private let summaryFormat: JSONLayout.Piece
    private let close: JSONLayout.Piece
    private let title: JSONLayout.Piece
    private let actionOptions: JSONLayout.ArrayPieces
    private let buttonTitle: JSONLayout.Piece
    private let textPlaceholder: JSONLayout.Piece
    private let systemImage: JSONLayout.Piece
    private let templateImage: JSONLayout.Piece
    private let innerClose: JSONLayout.Piece

    /// The pieces for categories that are elements of an array at `depth`: their keys are one level
    /// deeper, their actions two, the actions' keys three, the keys of `textInput` and `icon` four.
    init(depth: Int) {
        let (category, action, field, inner) = (depth, depth + 2, depth + 3, depth + 4)
        var pieces = JSONLayout()
        open = pieces.piece(.text("{"), .line(category + 1), .key("identifier"))
        noActions = pieces.piece(.text(","), .line(category + 1), .key("actions"), .text("[]"))
        firstAction = pieces.piece(
            .text(","), .line(category + 1), .key("actions"), .text("["), .line(action), .text("{"), .line(field),
            .key("identifier"))
        // An action's closing brace is written with what follows it: the next action, or the array's end.
        nextAction = pieces.piece(
            .line(action), .text("},"), .line(action), .text("{"), .line(field), .key("identifier"))
        actionsClose = pieces.piece(.line(action), .text("}"), .line(category + 1), .text("]"))
        intentIdentifiers = pieces.array(after: [.text(","), .line(category + 1), .key("intentIdentifiers")], depth: category + 1)
        options = pieces.array(after: [.text(","), .line(category + 1), .key("options")], depth: category + 1)
        placeholder = pieces.piece(.text(","), .line(category + 1), .key("hiddenPreviewsBodyPlaceholder"))
        summaryFormat = pieces.piece(.text(","), .line(category + 1), .key("categorySummaryFormat"))
        close = pieces.piece(.line(category), .text("}"))
        title = pieces.piece(.text(","), .line(field), .key("title"))
        actionOptions = pieces.array(after: [.text(","), .line(field), .key("options")], depth: field)
        buttonTitle = pieces.piece(.text(","), .line(field), .key("textInput"), .text("{"), .line(inner), .key("buttonTitle"))
        textPlaceholder = pieces.piece(.text(","), .line(inner), .key("placeholder"))
        systemImage = pieces.piece(.text(","), .line(field), .key("icon"), .text("{"), .line(inner), .key("systemImageName"))
        templateImage = pieces.piece(.text(","), .line(field), .key("icon"), .text("{"), .line(inner), .key("templateImageName"))
        innerClose = pieces.piece(.line(field), .text("}"))
        self.pieces = pieces
    }

    /// Writes `category` as a JSON object, from `{` to `}`. Key order is fixed (docs/json-bundle.md);
    /// optional keys appear only when the manifest declares them.
    /// `positions` are those of the actions it lists in `actions` (``Manifest/listedActionPositions``).
    func write(
        _ category: Category, actions positions: ArraySlice<Int32>, of actions: UnsafeBufferPointer<Action>,
        with text: JSONLayout.Text, into bytes: inout ByteBuffer
    ) {
        text.write(open, category.identifier, into: &bytes)
        var hasActions = false
        guard let base = actions.baseAddress else { return writeRest(of: category, with: text, hasActions: false, into: &bytes) }
        for position in positions where position >= 0 && Int(position) < actions.count {
            let action = base + Int(position)
            text.write(hasActions ? nextAction : firstAction, action.pointee.identifier, into: &bytes)
            hasActions = true
            write(action, with: text, into: &bytes)
        }
        writeRest(of: category, with: text, hasActions: hasActions, into: &bytes)
    }

    /// Writes `category` from the end of its actions to its closing `}`.
    private func writeRest(
        of category: Category, with text: JSONLayout.Text, hasActions: Bool, into bytes: inout ByteBuffer
    ) {
        text.write(hasActions ? actionsClose : noActions, into: &bytes)
        text.write(intentIdentifiers, category.intentIdentifiers, into: &bytes) { $0 }
        text.write(options, category.options, into: &bytes) { $0.rawValue }
        if let hiddenPlaceholder = category.hiddenPreviewsBodyPlaceholder {
            text.write(placeholder, hiddenPlaceholder, into: &bytes)
        }
        if let format = category.categorySummaryFormat { text.write(summaryFormat, format, into: &bytes) }
        text.write(close, into: &bytes)
    }

    /// Writes the rest of `action` after its identifier, up to its closing `}` (which comes with the
    /// next piece). The action is read through a pointer, in place: a copy would retain and release each of its strings.
    private func write(_ action: UnsafePointer<Action>, with text: JSONLayout.Text, into bytes: inout ByteBuffer) {
        text.write(title, action.pointee.title, into: &bytes)
        text.write(actionOptions, action.pointee.options, into: &bytes) { $0.rawValue }
        if let textInput = action.pointee.textInput {
            text.write(buttonTitle, textInput.buttonTitle, into: &bytes)
            text.write(textPlaceholder, textInput.placeholder, into: &bytes)
            text.write(innerClose, into: &bytes)
        }
        if let icon = action.pointee.icon {
            switch icon {
            case .systemImage(let name): text.write(systemImage, name, into: &bytes)
            case .templateImage(let name): text.write(templateImage, name, into: &bytes)
            }
            text.write(innerClose, into: &bytes)
        }
    }
}
