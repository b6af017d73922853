// Replaces selected Unicode scalars in text: the one loop behind every escaping function, and the characters
// generated source never writes as is.

extension String {
    /// The text with each scalar for which `replacement` returns a string replaced by that string.
    func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls, delete, line and paragraph separators and bidirectional formatting characters:
    /// what generated source (Swift, Dart, TypeScript) never writes as is, since they could end a line or
    /// comment, or reorder or hide text.
    var isInvisibleInSource: Bool {
        if value < 0x7F { return value < 0x20 }
        return value <= 0x9F || value == 0x61C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
