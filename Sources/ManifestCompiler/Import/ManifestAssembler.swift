// Builds one Manifest from imported Info.plists and bundles, reporting inputs that contradict each other.

/// Combines what `notifc import` read into a ``Manifest``.
///
/// Declarations keep the order they were read in: the bundles' actions, categories and extensions first,
/// then one extension per Info.plist; a category named only by an Info.plist becomes an empty category
/// declaration, after the bundles' categories. The same action, category or extension read twice is kept
/// once when both are equal, and is ``DiagnosticCode/importConflict`` when they differ; so is a category
/// claimed by two content extensions. Names are matched by code points, as iOS matches them (``Identifier``).
package struct ManifestAssembler {
    /// One analyzed Info.plist and the extension name it gets.
    package struct PlistInput {
        let plist: ExtensionPlist
        let name: String

        package init(plist: ExtensionPlist, name: String) {
            self.plist = plist
            self.name = name
        }
    }

    private var actions = Declarations<Action>(id: \.identifier)
    private var categories = Declarations<Category>(id: \.identifier)
    private var extensions = Declarations<NotificationExtension>(id: \.name)
    private var claims: [Identifier: (owner: String, range: SourceRange)] = [:]
    private var diagnostics: [Diagnostic] = []

    /// Where each declaration of an imported manifest was read (an initializer in code, a bundle entry, an
    /// Info.plist), by identifier: what a finding in the manifest, which is not written, is reported at.
    package struct Origins {
        package var actions: [Identifier: SourceRange] = [:]
        package var categories: [Identifier: SourceRange] = [:]
        package var extensions: [Identifier: SourceRange] = [:]
    }

    /// The manifest of `bundles` and `plists`, and where each of its declarations was read.
    package static func assemble(
        bundles: [ImportedBundle], plists: [PlistInput], into bag: inout DiagnosticBag
    ) -> (manifest: Manifest, origins: Origins) {
        var assembler = ManifestAssembler()
        for bundle in bundles {
            for action in bundle.actions {
                assembler.actions.add(action, kind: "action", diagnostics: &assembler.diagnostics) {
                    Manifest(actions: [$0], categories: [], extensions: [])
                }
            }
            for category in bundle.categories {
                assembler.categories.add(category, kind: "category", diagnostics: &assembler.diagnostics) {
                    Manifest(actions: [], categories: [$0], extensions: [])
                }
            }
            for declared in bundle.extensions {
                assembler.addExtension(declared, categoryRanges: declared.value.categories.map { ($0, declared.range) })
            }
        }
        for input in plists {
            let declared = input.plist.notificationExtension(named: input.name)
            assembler.addExtension(
                Located(declared, at: input.plist.extensionKeyRange),
                categoryRanges: input.plist.categories.map { ($0.value, $0.range) })
            for category in input.plist.categories where assembler.categories.first(Identifier(category.value)) == nil {
                assembler.categories.append(Located(Category(identifier: category.value), at: category.range))
            }
        }
        for diagnostic in assembler.diagnostics { bag.append(diagnostic) }
        let manifest = Manifest(
            actions: assembler.actions.values, categories: assembler.categories.values,
            extensions: assembler.extensions.values,
            // The first bundle that has non-default settings gives them (bundles of one app share one table).
            localization: bundles.map(\.localization).first { $0 != LocalizationSettings() } ?? LocalizationSettings())
        return (manifest, Origins(actions: assembler.actions.ranges, categories: assembler.categories.ranges, extensions: assembler.extensions.ranges))
    }

    /// How the declaration in `other` differs from the one in `first`, property by property: a changed value as
    /// `title "Answer" here, "Reply" there`, a value or list element only one side has as `options destructive only
    /// there`, a list in another order as `actions [a, b] here, [b, a] there`; the parts of one property together.
    static func differences(_ first: Manifest, _ other: Manifest) -> String {
        var fields: [String] = []
        var parts: [String: [String]] = [:]
        for change in ManifestDiffer.changes(from: first, to: other) {
            guard let field = change.path.field?.name else { continue }
            let part =
                switch (change.new.map(ChangeRendering.display), change.old.map(ChangeRendering.display)) {
                case (let here?, let there?): "\(here) here, \(there) there"
                case (let here?, nil): "\(here) only here"
                case (nil, let there?): "\(there) only there"
                case (nil, nil): "differs"
                }
            if parts[field] == nil { fields.append(field) }
            parts[field, default: []].append(part)
        }
        return fields.map { "\($0) " + (parts[$0] ?? []).joined(separator: ", ") }.joined(separator: "; ")
    }

    private mutating func addExtension(_ declared: Located<NotificationExtension>, categoryRanges: [(String, SourceRange)]) {
        let name = declared.value.name
        if let first = extensions.first(Identifier(name)) {
            if first.value != declared.value {
                let differences = Self.differences(
                    Manifest(actions: [], categories: [], extensions: [first.value]),
                    Manifest(actions: [], categories: [], extensions: [declared.value]))
                diagnostics.append(
                    Diagnostic(
                        .importConflict,
                        "extension '\(name)' is imported twice, with different settings"
                            + (differences.isEmpty ? "" : ": " + differences),
                        at: declared.range,
                        notes: [DiagnosticNote("first imported here", at: first.range)],
                        help: ["import one of them, or rename one of their folders ('--name' names the extension of a single Info.plist)"]))
            }
            return
        }
        extensions.append(declared)
        guard declared.value.kind == .content else { return }
        for (category, range) in categoryRanges {
            if let claim = claims[Identifier(category)] {
                if claim.owner != name {
                    diagnostics.append(
                        Diagnostic(
                            .importConflict, "category '\(category)' is claimed by extensions '\(claim.owner)' and '\(name)'",
                            at: range, notes: [DiagnosticNote("'\(claim.owner)' claims it here", at: claim.range)],
                            help: ["each content extension must claim a unique set of categories; iOS picks only one"]))
                }
            } else {
                claims[Identifier(category)] = (name, range)
            }
        }
    }

    /// The declarations of one kind in the order they were read, with the position of each identifier (matched as
    /// ``Identifier``s), so that finding the first with a name does not scan the list.
    private struct Declarations<Value: Equatable> {
        private(set) var list: [Located<Value>] = []
        private var positions: [Identifier: Int] = [:]
        let id: KeyPath<Value, String>

        init(id: KeyPath<Value, String>) { self.id = id }

        var values: [Value] { list.map(\.value) }
        /// Where each identifier's first declaration was read.
        var ranges: [Identifier: SourceRange] { positions.mapValues { list[$0].range } }

        /// The first declaration named `identifier`.
        func first(_ identifier: Identifier) -> Located<Value>? {
            positions[identifier].map { list[$0] }
        }

        /// Adds `item` at the end; the first declaration of a name stays the one ``first(_:)`` finds.
        mutating func append(_ item: Located<Value>) {
            let identifier = Identifier(item.value[keyPath: id])
            if positions[identifier] == nil { positions[identifier] = list.count }
            list.append(item)
        }

        /// Adds `item` unless the list has it; one with its identifier that differs is a conflict, whose message
        /// says how they differ (compared as the manifests `manifest` makes of them are by `notifc diff`).
        mutating func add(
            _ item: Located<Value>, kind: String, diagnostics: inout [Diagnostic], manifest: (Value) -> Manifest
        ) {
            let identifier = item.value[keyPath: id]
            guard let first = first(Identifier(identifier)) else { return append(item) }
            guard first.value != item.value else { return }
            let differences = ManifestAssembler.differences(manifest(first.value), manifest(item.value))
            diagnostics.append(
                Diagnostic(
                    .importConflict,
                    "\(kind) '\(identifier)' is defined differently here" + (differences.isEmpty ? "" : ": " + differences),
                    at: item.range,
                    notes: [DiagnosticNote("first defined here", at: first.range)],
                    help: [
                        first.range.file == item.range.file
                            ? "an identifier names one \(kind) of the app; give one of them another identifier, or make them agree"
                            : "make the inputs agree, or import them separately"
                    ]))
        }
    }
}
