// Interprets an Info.plist tree as a notification extension's settings, reporting every mistake in it.

/// Reads the notification settings of an extension Info.plist (``ExtensionPlist``) and reports what is
/// wrong with them: misspelled or misplaced keys, values of the wrong type, a storyboard with a principal
/// class, Xcode's template category, a missing category, and so on.
///
/// In ``ExtensionPlistMode/lint`` a misspelled or misplaced key is an error but its value is still read
/// under the key that was meant, so that one mistake gives one error. In ``ExtensionPlistMode/importing``
/// such keys are dropped (with a warning saying so), and values with an obvious meaning
/// (`<string>YES</string>`, `<string>0.5</string>`) are converted (with a warning).
public struct ExtensionPlistAnalyzer {
    private let mode: ExtensionPlistMode
    private var diagnostics: [Diagnostic] = []
    /// For each key notifc owns, the entry its value is read from.
    private var slots: [String: PropertyListEntry] = [:]
    /// The keys of ``slots`` read from a misspelled or misplaced entry, which iOS does not read.
    private var misread: Set<String> = []
    private var dropped: [(key: String, reason: String)] = []
    /// On import, where a category list iOS does not read was dropped (a misplaced or misspelled key, or
    /// `NSExtensionAttributes` at the top level): the missing-category error says so.
    private var droppedCategory: (key: String, isMisspelled: Bool)?

    private init(mode: ExtensionPlistMode) {
        self.mode = mode
    }

    /// Analyzes the root of an Info.plist.
    ///
    /// - Parameters:
    ///   - root: The file's root value.
    ///   - mode: Lint or import.
    ///   - isExplicit: Whether the file was named on the command line. A property list that is not a
    ///     notification extension's gets ``DiagnosticCode/notAnExtensionPlist`` when it was, and is skipped
    ///     silently when it was found in a directory.
    ///   - diagnostics: Receives the findings.
    /// - Returns: The settings, or `nil` when the file is not a notification extension's Info.plist (or is
    ///   too broken to say what it configures; that was reported).
    public static func analyze(
        _ root: PropertyListNode, mode: ExtensionPlistMode, isExplicit: Bool, into diagnostics: inout DiagnosticBag
    ) -> ExtensionPlist? {
        var analyzer = ExtensionPlistAnalyzer(mode: mode)
        let result = analyzer.run(root, isExplicit: isExplicit)
        for diagnostic in analyzer.diagnostics { diagnostics.append(diagnostic) }
        return result
    }

    // MARK: - Structure

    private mutating func run(_ root: PropertyListNode, isExplicit: Bool) -> ExtensionPlist? {
        let startTag = SourceRange(file: root.range.file, start: root.range.start, end: root.contentRange.start)
        guard let rootEntries = root.entries else {
            if isExplicit { report(ExtensionPlistDiagnostics.notAnExtension("its root is \(root.typeDescription)", at: startTag)) }
            return nil
        }
        let extensionEntry = entry(in: rootEntries, for: ExtensionPlistKeys.extensionKey, among: [ExtensionPlistKeys.extensionKey])
        let extensionEntries = extensionEntry?.value.entries
        let pointEntry = extensionEntries.flatMap { entry(in: $0, for: ExtensionPlistKeys.pointIdentifier, among: ExtensionPlistKeys.extensionKeys) }
        let attributesEntry = extensionEntries.flatMap { entry(in: $0, for: ExtensionPlistKeys.attributes, among: ExtensionPlistKeys.extensionKeys) }

        var kind: NotificationExtension.Kind?
        var isForeign = false
        if let point = pointEntry?.value, let identifier = point.string {
            if let exact = NotificationExtension.Kind.allCases.first(where: { $0.extensionPointIdentifier == identifier }) {
                kind = exact
            } else if let intended = ExtensionPlistKeys.intendedKind(for: identifier) {
                kind = intended
                report(ExtensionPlistDiagnostics.unknownExtensionPoint(identifier, intended: intended, at: point.range))
            } else {
                isForeign = true
            }
        }
        let mentionsNotifications = [rootEntries, extensionEntries ?? [], attributesEntry?.value.entries ?? []]
            .joined().contains { ExtensionPlistKeys.isUserNotificationsKey($0.key) }
        if kind == nil {
            guard !isForeign, mentionsNotifications else {
                if isExplicit {
                    let reason: String
                    if let identifier = pointEntry?.value.string {
                        reason = "its extension point is '\(identifier)'"
                    } else if extensionEntry == nil, let near = rootEntries.first(where: {
                        ExtensionPlistKeys.intendedKey(for: $0.key, among: [ExtensionPlistKeys.extensionKey]) != nil
                    }) {
                        reason = "its 'NSExtension' key is misspelled \(StringEscapes.literal(near.key))"
                    } else if extensionEntry == nil {
                        reason = "it has no 'NSExtension' dictionary"
                    } else {
                        reason = "it has no 'NSExtensionPointIdentifier'"
                    }
                    report(ExtensionPlistDiagnostics.notAnExtension(reason, at: extensionEntry?.keyRange ?? startTag))
                }
                return nil
            }
            kind = .content
        }
        let resolvedKind = kind ?? .content

        checkKeys(in: rootEntries, level: .root, kind: resolvedKind)
        guard let extensionEntry else {
            report(
                ExtensionPlistDiagnostics.missing(
                    ExtensionPlistKeys.extensionKey, "this Info.plist", at: startTag,
                    help: ["notification extension keys belong in the 'NSExtension' dictionary"]))
            return nil
        }
        guard let extensionEntries else {
            report(ExtensionPlistDiagnostics.typeMismatch(ExtensionPlistKeys.extensionKey, expected: "a dictionary", found: extensionEntry.value))
            return nil
        }
        var result = ExtensionPlist(file: root.range.file, kind: resolvedKind, extensionKeyRange: extensionEntry.keyRange)
        result.pointIdentifierRange = pointEntry?.value.range
        if pointEntry == nil {
            report(
                ExtensionPlistDiagnostics.missing(
                    ExtensionPlistKeys.pointIdentifier, "'NSExtension'", at: extensionEntry.keyRange,
                    help: ["add '\(resolvedKind.extensionPointIdentifier)'"]))
        } else if let point = pointEntry?.value, point.string == nil, point.isReadable {
            report(ExtensionPlistDiagnostics.typeMismatch(ExtensionPlistKeys.pointIdentifier, expected: "a string", found: point))
        }
        checkKeys(in: extensionEntries, level: .extensionDictionary, kind: resolvedKind)
        if let attributesEntry {
            result.attributesKeyRange = attributesEntry.keyRange
            if let attributes = attributesEntry.value.entries {
                checkKeys(in: attributes, level: .attributes, kind: resolvedKind)
            } else if attributesEntry.value.isReadable {
                report(ExtensionPlistDiagnostics.typeMismatch(ExtensionPlistKeys.attributes, expected: "a dictionary", found: attributesEntry.value))
            }
        } else if let stray = rootEntries.last(where: { $0.key == ExtensionPlistKeys.attributes })?.value.entries {
            // `NSExtensionAttributes` at the top level (reported there): lint reads its settings as meant, so that
            // the one mistake is one error; import drops it, and says so if the category list was in it.
            if mode == .lint {
                checkKeys(in: stray, level: .attributes, kind: resolvedKind, isMisplaced: true)
            } else if stray.contains(where: { $0.key == ExtensionAttributeKey.category }) {
                droppedCategory = (ExtensionPlistKeys.attributes, false)
            }
        }
        readValues(into: &result)
        checkCompleteness(of: &result)
        result.dropped = dropped
        return result
    }

    /// The entry for `key` in `entries`: the exact key, or in lint mode a misspelling of it (reported when
    /// its level is checked).
    private func entry(in entries: [PropertyListEntry], for key: String, among candidates: [String]) -> PropertyListEntry? {
        if let exact = entries.last(where: { $0.key == key }) { return exact }
        guard mode == .lint else { return nil }
        return entries.first { ExtensionPlistKeys.intendedKey(for: $0.key, among: candidates) == key }
    }

    // MARK: - Keys

    private enum Level {
        case root, extensionDictionary, attributes

        /// The keys notifc owns at this level.
        var ownKeys: [String] {
            switch self {
            case .root: [ExtensionPlistKeys.extensionKey]
            case .extensionDictionary: ExtensionPlistKeys.extensionKeys
            case .attributes: ExtensionPlistKeys.attributeKeys
            }
        }
    }

    /// Reports every key at `level` that is misspelled, misplaced or (in a service extension) without
    /// effect, and fills ``slots`` with the entries to read.
    /// `isMisplaced`: the entries are those of a dictionary at the wrong level, read in lint mode as if in place.
    private mutating func checkKeys(
        in entries: [PropertyListEntry], level: Level, kind: NotificationExtension.Kind, isMisplaced: Bool = false
    ) {
        let ownedElsewhere = [ExtensionPlistKeys.extensionKeys, ExtensionPlistKeys.attributeKeys]
            .joined().filter { !level.ownKeys.contains($0) }
        let allOwned = level.ownKeys + ownedElsewhere
        for entry in entries {
            let key = entry.key
            let isAttributeKey = ExtensionPlistKeys.attributeKeys.contains(key)
            if mode == .lint, key.hasPrefix("com.apple.developer.") {
                report(
                    Diagnostic(
                        .entitlementInPlist, "'\(key)' is an entitlement; in an Info.plist it has no effect", at: entry.keyRange,
                        help: ["move it to the extension's .entitlements file (Signing & Capabilities in Xcode)"]))
                continue
            }
            if level == .attributes, kind == .service, ExtensionPlistKeys.isUserNotificationsKey(key) {
                report(ExtensionPlistDiagnostics.ineffectiveKey(key, reason: "in a service extension", at: entry.keyRange, mode: mode))
                dropped.append((key, "it has no effect in a service extension"))
            } else if level.ownKeys.contains(key) {
                if level != .root { place(entry, as: key, isExact: !isMisplaced) }
            } else if allOwned.contains(key) {
                let parent = isAttributeKey ? "NSExtension → NSExtensionAttributes" : "NSExtension"
                if kind == .service, isAttributeKey {
                    report(ExtensionPlistDiagnostics.ineffectiveKey(key, reason: "in a service extension", at: entry.keyRange, mode: mode))
                } else {
                    report(ExtensionPlistDiagnostics.misplacedKey(key, belongsIn: parent, at: entry.keyRange, mode: mode))
                    place(entry, as: key, isExact: false)
                }
                if mode == .importing {
                    dropped.append((key, "it is at the wrong level"))
                    if key == ExtensionAttributeKey.category { droppedCategory = (key, false) }
                }
            } else if let intended = ExtensionPlistKeys.intendedKey(for: key, among: level == .root ? [ExtensionPlistKeys.extensionKey] + ownedElsewhere : allOwned) {
                report(ExtensionPlistDiagnostics.misspelledKey(key, intended: intended, at: entry.keyRange, mode: mode))
                if intended != ExtensionPlistKeys.extensionKey { place(entry, as: intended, isExact: false) }
                if mode == .importing {
                    dropped.append((key, "misspelled; did you mean '\(intended)'?"))
                    if intended == ExtensionAttributeKey.category { droppedCategory = (key, true) }
                }
            } else if ExtensionPlistKeys.isUserNotificationsKey(key) {
                report(ExtensionPlistDiagnostics.misspelledKey(key, intended: nil, at: entry.keyRange, mode: mode))
                if mode == .importing { dropped.append((key, "UserNotifications has no such key")) }
            } else if mode == .importing, level != .root {
                report(ExtensionPlistDiagnostics.unrepresentableKey(key, at: entry.keyRange))
                dropped.append((key, "the manifest has no setting for it"))
            } else if mode == .lint, level == .attributes, !ExtensionPlistKeys.isKnownForeignAttribute(key, in: kind) {
                let owner = ExtensionPlistKeys.otherExtensionAttributes[key]
                report(
                    Diagnostic(
                        .unknownExtensionAttribute,
                        owner.map { "'\(key)' is an attribute of \($0), not of a notification extension" }
                            ?? "'\(key)' is not an attribute of a notification \(kind.rawValue) extension",
                        at: entry.keyRange, help: ["remove it: iOS ignores it here"]))
            }
        }
    }

    /// Records where the value of `key` is read from. Keys in their place win over misspelled or misplaced
    /// ones, which are read only in lint mode.
    private mutating func place(_ entry: PropertyListEntry, as key: String, isExact: Bool) {
        if isExact {
            slots[key] = entry
            misread.remove(key)
        } else if mode == .lint, slots[key] == nil {
            slots[key] = entry
            misread.insert(key)
        }
    }

    // MARK: - Values

    private mutating func readValues(into result: inout ExtensionPlist) {
        result.writtenKeys = Set(slots.keys)
        result.misreadKeys = misread
        if let entry = slots[ExtensionAttributeKey.category] { readCategories(entry.value, into: &result) }
        if let entry = slots[ExtensionAttributeKey.initialContentSizeRatio] {
            result.initialContentSizeRatio = readRatio(entry.value)
        }
        if let entry = slots[ExtensionAttributeKey.defaultContentHidden] { result.defaultContentHidden = readFlag(entry) }
        if let entry = slots[ExtensionAttributeKey.overridesDefaultTitle] { result.overridesDefaultTitle = readFlag(entry) }
        if let entry = slots[ExtensionAttributeKey.userInteractionEnabled] { result.userInteractionEnabled = readFlag(entry) }
        if let entry = slots[ExtensionPlistKeys.storyboard] {
            result.storyboard = readEntryPoint(
                entry, what: "the storyboard name", help: "name the storyboard the extension loads (Xcode's template: MainInterface)")
        }
        if let entry = slots[ExtensionPlistKeys.principalClass] {
            result.principalClass = readEntryPoint(
                entry, what: "the principal class",
                help: "name the class that implements the extension (Xcode's templates: $(PRODUCT_MODULE_NAME).<class name>)")
        }
        if result.kind == .service, let storyboard = slots[ExtensionPlistKeys.storyboard] {
            report(
                ExtensionPlistDiagnostics.ineffectiveKey(
                    ExtensionPlistKeys.storyboard, reason: "in a service extension", at: storyboard.keyRange, mode: mode))
            result.storyboard = nil
            if mode == .importing { dropped.append((ExtensionPlistKeys.storyboard, "it has no effect in a service extension")) }
        }
    }

    private mutating func readCategories(_ node: PropertyListNode, into result: inout ExtensionPlist) {
        let key = ExtensionAttributeKey.category
        result.categoryValueRange = node.range
        var items: [PropertyListNode] = []
        switch node.kind {
        case .string: items = [node]
        case .array(let elements):
            if elements.isEmpty {
                report(
                    ExtensionPlistDiagnostics.emptyValue(
                        "the '\(key)' array", at: node.range,
                        help: "name the categories the extension shows; with none, iOS never uses it"))
            }
            items = elements
        case .invalid: return
        default:
            report(ExtensionPlistDiagnostics.typeMismatch(key, expected: "a string or an array of strings", found: node))
            return
        }
        var firstRanges: [String: SourceRange] = [:]
        for item in items {
            guard let name = item.string else {
                if item.isReadable {
                    report(ExtensionPlistDiagnostics.typeMismatch(key, expected: "category names (strings)", found: item))
                }
                continue
            }
            let range = item.contentRange.length > 0 ? item.contentRange : item.range
            if name.isEmpty || name.withoutEdgeWhitespace.isEmpty {
                report(
                    ExtensionPlistDiagnostics.emptyValue(
                        "a category identifier", at: item.range,
                        help: "write the identifier the app registers, or remove the element"))
                continue
            }
            if let first = firstRanges[name] {
                report(ExtensionPlistDiagnostics.duplicateCategory(name, at: range, first: first, mode: mode))
                continue
            }
            firstRanges[name] = range
            if name.withoutEdgeWhitespace != name {
                report(ExtensionPlistDiagnostics.categoryWhitespace(name, at: range))
            }
            if name == ExtensionPlistKeys.templateCategory { report(ExtensionPlistDiagnostics.templateCategory(at: range)) }
            result.categories.append(Located(name, at: range))
        }
    }

    private mutating func readRatio(_ node: PropertyListNode) -> Located<Double>? {
        let key = ExtensionAttributeKey.initialContentSizeRatio
        let value: Double
        switch node.kind {
        case .real(let number): value = number
        case .integer(let number): value = Double(number)
        case .string(let text):
            guard let number = PropertyListScalars.real(text.withoutEdgeWhitespace), number.isFinite else {
                report(ExtensionPlistDiagnostics.typeMismatch(key, expected: "a number", found: node, help: ["write <real>1</real>"]))
                return nil
            }
            report(
                ExtensionPlistDiagnostics.convertibleValue(
                    key, expected: "a number", found: node, converted: CanonicalStyle.number(number),
                    element: "<real>\(RealFormatting.propertyList(number))</real>", mode: mode))
            guard mode == .importing else { return nil }
            value = number
        case .invalid: return nil
        default:
            report(ExtensionPlistDiagnostics.typeMismatch(key, expected: "a number", found: node, help: ["write <real>1</real>"]))
            return nil
        }
        guard value.isFinite, value >= 0 else {
            report(ExtensionPlistDiagnostics.invalidRatio(value, at: node.range))
            return nil
        }
        return Located(value == 0 ? 0 : value, at: node.range)
    }

    /// The boolean of an attribute. Strings `YES`/`NO`/`true`/`false`/`1`/`0` (any case) and the integers
    /// 1 and 0 have an obvious meaning: lint reports them, import converts them.
    private mutating func readFlag(_ entry: PropertyListEntry) -> Located<Bool>? {
        let node = entry.value
        let key = slotName(of: entry)
        var meaning: Bool?
        switch node.kind {
        case .boolean(let flag): return Located(flag, at: node.range)
        case .string(let text):
            switch text.withoutEdgeWhitespace.lowercased() {
            case "yes", "true", "1": meaning = true
            case "no", "false", "0": meaning = false
            default: break
            }
        case .integer(let number) where number == 0 || number == 1: meaning = number == 1
        case .invalid: return nil
        default: break
        }
        guard let meaning else {
            report(ExtensionPlistDiagnostics.typeMismatch(key, expected: "a boolean", found: node, help: ["write <true/> or <false/>"]))
            return nil
        }
        report(
            ExtensionPlistDiagnostics.convertibleValue(
                key, expected: "a boolean", found: node, converted: meaning ? "true" : "false",
                element: meaning ? "<true/>" : "<false/>", mode: mode))
        return mode == .importing ? Located(meaning, at: node.range) : nil
    }

    private mutating func readEntryPoint(_ entry: PropertyListEntry, what: String, help: String) -> Located<String>? {
        let node = entry.value
        guard let text = node.string else {
            if node.isReadable {
                report(ExtensionPlistDiagnostics.typeMismatch(slotName(of: entry), expected: "a string", found: node))
            }
            return nil
        }
        if text.withoutEdgeWhitespace.isEmpty {
            report(ExtensionPlistDiagnostics.emptyValue(what, at: node.range, help: help))
        }
        return Located(text, at: node.range)
    }

    /// The key a slot's entry stands for (the intended key of a misspelled entry).
    private func slotName(of entry: PropertyListEntry) -> String {
        slots.first { $0.value.keyRange == entry.keyRange }?.key ?? entry.key
    }

    // MARK: - Completeness

    private mutating func checkCompleteness(of result: inout ExtensionPlist) {
        let extensionRange = result.extensionKeyRange
        switch result.kind {
        case .content:
            if slots[ExtensionAttributeKey.category] == nil {
                let help =
                    switch droppedCategory {
                    case nil: "add it to NSExtensionAttributes: the categories this extension shows"
                    case (let key, false)?:
                        "the '\(key)' dropped above holds it at the wrong level, where iOS does not read it: move it into \(key == ExtensionPlistKeys.attributes ? "NSExtension" : "NSExtension → NSExtensionAttributes"), then import again"
                    case (let key, true)?:
                        "the misspelled '\(key)' dropped above holds it, and iOS does not read it: correct the key, then import again"
                    }
                report(ExtensionPlistDiagnostics.missing(ExtensionAttributeKey.category, "content extension", at: result.attributesLocation, help: [help]))
            }
            if slots[ExtensionAttributeKey.initialContentSizeRatio] == nil {
                report(
                    Diagnostic(
                        .plistMissingContentSizeRatio,
                        "content extension has no '\(ExtensionAttributeKey.initialContentSizeRatio)'",
                        at: result.attributesLocation,
                        help: ["iOS sizes the view with it while the extension loads; Xcode's template uses 1"]))
            }
            if let storyboard = result.storyboard, let principalClass = result.principalClass {
                report(ExtensionPlistDiagnostics.conflictingEntryPoints(storyboard: storyboard.range, principalClass: principalClass.range))
            } else if slots[ExtensionPlistKeys.storyboard] == nil, slots[ExtensionPlistKeys.principalClass] == nil {
                report(
                    ExtensionPlistDiagnostics.missing(
                        "NSExtensionMainStoryboard' or 'NSExtensionPrincipalClass", "content extension", at: extensionRange,
                        help: ["name the storyboard ('MainInterface') or the view controller class"]))
            }
        case .service:
            if slots[ExtensionPlistKeys.principalClass] == nil {
                report(
                    ExtensionPlistDiagnostics.missing(
                        ExtensionPlistKeys.principalClass, "service extension", at: extensionRange,
                        help: ["add '$(PRODUCT_MODULE_NAME).NotificationService'"]))
            }
        }
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }
}
