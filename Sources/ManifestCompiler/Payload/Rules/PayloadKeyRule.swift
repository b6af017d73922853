// Rule: keys are APNs's own names, at the level where APNs reads them; anything else in `aps` is ignored.

/// Reports, in `aps`, `aps.alert` and `aps.sound`:
/// - another API's name for a documented key (`categoryIdentifier`, `click_action`, `mutableContent`):
///   APNs ignores it, so the feature silently does not happen (error);
/// - a key of another level (`title` directly in `aps`, `sound` inside `alert`) (error);
/// - any other key APNs does not define, with "did you mean" (warning: APNs ignores it; custom data goes
///   beside `aps`).
///
/// At the top level, where the app's own keys belong, it reports only the notification keys iOS reads
/// from `aps` (`category`, `alert`, `mutable-content`, …, and `categoryIdentifier`, `click_action`, …)
/// when `aps` does not already set them.
///
/// Invalid: `{"aps": {"categoryIdentifier": "invitation"}}`, `{"aps": {}, "category": "invitation"}`.
/// Valid: `{"aps": {"category": "invitation"}, "invitationID": "42"}`
struct PayloadKeyRule: PayloadRule {
    let codes: [DiagnosticCode] = [.misnamedPayloadKey, .misplacedPayloadKey, .unknownPayloadKey]

    func check(_ payload: PayloadContext, into diagnostics: inout DiagnosticBag) {
        guard let members = payload.root?.members else { return }
        checkTopLevel(members, in: payload, into: &diagnostics)
        guard let aps = payload.aps else { return }
        check(aps, as: .aps, in: payload, into: &diagnostics)
        for (key, kind) in [("alert", PayloadDictionary.alert), ("sound", .sound)] {
            if let nested = aps[key], nested.members != nil { check(nested, as: kind, in: payload, into: &diagnostics) }
        }
    }

    // MARK: - Top level

    private func checkTopLevel(
        _ members: [JSONMember], in payload: PayloadContext, into diagnostics: inout DiagnosticBag
    ) {
        for member in members where member.key != "aps" {
            guard let target = PayloadSchema.apsKey(writtenOutsideAps: member.key), !payload.apsHas(target) else { continue }
            let destination = target == member.key ? "into 'aps'" : "into 'aps' as '\(target)'"
            diagnostics.append(
                Diagnostic(
                    .misplacedPayloadKey,
                    "\(PayloadText.quoted(member.key)) is outside 'aps', where iOS treats it as the app's own data",
                    at: member.keyRange,
                    help: [
                        "move it \(destination)",
                        "if it is the app's own data, rename it so that it cannot be mistaken for the APNs key",
                    ]))
        }
    }

    // MARK: - aps, alert, sound

    private func check(
        _ dictionary: JSONNode, as kind: PayloadDictionary, in payload: PayloadContext,
        into diagnostics: inout DiagnosticBag
    ) {
        let live = payload.isLiveActivity
        let keys = kind.keys(liveActivity: live)
        let members = dictionary.members ?? []
        let present = Set(members.map(\.key))
        // Warnings (ignored keys) are capped per dictionary; an unknown key's suggestion is computed only when listed.
        var ignored: [(member: JSONMember, warning: Diagnostic?)] = []
        for member in members where kind.key(member.key, liveActivity: live) == nil {
            let folded = PayloadKey.fold(member.key)
            let finding: Diagnostic?
            if let key = keys.first(where: { $0.isSpelled(as: member.key, folded: folded) }) {
                finding = misnamed(member, key: key, in: kind, alreadySet: present.contains(key.name))
            } else {
                finding = misplaced(member, in: kind, payload: payload)
            }
            if let finding, finding.severity == .error {
                diagnostics.append(finding)
            } else {
                ignored.append((member, finding))
            }
        }
        // One key more than the list holds is listed too: a summary of "0 more keys" says nothing.
        let listed = ignored.count == Self.maximumIgnoredKeysListed + 1 ? ignored.count : Self.maximumIgnoredKeysListed
        for (member, warning) in ignored.prefix(listed) {
            diagnostics.append(warning ?? unknown(member, in: kind, keys: keys))
        }
        if ignored.count > listed {
            let first = ignored[Self.maximumIgnoredKeysListed].member
            let more = ignored.count - Self.maximumIgnoredKeysListed - 1
            diagnostics.append(
                Diagnostic(
                    .unknownPayloadKey,
                    "\(PayloadText.quoted(first.key)) and \(more) more keys after it in '\(kind.name)' are ignored by APNs",
                    at: first.keyRange,
                    help: ["the app's own data goes beside 'aps', at the top level of the payload"]))
        }
    }

    /// Ignored keys (W501) listed one by one per dictionary; the rest are summed up in one more warning
    /// (warnings have no error limit, and a payload is a few kilobytes: dozens of unknown keys are one mistake).
    static let maximumIgnoredKeysListed = 20

    private func misnamed(_ member: JSONMember, key: PayloadKey, in kind: PayloadDictionary, alreadySet: Bool)
        -> Diagnostic
    {
        let name = PayloadText.quoted(member.key)
        if alreadySet {
            return Diagnostic(
                .unknownPayloadKey, "\(name) is ignored; '\(kind.name)' already has '\(key.name)'", at: member.keyRange,
                help: ["remove it"])
        }
        let explanation: String
        if let alias = key.alias(named: member.key) {
            explanation = "\(name) is \(alias.origin)"
        } else if member.key.lowercased() == key.name {
            explanation = "keys are case-sensitive"
        } else {
            explanation = "APNs keys are lowercase words joined by hyphens"
        }
        return Diagnostic(
            .misnamedPayloadKey, "\(name) is not an APNs key, so it is ignored", at: member.keyRange
        ).suggesting(key.name).withHelp(explanation)
    }

    /// A key written one level off: an alert key directly in `aps`, or an `aps` key inside `alert`.
    private func misplaced(_ member: JSONMember, in kind: PayloadDictionary, payload: PayloadContext) -> Diagnostic? {
        let live = payload.isLiveActivity
        let name = PayloadText.quoted(member.key)
        switch kind {
        case .aps:
            guard member.key != "action", PayloadDictionary.alert.key(member.key, liveActivity: live) != nil else {
                return nil
            }
            let alert = payload.aps?["alert"]
            if alert?.member(member.key) != nil {
                return Diagnostic(
                    .unknownPayloadKey, "\(name) is ignored in 'aps'; 'alert' already has it", at: member.keyRange,
                    help: ["remove it"])
            }
            let how = alert?.members != nil ? "move it into 'alert'" : "move it into an 'alert' dictionary"
            return Diagnostic(
                .misplacedPayloadKey, "\(name) belongs in 'alert'; directly in 'aps' it is ignored",
                at: member.keyRange, help: [how])
        case .alert:
            guard PayloadDictionary.aps.key(member.key, liveActivity: live) != nil else { return nil }
            if payload.apsHas(member.key) {
                return Diagnostic(
                    .unknownPayloadKey, "\(name) is ignored in 'alert'; 'aps' already has it", at: member.keyRange,
                    help: ["remove it"])
            }
            return Diagnostic(
                .misplacedPayloadKey, "\(name) belongs in 'aps', not in 'alert', where it is ignored",
                at: member.keyRange, help: ["move it up into 'aps', beside 'alert'"])
        case .sound:
            return nil
        }
    }

    private func unknown(_ member: JSONMember, in kind: PayloadDictionary, keys: [PayloadKey]) -> Diagnostic {
        var diagnostic = Diagnostic(
            .unknownPayloadKey, "unknown key \(PayloadText.quoted(member.key)) in '\(kind.name)'; APNs ignores it",
            at: member.keyRange)
        if let suggestion = NameSuggester.suggestion(for: member.key, among: keys.map(\.name)) {
            return diagnostic.suggesting(suggestion)
        }
        switch kind {
        case .aps:
            diagnostic.help.append("the app's own data goes beside 'aps', at the top level of the payload")
        case .alert, .sound:
            let documented = keys.filter { $0.kind != .unchecked }.map(\.name)
            diagnostic.help.append("the keys of '\(kind.name)' are \(PayloadText.list(documented))")
        }
        return diagnostic
    }
}
