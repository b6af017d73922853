// One input file (manifest, plist or JSON): its display path and its raw bytes.

/// Identifies a file within a ``SourceFileSet``; files compare in the order they were added.
public struct SourceFileID: Hashable, Comparable, Sendable {
    /// The position of the file in its set.
    public let index: Int

    /// Creates an identifier for the file at `index`.
    public init(index: Int) { self.index = index }

    public static func < (lhs: SourceFileID, rhs: SourceFileID) -> Bool { lhs.index < rhs.index }
}

/// An input file: the path shown in diagnostics and its contents as UTF-8 bytes.
///
/// Nothing is decoded up front; the lexer works on the bytes and line/column positions
/// are computed only when a diagnostic is printed (see ``LineTable``).
public struct SourceFile: Sendable {
    /// The file's identity within its ``SourceFileSet``.
    public let id: SourceFileID
    /// The path exactly as diagnostics print it (as given on the command line, never made absolute).
    public let path: String
    /// The file's bytes, unmodified (empty when the file was too large to read, see ``size``, or once
    /// released, see ``SourceFileSet/releaseContents()``).
    public internal(set) var bytes: [UInt8]
    /// The file's size on disk. Equal to `bytes.count`, except for a file over the size limit, which
    /// the driver does not read at all.
    public let size: Int

    /// Creates a file; usually through ``SourceFileSet/add(path:bytes:size:)``.
    public init(id: SourceFileID, path: String, bytes: [UInt8], size: Int? = nil) {
        self.id = id
        self.path = path
        self.bytes = bytes
        self.size = size ?? bytes.count
    }

    /// The text in `range`, decoded as UTF-8 (invalid sequences are replaced).
    public func text(in range: SourceRange) -> String {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// The files of one compilation, in the order they were given.
public struct SourceFileSet: Sendable {
    /// Every file, indexed by ``SourceFileID/index``.
    public private(set) var files: [SourceFile] = []

    /// Creates an empty set.
    public init() {}

    /// Adds a file and returns its identifier. `size` defaults to `bytes.count`; pass the size on disk
    /// with empty `bytes` for a file too large to read.
    @discardableResult
    public mutating func add(path: String, bytes: [UInt8], size: Int? = nil) -> SourceFileID {
        let id = SourceFileID(index: files.count)
        files.append(SourceFile(id: id, path: path, bytes: bytes, size: size))
        return id
    }

    /// The file with identifier `id`.
    public subscript(id: SourceFileID) -> SourceFile { files[id.index] }

    /// Frees every file's bytes, keeping paths and sizes: for a driver with nothing left to report in
    /// these files and more work to do (`build` frees a clean manifest's text before emitting).
    package mutating func releaseContents() {
        for index in files.indices { files[index].bytes = [] }
    }
}
