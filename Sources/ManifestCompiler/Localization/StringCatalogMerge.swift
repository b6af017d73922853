// The merge of the manifest's strings into a catalog's `strings` object: new, changed and removed keys.

/// One merge: applies the manifest's strings to a catalog root and records whether anything changed.
struct CatalogMerge {
    let sourceLanguage: String
    private var changed = false

    init(sourceLanguage: String) {
        self.sourceLanguage = sourceLanguage
    }

    /// `root` (a catalog with a `strings` object) with `strings` merged in; `nil` when nothing changed.
    mutating func apply(_ strings: [LocalizableString], to root: JSONNode) -> JSONNode? {
        var diagnostics = DiagnosticBag(errorLimit: 1)
        return apply(strings, to: root, file: nil, into: &diagnostics)
    }

    /// Like ``apply(_:to:)``; every entry of the manifest's keys that cannot be merged
    /// (``StringCatalog/entryProblem(_:key:sourceLanguage:)``) is reported, and then the result is `nil`.
    mutating func apply(
        _ strings: [LocalizableString], to root: JSONNode, file: SourceFile?, into diagnostics: inout DiagnosticBag
    ) -> JSONNode? {
        guard let table = root["strings"] else { return nil }
        // Keys compare by code points (`Identifier`): two keys that differ only in normalization are two keys.
        var wanted: [Identifier: LocalizableString] = [:]
        for string in strings { wanted[Identifier(string.key)] = string }
        var present = Set<Identifier>()
        var failed = false  // an entry of the manifest's that cannot be merged (each is reported)
        var members: [JSONMember] = []
        members.reserveCapacity((table.members?.count ?? 0) + strings.count)
        for member in table.members ?? [] {
            let key = Identifier(member.key)
            guard let string = wanted[key] else {
                guard LocalizationKey.isManifestKey(member.key), member.value.members != nil,
                    member.value["extractionState"]?.string == "manual"
                else {  // not a key notifc manages (or already stale): untouched
                    members.append(member)
                    continue
                }
                // A key the manifest no longer has: stale while it has translations, else removed.
                if hasTranslations(member.value) {
                    members.append(member.with(member.value.setting("extractionState", to: StringCatalog.string("stale"))))
                }
                changed = true
                continue
            }
            present.insert(key)
            let entry = member.value
            if let problem = StringCatalog.entryProblem(entry, key: string.key, sourceLanguage: sourceLanguage) {
                diagnostics.append(problem)
                failed = true
                continue
            }
            if let merged = update(entry, with: string) {
                members.append(member.with(merged))
                changed = true
            } else {
                members.append(member)
            }
        }
        if failed {
            changed = false
            return nil
        }
        // New keys, in the catalog's key order, each before the first member at or after the merge point that
        // sorts after it (for a catalog in Xcode's order, exactly where Xcode puts it).
        let added = CatalogKeyOrder.sorted(strings.filter { !present.contains(Identifier($0.key)) }, by: \.key)
        if !added.isEmpty {
            changed = true
            var merged: [JSONMember] = []
            merged.reserveCapacity(members.count + added.count)
            var next = added.startIndex
            var nextKey = CatalogKeyOrder.SortKey(added[next].key)
            for member in members {
                let memberKey = CatalogKeyOrder.SortKey(member.key)
                while next < added.endIndex, CatalogKeyOrder.compare(nextKey, memberKey) < 0 {
                    merged.append(JSONMember(key: added[next].key, keyRange: StringCatalog.nowhere, value: newEntry(added[next])))
                    next += 1
                    if next < added.endIndex { nextKey = CatalogKeyOrder.SortKey(added[next].key) }
                }
                merged.append(member)
            }
            for string in added[next...] {
                merged.append(JSONMember(key: string.key, keyRange: StringCatalog.nowhere, value: newEntry(string)))
            }
            members = merged
        }
        return changed ? root.setting("strings", to: JSONNode(.object(members), range: table.range)) : nil
    }

    /// A new key's entry.
    private func newEntry(_ string: LocalizableString) -> JSONNode {
        var members: [(String, JSONNode)] = []
        if let comment = string.comment { members.append(("comment", StringCatalog.string(comment))) }
        members.append(("extractionState", StringCatalog.string("manual")))
        members.append(("localizations", StringCatalog.object([(sourceLanguage, sourceLocalization(string.value))])))
        return StringCatalog.object(members)
    }

    private func sourceLocalization(_ value: String) -> JSONNode {
        StringCatalog.object([("stringUnit", stringUnit("translated", value))])
    }

    private func stringUnit(_ state: String, _ value: String) -> JSONNode {
        StringCatalog.object([("state", StringCatalog.string(state)), ("value", StringCatalog.string(value))])
    }

    /// `entry` brought up to date with `string`, or `nil` when it already is.
    private func update(_ entry: JSONNode, with string: LocalizableString) -> JSONNode? {
        var result = entry
        var changed = false
        if let comment = string.comment, entry["comment"]?.string != comment || entry["isCommentAutoGenerated"] != nil {
            result = result.setting("comment", to: StringCatalog.string(comment)).removing("isCommentAutoGenerated")
            changed = true
        }
        let state = entry["extractionState"]?.string
        if state == nil || state == "stale" {
            result = result.setting("extractionState", to: StringCatalog.string("manual"))
            changed = true
        }
        var localizations = entry["localizations"] ?? StringCatalog.object([])
        let source = localizations.exactly(sourceLanguage)
        let sourceUnit = source?["stringUnit"]
        // A source text that varies (by plural or device; a set of phrases) is the translators' to keep.
        let varies = source?["variations"] != nil || source?["stringSet"] != nil
        if !varies, sourceUnit?["value"]?.string != string.value {
            // Set the value in the existing unit (keeping fields notifc does not know) and mark it translated.
            let unit = (sourceUnit ?? StringCatalog.object([]))
                .setting("state", to: StringCatalog.string("translated"))
                .setting("value", to: StringCatalog.string(string.value))
            localizations = localizations.setting(sourceLanguage, to: (source ?? StringCatalog.object([])).setting("stringUnit", to: unit))
            if sourceUnit?["value"]?.string != nil {
                for member in localizations.members ?? [] where member.key != sourceLanguage {
                    localizations = localizations.setting(member.key, to: needingReview(member.value))
                }
            }
            result = result.setting("localizations", to: localizations)
            changed = true
        }
        return changed ? result : nil
    }

    /// `node` with every `translated` string unit inside it marked `needs_review` (variations included).
    private func needingReview(_ node: JSONNode) -> JSONNode {
        guard let members = node.members else { return node }
        var result = node
        for member in members {
            if member.key == "stringUnit", member.value["state"]?.string == "translated" {
                result = result.setting("stringUnit", to: member.value.setting("state", to: StringCatalog.string("needs_review")))
            } else if member.value.members != nil {
                result = result.setting(member.key, to: needingReview(member.value))
            }
        }
        return result
    }

    /// Whether the entry has a localization in a language other than the source language.
    private func hasTranslations(_ entry: JSONNode) -> Bool {
        (entry["localizations"]?.members ?? []).contains { $0.key != sourceLanguage }
    }
}
