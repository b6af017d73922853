// Resolves byte ranges to paths, lines and columns for renderers, building line tables on first use.

/// A resolved location: the file's path and the 1-based start and end positions.
struct ResolvedSpan {
    let path: String
    let start: LineColumn
    let end: LineColumn
}

/// Caches one ``LineTable`` per file, built only when a diagnostic in that file is rendered.
struct SourceLocator {
    let sources: SourceFileSet
    private var tables: [Int: LineTable] = [:]

    init(sources: SourceFileSet) {
        self.sources = sources
    }

    mutating func table(for file: SourceFileID) -> LineTable {
        if let table = tables[file.index] { return table }
        let table = LineTable(sources[file])
        tables[file.index] = table
        return table
    }

    mutating func span(_ range: SourceRange) -> ResolvedSpan {
        let table = table(for: range.file)
        return ResolvedSpan(
            path: sources[range.file].path, start: table.position(of: range.start), end: table.position(of: range.end))
    }
}
