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
/// Temporary names carry the process ID and a random part, so two builds into one directory (even from
/// different containers, whose process IDs may be equal) never share one; each is created exclusively.
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
        for file in files {
            let destination = FileSystem.join(directory, file.path)
            if FileSystem.fileHasContents(destination, file.contents) {
                results.append((destination, .unchanged))
                continue
            }
            let temporary = FileSystem.join(
                FileSystem.parentDirectory(of: destination),
                ".\(Self.lastComponent(of: destination)).notifc-\(getpid())-\(Self.randomTag()).tmp")
            do {
                createdDirectories += try FileSystem.createDirectory(FileSystem.parentDirectory(of: destination))
                try FileSystem.writeNewFile(temporary, file.contents)
            } catch {
                for entry in staged { FileSystem.removeFile(entry.temporary) }
                for directory in createdDirectories.reversed() { FileSystem.removeEmptyDirectory(directory) }
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

// MARK: - File access for FileSystem

/// Writes bytes to an open file descriptor (which it does not close), for `FileSystem.writeNewFile`. After a
/// failed write the following bytes are dropped; ``failure`` is the first failure's `errno`, or 0.
final class FileWriter {
    let descriptor: Int32
    private(set) var failure: Int32 = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func consume(_ block: UnsafeRawBufferPointer) {
        guard failure == 0, let base = block.baseAddress else { return }
        var offset = 0
        while offset < block.count {
            let written = write(descriptor, base + offset, block.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                failure = written < 0 ? errno : EIO  // a write of 0 bytes would never finish
                return
            }
            offset += written
        }
    }
}

/// Compares bytes with an existing regular file front to back, 64 KB at a time, for
/// `FileSystem.fileHasContents`.
final class FileComparer {
    /// The existing file, open for reading.
    let descriptor: Int32
    /// The file's size when it was opened.
    let stamp: FileStamp
    /// Whether the bytes differed from the file (or the file ended first).
    private(set) var differs = false

    /// Opens the regular file at `path`; `nil` when it cannot be opened for reading or is not a regular file.
    init?(path: String) {
        // Non-blocking, so a FIFO that replaced the file since the caller looked does not block the open.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        guard let stamp = FileStamp(descriptor) else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.stamp = stamp
    }

    deinit {
        close(descriptor)
    }

    /// Compares `block` with the file's next bytes.
    func consume(_ block: UnsafeRawBufferPointer) {
        guard !differs, let base = block.baseAddress else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var compared = 0
        while compared < block.count {
            let count = min(chunk.count, block.count - compared)
            let matches = chunk.withUnsafeMutableBytes { chunk in
                guard let chunk = chunk.baseAddress else { return false }
                return FileSystem.readFully(descriptor, into: chunk, count: count) == count
                    && memcmp(chunk, base + compared, count) == 0
            }
            guard matches else {
                differs = true
                return
            }
            compared += count
        }
    }

    /// Whether every block matched and the file ends right after them. Call it once, after the last block.
    func fileEndsHere() -> Bool {
        guard !differs else { return false }
        var probe: UInt8 = 0
        return FileSystem.readFully(descriptor, into: &probe, count: 1) == 0
    }
}

/// The size of a regular file.
struct FileStamp {
    let size: Int

    /// The stamp of an open regular file; `nil` when it is not one or `fstat` fails.
    init?(_ descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return nil }
        size = Int(info.st_size)
    }
}
