// Expands the command line's inputs (files and directories) into the files to compile, and reads them.
import ManifestCompiler

/// Turns input arguments into a ``SourceFileSet``.
///
/// A file argument is read as given (any extension); it must be a regular file. A directory is searched
/// recursively for files ending in the requested extension (names starting with `.` are skipped), and
/// what it contains is compiled in bytewise order of the full paths, so every platform compiles in the
/// same order. Symbolic links are followed, each directory at most once; a file reached twice is read once.
/// Files are not read at all once they would take the total past ``Limits/maxTotalInputSize``, or when
/// one alone is over ``Limits/maxFileSize``: the compiler reports them from their size.
struct InputCollector {
    let fileExtension: String
    let limits: Limits
    /// More file-name endings searched for in directories, besides ``fileExtension``.
    var otherExtensions: [String] = []
    /// Directory names not searched (build products and dependencies: `Pods`, `DerivedData`, …).
    var skippedDirectories: Set<String> = []
    /// Which of the files a directory search finds are wanted, by path (every one, unless set).
    var includes: (String) -> Bool = { _ in true }
    /// Which folders a directory search goes into, by path (every one not in ``skippedDirectories``, unless set).
    var descendsInto: (String) -> Bool = { _ in true }
    /// How deep below an input directory the search goes.
    static let maximumDirectoryDepth = 64
    /// The most files and folders one directory search looks at (the language server's bound on a workspace
    /// folder such as a home directory; the command line has none).
    var maximumEntries = Int.max

    /// The outcome: the files read, and problems that are diagnostics (not I/O failures).
    struct Collected {
        var sources = SourceFileSet()
        var diagnostics: [Diagnostic] = []
        /// The directory arguments in which nothing was found (each also has an `E007` diagnostic).
        var emptyDirectories: [String] = []
    }

    /// Reads every input; throws on the first file that cannot be read.
    func collect(_ arguments: [String]) throws(FileSystemError) -> Collected {
        var collected = Collected()
        var seenFiles: Set<FileIdentity> = []
        var totalSize = 0
        for argument in arguments {
            let entry = try FileSystem.status(of: argument)
            var files: [(path: String, entry: FileSystem.Entry)] = []
            switch entry.kind {
            case .directory:
                var visited: Set<FileIdentity> = [entry.identity]
                var budget = maximumEntries
                try search(argument, depth: 0, visited: &visited, budget: &budget, into: &files)
                files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
                if files.isEmpty {
                    collected.emptyDirectories.append(argument)
                    collected.diagnostics.append(
                        Diagnostic(.noInputFiles, "no \(fileExtension) files in directory '\(argument)'", at: nil))
                }
            case .file:
                files = [(argument, entry)]
            case .other:
                throw FileSystemError(path: argument, reason: "not a regular file or directory")
            }
            for (path, file) in files where seenFiles.insert(file.identity).inserted {
                totalSize += file.size
                if file.size > limits.maxFileSize || totalSize > limits.maxTotalInputSize {
                    collected.sources.add(path: path, bytes: [], size: file.size)
                } else {
                    collected.sources.add(readFrom: path, bytes: try FileSystem.readFile(path, maximumSize: limits.maxFileSize))
                }
            }
        }
        return collected
    }

    /// The files a search of `directory` finds, in bytewise order of their paths, without reading them; a file
    /// reached by two paths (a symbolic link) under the first.
    func paths(in directory: String) throws(FileSystemError) -> [String] {
        var visited: Set<FileIdentity> = []
        if let entry = FileSystem.entry(at: directory) { visited.insert(entry.identity) }
        var files: [(path: String, entry: FileSystem.Entry)] = []
        var budget = maximumEntries
        try search(directory, depth: 0, visited: &visited, budget: &budget, into: &files)
        files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var seen: Set<FileIdentity> = []
        return files.filter { seen.insert($0.entry.identity).inserted }.map(\.path)
    }

    /// Whether a file named `name` is one of the inputs searched for, by its extension.
    private func matches(_ name: String) -> Bool {
        ([fileExtension] + otherExtensions).contains { FileNames.hasSuffix(name, $0) }
    }

    private func search(
        _ directory: String, depth: Int, visited: inout Set<FileIdentity>, budget: inout Int,
        into files: inout [(path: String, entry: FileSystem.Entry)]
    ) throws(FileSystemError) {
        guard depth < Self.maximumDirectoryDepth else {
            throw FileSystemError(
                path: directory, reason: "directories nested \(Self.maximumDirectoryDepth) or more levels deep")
        }
        for name in try FileSystem.contentsOfDirectory(directory) where !name.hasPrefix(".") {
            guard budget > 0 else { return }
            budget -= 1
            let path = FileSystem.join(directory, name)
            guard let entry = FileSystem.entry(at: path) else {
                // A name that is not valid UTF-8 is read with U+FFFD in it, and no file has that name: it would
                // be left out without a word. Anything else here is a dangling link, which is skipped.
                if name.contains("\u{FFFD}"), matches(name) {
                    throw FileSystemError(path: path, reason: "the file name is not valid UTF-8; rename the file")
                }
                continue
            }
            switch entry.kind {
            case .directory:
                if !skippedDirectories.contains(name), descendsInto(path), visited.insert(entry.identity).inserted {
                    try search(path, depth: depth + 1, visited: &visited, budget: &budget, into: &files)
                }
            case .file:
                if matches(name), includes(path) {
                    files.append((path, entry))
                }
            case .other:
                break
            }
        }
    }
}

extension SourceFileSet {
    /// Reads the file at `path` into the set: its bytes, or only its size when it is larger than
    /// `limits.maxFileSize` (screening then reports it), also when it grows past the limit while it is read.
    mutating func read(_ path: String, limits: Limits) throws(FileSystemError) -> SourceFileID {
        let size = FileSystem.entry(at: path)?.size ?? 0
        guard size <= limits.maxFileSize else { return add(path: path, bytes: [], size: size) }
        return add(readFrom: path, bytes: try FileSystem.readFile(path, maximumSize: limits.maxFileSize))
    }

    /// Adds the bytes read from the file at `path`; a `.strings` file in UTF-16 as its UTF-8 text, which the
    /// reader and the diagnostics work on.
    @discardableResult
    mutating func add(readFrom path: String, bytes: [UInt8]) -> SourceFileID {
        add(path: path, bytes: FileNames.hasSuffix(path, ".strings") ? StringsFileReader.utf8Text(of: bytes) : bytes)
    }
}
