// Writes a Manifest as canonical .notif text (used by `notifc import`; parses back to the same Manifest).

/// Prints a ``Manifest`` in ``CanonicalStyle``.
///
/// Declarations come in three groups: every action (in ``Manifest/actions`` order), every category, every
/// extension; keys come in the order ``DeclarationKind/keys`` lists them, and only the keys that carry a
/// value are written. Compiling the result gives back an equal ``Manifest``.
public enum ManifestPrinter {
    /// The manifest's text; `header` lines are written first as `//` comments.
    public static func text(of manifest: Manifest, header: [String] = []) -> String {
        var blocks: [String] = []
        if !header.isEmpty { blocks.append(header.map { $0.isEmpty ? "//" : "// " + $0 }.joined(separator: "\n")) }
        blocks += manifest.actions.map(declaration)
        blocks += manifest.categories.map(declaration)
        blocks += manifest.extensions.map(declaration)
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// `action accept { … }` or `textInputAction reply { … }`.
    public static func declaration(_ action: Action) -> String {
        var entries = [entry("title", StringEscapes.literal(action.title))]
        if let textInput = action.textInput {
            entries.append(entry("buttonTitle", StringEscapes.literal(textInput.buttonTitle)))
            if !textInput.placeholder.isEmpty {
                entries.append(entry("placeholder", StringEscapes.literal(textInput.placeholder)))
            }
        }
        if !action.options.isEmpty {
            entries.append(CanonicalStyle.listEntry(key: "options", elements: action.options.map(\.rawValue)))
        }
        if let icon = action.icon {
            switch icon {
            case .systemImage(let name): entries.append(entry("icon", "systemImage(\(StringEscapes.literal(name)))"))
            case .templateImage(let name): entries.append(entry("icon", "templateImage(\(StringEscapes.literal(name)))"))
            }
        }
        let kind: DeclarationKind = action.textInput == nil ? .action : .textInputAction
        return block(kind, action.identifier, entries)
    }

    /// `category name { … }`.
    public static func declaration(_ category: Category) -> String {
        var entries: [String] = []
        if !category.actions.isEmpty {
            entries.append(CanonicalStyle.listEntry(key: "actions", elements: category.actions.map(StringEscapes.name)))
        }
        if !category.intentIdentifiers.isEmpty {
            entries.append(
                CanonicalStyle.listEntry(
                    key: "intentIdentifiers", elements: category.intentIdentifiers.map(StringEscapes.literal)))
        }
        if !category.options.isEmpty {
            entries.append(CanonicalStyle.listEntry(key: "options", elements: category.options.map(\.rawValue)))
        }
        if let placeholder = category.hiddenPreviewsBodyPlaceholder {
            entries.append(entry("hiddenPreviewsBodyPlaceholder", StringEscapes.literal(placeholder)))
        }
        if let format = category.categorySummaryFormat {
            entries.append(entry("categorySummaryFormat", StringEscapes.literal(format)))
        }
        return block(.category, category.identifier, entries)
    }

    /// `contentExtension Name { … }` or `serviceExtension Name { … }`.
    public static func declaration(_ declared: NotificationExtension) -> String {
        var entries: [String] = []
        if declared.kind == .content {
            entries.append(CanonicalStyle.listEntry(key: "categories", elements: declared.categories.map(StringEscapes.name)))
        }
        if let ratio = declared.initialContentSizeRatio {
            entries.append(entry("initialContentSizeRatio", CanonicalStyle.number(ratio)))
        }
        for (key, flag) in [
            ("defaultContentHidden", declared.defaultContentHidden),
            ("overridesDefaultTitle", declared.overridesDefaultTitle),
            ("userInteractionEnabled", declared.userInteractionEnabled),
        ] {
            if let flag { entries.append(entry(key, flag ? "true" : "false")) }
        }
        if let storyboard = declared.storyboard { entries.append(entry("storyboard", StringEscapes.literal(storyboard))) }
        if let principalClass = declared.principalClass {
            entries.append(entry("principalClass", StringEscapes.literal(principalClass)))
        }
        return block(declared.kind == .content ? .contentExtension : .serviceExtension, declared.name, entries)
    }

    private static func entry(_ key: String, _ value: String) -> String {
        CanonicalStyle.indent + key + ": " + value
    }

    private static func block(_ kind: DeclarationKind, _ name: String, _ entries: [String]) -> String {
        let head = kind.rawValue + " " + StringEscapes.name(name) + " {"
        return entries.isEmpty ? head + "}" : head + "\n" + entries.joined(separator: "\n") + "\n}"
    }
}
