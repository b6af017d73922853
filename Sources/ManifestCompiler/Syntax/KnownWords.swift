// The language's fixed words, so the parser reuses one static string instead of decoding each occurrence.

/// Every word the language itself defines: declaration kinds, keys, option names, `true`/`false`, icon kinds.
enum KnownWords {
    /// Words grouped by UTF-8 length, for lookup without hashing.
    private static let byLength: [[(word: String, bytes: [UInt8])]] = {
        var words = DeclarationKind.allCases.map(\.rawValue) + ManifestKey.allCases.map(\.rawValue)
        words += ActionOption.allCases.map(\.rawValue) + CategoryOption.allCases.map(\.rawValue)
        words += ["true", "false", "systemImage", "templateImage"]
        var table = [[(word: String, bytes: [UInt8])]](repeating: [], count: 32)
        for word in Set(words).sorted() { table[word.utf8.count].append((word, Array(word.utf8))) }
        return table
    }()

    /// The known word spelled by `bytes`, or `nil`.
    static func word(spelledBy bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.count < byLength.count else { return nil }
        for candidate in byLength[bytes.count] where candidate.bytes.elementsEqual(bytes) { return candidate.word }
        return nil
    }
}
