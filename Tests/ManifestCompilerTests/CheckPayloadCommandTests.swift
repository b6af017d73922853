// `notifc check-payload` in process: inputs told apart by name, exit codes, formats, manifest errors, help.
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct CheckPayloadCommandTests {
    static var messaging: String { CommandLineTests.messaging }
    static func fixture(_ name: String) -> String { TestPaths.fixtures.appendingPathComponent("payloads/\(name)").path }

    @Test func validPayloadsPassWithNoOutput() {
        let payloads = PayloadFixtureTests.validFixtures.map { TestPaths.fixtures.appendingPathComponent($0).path }
        let run = runNotifc(["check-payload"] + payloads + [Self.messaging])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.isEmpty)
        #expect(run.error.isEmpty)
    }

    @Test func problemsExitOneAndAreLocatedInThePayload() {
        let payload = Self.fixture("invalid/unknown-category.json")
        let run = runNotifc(["check-payload", payload, Self.messaging])
        #expect(run.status == .failure)
        #expect(run.error.hasPrefix("\(payload):4:17: error: unknown category 'invitaton' [E514]\n"))
        #expect(run.error.hasSuffix("1 error generated.\n"))
    }

    @Test func warningsPassUnlessWarningsAsErrors() {
        let payload = Self.fixture("invalid/silent-with-mutable-content.json")
        let lenient = runNotifc(["check-payload", Self.messaging, payload])
        #expect(lenient.status == .success)
        #expect(lenient.error.contains("warning: 'mutable-content' is 1 but the notification shows no alert"))
        let strict = runNotifc(["check-payload", Self.messaging, payload, "--warnings-as-errors"])
        #expect(strict.status == .failure)
        #expect(strict.error.contains("error: 'mutable-content' is 1"))
    }

    @Test func inputsAreToldApartByName() throws {
        let directory = try TemporaryDirectory()
        try directory.write("manifest/app.notif", "category alarm {}\nserviceExtension S { principalClass: \"S\" }\n")
        let upper = try directory.write("Push.JSON", #"{"aps": {"category": "alarm", "alert": "Wake up", "mutable-content": 1}}"#)
        let simulator = try directory.write("wake.apns", #"{"Simulator Target Bundle": "com.example", "aps": {"category": "alarm"}}"#)
        let run = runNotifc(["check-payload", upper, directory.path + "/manifest", simulator])
        #expect(run.status == .success, "\(run.error)")
        // A directory is a manifest directory whatever its name ends in.
        try directory.write("Manifests.json/app.notif", "category alarm {}\nserviceExtension S { principalClass: \"S\" }\n")
        let named = runNotifc(["check-payload", upper, directory.path + "/Manifests.json"])
        #expect(named.status == .success, "\(named.error)")
    }

    @Test func manifestErrorsAreReportedAndStopTheCheck() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("bad.notif", "category a { actions: [missing] }\n")
        let payload = try directory.write("p.json", #"{"aps": {"category": "nope"}}"#)
        let run = runNotifc(["check-payload", payload, manifest])
        #expect(run.status == .failure)
        #expect(run.error.contains("bad.notif:1:24: error: unknown action 'missing' [E305]"))
        #expect(!run.error.contains("p.json"))
    }

    @Test func manifestWarningsAreLeftToLint() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("m.notif", "action lonely { title: \"L\" }\ncategory c {}\n")
        let payload = try directory.write("p.json", #"{"aps": {"category": "c"}}"#)
        #expect(runNotifc(["lint", manifest]).error.contains("warning: action 'lonely' is not used"))
        let run = runNotifc(["check-payload", payload, manifest, "--warnings-as-errors"])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.error.isEmpty)
    }

    /// `--strings` names a strings table; any other file is a usage error, not a JSON error in it.
    @Test func stringsTakesOnlyAStringsTable() throws {
        let directory = try TemporaryDirectory()
        let table = try directory.write("Localizable.txt", "\"A\" = \"B\";\n")
        let run = runNotifc(["check-payload", Self.fixture("valid/invitation.json"), Self.messaging, "--strings", table])
        #expect(run.status == .usage)
        #expect(run.error.hasPrefix("error: '--strings' takes the app's strings table, not '\(table)'"), "\(run.error)")
    }

    @Test func voipRaisesTheLimit() throws {
        let directory = try TemporaryDirectory()
        let payload = try directory.write("voip.json", PayloadSizeTests.payload(ofSize: 5000))
        let standard = runNotifc(["check-payload", payload, Self.messaging])
        #expect(standard.status == .failure)
        #expect(standard.error.contains("payload is 5000 bytes; APNs accepts at most 4096 for notifications [E510]"))
        #expect(runNotifc(["check-payload", payload, Self.messaging, "--voip"]).status == .success)
    }

    @Test(arguments: [DiagnosticFormat.json, .sarif])
    func machineFormatsPrintOneDocumentForAllPayloads(_ format: DiagnosticFormat) throws {
        let payloads = ["invalid/wrong-types.json", "invalid/unknown-category.json"].map(Self.fixture)
        let run = runNotifc(["check-payload"] + payloads + [Self.messaging, "--diagnostics-format", format.rawValue])
        #expect(run.status == .failure)
        #expect(run.error.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        if format == .json {
            let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.compactMap { $0["code"] as? String }.contains("E514"))
            #expect(Set(diagnostics.compactMap { $0["file"] as? String }) == Set(payloads))
            #expect(document["errorCount"] as? Int == diagnostics.filter { $0["severity"] as? String == "error" }.count)
        } else {
            #expect(document["version"] as? String == "2.1.0")
        }
    }

    @Test func githubAnnotationsNameThePayload() {
        let payload = Self.fixture("invalid/missing-mutable-content.json")
        let run = runNotifc(["check-payload", payload, Self.messaging, "--diagnostics-format", "github"])
        #expect(run.status == .failure)
        #expect(run.output.hasPrefix("::error file=\(payload),line=2,col=3,"))
    }

    @Test(arguments: [
        (["check-payload"], "error: missing <inputs>"),
        (["check-payload", "p.json"], "error: missing manifest\nhelp: name the .notif files or directories the payloads are sent for"),
        (["check-payload", "app.notif", "dir"], "error: missing payload\nhelp: name at least one payload file ending in .json or .apns"),
        (["check-payload", "p.json", "app.notif", "--vopi"], "error: unknown option '--vopi'\nhelp: did you mean '--voip'?"),
        (["check-payload", "p.json", "app.notif", "--voip=1"], "error: option '--voip' does not take a value"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) {
        let run = runNotifc(arguments)
        #expect(run.status == .usage)
        #expect(run.error.hasPrefix(message + "\n"), "\(run.error)")
        #expect(run.error.contains("Usage: notifc check-payload <inputs> ... [options]"))
    }

    @Test func unreadableInputsExit74() throws {
        let missingPayload = runNotifc(["check-payload", "nope.json", Self.messaging])
        #expect(missingPayload.status == .ioFailure)
        #expect(missingPayload.error == "error: cannot read input: No such file or directory: 'nope.json'\n")
        let payload = Self.fixture("valid/message.json")
        let missingManifest = runNotifc(["check-payload", payload, "nope.notif"])
        #expect(missingManifest.status == .ioFailure)
        #expect(missingManifest.error == "error: cannot read input: No such file or directory: 'nope.notif'\n")
    }

    @Test func helpText() {
        let help = runNotifc(["check-payload", "--help"])
        #expect(help.status == .success)
        #expect(runNotifc(["help", "check-payload"]).output == help.output)
        Golden.assertMatches(help.output, "help/check-payload.txt")
        #expect(runNotifc(["--help"]).output.contains("  check-payload    Check APNs payloads"))
    }
}
