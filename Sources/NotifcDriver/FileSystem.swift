// The few file operations the driver needs, on the C library directly (no Foundation on the start-up path).

/// A failed file operation: the path and the system's reason.
public struct FileSystemError: Error, Equatable, Sendable {
    /// The path the operation was on.
    public let path: String
    /// The system's description (`strerror`) or another reason.
    public let reason: String

    /// The message the driver prints.
    public var message: String { "\(reason): '\(path)'" }

    /// The error with `name` as its path when it is about `path` (a temporary file or a resolved link is
    /// reported as the file the user named).
    func naming(_ name: String, for path: String) -> FileSystemError {
        self.path == path ? FileSystemError(path: name, reason: reason) : self
    }

    init(path: String, errno code: Int32) {
        self.path = path
        self.reason = String(cString: strerror(code))
    }

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// File operations on the real file system.
public enum FileSystem {
    /// What is at a path.
    public enum EntryKind: Equatable, Sendable {
        case file
        case directory
        case other
    }

    /// What a path names: its kind, size and identity.
    public struct Entry: Sendable {
        public let kind: EntryKind
        public let size: Int
        public let identity: FileIdentity
    }

    /// What `path` names (following symbolic links), or `nil` if nothing is there.
    public static func entry(at path: String) -> Entry? {
        try? status(of: path)
    }

    /// What `path` names (following symbolic links); throws with the system's reason when it cannot tell.
    public static func status(of path: String) throws(FileSystemError) -> Entry {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileSystemError(path: path, errno: errno) }
        let type = info.st_mode & mode_t(S_IFMT)
        let kind: EntryKind =
            type == mode_t(S_IFDIR) ? .directory : type == mode_t(S_IFREG) ? .file : .other
        return Entry(
            kind: kind, size: Int(info.st_size),
            identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// Reads a whole file with `read(2)`, or its first `maximumSize + 1` bytes when it is (or grows) larger than
    /// that. A directory is an error (`EISDIR`).
    public static func readFile(_ path: String, maximumSize: Int = Int.max) throws(FileSystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, errno: errno) }
        if info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) { throw FileSystemError(path: path, errno: EISDIR) }
        let limit = maximumSize == Int.max ? Int.max : maximumSize + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(limit, max(0, Int(info.st_size))))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    /// Whether the file at `path` holds exactly `bytes`; `false` when it differs, is not a regular file or
    /// cannot be read. The file is compared 64 KB at a time, so checking a large output that is up to date
    /// (what every incremental build does) does not hold a second copy of it in memory.
    public static func fileHasContents(_ path: String, _ bytes: [UInt8]) -> Bool {
        fileHasContents(path, OutputFile(path: path, contents: bytes))
    }

    /// Whether the file at `path` holds exactly the bytes of `file`, given piece by piece; `false` when it differs,
    /// is not a regular file or cannot be read. A file whose size is known and differs is not read at all.
    static func fileHasContents(_ path: String, _ file: OutputFile) -> Bool {
        guard let comparer = FileComparer(path: path), file.size.map({ $0 == comparer.stamp.size }) ?? true else {
            return false
        }
        file.pieces { piece in piece.withUnsafeBytes { comparer.consume($0) } }
        return comparer.fileEndsHere()
    }

    /// Reads until `count` bytes arrived or the file ended: the number read, or -1 on an error.
    static func readFully(_ descriptor: Int32, into base: UnsafeMutableRawPointer, count: Int) -> Int {
        var filled = 0
        while filled < count {
            let read = read(descriptor, base + filled, count - filled)
            if read < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if read == 0 { break }
            filled += read
        }
        return filled
    }

    /// The names in a directory (not `.` and `..`), sorted bytewise.
    public static func contentsOfDirectory(_ path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else { throw FileSystemError(path: path, errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Creates `path` and any missing parents; returns the directories it created, outermost first.
    @discardableResult
    public static func createDirectory(_ path: String) throws(FileSystemError) -> [String] {
        if path.isEmpty { return [] }  // the current directory (the parent of a bare file name)
        if let existing = entry(at: path) {
            if existing.kind == .directory { return [] }
            throw FileSystemError(path: path, reason: "not a directory")
        }
        var created: [String] = []
        let parent = parentDirectory(of: path)
        if !parent.isEmpty, parent != path { created = try createDirectory(parent) }
        if mkdir(path, 0o755) != 0 {
            if errno != EEXIST { throw FileSystemError(path: path, errno: errno) }
        } else {
            created.append(path)
        }
        return created
    }

    /// Removes an empty directory, ignoring failure.
    public static func removeEmptyDirectory(_ path: String) {
        rmdir(path)
    }

    /// Writes `bytes` to a new file at `path` (which must not exist), with mode 0644.
    public static func writeNewFile(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try writeNewFile(path, OutputFile(path: path, contents: bytes))
    }

    /// Writes the bytes of `file`, piece by piece, to a new file at `path` (which must not exist), with mode 0644.
    static func writeNewFile(_ path: String, _ file: OutputFile) throws(FileSystemError) {
        try writeNewFile(path) { descriptor in
            let writer = FileWriter(descriptor: descriptor)
            file.pieces { piece in piece.withUnsafeBytes { writer.consume($0) } }
            return writer.failure
        }
    }

    /// Creates a new file at `path` (which must not exist, mode 0644) and lets `write` write it through the
    /// open descriptor; `write` returns 0, or the `errno` of a failed write. On any failure the file is
    /// removed and the error thrown.
    static func writeNewFile(_ path: String, write: (Int32) -> Int32) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
        var failure = write(descriptor)
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw FileSystemError(path: path, errno: failure)
        }
    }

    /// Where writing `path` puts the bytes, and the permission bits of the regular file there now (`nil` when there
    /// is none): a symbolic link to a regular file is written through, so that file is replaced and the link stays.
    /// A link to anything else (nothing yet, a device such as `/dev/null`, a pipe) is replaced itself, so nothing
    /// outside the output folder but a regular file the link names is ever replaced.
    static func writeTarget(of path: String) -> (path: String, mode: mode_t?) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return (path, nil) }
        let isLink = info.st_mode & mode_t(S_IFMT) == mode_t(S_IFLNK)
        if isLink, stat(path, &info) != 0 { return (path, nil) }  // a dangling link is replaced
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return (path, nil) }
        let mode = info.st_mode & 0o7777
        guard isLink, let resolved = realpath(path, nil) else { return (path, mode) }
        defer { free(resolved) }
        return (String(cString: resolved), mode)
    }

    /// Atomically replaces `destination` with `source` (same directory).
    public static func moveReplacing(_ source: String, to destination: String) throws(FileSystemError) {
        guard rename(source, destination) == 0 else {
            throw FileSystemError(path: destination, errno: errno)
        }
    }

    /// Removes a file, ignoring failure.
    public static func removeFile(_ path: String) {
        unlink(path)
    }

    /// `a/b/c` → `a/b`; `c` → ``; `/c` → `/`.
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == path.utf8.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Joins path components with `/`, without doubling separators.
    public static func join(_ base: String, _ component: String) -> String {
        if base.isEmpty || base == "." { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }
}

/// A file's device and inode, to recognise a directory reached twice through symbolic links.
public struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
}

// MARK: - Writing and comparing through a descriptor

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
    /// The file's next bytes, read for one comparison.
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

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
