// The documented input limits; every one is enforced with its own diagnostic (docs/limits.md).

/// Bounds that keep every run fast and memory-safe on any input.
public struct Limits: Sendable, Hashable {
    /// The largest single input file, in bytes (32 MiB; a 50,000-category manifest is about 25 MB). Whatever it
    /// is set to, a manifest is read only up to ``largestManifestFile`` bytes.
    public var maxFileSize: Int
    /// The largest total size of all inputs of one run, in bytes.
    public var maxTotalInputSize: Int
    /// The deepest nesting of lists and calls inside a value.
    public var maxNestingDepth: Int
    /// The longest identifier or quoted name, in UTF-8 bytes (UserNotifications archives at most 1000 characters).
    public var maxIdentifierLength: Int
    /// The longest string literal, in UTF-8 bytes.
    public var maxStringLength: Int
    /// The most declarations in one manifest (all files together).
    public var maxDeclarations: Int
    /// The most errors reported before reporting stops.
    public var maxReportedErrors: Int

    /// The largest manifest file the front end can read whatever the limits say: byte offsets are stored in
    /// 32 bits (``SourceRange``, the parser's records).
    public static let largestManifestFile = Int(UInt32.max)

    /// The file size limit that applies to a manifest: ``maxFileSize``, at most ``largestManifestFile``.
    var maxManifestFileSize: Int { min(maxFileSize, Self.largestManifestFile) }

    /// The limits notifc uses unless told otherwise.
    public static let `default` = Limits(
        maxFileSize: 32 << 20,
        maxTotalInputSize: 64 << 20,
        maxNestingDepth: 32,
        maxIdentifierLength: 1000,
        maxStringLength: 10_000,
        maxDeclarations: 1_000_000,
        maxReportedErrors: 100
    )

    /// Creates a set of limits.
    public init(
        maxFileSize: Int,
        maxTotalInputSize: Int,
        maxNestingDepth: Int,
        maxIdentifierLength: Int,
        maxStringLength: Int,
        maxDeclarations: Int,
        maxReportedErrors: Int
    ) {
        self.maxFileSize = maxFileSize
        self.maxTotalInputSize = maxTotalInputSize
        self.maxNestingDepth = maxNestingDepth
        self.maxIdentifierLength = maxIdentifierLength
        self.maxStringLength = maxStringLength
        self.maxDeclarations = maxDeclarations
        self.maxReportedErrors = maxReportedErrors
    }
}
