// Hover, completion, formatting and code actions.
import ManifestCompiler

extension LanguageServer {
    // MARK: - Hover

    mutating func hover(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let uri = try params.object("textDocument").uri("uri")
        let position = try params.position()
        let analysis = analysis()
        guard let file = analysis.file(uri) else { return Outgoing.response(id: id) { $0.null() } }
        let offset = analysis.positions(file).offset(of: position)
        let found = Self.hoverText(at: offset, in: file, analysis)
        return Outgoing.response(id: id) { writer in
            guard let (text, range) = found else { return writer.null() }
            writer.beginObject()
            writer.key("contents")
            writer.beginObject()
            writer.field("kind", "markdown")
            writer.field("value", text)
            writer.endObject()
            writer.key("range")
            analysis.writeRange(range, to: &writer)
            writer.endObject()
        }
    }

    private static func hoverText(at offset: Int, in file: SourceFileID, _ analysis: Workspace.Analysis)
        -> (String, SourceRange)?
    {
        func contains(_ range: SourceRange) -> Bool {
            range.file == file && range.start <= offset && offset <= range.end
        }
        let checked = analysis.result.checked
        if let occurrence = NameIndex(checked).occurrence(in: file, at: offset) {
            let summaries = declarations(checked).filter {
                $0.name.utf8.elementsEqual(occurrence.name.utf8) && namespace(of: $0.kind) == occurrence.namespace
            }
            guard let first = summaries.first else {
                return (Markdown.escaped(StringEscapes.name(occurrence.name)) + ": not declared", occurrence.range)
            }
            return (summary(first, checked, analysis), occurrence.range)
        }
        for declaration in declarations(checked) where contains(declaration.location.range) {
            let keyword = SourceRange(
                file: file, start: declaration.location.range.start,
                end: declaration.location.range.start + declaration.kind.rawValue.utf8.count)
            if contains(keyword) { return (LanguageDocumentation.kind(declaration.kind), keyword) }
            for entry in declaration.location.entries where contains(entry.keyRange) {
                return (LanguageDocumentation.key(entry.key, in: declaration.kind), entry.keyRange)
            }
            let written = declaration.location.options
            if let index = written.firstIndex(where: contains) {
                switch declaration.kind {
                case .action, .textInputAction:
                    let options = checked.actions[declaration.index].options
                    if index < options.count { return (LanguageDocumentation.option(options[index]), written[index]) }
                case .category:
                    let options = checked.categories[declaration.index].options
                    if index < options.count { return (LanguageDocumentation.option(options[index]), written[index]) }
                case .contentExtension, .serviceExtension, .localization: break
                }
            }
        }
        return nil
    }

    private static func namespace(of kind: DeclarationKind) -> Namespace? {
        switch kind {
        case .action, .textInputAction: .action
        case .category: .category
        case .contentExtension, .serviceExtension: .extensionName
        case .localization: nil  // a strings table's name is not referenced from elsewhere in a manifest
        }
    }

    /// A declaration in a few lines: its kind, its main values and where it is.
    static func summary(_ declaration: DeclarationSummary, _ checked: CheckedManifest, _ analysis: Workspace.Analysis)
        -> String
    {
        // What the manifest holds is shown as it is written there (names quoted unless a plain word, strings as
        // literals), escaped so that Markdown shows it as text.
        func name(_ text: String) -> String { Markdown.escaped(StringEscapes.name(text)) }
        func names(_ texts: [String]) -> String { texts.map(name).joined(separator: ", ") }
        func literal(_ text: String) -> String { Markdown.escaped(StringEscapes.literal(text)) }
        var lines = ["**\(declaration.kind.rawValue) \(name(declaration.name))**"]
        switch declaration.kind {
        case .action, .textInputAction:
            let action = checked.actions[declaration.index]
            lines.append("title: " + literal(action.title))
            if let textInput = action.textInput { lines.append("buttonTitle: " + literal(textInput.buttonTitle)) }
            if !action.options.isEmpty { lines.append("options: " + action.options.map(\.rawValue).joined(separator: ", ")) }
        case .category:
            let category = checked.categories[declaration.index]
            lines.append("actions: " + (category.actions.isEmpty ? "none" : names(category.actions)))
            if !category.options.isEmpty { lines.append("options: " + category.options.map(\.rawValue).joined(separator: ", ")) }
        case .contentExtension, .serviceExtension:
            let item = checked.extensions[declaration.index]
            if !item.categories.isEmpty { lines.append("categories: " + names(item.categories)) }
            if let storyboard = item.storyboard { lines.append("storyboard: " + literal(storyboard)) }
            if let principalClass = item.principalClass { lines.append("principalClass: " + literal(principalClass)) }
        case .localization: break  // not among the summarized declarations (names are not referenced)
        }
        let range = declaration.location.range
        let line = analysis.positions(range.file).position(of: range.start).line + 1
        let path = analysis.result.sources[range.file].path
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        lines.append("Declared in \(Markdown.escaped(fileName)), line \(line)")
        return lines.joined(separator: "\n\n")
    }

    // MARK: - Completion

    mutating func completion(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let uri = try params.object("textDocument").uri("uri")
        let position = try params.position()
        let analysis = analysis()
        guard let file = analysis.file(uri) else { return Outgoing.response(id: id) { $0.null() } }
        let offset = analysis.positions(file).offset(of: position)
        let items = Self.completions(CompletionContext.place(in: analysis.bytes(file), at: offset), analysis)
        return Outgoing.response(id: id) { writer in
            writer.beginObject()
            writer.key("isIncomplete")
            writer.bool(false)
            writer.key("items")
            writer.beginArray()
            for item in items {
                writer.beginObject()
                writer.field("label", item.label)
                writer.key("kind")
                writer.integer(item.kind)
                writer.field("detail", item.detail)
                writer.key("documentation")
                writer.beginObject()
                writer.field("kind", "markdown")
                writer.field("value", item.documentation)
                writer.endObject()
                if let insert = item.insertText { writer.field("insertText", insert) }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
    }

    struct CompletionItem {
        var label: String
        /// LSP `CompletionItemKind`.
        var kind: Int
        var detail: String
        var documentation: String
        var insertText: String?
    }

    static func completions(_ place: CompletionPlace, _ analysis: Workspace.Analysis) -> [CompletionItem] {
        let checked = analysis.result.checked
        switch place {
        case .none: return []
        case .declarationKind:
            return DeclarationKind.allCases.map {
                CompletionItem(
                    label: $0.rawValue, kind: 14, detail: $0.displayName, documentation: LanguageDocumentation.kind($0))
            }
        case .key(let kind, let present):
            return kind.keys.filter { !present.contains($0.key.rawValue) }.map {
                CompletionItem(
                    label: $0.key.rawValue, kind: 10, detail: $0.type.documentationName + ($0.isRequired ? " (required)" : ""),
                    documentation: LanguageDocumentation.key($0.key, in: kind), insertText: "\($0.key.rawValue): ")
            }
        case .value(let kind, let keyName):
            guard let key = ManifestKey(rawValue: keyName), let spec = kind.spec(for: key) else { return [] }
            switch spec.type {
            case .boolean:
                return ["true", "false"].map {
                    CompletionItem(label: $0, kind: 12, detail: "boolean", documentation: LanguageDocumentation.key(key, in: kind))
                }
            case .icon:
                return [
                    CompletionItem(
                        label: "systemImage(", kind: 3, detail: "an SF Symbol",
                        documentation: "`UNNotificationActionIcon(systemImageName:)`: an SF Symbol by name (iOS 15.0).",
                        insertText: "systemImage(\""),
                    CompletionItem(
                        label: "templateImage(", kind: 3, detail: "an image of the app",
                        documentation: "`UNNotificationActionIcon(templateImageName:)`: an image in the app's asset "
                            + "catalog or bundle, drawn as a template (iOS 15.0).",
                        insertText: "templateImage(\""),
                ]
            case .bundleLocation:
                return [
                    CompletionItem(
                        label: "main", kind: 12, detail: "the app's main bundle",
                        documentation: LanguageDocumentation.key(key, in: kind)),
                    CompletionItem(
                        label: "module", kind: 12, detail: "the Swift package module's bundle",
                        documentation: LanguageDocumentation.key(key, in: kind)),
                ]
            default: return []
            }
        case .listElement(let kind, let keyName, let written):
            guard let key = ManifestKey(rawValue: keyName), let spec = kind.spec(for: key) else { return [] }
            switch spec.type {
            case .actionOptions:
                return ActionOption.allCases.filter { !written.contains($0.rawValue) }.map {
                    CompletionItem(label: $0.rawValue, kind: 20, detail: "action option", documentation: LanguageDocumentation.option($0))
                }
            case .categoryOptions:
                return CategoryOption.allCases.filter { !written.contains($0.rawValue) }.map {
                    CompletionItem(label: $0.rawValue, kind: 20, detail: "category option", documentation: LanguageDocumentation.option($0))
                }
            case .actionReferences, .categoryReferences:
                let wanted: Set<DeclarationKind> = spec.type == .actionReferences ? [.action, .textInputAction] : [.category]
                var seen = Set<String>(written)
                return declarations(checked).filter { wanted.contains($0.kind) }.compactMap { declaration in
                    guard seen.insert(declaration.name).inserted else { return nil }
                    let written = StringEscapes.name(declaration.name)  // quoted unless a plain word
                    return CompletionItem(
                        label: declaration.name, kind: declaration.kind == .category ? 7 : 3,
                        detail: declaration.kind.displayName, documentation: summary(declaration, checked, analysis),
                        insertText: written == declaration.name ? nil : written)
                }
            default: return []
            }
        }
    }

    // MARK: - Formatting

    mutating func formatting(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let uri = try params.object("textDocument").uri("uri")
        let analysis = analysis()
        guard let file = analysis.file(uri) else { return Outgoing.response(id: id) { $0.null() } }
        let source = analysis.result.sources[file]
        let formatted: String? = switch ManifestFormatter.format(source) {
        case .formatted(let text): text
        case .invalid, .internalFailure: nil
        }
        if formatted == nil { output.logs.append("formatting: '\(uri)' has syntax errors; no edits") }
        return Outgoing.response(id: id) { writer in
            writer.beginArray()
            if let formatted, !formatted.utf8.elementsEqual(source.bytes) {
                writeTextEdit(SourceRange(file: file, start: 0, end: source.bytes.count), formatted, analysis: analysis, to: &writer)
            }
            writer.endArray()
        }
    }
}

