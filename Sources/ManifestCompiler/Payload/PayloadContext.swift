// What every payload rule reads: the file, its JSON tree, the `aps` dictionary, the manifest and the size limit.

/// One payload file being checked, with the facts several rules need.
struct PayloadContext {
    /// The payload file.
    let file: SourceFile
    /// The JSON document, or `nil` when the file is not valid JSON (the reader has reported why).
    let root: JSONNode?
    /// The `aps` member, when the root is an object that has one (of any type).
    let apsMember: JSONMember?
    /// The manifest the payload is checked against.
    let manifest: Manifest
    /// The options of this check.
    let options: PayloadCheckOptions

    /// The `aps` dictionary, when it is an object.
    let aps: JSONNode?
    /// The keys of `aps`, for constant-time lookups.
    let apsKeys: Set<String>
    /// Whether this is a Live Activity push (`aps` has `event` or `content-state`), whose `relevance-score`
    /// may be any number and whose `alert` may name a `sound`.
    let isLiveActivity: Bool
    /// Whether the notification displays an alert: `alert` is a non-empty string, or a dictionary with a
    /// non-empty title, subtitle or body (literal or localized). Only such notifications reach a service extension.
    let showsAlert: Bool
    /// Whether `alert`, or its title, subtitle or body, has a type iOS does not read (reported as E513) and nothing
    /// else in it shows, so whether it shows is not known.
    let alertIsMistyped: Bool

    /// Creates the context for `file`, read as `root`.
    init(file: SourceFile, root: JSONNode?, manifest: Manifest, options: PayloadCheckOptions) {
        self.file = file
        self.root = root
        self.manifest = manifest
        self.options = options
        apsMember = root?.member("aps")
        aps = apsMember.flatMap { $0.value.members == nil ? nil : $0.value }
        let keys = Set(aps?.members?.map(\.key) ?? [])
        apsKeys = keys
        isLiveActivity = PayloadSchema.liveActivityMarkers.contains { keys.contains($0) }
        if let alert = aps?["alert"] {
            let displayed = PayloadSchema.displayedAlertKeys.compactMap { alert.member($0)?.value }
            showsAlert = alert.string.map { !$0.isEmpty } ?? displayed.contains { $0.string?.isEmpty == false }
            alertIsMistyped = !showsAlert && alert.string == nil && (alert.members == nil || displayed.contains { $0.string == nil })
        } else {
            showsAlert = false
            alertIsMistyped = false
        }
    }

    /// Whether `aps` has a member named `key` (of any type).
    func apsHas(_ key: String) -> Bool { apsKeys.contains(key) }

    /// The service extensions the manifest declares.
    var serviceExtensions: [NotificationExtension] {
        manifest.extensions.filter { $0.kind == .service }
    }
}
