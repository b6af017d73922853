// Checks registration code: Apple's rules located in the code, Info.plists against it, and it against a manifest.

/// The findings about the categories a project's Swift and Objective-C code registers.
public enum RegistrationCheck {
    /// An extension Info.plist and its path (for pairing it with the code of the app around it).
    public struct PlistSubject: Sendable {
        public let plist: ExtensionPlist
        public let path: String

        public init(plist: ExtensionPlist, path: String) {
            self.plist = plist
            self.path = path
        }
    }

    // MARK: What the scanner could not read

    /// One note per value the scanner could not resolve.
    public static func reportUnresolved(_ code: CodeRegistrations, into diagnostics: inout DiagnosticBag) {
        for item in code.unresolved {
            guard !item.isScanLimit else {
                diagnostics.append(
                    Diagnostic(
                        .registrationScanLimit,
                        "notifc stopped computing registration code here, at the most work it does in one scan; categories registered past this point are not read",
                        at: item.range,
                        help: [
                            "notifc runs at most 20,000 closure and function bodies and 2,000,000 expressions; write the categories out as literals or constants, or build them in smaller loops"
                        ]))
                continue
            }
            diagnostics.append(
                Diagnostic(
                    .unresolvedRegistration, "notifc cannot compute the \(item.what); it is not checked",
                    at: item.range,
                    help: [item.reason ?? "notifc reads literals, constants, enum raw values and macros, not values computed at run time"]))
        }
    }

    // MARK: Rules located in code

    /// The manifest rules that apply to code, located in the Swift or Objective-C file; duplicates (unless
    /// `importing`, which reports them itself, as what it imports) and repeated `setNotificationCategories` calls
    /// within one app (see ``appFiles(of:registrationFiles:codePaths:)``; without `codePaths` all the code is one app).
    public static func checkCode(
        _ code: CodeRegistrations, codePaths: [SourceFileID: String] = [:], importing: Bool = false, into diagnostics: inout DiagnosticBag
    ) {
        var checkedActions = Set<SourceRange>()
        for registered in code.categories {
            let category = registered.category
            if category.actions.count > CategoryAdviceRule.maximumDisplayedActions {
                diagnostics.append(
                    Diagnostic(
                        .tooManyActions,
                        "category '\(category.identifier)' has \(category.actions.count) actions; iOS shows at most \(CategoryAdviceRule.maximumDisplayedActions)",
                        at: registered.range(ofArgument: "actions"), help: ["only the first 10 appear, and banners show only the first 2"]))
            }
            if let format = category.categorySummaryFormat, CategoryAdviceRule.lacksCount(format) {
                diagnostics.append(
                    Diagnostic(
                        .summaryFormatWithoutCount, "categorySummaryFormat of category '\(category.identifier)' has no '%u' for the notification count",
                        at: registered.range(ofArgument: "categorySummaryFormat"), help: ["for example \"%u more messages\""]))
            }
            let intents = registered.range(ofArgument: "intentIdentifiers")
            SystemIntents.check(category.intentIdentifiers.map { Located($0, at: intents) }, into: &diagnostics)
            if category.options.contains(.allowAnnouncement) {
                diagnostics.append(
                    Diagnostic(
                        .deprecatedOption, "option 'allowAnnouncement' of category '\(category.identifier)' is deprecated; iOS 15 and later ignore it",
                        at: registered.range(ofArgument: "options"), help: ["remove it; Siri announces notifications without it"]))
            }
            for action in registered.actions where checkedActions.insert(action.range).inserted {
                checkAction(action, into: &diagnostics)
            }
        }
        if !code.hasUnresolvedCategories && code.unresolved.isEmpty {
            for action in code.unusedActions where checkedActions.insert(action.range).inserted {
                checkAction(action, into: &diagnostics)
                diagnostics.append(
                    Diagnostic(
                        .unusedAction, "action '\(action.action.identifier)' is not used by any category", at: action.range,
                        help: ["add it to a category's actions, or remove it"]))
            }
        }
        let registrationFiles = registrationFiles(code)
        var apps: [SourceFileID: Set<SourceFileID>] = [:]
        func app(of file: SourceFileID) -> Set<SourceFileID> {
            if let known = apps[file] { return known }
            let found = appFiles(of: file, registrationFiles: registrationFiles, codePaths: codePaths)
            apps[file] = found
            return found
        }
        let byIdentifier = Dictionary(grouping: code.categories, by: { Identifier($0.category.identifier) })
        for registered in code.categories where !importing {
            let app = app(of: registered.range.file)
            guard let first = byIdentifier[Identifier(registered.category.identifier)]?.first(where: { app.contains($0.range.file) }),
                first.range != registered.range
            else { continue }
            if first.category.actions != registered.category.actions {
                diagnostics.append(
                    Diagnostic(
                        .conflictingRegistrations,
                        "category '\(registered.category.identifier)' is registered here with actions \(list(registered.category.actions)) and elsewhere with \(list(first.category.actions))",
                        at: registered.range, notes: [DiagnosticNote("also registered here", at: first.range)],
                        help: ["each setNotificationCategories call replaces every category registered before; the last call wins"]))
            }
        }
        for call in code.registrationCalls {
            let app = app(of: call.file)
            if let first = code.registrationCalls.first(where: { app.contains($0.file) }), first != call {
                diagnostics.append(
                    Diagnostic(
                        .repeatedRegistrationCall, "setNotificationCategories is called from more than one place", at: call,
                        notes: [DiagnosticNote("also called here", at: first)],
                        help: ["each call replaces every category registered before: register all categories in one call"]))
            }
        }
    }

    private static func list(_ identifiers: [String]) -> String {
        "[" + identifiers.map { "'\($0)'" }.joined(separator: ", ") + "]"
    }

    private static func options<Option: NamedOption>(_ options: [Option]) -> String {
        "[" + options.map(\.rawValue).joined(separator: ", ") + "]"
    }

    private static func icon(_ icon: ActionIcon?) -> String {
        switch icon {
        case .systemImage(let name)?: "icon systemImage('\(name)')"
        case .templateImage(let name)?: "icon templateImage('\(name)')"
        case nil: "no icon"
        }
    }

    private static func quoted(_ text: String?) -> String { text.map { "'\($0)'" } ?? "none" }

    /// The code's string when it differs from the manifest's `declared` one, with its key when that is not the
    /// string itself; `nil` when they agree, or when the code looks up notifc's own key (`ownKey`) without a default
    /// value (the string then comes from the manifest's table, unless the manifest's text is empty or missing: an
    /// empty text has no entry there, and the lookup gives the key back).
    private static func differing(_ value: String?, _ declared: String?, key: String?, ownKey: String?) -> String? {
        guard value != declared else { return nil }
        if let key, key == value, key == ownKey, declared?.isEmpty == false { return nil }
        return quoted(value) + (key.map { $0 == value ? "" : " (key '\($0)')" } ?? "")
    }

    private static func checkAction(_ registered: RegisteredAction, into diagnostics: inout DiagnosticBag) {
        let action = registered.action
        if IdentifierRule.isReservedActionIdentifier(action.identifier) {
            diagnostics.append(
                Diagnostic(
                    .reservedIdentifier, "'\(action.identifier)' is reserved by UserNotifications",
                    at: registered.range(ofArgument: "identifier"),
                    help: ["iOS reports taps on the notification and dismissals with this identifier; choose another"]))
        }
        if registered.titleIsKnown, action.title.isBlank {
            diagnostics.append(.emptyTitle(action: action.identifier, at: registered.range(ofArgument: "title")))
        }
        // A button title left out (UNNotificationAction's initializer) is not one written blank: only the latter is reported.
        if registered.buttonTitleIsKnown, !registered.leavesOut("textInputButtonTitle"), let textInput = action.textInput,
            textInput.buttonTitle.isBlank
        {
            diagnostics.append(
                .emptyButtonTitle(action: action.identifier, at: registered.range(ofArgument: "textInputButtonTitle")))
        }
        if action.textInput != nil, action.options.contains(.authenticationRequired) {
            diagnostics.append(.textInputRequiresAuthentication(action: action.identifier, at: registered.range(ofArgument: "options")))
        }
    }

    // MARK: Info.plists against code

    /// Each content extension's categories against the categories the code of the app around it registers.
    ///
    /// A plist is paired with the code under the nearest folder above it that holds registration code
    /// (a repository with several apps pairs each extension with its own app).
    public static func crossCheck(
        _ subjects: [PlistSubject], code: CodeRegistrations, codePaths: [SourceFileID: String],
        into diagnostics: inout DiagnosticBag
    ) {
        let registrationFiles = registrationFiles(code)
        for subject in subjects where subject.plist.kind == .content {
            let scope = pairedFiles(forPlistAt: subject.path, registrationFiles: registrationFiles, codePaths: codePaths)
            let categories = code.categories.filter { scope.contains($0.range.file) }
            let unresolved = code.unresolved.filter { $0.isCategoryIdentifier && scope.contains($0.range.file) }
            let registered = categories.map(\.category.identifier)
            let calls = code.registrationCalls.filter { scope.contains($0.file) }
            for category in subject.plist.categories where !registered.contains(category.value) {
                reportUnregistered(
                    category.value, at: category.range, registered: categories, unresolved: unresolved, calls: calls,
                    silencing: "<!-- notifc:ignore W451 -->", into: &diagnostics)
            }
        }
    }

    /// For `import`: each category a content extension's Info.plist names that nothing imported declares (`imported`:
    /// the categories of the code and of the bundles given), which the manifest gets without actions: `W457`, or
    /// `W451` when code notifc could not compute may register it. All the code counts, since import merges it into
    /// one manifest; when the code registers nothing, the categories come from the plists alone and nothing is said.
    public static func checkImportedCategories(
        _ subjects: [PlistSubject], code: CodeRegistrations, imported: Set<String>, into diagnostics: inout DiagnosticBag
    ) {
        guard !registrationFiles(code).isEmpty else { return }
        let unresolved = code.unresolved.filter(\.isCategoryIdentifier)
        for subject in subjects where subject.plist.kind == .content {
            for category in subject.plist.categories where !imported.contains(category.value) {
                reportUnregistered(
                    category.value, at: category.range, registered: code.categories, unresolved: unresolved,
                    calls: code.registrationCalls, silencing: "<!-- notifc:ignore W451 -->", importing: true, into: &diagnostics)
            }
        }
    }

    /// With manifests: each category a manifest content extension renders against the categories the code
    /// registers, as for a content extension's Info.plist (`E451`, or `W451` when a registration could not be
    /// resolved), at the category in the extension's list. Not when the code (`files`) holds notifc's generated
    /// Swift, which registers the manifest's categories, nor when it registers nothing: the app then registers them
    /// in code that was not given.
    public static func checkExtensionCategories(
        _ code: CodeRegistrations, in files: [SourceFile], manifest: Manifest, locations: SourceMap,
        into diagnostics: inout DiagnosticBag
    ) {
        guard !files.contains(where: isGenerated), !registrationFiles(code).isEmpty else { return }
        let registered = Set(code.categories.map(\.category.identifier))
        let unresolved = code.unresolved.filter(\.isCategoryIdentifier)
        for (index, declared) in manifest.extensions.enumerated() where declared.kind == .content {
            let ranges = index < locations.extensions.count ? locations.extensions[index].listItems : []
            for (position, category) in declared.categories.enumerated() where !registered.contains(category) {
                guard position < ranges.count else { continue }
                reportUnregistered(
                    category, at: ranges[position], registered: code.categories, unresolved: unresolved,
                    calls: code.registrationCalls, silencing: "// notifc:ignore W451", into: &diagnostics)
            }
        }
    }

    /// `E451` for `category`, which none of `registered` registers (`W457` when `importing`), or `W451` when one of
    /// `unresolved` might (an interpolated literal only when its literal text fits: `"promo.\(id)"` cannot register
    /// `invitation`).
    private static func reportUnregistered(
        _ category: String, at range: SourceRange, registered categories: [RegisteredCategory],
        unresolved: [UnresolvedRegistration], calls: [SourceRange], silencing: String, importing: Bool = false,
        into diagnostics: inout DiagnosticBag
    ) {
        let registered = categories.map(\.category.identifier)
        if let first = unresolved.first(where: { $0.mayBe(category) }) {
            diagnostics.append(
                Diagnostic(
                    .categoryPerhapsNotRegistered,
                    "category '\(category)' is not registered by any code notifc could read",
                    at: range,
                    notes: [
                        DiagnosticNote(
                            first.isScanLimit
                                ? "notifc stopped computing the code here; what follows may register '\(category)'"
                                : "this registration is computed at run time; it may register '\(category)'", at: first.range)
                    ],
                    help: ["check that the app registers it; silence this with \(silencing) once it does"]
                ).suggesting(NameSuggester.suggestion(for: category, among: registered)))
            return
        }
        var notes: [DiagnosticNote] = []
        if let call = calls.first ?? categories.first?.range {
            let names = registered.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (registered.count > 5 ? ", …" : "")
            notes.append(DiagnosticNote("the app registers \(names) here", at: call))
        } else {
            notes.append(DiagnosticNote("no Swift or Objective-C code around this extension creates a UNNotificationCategory"))
        }
        if importing {
            diagnostics.append(
                Diagnostic(
                    .importedCategoryNotRegistered,
                    "category '\(category)' is not registered by the app's code; it is imported without actions",
                    at: range, notes: notes,
                    help: ["iOS shows this extension only for notifications whose category the app registered; correct the name in the imported manifest and the Info.plist"]
                ).suggesting(NameSuggester.suggestion(for: category, among: registered)))
            return
        }
        diagnostics.append(
            Diagnostic(
                .categoryNotRegistered, "category '\(category)' is not registered by the app's code",
                at: range, notes: notes,
                help: ["iOS shows this extension only for notifications whose category the app registered with setNotificationCategories"]
            ).suggesting(NameSuggester.suggestion(for: category, among: registered)))
    }

    /// The files that hold registration code: categories (resolved or not) or `setNotificationCategories` calls.
    static func registrationFiles(_ code: CodeRegistrations) -> Set<SourceFileID> {
        var files = Set<SourceFileID>()
        for registered in code.categories { files.insert(registered.range.file) }
        for item in code.unresolved where item.isCategoryIdentifier { files.insert(item.range.file) }
        for call in code.registrationCalls { files.insert(call.file) }
        return files
    }

    /// The registration files of the app a registration file belongs to: the code an extension beside the
    /// file's folder is paired with (``pairedFiles(forPlistAt:registrationFiles:codePaths:)`` from that folder),
    /// so that `Apps/Mail/Sources/A.swift` is one app with everything under `Apps/Mail/`.
    static func appFiles(of file: SourceFileID, registrationFiles: Set<SourceFileID>, codePaths: [SourceFileID: String]) -> Set<SourceFileID> {
        guard let path = codePaths[file] else { return registrationFiles }
        return pairedFiles(forPlistAt: parent(of: path), registrationFiles: registrationFiles, codePaths: codePaths)
    }

    /// The registration files under the nearest folder above `path` that holds any.
    static func pairedFiles(forPlistAt path: String, registrationFiles: Set<SourceFileID>, codePaths: [SourceFileID: String]) -> Set<SourceFileID> {
        var folder = parent(of: path)
        while !folder.isEmpty, folder != "/", folder != "." {
            let prefix = folder + "/"
            let inside = registrationFiles.filter { codePaths[$0]?.hasPrefix(prefix) == true }
            if !inside.isEmpty { return inside }
            folder = parent(of: folder)
        }
        return registrationFiles
    }

    /// The folder part of a path (`""` for a bare name).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    // MARK: Code against a manifest

    /// The categories the code registers that the manifest does not declare, or declares differently
    /// (warnings located in the code). Files notifc generated (`// Generated by notifc`) are skipped.
    public static func compare(
        _ code: CodeRegistrations, with manifest: Manifest, sources: SourceFileSet, into diagnostics: inout DiagnosticBag
    ) {
        let declared = Dictionary(
            manifest.categories.map { (Identifier($0.identifier), $0) }, uniquingKeysWith: { first, _ in first })
        let actionIndices = manifest.actionIndices
        for registered in code.categories where !isGenerated(sources[registered.range.file]) {
            let category = registered.category
            guard let declaration = declared[Identifier(category.identifier)] else {
                diagnostics.append(
                    Diagnostic(
                        .codeDiffersFromManifest, "the code registers category '\(category.identifier)', which the manifest does not declare",
                        at: registered.range, help: ["declare it in the manifest, or register the manifest's categories with notifc's generated code"]
                    ).suggesting(NameSuggester.suggestion(for: category.identifier, among: manifest.categories.map(\.identifier))))
                continue
            }
            var differences: [String] = []
            let unknown = registered.unknownArguments
            if !unknown.contains("actions"), declaration.actions != category.actions {
                differences.append("actions \(list(category.actions)) instead of \(list(declaration.actions))")
            }
            if !unknown.contains("options"), declaration.options != category.options {
                differences.append("options \(options(category.options)) instead of \(options(declaration.options))")
            }
            if !unknown.contains("intentIdentifiers"), Set(declaration.intentIdentifiers) != Set(category.intentIdentifiers) {
                differences.append("intent identifiers \(list(category.intentIdentifiers)) instead of \(list(declaration.intentIdentifiers))")
            }
            let categoryStrings: [(ManifestKey, label: String, what: String, code: String?, declared: String?)] = [
                (.hiddenPreviewsBodyPlaceholder, "hiddenPreviewsBodyPlaceholder", "hidden-previews placeholder",
                 category.hiddenPreviewsBodyPlaceholder, declaration.hiddenPreviewsBodyPlaceholder),
                (.categorySummaryFormat, "categorySummaryFormat", "summary format", category.categorySummaryFormat,
                 declaration.categorySummaryFormat),
            ]
            for (property, label, what, value, declared) in categoryStrings where !unknown.contains(label) {
                let key = registered.localizationKeys[property]
                // `""` and none are taken to agree: the property reads `""` when none is given (inferred from the
                // framework's binary, not documented).
                guard (value ?? "") != (declared ?? "") else { continue }
                if let text = differing(value, declared, key: key, ownKey: LocalizationKey.key(for: property, of: category.identifier)) {
                    differences.append("\(what) \(text) instead of \(quoted(declared))")
                }
            }
            for action in registered.actions {
                guard let index = actionIndices[Identifier(action.action.identifier)] else { continue }
                let declaredAction = manifest.actions[index]
                let name = "action '\(action.action.identifier)'"
                let unknown = action.unknownArguments
                func differing(_ property: ManifestKey, _ value: String?, _ declared: String?) -> String? {
                    Self.differing(
                        value, declared, key: action.localizationKeys[property],
                        ownKey: LocalizationKey.key(for: property, of: action.action.identifier))
                }
                if !unknown.contains("title"), let title = differing(.title, action.action.title, declaredAction.title) {
                    differences.append("\(name) titled \(title) instead of '\(declaredAction.title)'")
                }
                if !unknown.contains("options"), declaredAction.options != action.action.options {
                    differences.append("\(name) with options \(options(action.action.options)) instead of \(options(declaredAction.options))")
                }
                if !unknown.contains("icon"), declaredAction.icon != action.action.icon {
                    differences.append("\(name) with \(icon(action.action.icon)) instead of \(icon(declaredAction.icon))")
                }
                if (declaredAction.textInput == nil) != (action.action.textInput == nil) {
                    differences.append("\(name) \(action.action.textInput == nil ? "without" : "with") text input")
                } else if let declaredInput = declaredAction.textInput, let input = action.action.textInput {
                    if !unknown.contains("textInputButtonTitle"),
                        let title = differing(.buttonTitle, input.buttonTitle, declaredInput.buttonTitle)
                    {
                        let code = action.leavesOut("textInputButtonTitle") ? "no button title (iOS's default label)" : "button title \(title)"
                        differences.append("\(name) with \(code) instead of '\(declaredInput.buttonTitle)'")
                    }
                    if !unknown.contains("textInputPlaceholder"),
                        let placeholder = differing(.placeholder, input.placeholder, declaredInput.placeholder)
                    {
                        let code = action.leavesOut("textInputPlaceholder") ? "no placeholder" : "placeholder \(placeholder)"
                        differences.append("\(name) with \(code) instead of '\(declaredInput.placeholder)'")
                    }
                }
            }
            if !differences.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .codeDiffersFromManifest,
                        "the code registers category '\(category.identifier)' differently from the manifest: \(differences.joined(separator: "; "))",
                        at: registered.range, help: ["make the code and the manifest agree"]))
            }
        }
    }

    /// Whether `file` is notifc's own generated Swift.
    static func isGenerated(_ file: SourceFile) -> Bool {
        file.bytes.starts(with: Array("// Generated by notifc".utf8))
    }
}
