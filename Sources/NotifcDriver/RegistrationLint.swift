// `notifc lint` over Swift and Objective-C code: the categories the app registers, against plists and manifests.
import ManifestCompiler

/// The registration-code part of `notifc lint`.
enum RegistrationLint {
    /// Scans the collected code and appends its findings: notes for what cannot be resolved, the rules
    /// located in code, and — without manifests — each content extension's categories against the code
    /// of the app around it, or — with one — the code against the manifest and the manifest's content
    /// extensions' categories against the code.
    static func run(
        _ codeFiles: InputCollector.Collected, plists: [PlistAnalysis.Analyzed], hasManifests: Bool, manifest: Manifest?,
        locations: SourceMap, inputs: PlistInputs, sources: inout SourceFileSet, into diagnostics: inout DiagnosticBag
    ) {
        var scanned: [SourceFile] = []
        var paths: [SourceFileID: String] = [:]
        for file in codeFiles.sources.files {
            let id = sources.add(path: file.path, bytes: file.bytes, size: file.size)
            scanned.append(sources[id])
            paths[id] = file.path
        }
        if scanned.isEmpty {
            // Without manifests the plists' categories would be checked against the code: say it was skipped.
            if !hasManifests, plists.contains(where: { $0.plist.kind == .content }) {
                diagnostics.append(
                    Diagnostic(
                        .noRegistrationCode,
                        "no Swift or Objective-C files among the inputs; Info.plist categories are not checked against the app's code",
                        at: nil, help: ["lint the folder that holds the app's sources too"]))
            }
            return
        }
        let code = RegistrationScanner.scan(scanned)
        RegistrationCheck.reportUnresolved(code, into: &diagnostics)
        RegistrationCheck.checkCode(code, codePaths: paths, into: &diagnostics)
        if hasManifests {
            // The manifests' own errors come first; the comparison needs a valid manifest.
            if let manifest {
                RegistrationCheck.compare(code, with: manifest, sources: sources, into: &diagnostics)
                RegistrationCheck.checkExtensionCategories(
                    code, in: scanned, manifest: manifest, locations: locations, into: &diagnostics)
            }
        } else {
            let subjects = plists.map { RegistrationCheck.PlistSubject(plist: $0.plist, path: $0.path) }
            RegistrationCheck.crossCheck(subjects, code: code, codePaths: paths, into: &diagnostics)
        }
    }
}
