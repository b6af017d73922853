// Byte sinks on files: one that writes blocks to a file, one that updates a file only where it differs.

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

/// Streams a new version of an existing file: each block is compared with the file's bytes at that offset,
/// and nothing is written while they match. At the first difference (or when the new version is longer or
/// shorter) it creates `temporary`, copies the matching prefix from the existing file, and writes the rest
/// there. So a build whose output is up to date writes nothing at all: no temporary file, no change to the
/// directory, and no need for it to be writable.
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
    /// The existing file, open for reading.
    private let existing: Int32
    /// How many bytes matched the existing file before the first difference.
    private var matched = 0
    /// The temporary file, once the versions differ.
    private var writer: FileWriter?
    private var failure: FileSystemError?
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    private var isFinished = false

    /// Opens the file at `destination` for comparison; the new version, if it differs, goes to `temporary`.
    init(destination: String, temporary: String) throws(FileSystemError) {
        let descriptor = open(destination, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            chunk.deallocate()
            throw FileSystemError(path: destination, errno: errno)
        }
        self.destination = destination
        self.temporary = temporary
        self.existing = descriptor
    }

    deinit {
        if !isFinished { abandon() }
        chunk.deallocate()
    }

    func consume(_ block: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        if let writer {
            writer.consume(block)
            return
        }
        if matchesExisting(block) {
            matched += block.count
            return
        }
        diverge()
        writer?.consume(block)
    }

    /// Closes the files. Throws when anything could not be read or written (the temporary file is then
    /// removed).
    func finish() throws(FileSystemError) -> Outcome {
        if writer == nil, failure == nil {
            // Every byte matched: the versions are the same when the existing file ends here too.
            var probe: UInt8 = 0
            if FileSystem.readFully(existing, into: &probe, count: 1) == 0 {
                isFinished = true
                close(existing)
                return .unchanged
            }
            diverge()
        }
        isFinished = true
        close(existing)
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

    /// Whether the existing file's next bytes are `block`'s.
    private func matchesExisting(_ block: UnsafeRawBufferPointer) -> Bool {
        guard let base = chunk.baseAddress, let blockBase = block.baseAddress, block.count <= chunk.count else {
            return block.isEmpty
        }
        return FileSystem.readFully(existing, into: base, count: block.count) == block.count
            && memcmp(base, blockBase, block.count) == 0
    }

    /// Starts the temporary file with the `matched` bytes both versions share, copied from the existing file.
    private func diverge() {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            failure = FileSystemError(path: temporary, errno: errno)
            return
        }
        let writer = FileWriter(descriptor: descriptor)
        self.writer = writer
        guard let base = chunk.baseAddress else { return }
        var copied = 0
        while copied < matched {
            let count = pread(existing, base, min(chunk.count, matched - copied), off_t(copied))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                failure =
                    count < 0
                    ? FileSystemError(path: destination, errno: errno)
                    : FileSystemError(path: destination, reason: "the file got shorter while it was compared")
                return
            }
            writer.consume(UnsafeRawBufferPointer(start: base, count: count))
            copied += count
        }
    }

    /// Closes everything and removes the temporary file (an updater dropped without ``finish()``).
    private func abandon() {
        close(existing)
        if let writer {
            close(writer.descriptor)
            unlink(temporary)
        }
    }
}
