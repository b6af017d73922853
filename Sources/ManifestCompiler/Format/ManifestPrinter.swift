// Writes a Manifest as canonical .notif text (used by `notifc import`; parses back to the same Manifest).

/// Prints a ``Manifest`` in ``CanonicalStyle``: it builds the manifest's syntax tree and prints it with the
/// formatter's printer.
///
/// Declarations come in three groups: every action (in ``Manifest/actions`` order), every category, every
/// extension; keys come in the order ``DeclarationKind/keys`` lists them, and only the keys that carry a
/// value are written. Compiling the result gives back an equal ``Manifest``.
public enum ManifestPrinter {
    /// The manifest's text; `header` lines are written first as `//` comments.
    public static func text(of manifest: Manifest, header: [String] = []) -> String {
        SyntaxPrinter.text(of: syntax(of: manifest, header: header), source: nil)
    }

    /// The manifest as a syntax tree (with no meaningful source ranges); `header` lines lead it as comments.
    public static func syntax(of manifest: Manifest, header: [String] = []) -> SyntaxTree {
        var tree = SyntaxTree(
            file: nowhere.file,
            declarations: manifest.actions.map(declaration) + manifest.categories.map(declaration)
                + manifest.extensions.map(declaration) + localizationDeclaration(manifest.localization))
        // Every line of the header is a comment: a line break inside one (in an identifier or a string read from
        // code) starts another comment line, never code.
        let lines = header.flatMap { line in
            line.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        }
        let comments = lines.map { Comment($0.isEmpty ? "//" : "// " + $0) }
        if tree.declarations.isEmpty {
            tree.endTrivia.leading = comments
        } else {
            tree.declarations[0].keywordTrivia.leading = comments
            tree.declarations[0].keywordTrivia.followsBlankLine = true
        }
        return tree
    }

    private static func declaration(_ action: Action) -> DeclarationSyntax {
        var entries = [entry(.title, string(action.title))]
        appendComment(.titleComment, action.comments, to: &entries)
        if let textInput = action.textInput {
            entries.append(entry(.buttonTitle, string(textInput.buttonTitle)))
            appendComment(.buttonTitleComment, action.comments, to: &entries)
            if !textInput.placeholder.isEmpty { entries.append(entry(.placeholder, string(textInput.placeholder))) }
            appendComment(.placeholderComment, action.comments, to: &entries)
        }
        if !action.options.isEmpty { entries.append(entry(.options, list(action.options.map { word($0.rawValue) }))) }
        if let icon = action.icon {
            let (callee, name) =
                switch icon {
                case .systemImage(let name): ("systemImage", name)
                case .templateImage(let name): ("templateImage", name)
                }
            let call = ValueSyntax(.call(NameSyntax(text: callee, range: nowhere, isQuoted: false), [string(name)]), range: nowhere)
            entries.append(entry(.icon, call))
        }
        return block(action.textInput == nil ? .action : .textInputAction, action.identifier, entries)
    }

    private static func declaration(_ category: Category) -> DeclarationSyntax {
        var entries: [EntrySyntax] = []
        if !category.actions.isEmpty { entries.append(entry(.actions, list(category.actions.map(string)))) }
        if !category.intentIdentifiers.isEmpty {
            entries.append(entry(.intentIdentifiers, list(category.intentIdentifiers.map(string))))
        }
        if !category.options.isEmpty { entries.append(entry(.options, list(category.options.map { word($0.rawValue) }))) }
        if let placeholder = category.hiddenPreviewsBodyPlaceholder {
            entries.append(entry(.hiddenPreviewsBodyPlaceholder, string(placeholder)))
            appendComment(.hiddenPreviewsBodyPlaceholderComment, category.comments, to: &entries)
        }
        if let format = category.categorySummaryFormat {
            entries.append(entry(.categorySummaryFormat, string(format)))
            appendComment(.categorySummaryFormatComment, category.comments, to: &entries)
        }
        return block(.category, category.identifier, entries)
    }

    private static func declaration(_ declared: NotificationExtension) -> DeclarationSyntax {
        var entries: [EntrySyntax] = []
        if declared.kind == .content { entries.append(entry(.categories, list(declared.categories.map(string)))) }
        if let ratio = declared.initialContentSizeRatio {
            entries.append(entry(.initialContentSizeRatio, ValueSyntax(.number(ratio), range: nowhere)))
        }
        for (key, flag) in [
            (ManifestKey.defaultContentHidden, declared.defaultContentHidden),
            (.overridesDefaultTitle, declared.overridesDefaultTitle),
            (.userInteractionEnabled, declared.userInteractionEnabled),
        ] {
            if let flag { entries.append(entry(key, word(flag ? "true" : "false"))) }
        }
        if let storyboard = declared.storyboard { entries.append(entry(.storyboard, string(storyboard))) }
        if let principalClass = declared.principalClass { entries.append(entry(.principalClass, string(principalClass))) }
        return block(declared.kind == .content ? .contentExtension : .serviceExtension, declared.name, entries)
    }

    /// The `localization` declaration, when the settings are not the defaults.
    private static func localizationDeclaration(_ settings: LocalizationSettings) -> [DeclarationSyntax] {
        guard settings != LocalizationSettings() else { return [] }
        var entries: [EntrySyntax] = []
        if settings.developmentLanguage != LocalizationSettings.defaultDevelopmentLanguage {
            entries.append(entry(.developmentLanguage, string(settings.developmentLanguage)))
        }
        if settings.bundle != .main { entries.append(entry(.bundle, word(settings.bundle.rawValue))) }
        return [block(.localization, settings.table, entries)]
    }

    /// Appends `key: "…"` when `comments` has a comment for the string `key` describes.
    private static func appendComment(_ key: ManifestKey, _ comments: [ManifestKey: String], to entries: inout [EntrySyntax]) {
        if let string = key.commentedKey, let comment = comments[string] { entries.append(entry(key, Self.string(comment))) }
    }

    /// The range every node of a printed tree has: it was written nowhere.
    private static let nowhere = SourceRange.point(SourceFileID(index: 0), 0)

    private static func string(_ text: String) -> ValueSyntax { ValueSyntax(.string(text), range: nowhere) }
    private static func word(_ text: String) -> ValueSyntax { ValueSyntax(.word(text), range: nowhere) }
    private static func list(_ elements: [ValueSyntax]) -> ValueSyntax { ValueSyntax(.list(elements), range: nowhere) }

    private static func entry(_ key: ManifestKey, _ value: ValueSyntax) -> EntrySyntax {
        EntrySyntax(key: NameSyntax(text: key.rawValue, range: nowhere, isQuoted: false), value: value, range: nowhere)
    }

    private static func block(_ kind: DeclarationKind, _ name: String, _ entries: [EntrySyntax]) -> DeclarationSyntax {
        DeclarationSyntax(
            kind: Located(kind, at: nowhere), name: NameSyntax(text: name, range: nowhere, isQuoted: true),
            entries: entries, range: nowhere)
    }
}
