// The manifest's strings as a String Catalog (`<Table>.xcstrings`): written new, or merged into the existing
// catalog the way Xcode updates one, in Xcode's exact bytes.

/// Writes and merges String Catalogs.
///
/// The bytes are Xcode's: Foundation's pretty-printed JSON (`"key" : value`, two-space indent, empty objects as
/// `{`, an empty line and `}`, no final newline) with every object's keys in ``CatalogKeyOrder``. A merge keeps
/// every existing member in its place and inserts new ones where that order puts them, so keys notifc does not
/// own and fields it does not know are written back exactly as read.
///
/// Lifecycle of notifc's keys (``LocalizationKey``), as Xcode treats keys it manages:
/// - a new key: `extractionState` `manual`, the development-language value as a `translated` string unit, the
///   translator comment;
/// - a changed development-language value: updated, and every `translated` string unit of the other languages
///   becomes `needs_review` (their values are kept);
/// - a key whose string left the manifest: `stale` when it has translations, removed when it has none.
public enum StringCatalog {
    /// The `version` of a catalog notifc creates (Xcode 15's; an existing catalog keeps its own).
    public static let newCatalogVersion = "1.0"

    /// The bytes of a new catalog holding `strings`.
    public static func document(_ strings: [LocalizableString], sourceLanguage: String) -> [UInt8] {
        let root = object([
            ("sourceLanguage", string(sourceLanguage)), ("strings", object([])), ("version", string(newCatalogVersion)),
        ])
        var merge = CatalogMerge(sourceLanguage: sourceLanguage)
        return write(merge.apply(strings, to: root) ?? root)
    }

    /// `existing` with `strings` merged in, or `nil` after reporting why `existing` cannot be merged (not JSON,
    /// not a catalog, another source language). Returns `existing`'s own bytes when nothing changes.
    public static func merge(
        _ strings: [LocalizableString], sourceLanguage: String, into existing: SourceFile, limits: Limits = .default,
        diagnostics: inout DiagnosticBag
    ) -> [UInt8]? {
        let errorsBefore = diagnostics.errorCount
        guard let root = JSONReader.read(existing, limits: limits, into: &diagnostics),
            diagnostics.errorCount == errorsBefore,
            let language = checkShape(root, in: existing, into: &diagnostics)
        else { return nil }
        guard language.value == sourceLanguage else {
            diagnostics.append(
                Diagnostic(
                    .catalogLanguageMismatch,
                    "the catalog's source language is '\(language.value)' but the manifest's development language is '\(sourceLanguage)'",
                    at: language.range,
                    help: [
                        "declare 'localization \(tableName(of: existing.path)) { developmentLanguage: \(StringEscapes.literal(language.value)) }' if the manifest is written in '\(language.value)'"
                    ]))
            return nil
        }
        var merge = CatalogMerge(sourceLanguage: sourceLanguage)
        guard let merged = merge.apply(strings, to: root, file: existing, into: &diagnostics) else {
            return diagnostics.errorCount == errorsBefore ? existing.bytes : nil
        }
        return write(merged)
    }

    /// The catalog's bytes.
    static func write(_ root: JSONNode) -> [UInt8] {
        var writer = JSONWriter(foundationLayoutCapacity: 4096)
        writer.value(root)
        return writer.finishWithoutNewline()
    }

    /// The catalog's `sourceLanguage` after checking that `root` has a catalog's shape (reported when not).
    static func checkShape(_ root: JSONNode, in file: SourceFile, into diagnostics: inout DiagnosticBag)
        -> Located<String>?
    {
        guard root.members != nil else {
            diagnostics.append(
                notACatalog("the document is \(root.typeDescription), not a String Catalog object", at: root.range))
            return nil
        }
        let opening = SourceRange(file: root.range.file, start: root.range.start, end: root.range.start + 1)
        guard let strings = root["strings"] else {
            diagnostics.append(notACatalog("a String Catalog has a 'strings' object; this document has none", at: opening))
            return nil
        }
        guard strings.members != nil else {
            diagnostics.append(notACatalog("'strings' is \(strings.typeDescription), not an object", at: strings.range))
            return nil
        }
        guard let language = root["sourceLanguage"] else {
            diagnostics.append(notACatalog("a String Catalog has a 'sourceLanguage'; this document has none", at: opening))
            return nil
        }
        guard let code = language.string else {
            diagnostics.append(
                notACatalog("'sourceLanguage' is \(language.typeDescription), not a string", at: language.range))
            return nil
        }
        if let version = root["version"], version.string == nil {
            diagnostics.append(notACatalog("'version' is \(version.typeDescription), not a string", at: version.range))
            return nil
        }
        return Located(code, at: language.range)
    }

    /// Why the entry of the manifest's key `key` cannot be merged, as `E801` at the value in the way: the entry,
    /// its `localizations` or its source-language localization is not an object, or that localization's
    /// `variations` is not one. (`lint` reports the same, so a catalog it passes merges.)
    static func entryProblem(_ entry: JSONNode, key: String, sourceLanguage: String) -> Diagnostic? {
        guard entry.members != nil else {
            return notACatalog("the entry of '\(key)' is \(entry.typeDescription), not an object", at: entry.range)
        }
        guard let localizations = entry["localizations"] else { return nil }
        guard localizations.members != nil else {
            return notACatalog(
                "'localizations' of '\(key)' is \(localizations.typeDescription), not an object", at: localizations.range)
        }
        guard let source = localizations.exactly(sourceLanguage) else { return nil }
        guard source.members != nil else {
            return notACatalog(
                "the '\(sourceLanguage)' localization of '\(key)' is \(source.typeDescription), not an object",
                at: source.range)
        }
        if let variations = source["variations"], variations.members == nil {
            return notACatalog(
                "'variations' of the '\(sourceLanguage)' localization of '\(key)' is \(variations.typeDescription), not an object",
                at: variations.range)
        }
        return nil
    }

    static func notACatalog(_ message: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .invalidStringCatalog, message, at: range,
            help: ["a String Catalog is the JSON object Xcode writes: sourceLanguage, strings, version"])
    }

    /// `Notifications` for `…/Notifications.xcstrings`.
    static func tableName(of path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? "")
        if FileNames.hasSuffix(String(name), ".xcstrings") { name = name.dropLast(".xcstrings".count) }
        return String(name)
    }

    // MARK: - Building values

    /// Where values notifc creates were written: nowhere.
    static let nowhere = SourceRange(file: SourceFileID(index: 0), start: 0, end: 0)

    static func string(_ text: String) -> JSONNode { JSONNode(.string(text), range: nowhere) }

    static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(members.map { JSONMember(key: $0.0, keyRange: nowhere, value: $0.1) }), range: nowhere)
    }
}

extension JSONNode {
    /// This object with member `key` set to `value`: replaced in place when present, else inserted before the
    /// first member that sorts after it in ``CatalogKeyOrder`` (at the end when none does).
    func setting(_ key: String, to value: JSONNode) -> JSONNode {
        var members = self.members ?? []
        let member = JSONMember(key: key, keyRange: StringCatalog.nowhere, value: value)
        if let index = members.firstIndex(where: { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }) {
            members[index] = JSONMember(key: members[index].key, keyRange: members[index].keyRange, value: value)
        } else {
            let index = members.firstIndex { CatalogKeyOrder.areInIncreasingOrder(key, $0.key) } ?? members.count
            members.insert(member, at: index)
        }
        return JSONNode(.object(members), range: range)
    }

    /// This object without member `key`.
    func removing(_ key: String) -> JSONNode {
        JSONNode(
            .object((members ?? []).filter { !$0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }), range: range)
    }

    /// The member `key`, compared by code points (two keys that differ only in Unicode normalization are
    /// different keys to Xcode, though Swift's `==` calls them equal).
    func exactly(_ key: String) -> JSONNode? {
        members?.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
    }
}

/// `notifc build --emit xcstrings`: `<Table>.xcstrings`, new (the driver merges it into an existing catalog).
public struct StringCatalogEmitter: Emitter {
    /// Creates the emitter.
    public init() {}

    /// The catalog's path below the output directory.
    public static func path(_ manifest: Manifest) -> String { manifest.localization.table + ".xcstrings" }

    public func emit(_ manifest: Manifest) -> [EmittedFile] {
        [
            EmittedFile(
                path: Self.path(manifest),
                contents: StringCatalog.document(
                    manifest.localizableStrings, sourceLanguage: manifest.localization.developmentLanguage))
        ]
    }
}

extension JSONMember {
    /// This member with `value` in place of its own.
    func with(_ value: JSONNode) -> JSONMember {
        JSONMember(key: key, keyRange: keyRange, value: value)
    }
}
