// Checking in-memory payloads in tests: the test manifests, and diagnostics read back as codes and offsets.
import Foundation
import ManifestCompiler
import Testing

/// The outcome of checking payloads in a test.
struct PayloadRun {
    let sources: SourceFileSet
    let diagnostics: [Diagnostic]

    var codes: [DiagnosticCode] { diagnostics.map(\.code) }

    /// The plain-text rendering.
    var rendered: String { DiagnosticRenderer.render(diagnostics, sources: sources, format: .text) }
}

enum TestPayload {
    /// A manifest with two categories, a content extension and a service extension.
    static let manifestSource = """
        action accept { title: "Accept" }
        action decline { title: "Decline" }
        category invitation { actions: [accept, decline] }
        category message {}
        contentExtension InvitationContent { categories: [invitation], initialContentSizeRatio: 1, storyboard: "M" }
        serviceExtension MessagingService { principalClass: "S" }
        """

    /// ``manifestSource`` compiled.
    static let manifest: Manifest = compile(manifestSource)

    /// The same categories without a service extension.
    static let manifestWithoutService: Manifest = compile(
        manifestSource.split(separator: "\n").filter { !$0.hasPrefix("serviceExtension") }.joined(separator: "\n"))

    /// `manifests/messaging.notif`, the example the valid fixtures are written for.
    static let messaging: Manifest = {
        let text = (try? String(contentsOf: TestPaths.manifests.appendingPathComponent("messaging.notif"), encoding: .utf8)) ?? ""
        return compile(text)
    }()

    /// Compiles a manifest that must be valid (an empty manifest when it is not, which tests then notice).
    static func compile(_ text: String) -> Manifest {
        let result = TestCompile.source(text)
        #expect(result.manifest != nil, "test manifest does not compile: \(TestCompile.rendered(result))")
        return result.manifest ?? Manifest(actions: [], categories: [], extensions: [])
    }

    /// Checks one in-memory payload.
    static func check(
        _ text: String, path: String = "payload.json", manifest: Manifest = manifest,
        options: PayloadCheckOptions = PayloadCheckOptions()
    ) -> PayloadRun {
        check(bytes: Array(text.utf8), path: path, manifest: manifest, options: options)
    }

    /// Checks one payload given as bytes.
    static func check(
        bytes: [UInt8], path: String = "payload.json", manifest: Manifest = manifest,
        options: PayloadCheckOptions = PayloadCheckOptions()
    ) -> PayloadRun {
        var sources = SourceFileSet()
        sources.add(path: path, bytes: bytes)
        return PayloadRun(sources: sources, diagnostics: PayloadChecker.check(sources, against: manifest, options: options))
    }

    /// Checks files below Fixtures/, with paths relative to Fixtures/ so goldens do not depend on the checkout.
    static func checkFixtures(_ relativePaths: [String], manifest: Manifest = messaging) throws -> PayloadRun {
        var sources = SourceFileSet()
        for relative in relativePaths {
            sources.add(path: relative, bytes: Array(try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(relative))))
        }
        return PayloadRun(sources: sources, diagnostics: PayloadChecker.check(sources, against: manifest))
    }
}
