// The five example manifests: pinned values, golden outputs, and independent cross-checks of every output.
import Foundation
import ManifestCompiler
import Testing

struct ExampleManifestTests {
    static let names = ["alarm", "balance", "bills", "messaging", "overdraft"]

    static func compileExample(_ name: String) throws -> Manifest {
        let url = TestPaths.manifests.appendingPathComponent("\(name).notif")
        let result = TestCompile.source(try String(contentsOf: url, encoding: .utf8), path: "manifests/\(name).notif")
        #expect(result.diagnostics.isEmpty, "\(TestCompile.rendered(result))")
        return try #require(result.manifest)
    }

    @Test func theExamplesAreExactlyTheFive() {
        #expect(TestPaths.exampleManifests.map { $0.deletingPathExtension().lastPathComponent } == Self.names)
    }

    @Test(arguments: names)
    func outputsMatchGoldensAndCrossCheck(_ name: String) throws {
        let manifest = try Self.compileExample(name)
        let files = EmitFormat.defaultFormats.flatMap { $0.emitter.emit(manifest) }
        for file in files {
            Golden.assertMatches(String(decoding: file.contents, as: UTF8.self), "examples/\(name)/\(file.path)")
        }
        for declared in manifest.extensions {
            let plist = try #require(files.first { $0.path == "\(declared.name)/Info.plist" })
            try OutputCrossCheck.checkPlist(plist.contents, for: declared)
        }
        let bundle = try #require(files.first { $0.path == "notifications.json" })
        try OutputCrossCheck.checkBundle(bundle.contents, manifest: manifest)
        #expect(files.count == manifest.extensions.count + 1)
    }

    @Test func overdraft() throws {
        let manifest = try Self.compileExample("overdraft")
        #expect(manifest.categories == [Category(identifier: "debitOverdraftNotification")])
        #expect(manifest.actions.isEmpty)
        #expect(
            manifest.extensions == [
                NotificationExtension(
                    name: "OverdraftNotificationContent", kind: .content, categories: ["debitOverdraftNotification"],
                    initialContentSizeRatio: 0.12, defaultContentHidden: false, userInteractionEnabled: true,
                    storyboard: "MainInterface")
            ])
    }

    @Test func alarm() throws {
        let manifest = try Self.compileExample("alarm")
        #expect(
            manifest.categories == [
                Category(identifier: "reminder", actions: ["cancel"]),
                Category(identifier: "alarmNotification", actions: ["snooze"]),
            ])
        #expect(
            manifest.actions == [
                Action(identifier: "cancel", title: "Cancel"), Action(identifier: "snooze", title: "Snooze"),
            ])
        #expect(
            manifest.extensions == [
                NotificationExtension(
                    name: "NagMeContentExtension", kind: .content, categories: ["reminder"],
                    initialContentSizeRatio: 0.5, defaultContentHidden: true, storyboard: "MainInterface")
            ])
    }

    @Test func balance() throws {
        let manifest = try Self.compileExample("balance")
        #expect(manifest.categories == [Category(identifier: "balance", actions: ["showMore", "addBalance", "myPlan"])])
        #expect(
            manifest.actions == [
                Action(identifier: "showMore", title: "Show more", options: [.foreground]),
                Action(identifier: "addBalance", title: "Top up 500 ₽"),
                Action(identifier: "myPlan", title: "My plan", options: [.foreground]),
            ])
        #expect(
            manifest.extensions == [
                NotificationExtension(
                    name: "BalanceContent", kind: .content, categories: ["balance"], initialContentSizeRatio: 1,
                    defaultContentHidden: true, storyboard: "MainInterface")
            ])
    }

    @Test func bills() throws {
        let manifest = try Self.compileExample("bills")
        #expect(
            manifest.categories == [
                Category(
                    identifier: "billReminder", actions: ["remindLater", "markAsPaid"], options: [.hiddenPreviewsShowTitle],
                    hiddenPreviewsBodyPlaceholder: "Bill reminder", categorySummaryFormat: "%u more bill reminders")
            ])
        #expect(
            manifest.actions == [
                Action(identifier: "remindLater", title: "Remind me in an hour"),
                Action(identifier: "markAsPaid", title: "Mark as paid", options: [.authenticationRequired]),
            ])
        #expect(manifest.extensions.isEmpty)
    }

    @Test func messaging() throws {
        let manifest = try Self.compileExample("messaging")
        #expect(
            manifest.categories == [
                Category(identifier: "message", actions: ["reply"]),
                Category(identifier: "clear", actions: ["clear"], options: [.customDismissAction]),
                Category(identifier: "invitation", actions: ["accept", "decline"]),
                Category(identifier: "invitationReminder", actions: ["accept", "remindLater"]),
            ])
        #expect(
            Set(manifest.actions) == [
                Action(
                    identifier: "reply", title: "Reply", icon: .systemImage("arrowshape.turn.up.left"),
                    textInput: TextInput(buttonTitle: "Send", placeholder: "Type a message…")),
                Action(identifier: "clear", title: "Clear"),
                Action(identifier: "accept", title: "Accept", options: [.foreground]),
                Action(identifier: "decline", title: "Decline", options: [.destructive]),
                Action(identifier: "remindLater", title: "Remind me later"),
            ])
        #expect(
            manifest.extensions == [
                NotificationExtension(
                    name: "InvitationContent", kind: .content, categories: ["invitation", "invitationReminder"],
                    initialContentSizeRatio: 0.6, overridesDefaultTitle: true,
                    principalClass: "$(PRODUCT_MODULE_NAME).InvitationViewController"),
                NotificationExtension(
                    name: "MessagingService", kind: .service,
                    principalClass: "$(PRODUCT_MODULE_NAME).NotificationService"),
            ])
    }
}
