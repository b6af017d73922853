// Reads input files as they were at a git revision (`notifc diff --against REV`), by running git.
import ManifestCompiler

/// Why inputs could not be read at a revision: git is missing, the revision or a path is unknown, git failed.
struct RevisionReadError: Error, Equatable {
    /// The message printed after `error: cannot read input: `.
    let message: String
}

/// Collects the files that input arguments name at a git revision, the way ``InputCollector`` collects them on disk.
///
/// A file argument is the blob at that path; a directory argument is searched recursively for blobs ending in the
/// extension (names starting with `.` skipped, symbolic links skipped), in bytewise order of their paths, and may
/// hold none (or not exist) at the revision. Each
/// argument is resolved relative to its own directory (`git -C`), so inputs in any repository and any working
/// directory work. The files are shown as `REV:path` in diagnostics. Size limits apply as on disk: a blob over
/// the limit is not read, and is reported from its size.
struct GitRevisionReader {
    /// The revision, as git understands it (`origin/main`, `HEAD~1`, a commit hash).
    let revision: String
    /// Where to look for `git` (the driver environment's `PATH`).
    let searchPath: String?
    /// Extension of the files a directory search collects (`.notif`).
    let fileExtension: String
    /// The input limits.
    let limits: Limits

    private struct TreeEntry {
        var mode: String
        var type: String
        var object: String
        var size: Int
        var path: String
    }

    /// Reads every input at the revision.
    func collect(_ arguments: [String]) throws(RevisionReadError) -> InputCollector.Collected {
        var collected = InputCollector.Collected()
        var verifiedDirectories: Set<String> = []
        var seen: Set<String> = []
        var totalSize = 0
        for argument in arguments {
            let isDirectory = FileSystem.entry(at: argument)?.kind == .directory
            let directory = isDirectory ? argument : Self.nonEmpty(FileSystem.parentDirectory(of: argument))
            let target = isDirectory ? "." : Self.lastComponent(argument)
            if verifiedDirectories.insert(directory).inserted { try verifyRevision(in: directory) }
            let entries = try tree(in: directory, target: target)
            var files: [(display: String, entry: TreeEntry)] = []
            if isDirectory {
                files = entries.filter { entry in
                    entry.type == "blob" && FileNames.hasSuffix(entry.path, fileExtension)
                        && !entry.path.split(separator: "/").contains { $0.hasPrefix(".") }
                }.map { ("\(revision):\(FileSystem.join(argument, $0.path))", $0) }
                // A directory without manifests at the revision (the change that adds them) has an empty old side:
                // everything in it is added.
                files.sort { $0.display.utf8.lexicographicallyPrecedes($1.display.utf8) }
            } else {
                guard let entry = entries.first(where: { $0.path == target && $0.type == "blob" }) else {
                    let nowhere = FileSystem.entry(at: argument) == nil ? " or in the working copy" : ""
                    throw RevisionReadError(message: "'\(argument)' does not exist at revision '\(revision)'\(nowhere)")
                }
                files = [("\(revision):\(argument)", entry)]
            }
            for (display, entry) in files where seen.insert(display).inserted {
                if entry.mode == Self.symbolicLinkMode {
                    // Followed, as `build` follows it on disk (where a link to nothing in a directory is skipped);
                    // its size is known once it is read.
                    let (target, linked) = try linkedBlob(entry, in: directory)
                    guard let bytes = linked else {
                        if isDirectory { continue }
                        throw RevisionReadError(
                            message: "'\(display)' is a symbolic link to '\(target)', which is not a file in the repository at that revision")
                    }
                    totalSize += bytes.count
                    let tooLarge = bytes.count > limits.maxFileSize || totalSize > limits.maxTotalInputSize
                    collected.sources.add(path: display, bytes: tooLarge ? [] : bytes, size: bytes.count)
                    continue
                }
                totalSize += entry.size
                if entry.size > limits.maxFileSize || totalSize > limits.maxTotalInputSize {
                    collected.sources.add(path: display, bytes: [], size: entry.size)
                } else {
                    collected.sources.add(path: display, bytes: try blob(entry.object, in: directory))
                }
            }
        }
        return collected
    }

    private func verifyRevision(in directory: String) throws(RevisionReadError) {
        let result = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: directory)
        guard result.status != 0 else { return }
        if result.error.isEmpty { throw RevisionReadError(message: "unknown revision '\(revision)'") }
        throw failure(result, in: directory)
    }

    /// `git ls-tree -r -l -z REV -- target`: the blobs at or below `target`, paths relative to `directory`.
    private func tree(in directory: String, target: String) throws(RevisionReadError) -> [TreeEntry] {
        let result = try git(["ls-tree", "-r", "-l", "-z", revision, "--", target], in: directory)
        guard result.status == 0 else { throw failure(result, in: directory) }
        return result.output.split(separator: 0).compactMap { record in
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
            let fields = record[record.startIndex..<tab].split(separator: UInt8(ascii: " "))
            guard fields.count == 4 else { return nil }
            let text = fields.map { String(decoding: $0, as: UTF8.self) }
            return TreeEntry(
                mode: text[0], type: text[1], object: text[2], size: Int(text[3]) ?? 0,
                path: String(decoding: record[(tab + 1)...], as: UTF8.self))
        }
    }

    /// The mode `git ls-tree` gives a symbolic link (its blob is the link's target).
    private static let symbolicLinkMode = "120000"

    /// What the symbolic link `link` points to, and that file's bytes at the revision (a relative target, resolved
    /// from the link's folder as on disk); no bytes when it points outside the repository or to no file.
    private func linkedBlob(_ link: TreeEntry, in directory: String) throws(RevisionReadError) -> (target: String, bytes: [UInt8]?) {
        let target = String(decoding: try blob(link.object, in: directory), as: UTF8.self)
        guard !target.hasPrefix("/") else { return (target, nil) }
        let folder = FileSystem.parentDirectory(of: link.path)
        let result = try git(["cat-file", "blob", "\(revision):./\(FileSystem.join(folder, target))"], in: directory)
        return (target, result.status == 0 ? result.output : nil)
    }

    private func blob(_ object: String, in directory: String) throws(RevisionReadError) -> [UInt8] {
        let result = try git(["cat-file", "blob", object], in: directory)
        guard result.status == 0 else { throw failure(result, in: directory) }
        return result.output
    }

    private func git(_ arguments: [String], in directory: String) throws(RevisionReadError) -> ProcessRunner.Result {
        do {
            return try ProcessRunner.run("git", ["-C", directory] + arguments, searchPath: searchPath)
        } catch {
            if error.isNotFound { throw RevisionReadError(message: "git was not found on PATH; --against needs git") }
            throw RevisionReadError(message: "cannot run git: \(error.reason)")
        }
    }

    private func failure(_ result: ProcessRunner.Result, in directory: String) -> RevisionReadError {
        let detail = result.errorText.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
        return RevisionReadError(message: "git failed in '\(directory)': \(detail)")
    }

    private static func nonEmpty(_ path: String) -> String { path.isEmpty ? "." : path }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
