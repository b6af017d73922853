// The collection that every stage appends to: counts, the error limit, stable ordering.

/// Collects diagnostics from every stage. Problems are collected, never thrown, so one run
/// reports all of them; after ``errorLimit`` errors further errors are counted but dropped.
public struct DiagnosticBag: Sendable {
    /// The collected diagnostics, in the order they were appended.
    public private(set) var diagnostics: [Diagnostic] = []
    /// The number of errors kept before reporting stops.
    public let errorLimit: Int
    /// The number of errors appended (kept or dropped).
    public var errorCount: Int { keptErrorCount + droppedErrorCount }
    /// The number of errors that were dropped because of the limit.
    public private(set) var droppedErrorCount = 0
    private var keptErrorCount = 0
    /// The number of warnings appended.
    public private(set) var warningCount = 0

    /// Creates an empty bag.
    public init(errorLimit: Int = Limits.default.maxReportedErrors) {
        self.errorLimit = max(1, errorLimit)
    }

    /// Whether any error was appended.
    public var hasErrors: Bool { errorCount > 0 }

    /// Whether the error limit has been reached; stages may stop early once it has.
    public var isFull: Bool { keptErrorCount >= errorLimit }

    /// Whether some errors were not reported: one was dropped, or a stage skipped work because the bag was full.
    public private(set) var isTruncated = false

    /// Records that a stage stopped early because the bag was full (so errors may exist unreported).
    public mutating func noteStoppedEarly() {
        if isFull { isTruncated = true }
    }

    /// Appends a diagnostic, unless it is an error beyond the limit.
    public mutating func append(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error:
            if keptErrorCount >= errorLimit {
                droppedErrorCount += 1
                isTruncated = true
                return
            }
            keptErrorCount += 1
        case .warning:
            warningCount += 1
        case .note:
            break
        }
        diagnostics.append(diagnostic)
    }

    /// Appends every diagnostic of `other`.
    public mutating func append(contentsOf other: DiagnosticBag) {
        for diagnostic in other.diagnostics { append(diagnostic) }
    }

    /// The diagnostics in reporting order: by file, then offset, then severity; located before
    /// unlocated. When errors went unreported because of the limit, a closing
    /// ``DiagnosticCode/errorLimitReached`` error says so.
    public func sorted() -> [Diagnostic] {
        var result = diagnostics.enumerated().sorted { lhs, rhs in
            switch (lhs.element.range, rhs.element.range) {
            case let (l?, r?):
                if l.file != r.file { return l.file < r.file }
                if l.start != r.start { return l.start < r.start }
                if lhs.element.severity != rhs.element.severity { return lhs.element.severity < rhs.element.severity }
            case (nil, .some): return false
            case (.some, nil): return true
            case (nil, nil): break
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
        if isTruncated {
            result.append(
                Diagnostic(
                    .errorLimitReached, "too many errors; stopped reporting after \(errorLimit)", at: nil,
                    help: ["fix the errors above, or raise the limit with --error-limit"]))
        }
        return result
    }

    /// Promotes every warning to an error (for `--warnings-as-errors`).
    public mutating func promoteWarningsToErrors() {
        guard warningCount > 0 else { return }
        let items = diagnostics
        diagnostics = []
        warningCount = 0
        keptErrorCount = 0
        for var diagnostic in items {
            if diagnostic.severity == .warning { diagnostic.severity = .error }
            append(diagnostic)
        }
    }
}
