// Writes emitted files into the output directory: all or nothing, atomically, leaving unchanged files untouched.

/// Writes a set of ``EmittedFile``s below a directory.
///
/// Phase 1 writes every changed file to a temporary file beside its destination; if any write fails,
/// every temporary file and every directory phase 1 created is removed, and nothing is replaced.
/// Phase 2 renames each temporary file over its destination (atomic per file; renames within one
/// directory do not fail in practice, and if one does, the files already renamed stay replaced).
/// A file whose bytes are already on disk is not rewritten, so its modification time stays and
/// incremental builds stay incremental.
struct OutputWriter {
    /// What happened to one output.
    enum Outcome: Equatable {
        case written
        case unchanged
    }

    let directory: String

    /// The outcome for every file, in order; throws when any file could not be written.
    func write(_ files: [EmittedFile]) throws(FileSystemError) -> [(path: String, outcome: Outcome)] {
        var results: [(path: String, outcome: Outcome)] = []
        var staged: [(temporary: String, destination: String)] = []
        var createdDirectories: [String] = []
        func rollBack() {
            for entry in staged { FileSystem.removeFile(entry.temporary) }
            for directory in createdDirectories.reversed() { FileSystem.removeEmptyDirectory(directory) }
        }
        for file in files {
            let destination = FileSystem.join(directory, file.path)
            if FileSystem.fileHasContents(destination, file.contents) {
                results.append((destination, .unchanged))
                continue
            }
            let temporary = FileSystem.join(
                FileSystem.parentDirectory(of: destination),
                ".\(Self.lastComponent(of: destination)).notifc-\(getpid())-\(staged.count).tmp")
            do {
                createdDirectories += try FileSystem.createDirectory(FileSystem.parentDirectory(of: destination))
                try FileSystem.writeNewFile(temporary, file.contents)
            } catch {
                rollBack()
                throw error
            }
            staged.append((temporary, destination))
            results.append((destination, .written))
        }
        for (index, entry) in staged.enumerated() {
            do {
                try FileSystem.moveReplacing(entry.temporary, to: entry.destination)
            } catch {
                for remaining in staged[index...] { FileSystem.removeFile(remaining.temporary) }
                throw error
            }
        }
        return results
    }

    private static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
