// Definition, references, highlights, rename and symbols: the names of the SourceMap across the workspace.
import ManifestCompiler

extension LanguageServer {
    /// The name under the position of a `TextDocumentPositionParams`, with the analysis it was found in.
    mutating func nameAt(_ params: Params) throws(InvalidParams) -> (Workspace.Analysis, NameIndex, NameOccurrence)? {
        let uri = try params.object("textDocument").uri("uri")
        let position = try params.position()
        let analysis = analysis()
        guard let file = analysis.file(uri) else { return nil }
        let index = NameIndex(analysis.result.checked)
        let offset = analysis.positions(file).offset(of: position)
        guard let occurrence = index.occurrence(in: file, at: offset) else { return nil }
        return (analysis, index, occurrence)
    }

    mutating func definition(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let found = try nameAt(params)
        return Outgoing.response(id: id) { writer in
            guard let (analysis, index, occurrence) = found else { return writer.null() }
            writer.beginArray()
            for declaration in index.declarations(like: occurrence) {
                analysis.writeLocation(declaration.range, to: &writer)
            }
            writer.endArray()
        }
    }

    mutating func references(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let found = try nameAt(params)
        let includeDeclaration = params.optionalObject("context")?.optionalBool("includeDeclaration") ?? true
        return Outgoing.response(id: id) { writer in
            guard let (analysis, index, occurrence) = found else { return writer.null() }
            writer.beginArray()
            for other in index.all(like: occurrence) where includeDeclaration || other.declarationIndex == nil {
                analysis.writeLocation(other.range, to: &writer)
            }
            writer.endArray()
        }
    }

    mutating func highlights(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let found = try nameAt(params)
        return Outgoing.response(id: id) { writer in
            guard let (analysis, index, occurrence) = found else { return writer.null() }
            writer.beginArray()
            for other in index.all(like: occurrence) where other.range.file == occurrence.range.file {
                writer.beginObject()
                writer.key("range")
                analysis.writeRange(other.range, to: &writer)
                writer.key("kind")
                writer.integer(other.declarationIndex == nil ? 2 : 3)  // read : write
                writer.endObject()
            }
            writer.endArray()
        }
    }

    mutating func prepareRename(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let found = try nameAt(params)
        return Outgoing.response(id: id) { writer in
            guard let (analysis, _, occurrence) = found else { return writer.null() }
            writer.beginObject()
            writer.key("range")
            analysis.writeRange(occurrence.range, to: &writer)
            writer.field("placeholder", occurrence.name)
            writer.endObject()
        }
    }

    mutating func rename(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let newName = try params.string("newName")
        guard Self.isValidName(newName) else {
            return Outgoing.error(
                id: id, .requestFailed,
                "'\(newName)' is not a valid name: a name is not empty and does not begin or end with whitespace")
        }
        guard let (analysis, index, occurrence) = try nameAt(params) else {
            return Outgoing.error(id: id, .requestFailed, "there is no action, category or extension name here")
        }
        let renamed = NameOccurrence(name: newName, namespace: occurrence.namespace, range: occurrence.range)
        // Compared code unit by code unit, as names are: `é` precomposed and decomposed are two names.
        if Identifier(newName) != Identifier(occurrence.name), let existing = index.declarations(like: renamed).first {
            let kind = switch existing.namespace {
            case .action: "an action"
            case .category: "a category"
            case .extensionName: "an extension"
            }
            return Outgoing.error(
                id: id, .requestFailed, "'\(newName)' is already the name of \(kind); renaming would declare it twice")
        }
        let occurrences = index.all(like: occurrence)
        let byFile = Dictionary(grouping: occurrences) { $0.range.file.index }
        return Outgoing.response(id: id) { writer in
            writer.beginObject()
            writer.key("changes")
            writer.beginObject()
            for file in byFile.keys.sorted() {
                writer.key(analysis.clientURIs[file])
                writer.beginArray()
                for other in byFile[file] ?? [] {
                    writeTextEdit(other.range, StringEscapes.name(newName), analysis: analysis, to: &writer)
                }
                writer.endArray()
            }
            writer.endObject()
            writer.endObject()
        }
    }

    /// Whether `name` can name an action, category or extension: not empty, no whitespace at either end (names
    /// that are not plain words are written quoted, as in `"com.example.invite"`).
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, let last = name.unicodeScalars.last else { return false }
        return !first.properties.isWhitespace && !last.properties.isWhitespace
    }

    mutating func documentSymbols(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let uri = try params.object("textDocument").uri("uri")
        let analysis = analysis()
        let declarations = Self.declarations(analysis.result.checked).filter { $0.location.range.file == analysis.file(uri) }
        return Outgoing.response(id: id) { writer in
            writer.beginArray()
            for declaration in declarations.sorted(by: { $0.location.range.start < $1.location.range.start }) {
                writer.beginObject()
                writer.field("name", declaration.name)
                writer.field("detail", declaration.kind.rawValue)
                writer.key("kind")
                writer.integer(declaration.symbolKind)
                writer.key("range")
                analysis.writeRange(declaration.location.range, to: &writer)
                writer.key("selectionRange")
                analysis.writeRange(declaration.location.name, to: &writer)
                writer.key("children")
                writer.beginArray()
                for entry in declaration.location.entries {
                    writer.beginObject()
                    writer.field("name", entry.key.rawValue)
                    writer.key("kind")
                    writer.integer(7)  // property
                    writer.key("range")
                    analysis.writeRange(entry.value.map { entry.keyRange.extended(to: $0) } ?? entry.keyRange, to: &writer)
                    writer.key("selectionRange")
                    analysis.writeRange(entry.keyRange, to: &writer)
                    writer.endObject()
                }
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
        }
    }

    mutating func workspaceSymbols(id: RequestID, _ params: Params) throws(InvalidParams) -> [UInt8] {
        let query = try params.string("query").lowercased()
        let analysis = analysis()
        let matches = Self.declarations(analysis.result.checked).filter { Self.matches($0.name.lowercased(), query) }
        return Outgoing.response(id: id) { writer in
            writer.beginArray()
            for declaration in matches {
                writer.beginObject()
                writer.field("name", declaration.name)
                writer.key("kind")
                writer.integer(declaration.symbolKind)
                writer.field("containerName", declaration.kind.rawValue)
                writer.key("location")
                analysis.writeLocation(declaration.location.name, to: &writer)
                writer.endObject()
            }
            writer.endArray()
        }
    }

    /// Whether the characters of `query` appear in `name` in order (the fuzzy match editors expect).
    private static func matches(_ name: String, _ query: String) -> Bool {
        var remaining = query.unicodeScalars[...]
        for scalar in name.unicodeScalars where scalar == remaining.first { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }

    /// One declaration of the checked manifest, with its kind.
    struct DeclarationSummary {
        var name: String
        var kind: DeclarationKind
        var location: DeclarationLocation
        /// Its position in the checked manifest's array of its namespace.
        var index: Int
        /// Its LSP `SymbolKind`: actions are functions, categories classes, extensions modules.
        var symbolKind: Int {
            switch kind {
            case .action, .textInputAction: 12
            case .category: 5
            case .contentExtension, .serviceExtension: 2
            case .localization: 19
            }
        }
    }

    /// Every checked declaration, actions first, then categories, then extensions, then `localization` (named by
    /// its table).
    static func declarations(_ checked: CheckedManifest) -> [DeclarationSummary] {
        let locations = checked.locations
        var result: [DeclarationSummary] = []
        for (index, (action, location)) in zip(checked.actions, locations.actions).enumerated() {
            result.append(DeclarationSummary(
                name: action.identifier, kind: action.textInput == nil ? .action : .textInputAction, location: location,
                index: index))
        }
        for (index, (category, location)) in zip(checked.categories, locations.categories).enumerated() {
            result.append(DeclarationSummary(name: category.identifier, kind: .category, location: location, index: index))
        }
        for (index, (notificationExtension, location)) in zip(checked.extensions, locations.extensions).enumerated() {
            result.append(DeclarationSummary(
                name: notificationExtension.name,
                kind: notificationExtension.kind == .content ? .contentExtension : .serviceExtension, location: location,
                index: index))
        }
        for (index, (localization, location)) in zip(checked.localizations, locations.localizations).enumerated() {
            result.append(DeclarationSummary(name: localization.table, kind: .localization, location: location, index: index))
        }
        return result
    }
}

/// Writes a `TextEdit` replacing `range` with `text`.
func writeTextEdit(_ range: SourceRange, _ text: String, analysis: Workspace.Analysis, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("range")
    analysis.writeRange(range, to: &writer)
    writer.field("newText", text)
    writer.endObject()
}
