// Writes a list of manifest changes for people (grouped text with + - ~ marks) or for tools (JSON).

/// Renders ``ManifestChange``s; pure functions of the changes.
public enum ChangeRendering {
    /// Readable text, grouped by namespace (categories, actions, extensions), one change per line, then a summary:
    ///
    /// ```
    /// Categories
    ///   - breaking    removed    category[invitation].actions: decline
    ///   ~ behavioral  reordered  category[reminder].actions: [snooze, cancel] → [cancel, snooze]
    ///
    /// 2 changes: 1 breaking, 1 behavioral, 0 cosmetic
    /// ```
    ///
    /// The mark is `+` for an addition, `-` for a removal and `~` for a change or a reorder. `useColor` adds ANSI
    /// colours: marks by kind, classes by severity, headers in bold.
    public static func text(_ changes: [ManifestChange], useColor: Bool = false) -> String {
        let style = useColor ? TextStyle.ansi : .plain
        var output = ""
        for entity in ChangePath.Entity.allCases {
            let group = changes.filter { $0.path.entity == entity }
            guard !group.isEmpty else { continue }
            output += "\(style.bold)\(heading(entity))\(style.reset)\n"
            for change in group { output += "  " + line(change, style: style) + "\n" }
            output += "\n"
        }
        return output + summary(changes) + "\n"
    }

    /// `{"changes": [{"path", "change", "class", "old", "new"}]}`, with `"note"` after them when there is one.
    /// Values are plain JSON: strings (names and text alike), numbers, booleans, arrays, or `null` when absent.
    public static func json(_ changes: [ManifestChange]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("changes")
        writer.beginArray()
        for change in changes {
            writer.beginObject()
            writer.field("path", change.path.description)
            writer.field("change", change.kind.rawValue)
            writer.field("class", change.changeClass.rawValue)
            writer.key("old")
            write(change.old, into: &writer)
            writer.key("new")
            write(change.new, into: &writer)
            if let note = change.note { writer.field("note", note) }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    /// `5 changes: 2 breaking, 2 behavioral, 1 cosmetic`, or `no changes`.
    public static func summary(_ changes: [ManifestChange]) -> String {
        guard !changes.isEmpty else { return "no changes" }
        let counts = ChangeClass.allCases.map { changeClass in
            "\(changes.filter { $0.changeClass == changeClass }.count) \(changeClass.rawValue)"
        }
        return "\(changes.count) change\(changes.count == 1 ? "" : "s"): " + counts.joined(separator: ", ")
    }

    /// A value as the text output shows it: text quoted, names bare when they are plain words, numbers in the
    /// manifest's form, icons as calls, lists in brackets.
    public static func display(_ value: ChangeValue) -> String {
        switch value {
        case .text(let text): StringEscapes.literal(text)
        case .name(let name): StringEscapes.name(name)
        case .number(let number): CanonicalStyle.number(number)
        case .bool(let flag): flag ? "true" : "false"
        case .icon(let icon): iconText(icon)
        case .list(let values): "[" + values.map(display).joined(separator: ", ") + "]"
        }
    }

    private static func heading(_ entity: ChangePath.Entity) -> String {
        switch entity {
        case .category: "Categories"
        case .action: "Actions"
        case .extension: "Extensions"
        case .localization: "Localization"
        }
    }

    private static func line(_ change: ManifestChange, style: TextStyle) -> String {
        let (mark, markColor) =
            switch change.kind {
            case .added: ("+", "\u{1B}[32m")
            case .removed: ("-", "\u{1B}[31m")
            case .changed, .reordered: ("~", "\u{1B}[33m")
            }
        let classColor =
            switch change.changeClass {
            case .breaking: style.error
            case .behavioral: style.warning
            case .cosmetic: style.note
            }
        var line = (style.reset.isEmpty ? mark : markColor + mark + style.reset) + " "
        line += classColor + pad(change.changeClass.rawValue, 10) + style.reset + "  "
        line += pad(change.kind.rawValue, 9) + "  " + change.path.description
        if change.path.field != nil {
            switch (change.old, change.new) {
            case (let old?, let new?): line += ": " + display(old) + " → " + display(new)
            case (let old?, nil): line += ": " + display(old)
            case (nil, let new?): line += ": " + display(new)
            case (nil, nil): break
            }
        }
        if let note = change.note { line += " (\(note))" }
        return line
    }

    private static func write(_ value: ChangeValue?, into writer: inout JSONWriter) {
        switch value {
        case nil: writer.null()
        case .text(let text)?, .name(let text)?: writer.string(text)
        case .number(let number)?: number.isFinite ? writer.number(number) : writer.null()
        case .bool(let flag)?: writer.bool(flag)
        case .icon(let icon)?: writer.string(iconText(icon))
        case .list(let values)?:
            writer.beginArray()
            for element in values { write(element, into: &writer) }
            writer.endArray()
        }
    }

    private static func iconText(_ icon: ActionIcon) -> String {
        switch icon {
        case .systemImage(let name): "systemImage(\(StringEscapes.literal(name)))"
        case .templateImage(let name): "templateImage(\(StringEscapes.literal(name)))"
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
