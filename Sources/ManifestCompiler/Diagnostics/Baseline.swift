// A lint baseline: today's findings recorded, so that CI reports only new ones.

/// The findings recorded by `notifc lint --write-baseline FILE` and subtracted by `--baseline FILE`.
///
/// One finding per line, `path<TAB>code<TAB>message`, sorted; lines are not recorded, so the baseline
/// survives edits elsewhere in a file. A finding recorded n times hides at most n equal findings.
public struct Baseline: Sendable, Equatable {
    /// The recorded findings.
    public private(set) var entries: [String]

    /// The first line of a baseline file.
    static let header = "# notifc lint baseline: path, code, message (tab-separated). Regenerate with --write-baseline."

    /// The baseline of `diagnostics` (notes are not recorded: they never fail a run).
    public init(_ diagnostics: [Diagnostic], sources: SourceFileSet) {
        entries = diagnostics.filter { $0.severity != .note }.map { Self.entry($0, sources: sources) }.sorted()
    }

    /// Reads a baseline file; `nil` when it is not one.
    public init?(text: [UInt8]) {
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map({ $0.hasPrefix("# notifc lint baseline") }) == true else { return nil }
        entries = lines.dropFirst().filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// The file's bytes.
    public var text: [UInt8] {
        Array(([Self.header] + entries).joined(separator: "\n").utf8) + [0x0A]
    }

    /// `diagnostics` without those recorded here.
    public func subtracting(_ diagnostics: [Diagnostic], sources: SourceFileSet) -> [Diagnostic] {
        var remaining: [String: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return diagnostics.filter { diagnostic in
            let key = Self.entry(diagnostic, sources: sources)
            guard let count = remaining[key], count > 0 else { return true }
            remaining[key] = count - 1
            return false
        }
    }

    static func entry(_ diagnostic: Diagnostic, sources: SourceFileSet) -> String {
        let path = diagnostic.range.map { sources[$0.file].path } ?? ""
        let message = diagnostic.message.map { $0 == "\n" || $0 == "\t" ? " " : $0 }
        return "\(path)\t\(diagnostic.code.rawValue)\t\(String(message))"
    }
}
