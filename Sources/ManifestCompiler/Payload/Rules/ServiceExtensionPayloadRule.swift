// Rule: with a service extension declared, alerts carry `mutable-content: 1`, and the flag is not set on silent pushes.

/// Reports, when the manifest declares a service extension:
/// - an alert notification without `mutable-content` (the extension never sees it: iOS passes a remote
///   notification to the service extension only when `aps` has `"mutable-content": 1`);
/// - `"mutable-content": 1` on a notification that shows no alert (iOS passes only notifications that
///   display an alert, so the flag has no effect).
///
/// `"mutable-content": 0` states that a notification skips the extension on purpose and is not reported.
/// Live Activity pushes are not passed to service extensions and are not checked.
///
/// Invalid (with `serviceExtension MessagingService`): `{"aps": {"alert": "Hi"}}`
/// Valid: `{"aps": {"alert": "Hi", "mutable-content": 1}}`
struct ServiceExtensionPayloadRule: PayloadRule {
    let codes: [DiagnosticCode] = [.missingMutableContent, .mutableContentWithoutAlert]

    func check(_ payload: PayloadContext, into diagnostics: inout DiagnosticBag) {
        let services = payload.serviceExtensions.map { PayloadText.quoted($0.name) }
        guard !services.isEmpty, let apsMember = payload.apsMember, let aps = payload.aps,
            !payload.isLiveActivity, !payload.alertIsMistyped  // a mistyped alert is E513's alone
        else { return }
        let what =
            services.count == 1 ? "service extension \(services[0])" : "service extensions \(PayloadText.list(services))"
        guard let flag = aps.member("mutable-content") else {
            // A misspelled or misplaced flag ('mutableContent', or one beside 'aps') is reported by PayloadKeyRule.
            if payload.showsAlert, !Self.hasMisspelledFlag(payload) {
                diagnostics.append(
                    Diagnostic(
                        .missingMutableContent,
                        "notification shows an alert but has no 'mutable-content', so \(what) does not run",
                        at: apsMember.keyRange,
                        help: [
                            "add \"mutable-content\": 1 to 'aps'",
                            "write \"mutable-content\": 0 if this notification should skip the extension",
                        ]))
            }
            return
        }
        if flag.value.number == 1, !payload.showsAlert {
            diagnostics.append(
                Diagnostic(
                    .mutableContentWithoutAlert,
                    "'mutable-content' is 1 but the notification shows no alert, so \(what) does not run",
                    at: flag.keyRange,
                    help: [
                        "iOS passes a notification to a service extension only when it displays a title, subtitle or body"
                    ]))
        }
    }

    /// Whether the payload spells `mutable-content` some other way in `aps` (E515), or writes it or an alias of it
    /// beside `aps` (E517): a key there that no rule reports (`MutableContent`) is the app's own data.
    static func hasMisspelledFlag(_ payload: PayloadContext) -> Bool {
        guard let key = PayloadDictionary.aps.key("mutable-content", liveActivity: false) else { return false }
        let inAps = payload.aps?.members ?? []
        let topLevel = payload.root?.members ?? []
        func isFlag(_ member: JSONMember) -> Bool {
            member.key.utf8.count < 64 && key.isSpelled(as: member.key, folded: PayloadKey.fold(member.key))
        }
        return inAps.contains(where: isFlag) || topLevel.contains { PayloadSchema.apsKey(writtenOutsideAps: $0.key) == key.name }
    }
}
