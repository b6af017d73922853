// Reads collected Info.plist files and analyzes them, keeping only what concerns notification extensions.
import ManifestCompiler

/// Reading and analyzing Info.plist inputs, shared by `lint` and `import`.
enum PlistAnalysis {
    /// One analyzed Info.plist.
    struct Analyzed {
        let plist: ExtensionPlist
        let path: String
    }

    /// Adds each collected file to `sources`, reads it and analyzes it in `mode`.
    ///
    /// Files named on the command line (`explicit`) are reported in full. Files found in directories are
    /// reported only when they are notification extension Info.plists, or when they are not well-formed
    /// XML (then nobody can tell whose they are, and Xcode cannot read them either); property lists in a
    /// format notifc does not read (binary, UTF-16, JSON) are skipped there, unless they name a notification
    /// extension point (``namesNotificationExtensionPoint(_:)``).
    static func analyze(
        _ collected: InputCollector.Collected, explicit: Set<String>, mode: ExtensionPlistMode, limits: Limits,
        sources: inout SourceFileSet, into diagnostics: inout DiagnosticBag
    ) -> [Analyzed] {
        var results: [Analyzed] = []
        var totalSize = 0
        for file in collected.sources.files {
            let id = sources.add(path: file.path, bytes: file.bytes, size: file.size)
            totalSize += file.size
            if totalSize > limits.maxTotalInputSize {
                diagnostics.append(
                    Diagnostic(
                        .inputTooLarge, "inputs are too large together (more than \(limits.maxTotalInputSize) bytes)",
                        at: .point(id, 0), help: ["check fewer files at once"]))
                break
            }
            let isExplicit = explicit.contains(file.path)
            var found = DiagnosticBag(errorLimit: Int.max)
            let root = PropertyListReader.read(sources[id], limits: limits, into: &found)
            let plist = root.flatMap { ExtensionPlistAnalyzer.analyze($0, mode: mode, isExplicit: isExplicit, into: &found) }
            let keep: Bool
            if isExplicit || plist != nil {
                keep = true
            } else if root == nil {
                keep =
                    !found.diagnostics.contains { skippedInDirectories.contains($0.code) }
                    || namesNotificationExtensionPoint(sources[id].bytes)
            } else {
                keep = false
            }
            if keep {
                for diagnostic in found.diagnostics { diagnostics.append(diagnostic) }
            }
            if let plist { results.append(Analyzed(plist: plist, path: file.path)) }
        }
        return results
    }

    /// Problems that mean "not a property list notifc reads", skipped for files found in directories.
    static let skippedInDirectories: Set<DiagnosticCode> = [.unsupportedPlistFormat, .binaryFile, .invalidUTF8, .fileTooLarge]

    /// Whether a file notifc cannot read names a notification extension point: a binary property list keeps an
    /// ASCII string as it is, a UTF-16 one as UTF-16. Such a file is an extension's Info.plist (a built `.appex`
    /// holds a binary one), reported rather than skipped, since its extension would go unchecked.
    static func namesNotificationExtensionPoint(_ bytes: [UInt8]) -> Bool {
        let ascii = Array("com.apple.usernotifications.".utf8)
        var littleEndian: [UInt8] = []
        var bigEndian: [UInt8] = []
        for byte in ascii {
            littleEndian += [byte, 0]
            bigEndian += [0, byte]
        }
        return [ascii, littleEndian, bigEndian].contains { bytes.firstRange(of: $0) != nil }
    }
}
