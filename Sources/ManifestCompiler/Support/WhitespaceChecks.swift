// Whitespace questions the rules ask of every identifier and title, answered without grapheme breaking.

extension String {
    /// Whether the text is empty or only whitespace and invisible format characters such as the zero-width space
    /// (a blank button title). ASCII scalars are decided without a Unicode property lookup.
    var isBlank: Bool {
        if let first = utf8.first, first < 0x80, !Unicode.Scalar(first).isWhitespaceFast { return false }
        for scalar in unicodeScalars where !scalar.isWhitespaceFast && scalar.properties.generalCategory != .format {
            return false
        }
        return true
    }

    /// Whether the first or the last scalar is whitespace (`" padded"`). When both ends are ASCII bytes
    /// (nearly every identifier), they are the end scalars, and no scalar is decoded.
    var hasEdgeWhitespace: Bool {
        // Both end bytes read from the string's storage in one access (`utf8.last` walks an index back).
        let ends = utf8.withContiguousStorageIfAvailable { bytes in bytes.isEmpty ? nil : (bytes[0], bytes[bytes.count - 1]) }
        if let (firstByte, lastByte) = ends ?? nil, firstByte < 0x80, lastByte < 0x80 {
            return Unicode.Scalar(firstByte).isWhitespaceFast || Unicode.Scalar(lastByte).isWhitespaceFast
        }
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return false }
        return first.isWhitespaceFast || last.isWhitespaceFast
    }

    /// The text without leading and trailing whitespace (Unicode's definition).
    var withoutEdgeWhitespace: String {
        guard hasEdgeWhitespace else { return self }
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first.isWhitespaceFast { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespaceFast { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}

extension Unicode.Scalar {
    /// `properties.isWhitespace`, with ASCII answered without a table lookup.
    var isWhitespaceFast: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace
    }
}
