// Sources with position markers (1️⃣ … 9️⃣): the markers are removed and their byte offsets recorded.
import ManifestCompiler
import Testing

struct MarkedSource {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The text without markers.
    let text: String
    /// Marker → UTF-8 offset in ``text``.
    let offsets: [String: Int]

    init(_ marked: String) {
        var text = ""
        var offsets: [String: Int] = [:]
        var rest = Substring(marked)
        while !rest.isEmpty {
            if let marker = Self.markers.first(where: { rest.hasPrefix($0) }) {
                offsets[marker] = text.utf8.count
                rest = rest.dropFirst(marker.count)
            } else {
                text.append(rest.removeFirst())
            }
        }
        self.text = text
        self.offsets = offsets
    }

    /// Expects exactly one diagnostic with `code` and that it starts at `marker`.
    func expect(
        _ result: CompilationResult, _ code: DiagnosticCode, at marker: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let matches = result.diagnostics.filter { $0.code == code }
        guard let offset = offsets[marker] else {
            Issue.record("no marker \(marker) in source", sourceLocation: sourceLocation)
            return
        }
        #expect(
            matches.contains { $0.range?.start == offset },
            "expected \(code.rawValue) at \(marker) (offset \(offset)); got \(result.diagnostics.map { "\($0.code.rawValue)@\($0.range?.start ?? -1)" })",
            sourceLocation: sourceLocation)
    }
}
