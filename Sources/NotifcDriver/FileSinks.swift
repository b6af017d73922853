// Byte sinks on files: one that writes blocks to a file, one that compares them with a file, one that updates a file only where it differs.
import ManifestCompiler

/// Writes every block to an open file descriptor (which it does not close). After a failed write the
/// following blocks are dropped; ``failure`` is the first failure's `errno`, or 0.
final class FileWriter: ByteSink {
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

/// Compares a stream of blocks with an existing regular file, front to back, writing nothing: the one
/// comparison with the disk, behind `FileSystem.fileHasContents`, `build --check`'s streamed outputs and
/// ``FileUpdater`` (where a new version starts to differ).
final class FileComparer: ByteSink {
    /// The existing file, open for reading.
    let descriptor: Int32
    /// The file's size and times when it was opened.
    let stamp: FileStamp
    /// A 64 KB scratch buffer (also lent to ``FileUpdater`` for its copy).
    let chunk: UnsafeMutableRawBufferPointer
    /// How many bytes matched before the first difference.
    private(set) var matched = 0
    /// Whether a block differed from the file (or the file ended first).
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
        self.chunk = .allocate(byteCount: 1 << 16, alignment: 16)
    }

    deinit {
        close(descriptor)
        chunk.deallocate()
    }

    func consume(_ block: UnsafeRawBufferPointer) {
        guard !differs else { return }
        if matchesFile(block) { matched += block.count } else { differs = true }
    }

    /// Whether every block matched and the file ends right after them. Call it once, after the last block.
    func fileEndsHere() -> Bool {
        guard !differs else { return false }
        var probe: UInt8 = 0
        return FileSystem.readFully(descriptor, into: &probe, count: 1) == 0
    }

    /// Whether the file's next bytes are `block`'s (read a chunk at a time, whatever the block's size).
    private func matchesFile(_ block: UnsafeRawBufferPointer) -> Bool {
        guard let base = chunk.baseAddress, let blockBase = block.baseAddress else { return block.isEmpty }
        var compared = 0
        while compared < block.count {
            let count = min(chunk.count, block.count - compared)
            guard FileSystem.readFully(descriptor, into: base, count: count) == count,
                memcmp(base, blockBase + compared, count) == 0
            else { return false }
            compared += count
        }
        return true
    }
}

/// Streams a new version of an existing file: each block is compared with the file's bytes at that offset
/// (``FileComparer``), and nothing is written while they match. At the first difference (or when the new
/// version is longer or shorter) it creates `temporary`, copies the matching prefix from the existing file,
/// and writes the rest there. So a build whose output is up to date writes nothing at all: no temporary
/// file, no change to the directory, and no need for it to be writable.
///
/// The prefix is copied from the existing file only if the file is still as it was when it was opened
/// (same size, modification and change times): a file rewritten in place during the comparison must not
/// lend its new bytes to the output. When it was, ``finish()`` throws and nothing is written.
final class FileUpdater: ByteSink {
    /// What ``finish()`` found.
    enum Outcome {
        /// The existing file already held exactly these bytes; nothing was written.
        case unchanged
        /// `temporary` holds the new version, complete and closed.
        case written
    }

    private let destination: String
    private let temporary: String
    private let comparer: FileComparer
    /// The temporary file, once the versions differ.
    private var writer: FileWriter?
    private var failure: FileSystemError?
    private var isFinished = false

    /// Opens the regular file at `destination` for comparison; the new version, if it differs, goes to
    /// `temporary`. `nil` when `destination` cannot be opened for reading or is not a regular file (the
    /// caller then writes the new version without comparing, as for a missing file).
    init?(destination: String, temporary: String) {
        guard let comparer = FileComparer(path: destination) else { return nil }
        self.destination = destination
        self.temporary = temporary
        self.comparer = comparer
    }

    deinit {
        // Dropped without `finish()` (its emitter never completed): remove the temporary file it started.
        if !isFinished, let writer {
            close(writer.descriptor)
            unlink(temporary)
        }
    }

    func consume(_ block: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        if let writer {
            writer.consume(block)
            return
        }
        comparer.consume(block)
        if comparer.differs {
            diverge()
            writer?.consume(block)
        }
    }

    /// Closes the temporary file. Throws when anything could not be read or written, or the existing file
    /// changed while it was compared (the temporary file is then removed). Call it once.
    func finish() throws(FileSystemError) -> Outcome {
        precondition(!isFinished, "FileUpdater.finish() called twice")
        isFinished = true
        if writer == nil, failure == nil {
            if comparer.fileEndsHere() { return .unchanged }
            diverge()
        }
        if failure == nil, let writer, writer.failure != 0 {
            failure = FileSystemError(path: temporary, errno: writer.failure)
        }
        if let writer, close(writer.descriptor) != 0, failure == nil {
            failure = FileSystemError(path: temporary, errno: errno)
        }
        if let failure {
            if writer != nil { unlink(temporary) }
            throw failure
        }
        return .written
    }

    /// Starts the temporary file with the bytes both versions share, copied from the existing file,
    /// provided it has not changed since it was opened.
    private func diverge() {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            failure = FileSystemError(path: temporary, errno: errno)
            return
        }
        let writer = FileWriter(descriptor: descriptor)
        self.writer = writer
        guard let base = comparer.chunk.baseAddress else { return }
        var copied = 0
        while copied < comparer.matched {
            let count = pread(
                comparer.descriptor, base, min(comparer.chunk.count, comparer.matched - copied), off_t(copied))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                failure =
                    count < 0
                    ? FileSystemError(path: destination, errno: errno)
                    : Self.changedWhileCompared(destination)
                return
            }
            writer.consume(UnsafeRawBufferPointer(start: base, count: count))
            copied += count
        }
        // Checked after the copy: a change made before or during it shows in the times.
        if FileStamp(comparer.descriptor) != comparer.stamp { failure = Self.changedWhileCompared(destination) }
    }

    private static func changedWhileCompared(_ path: String) -> FileSystemError {
        FileSystemError(path: path, reason: "the file changed while notifc compared it with the new output; build again")
    }
}

/// A regular file's size and modification and change times: what changes when the file is rewritten.
struct FileStamp: Equatable {
    let size: Int
    let modified: timespec
    let changed: timespec

    /// The stamp of an open regular file; `nil` when it is not one or `fstat` fails.
    init?(_ descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return nil }
        size = Int(info.st_size)
        #if canImport(Darwin)
            modified = info.st_mtimespec
            changed = info.st_ctimespec
        #else
            modified = info.st_mtim
            changed = info.st_ctim
        #endif
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.size == rhs.size && lhs.modified.tv_sec == rhs.modified.tv_sec
            && lhs.modified.tv_nsec == rhs.modified.tv_nsec && lhs.changed.tv_sec == rhs.changed.tv_sec
            && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
