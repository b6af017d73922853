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

    /// Creates the context for `file`, read as `root`.
    init(file: SourceFile, root: JSONNode?, manifest: Manifest, options: PayloadCheckOptions) {
        self.file = file
        self.root = root
        self.apsMember = root?.member("aps")
        self.manifest = manifest
        self.options = options
    }

    /// The `aps` dictionary, when it is an object.
    var aps: JSONNode? {
        guard let value = apsMember?.value, value.members != nil else { return nil }
        return value
    }

    /// Whether `aps` has a member named `key` (of any type).
    func apsHas(_ key: String) -> Bool { aps?.member(key) != nil }

    /// Whether this is a Live Activity push (`aps` has `event` or `content-state`), whose `relevance-score`
    /// may be any number and whose `alert` may name a `sound`.
    var isLiveActivity: Bool {
        PayloadSchema.liveActivityMarkers.contains { apsHas($0) }
    }

    /// Whether the notification displays an alert: `alert` is a non-empty string, or a dictionary with a
    /// title, subtitle or body (literal or localized). Only such notifications reach a service extension.
    var showsAlert: Bool {
        guard let alert = aps?["alert"] else { return false }
        if let text = alert.string { return !text.isEmpty }
        return PayloadSchema.displayedAlertKeys.contains { alert.member($0) != nil }
    }

    /// The service extensions the manifest declares.
    var serviceExtensions: [NotificationExtension] {
        manifest.extensions.filter { $0.kind == .service }
    }
}
