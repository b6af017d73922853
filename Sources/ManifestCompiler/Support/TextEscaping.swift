// Replaces selected Unicode scalars in text: the one loop behind every escaping function.

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
