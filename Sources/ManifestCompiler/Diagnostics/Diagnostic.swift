// The diagnostic value: severity, stable code, message, location, notes and help lines.

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary message attached to a diagnostic, optionally pointing at another location
/// (for example the first of two duplicate declarations).
public struct DiagnosticNote: Hashable, Sendable {
    /// The note's text.
    public var message: String
    /// Where the note points, if anywhere.
    public var range: SourceRange?

    /// Creates a note.
    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// One problem found in the input.
///
/// Messages follow the Swift compiler's style: lowercase start, no trailing period, user names in
/// single quotes. Suggestions go in ``help`` ("did you mean 'reminder'?").
public struct Diagnostic: Hashable, Sendable {
    /// The stable code.
    public var code: DiagnosticCode
    /// The severity (the code's default unless promoted by `--warnings-as-errors`).
    public var severity: Severity
    /// The one-sentence message.
    public var message: String
    /// The primary location; `nil` only for problems that concern no file position.
    public var range: SourceRange?
    /// A short label printed after the caret line.
    public var label: String?
    /// Secondary messages, printed after the primary snippet.
    public var notes: [DiagnosticNote]
    /// Suggestions, each printed as a `help:` line.
    public var help: [String]

    /// Whether a report counts it among its errors: an error that is a problem found, not the notice that
    /// reporting stopped (`E006`), as the text summary and JSON's `errorCount` count.
    public var countsAsError: Bool { severity == .error && code != .errorLimitReached }

    /// Creates a diagnostic with the code's default severity.
    public init(
        _ code: DiagnosticCode,
        _ message: String,
        at range: SourceRange?,
        label: String? = nil,
        notes: [DiagnosticNote] = [],
        help: [String] = []
    ) {
        self.code = code
        self.severity = code.defaultSeverity
        self.message = message
        self.range = range
        self.label = label
        self.notes = notes
        self.help = help
    }

    /// Returns a copy with a "did you mean" help line when `suggestion` is not `nil`.
    public func suggesting(_ suggestion: String?) -> Diagnostic {
        guard let suggestion else { return self }
        var copy = self
        copy.help.append("did you mean '\(suggestion)'?")
        return copy
    }
}
