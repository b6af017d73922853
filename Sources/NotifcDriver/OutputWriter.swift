// Writes emitted files into the output directory: all or nothing, atomically, leaving unchanged files untouched.
import ManifestCompiler

/// Writes a set of ``EmittedFile``s below a directory.
///
/// Phase 1 writes every changed file to a temporary file beside its destination; if any write fails,
/// every temporary file and every directory phase 1 created is removed, and nothing is replaced.
/// Phase 2 renames each temporary file over its destination (atomic per file; renames within one
/// directory do not fail in practice, and if one does, the files already renamed stay replaced).
/// A file whose bytes are already on disk is not rewritten, so its modification time stays and
/// incremental builds stay incremental.
///
/// A streamed output (``Output/streamed(_:of:)``) never exists in memory, only its emitter's 64 KB staging
/// block: when its destination is a readable regular file, each block is compared with it (``FileUpdater``)
/// and the temporary file is only started at the first difference, so an up-to-date output costs no write
/// at all; otherwise the emitter writes straight into the temporary file.
///
/// Temporary names carry the process ID and a random part, so two builds into one directory (even from
/// different containers, whose process IDs may be equal) never share one; each is created exclusively.
struct OutputWriter {
    /// What happened to one output.
    enum Outcome: Equatable {
        case written
        case unchanged
    }

    /// A file to write: bytes already emitted, or an emitter that writes them while the file is written.
    enum Output {
        case emitted(EmittedFile)
        case streamed(any StreamingEmitter, of: Manifest)

        /// The path below the output directory.
        var path: String {
            switch self {
            case .emitted(let file): file.path
            case .streamed(let emitter, _): emitter.path
            }
        }
    }

    let directory: String

    /// The outcome for every file, in order; throws when any file could not be written.
    func write(_ files: [EmittedFile]) throws(FileSystemError) -> [(path: String, outcome: Outcome)] {
        try write(files.map(Output.emitted))
    }

    /// The outcome for every output, in order; throws when any output could not be written.
    func write(_ outputs: [Output]) throws(FileSystemError) -> [(path: String, outcome: Outcome)] {
        var results: [(path: String, outcome: Outcome)] = []
        var staged: [(temporary: String, destination: String)] = []
        var createdDirectories: [String] = []
        func rollBack() {
            for entry in staged { FileSystem.removeFile(entry.temporary) }
            for directory in createdDirectories.reversed() { FileSystem.removeEmptyDirectory(directory) }
        }
        for output in outputs {
            let destination = FileSystem.join(directory, output.path)
            if case .emitted(let file) = output, FileSystem.fileHasContents(destination, file.contents) {
                results.append((destination, .unchanged))
                continue
            }
            let temporary = FileSystem.join(
                FileSystem.parentDirectory(of: destination),
                ".\(Self.lastComponent(of: destination)).notifc-\(getpid())-\(Self.randomTag()).tmp")
            do {
                switch output {
                case .emitted(let file):
                    createdDirectories += try FileSystem.createDirectory(FileSystem.parentDirectory(of: destination))
                    try FileSystem.writeNewFile(temporary, file.contents)
                case .streamed(let emitter, let manifest):
                    if let updater = FileUpdater(destination: destination, temporary: temporary) {
                        emitter.write(manifest, into: ByteBuffer(sink: updater)).finishStreaming()
                        guard try updater.finish() == .written else {
                            results.append((destination, .unchanged))
                            continue
                        }
                    } else {
                        createdDirectories += try FileSystem.createDirectory(FileSystem.parentDirectory(of: destination))
                        try FileSystem.writeNewFile(temporary) { descriptor in
                            let writer = FileWriter(descriptor: descriptor)
                            emitter.write(manifest, into: ByteBuffer(sink: writer)).finishStreaming()
                            return writer.failure
                        }
                    }
                }
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

    /// Eight random hex digits for a temporary name.
    private static func randomTag() -> String {
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return String(repeating: "0", count: 8 - tag.utf8.count) + tag
    }

    private static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
