// Writes emitted files into the output directory: all or nothing, atomically, leaving unchanged files untouched.
import ManifestCompiler

/// A file for ``OutputWriter`` to write: its path below the output directory and its bytes, which come in one
/// piece or, for the JSON bundle of a build, in several, so a large bundle goes to its file without being held
/// whole beside the manifest (peak memory, docs/performance.md). Only `build --check` joins the pieces, for a
/// stale file's diff.
struct OutputFile {
    /// Gives the file's bytes to its argument in order, one piece at a time. It may be called more than once
    /// (to compare with the file on disk, then to write), giving the same bytes each time.
    typealias Pieces = (_ sink: ([UInt8]) -> Void) -> Void

    /// The path below the output directory, with `/` separators.
    let path: String
    let pieces: Pieces
    /// The number of bytes, when known without making them (a file in one piece).
    let size: Int?

    init(path: String, pieces: @escaping Pieces) {
        self.path = path
        self.pieces = pieces
        size = nil
    }

    /// A file whose bytes are all in memory.
    init(path: String, contents: [UInt8]) {
        self.path = path
        pieces = { sink in sink(contents) }
        size = contents.count
    }

    init(_ file: EmittedFile) {
        self.init(path: file.path, contents: file.contents)
    }

    /// The file's bytes in one array.
    var contents: [UInt8] {
        var contents: [UInt8] = []
        pieces { piece in
            if contents.isEmpty { contents = piece } else { contents += piece }  // one piece is not copied
        }
        return contents
    }
}

/// Writes a set of ``OutputFile``s below a directory.
///
/// Phase 1 writes every changed file to a temporary file beside its destination; if any write fails,
/// every temporary file and every directory phase 1 created is removed, and nothing is replaced.
/// Phase 2 renames each temporary file over its destination (atomic per file; renames within one
/// directory do not fail in practice, and if one does, the files already renamed stay replaced).
/// A file whose bytes are already on disk is not rewritten, so its modification time stays and
/// incremental builds stay incremental. A symbolic link is written through (the file it names is replaced, the
/// link stays, as it was read through), and a replaced file keeps its permission bits.
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
        try write(files.map(OutputFile.init))
    }

    /// The outcome for every file, in order; throws when any file could not be written. A file given in pieces
    /// that is already on disk is made once (to compare); one that differs, twice (its pieces are not kept, and
    /// copying the part that matched back from the file on disk would trust a file another process may be
    /// changing).
    func write(_ files: [OutputFile]) throws(FileSystemError) -> [(path: String, outcome: Outcome)] {
        var results: [(path: String, outcome: Outcome)] = []
        var staged: [(temporary: String, destination: String, named: String)] = []
        var createdDirectories: [String] = []
        for file in files {
            let named = FileSystem.join(directory, file.path)
            let (destination, mode) = FileSystem.writeTarget(of: named)
            if FileSystem.fileHasContents(destination, file) {
                results.append((named, .unchanged))
                continue
            }
            let temporary = FileSystem.join(
                FileSystem.parentDirectory(of: destination),
                ".\(Self.shortened(Self.lastComponent(of: destination))).notifc-\(getpid())-\(Self.randomTag()).tmp")
            do {
                createdDirectories += try FileSystem.createDirectory(FileSystem.parentDirectory(of: destination))
                try FileSystem.writeNewFile(temporary, file)
                if let mode { chmod(temporary, mode) }
            } catch {
                for entry in staged { FileSystem.removeFile(entry.temporary) }
                for directory in createdDirectories.reversed() { FileSystem.removeEmptyDirectory(directory) }
                throw error.naming(named, for: temporary)
            }
            staged.append((temporary, destination, named))
            results.append((named, .written))
        }
        // A folder where a file goes (one made for another output, or one already there) cannot be replaced: found
        // before anything is moved into place, so nothing is written.
        if let blocked = staged.first(where: { FileSystem.entry(at: $0.destination)?.kind == .directory }) {
            for entry in staged { FileSystem.removeFile(entry.temporary) }
            for directory in createdDirectories.reversed() { FileSystem.removeEmptyDirectory(directory) }
            throw FileSystemError(path: blocked.named, errno: EISDIR)
        }
        for (index, entry) in staged.enumerated() {
            do {
                try FileSystem.moveReplacing(entry.temporary, to: entry.destination)
            } catch {
                for remaining in staged[index...] { FileSystem.removeFile(remaining.temporary) }
                throw error.naming(entry.named, for: entry.destination)
            }
        }
        return results
    }

    /// Eight random hex digits for a temporary name.
    private static func randomTag() -> String {
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return String(repeating: "0", count: 8 - tag.utf8.count) + tag
    }

    /// A file name cut to 100 bytes, so that a temporary name made from it stays within the 255-byte limit.
    private static func shortened(_ name: String) -> String {
        name.utf8.count <= 100 ? name : String(decoding: name.utf8.prefix(100), as: UTF8.self)
    }

    private static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
