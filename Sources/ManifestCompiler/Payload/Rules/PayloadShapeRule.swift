// Rule: the payload is a JSON object with an `aps` dictionary, which holds everything the system reads.

/// Reports a payload that is not an object and one without `aps` (suggesting `aps` for a near key such as
/// `APS`, and pointing out push-service requests such as Firebase's).
///
/// Invalid: `{"alert": "Hi"}`, `["aps"]`, `{"APS": {}}`.
/// Valid: `{"aps": {"alert": "Hi"}}`
struct PayloadShapeRule: PayloadRule {
    let codes: [DiagnosticCode] = [.payloadNotAnObject, .missingApsDictionary]

    /// Top-level keys of push-service requests (Firebase, Expo) that are not APNs payloads themselves.
    static let pushServiceKeys = ["message", "notification", "to", "token", "registration_ids", "data"]

    func check(_ payload: PayloadContext, into diagnostics: inout DiagnosticBag) {
        guard let root = payload.root else { return }
        guard let members = root.members else {
            diagnostics.append(
                Diagnostic(
                    .payloadNotAnObject, "payload must be a JSON object, found \(PayloadText.describe(root))",
                    at: PayloadText.head(of: root),
                    help: ["an APNs payload looks like { \"aps\": { \"alert\": \"Hello\" } }"]))
            return
        }
        guard payload.apsMember == nil else { return }  // an 'aps' of the wrong type is PayloadValueRule's
        var diagnostic = Diagnostic(
            .missingApsDictionary, "payload has no 'aps' dictionary", at: PayloadText.head(of: root),
            help: ["the system reads the alert, sound, badge and category only from 'aps'"])
        if let near = members.first(where: { NameSuggester.suggestion(for: $0.key, among: ["aps"]) != nil }) {
            diagnostic.range = near.keyRange
            diagnostic.help = ["did you mean 'aps'? keys are case-sensitive"]
        } else if members.contains(where: { Self.pushServiceKeys.contains($0.key) }) {
            diagnostic.help.append(
                "this looks like a request to a push service (Firebase, Expo), not an APNs payload; "
                    + "check the payload it sends to APNs (Firebase HTTP v1: 'message.apns.payload')")
        }
        diagnostics.append(diagnostic)
    }
}
