// `build --check`: compare the outputs with the files on disk, report the stale ones and show the diffs.
import ManifestCompiler

/// Finds outputs that are missing or differ from what the manifest gives.
enum OutputCheck {
    /// One output that `build` would write.
    struct Stale {
        let path: String
        let existing: [UInt8]?
        let contents: [UInt8]
    }

    /// Reports each stale output as ``DiagnosticCode/staleOutput``: at the first line that differs, or
    /// without a location when the file does not exist.
    static func stale(
        _ files: [OutputFile], directory: String, sources: inout SourceFileSet, into diagnostics: inout DiagnosticBag
    ) throws(FileSystemError) -> [Stale] {
        var result: [Stale] = []
        for file in files {
            let destination = FileSystem.join(directory, file.path)
            // Up to date: compared in chunks. Only a stale file is read whole (for its diff).
            if FileSystem.fileHasContents(destination, file) { continue }
            let contents = file.contents
            let existing: [UInt8]? = FileSystem.entry(at: destination)?.kind == .file ? try FileSystem.readFile(destination) : nil
            guard existing != contents else { continue }
            result.append(Stale(path: destination, existing: existing, contents: contents))
            let help = ["run 'notifc build' without '--check' to update it"]
            guard let existing else {
                diagnostics.append(Diagnostic(.staleOutput, "output '\(destination)' does not exist", at: nil, help: help))
                continue
            }
            let id = sources.add(path: destination, bytes: existing)
            diagnostics.append(
                Diagnostic(
                    .staleOutput, "output '\(destination)' is out of date", at: firstDifference(existing, contents, in: id),
                    label: nil, help: help))
        }
        return result
    }

    /// The first line of `old` that differs from `new`, without its indentation (an empty range at the end
    /// when `old` is a prefix).
    static func firstDifference(_ old: [UInt8], _ new: [UInt8], in file: SourceFileID) -> SourceRange {
        var offset = 0
        var lineStart = 0
        while offset < old.count, offset < new.count, old[offset] == new[offset] {
            if old[offset] == UInt8(ascii: "\n") { lineStart = offset + 1 }
            offset += 1
        }
        while lineStart < old.count, old[lineStart] == UInt8(ascii: " ") || old[lineStart] == UInt8(ascii: "\t") {
            lineStart += 1
        }
        var lineEnd = lineStart
        while lineEnd < old.count, old[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        return SourceRange(file: file, start: lineStart, end: lineEnd)
    }
}
