// Resolves byte ranges to paths, lines and columns for renderers, building line tables on first use.

/// A resolved location: the file's path and the 1-based start and end positions.
package struct ResolvedSpan {
    package let path: String
    package let start: LineColumn
    let end: LineColumn
}

/// Caches one ``LineTable`` per file, built only when a diagnostic in that file is rendered.
package struct SourceLocator {
    let sources: SourceFileSet
    private var tables: [Int: LineTable] = [:]
    /// The last position computed, so positions later on the same line are counted from there: diagnostics
    /// come sorted, and many on one long line then cost one pass over it.
    private var last: (file: SourceFileID, line: Int, offset: Int, position: LineColumn)?

    package init(sources: SourceFileSet) {
        self.sources = sources
    }

    mutating func table(for file: SourceFileID) -> LineTable {
        if let table = tables[file.index] { return table }
        let table = LineTable(sources[file])
        tables[file.index] = table
        return table
    }

    package mutating func span(_ range: SourceRange) -> ResolvedSpan {
        ResolvedSpan(
            path: sources[range.file].path, start: position(range.file, range.start), end: position(range.file, range.end))
    }

    /// The line and column of `offset`, counted on from the previous position when it is earlier on the same line.
    /// A UTF-8 byte order mark, which editors do not show, takes no column.
    mutating func position(_ file: SourceFileID, _ offset: Int) -> LineColumn {
        let table = table(for: file)
        let bytes = sources[file].bytes
        let clamped = max(0, min(offset, bytes.count))
        let line = table.lineIndex(of: clamped)
        var position: LineColumn
        if let last, last.file == file, last.line == line, last.offset <= clamped {
            position = last.position
            position.column += LineTable.scalarCount(bytes[last.offset..<clamped])
        } else {
            position = table.position(of: clamped)
        }
        last = (file, line, clamped, position)
        if line == 0, clamped > 0, ByteOrderMark.length(in: bytes) > 0 { position.column -= 1 }  // inside it: column 1
        return position
    }
}
