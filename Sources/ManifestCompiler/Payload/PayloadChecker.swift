// The public entry point of payload checking: reads each payload file as JSON and runs every payload rule.

/// How payloads are checked.
public struct PayloadCheckOptions: Sendable {
    /// APNs's limit for ordinary notifications, in bytes.
    public static let standardSizeLimit = 4096
    /// APNs's limit for VoIP notifications, in bytes.
    public static let voipSizeLimit = 5120

    /// The input limits (file size, JSON nesting, reported errors).
    public var limits: Limits
    /// Whether warnings count as errors (`--warnings-as-errors`).
    public var warningsAsErrors: Bool
    /// Whether the payloads are VoIP notifications (`--voip`), which may be larger.
    public var isVoIP: Bool
    /// The app's strings table for `*-loc-key` checks (`--strings`), when given.
    public var localizableTable: LocalizableTable?

    /// Creates options.
    public init(
        limits: Limits = .default, warningsAsErrors: Bool = false, isVoIP: Bool = false,
        localizableTable: LocalizableTable? = nil
    ) {
        self.localizableTable = localizableTable
        self.limits = limits
        self.warningsAsErrors = warningsAsErrors
        self.isVoIP = isVoIP
    }

    /// The largest payload APNs accepts with these options.
    public var sizeLimit: Int { isVoIP ? Self.voipSizeLimit : Self.standardSizeLimit }
}

/// Checks APNs payloads (JSON files) against a validated manifest.
///
/// Each file is read with ``JSONReader`` (syntax errors, duplicate keys and nesting are reported with
/// their locations), then every ``PayloadRule`` runs on it: size, the shape of `aps`, key names, value
/// types, the category, and `mutable-content` for the service extension. Every finding is located in the
/// payload file. The rules and their sources are documented in `docs/check-payload.md`.
public enum PayloadChecker {
    /// Checks every file of `payloads` and returns the diagnostics in reporting order.
    ///
    /// - Parameters:
    ///   - payloads: The payload files, in order.
    ///   - manifest: The validated manifest the payloads are sent for.
    ///   - options: The size limit, input limits and `--warnings-as-errors`.
    ///   - inputDiagnostics: Problems found while gathering the files (reported with the others).
    public static func check(
        _ payloads: SourceFileSet, against manifest: Manifest, options: PayloadCheckOptions = PayloadCheckOptions(),
        inputDiagnostics: [Diagnostic] = []
    ) -> [Diagnostic] {
        var diagnostics = DiagnosticBag(errorLimit: options.limits.maxReportedErrors)
        for diagnostic in inputDiagnostics { diagnostics.append(diagnostic) }
        for file in payloads.files {
            if diagnostics.isFull {
                diagnostics.noteStoppedEarly()
                break
            }
            if file.bytes.count != file.size, file.size <= options.limits.maxFileSize {
                // Not read because the files before it reached the total input limit (InputCollector).
                diagnostics.append(
                    Diagnostic(
                        .inputTooLarge,
                        "inputs are too large together (more than \(options.limits.maxTotalInputSize) bytes)",
                        at: .point(file.id, 0), help: ["check fewer payloads at once"]))
                break
            }
            // A file's findings are put in position order before the error limit keeps the first of them.
            var fileDiagnostics = DiagnosticBag(errorLimit: .max)
            let root = JSONReader.read(file, limits: options.limits, into: &fileDiagnostics)
            let payload = PayloadContext(file: file, root: root, manifest: manifest, options: options)
            for rule in allPayloadRules {
                rule.check(payload, into: &fileDiagnostics)
            }
            for diagnostic in fileDiagnostics.sorted() { diagnostics.append(diagnostic) }
        }
        if options.warningsAsErrors { diagnostics.promoteWarningsToErrors() }
        return diagnostics.sorted()
    }
}
