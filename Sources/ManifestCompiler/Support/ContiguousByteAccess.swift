// Reading strings and byte collections as one contiguous run of memory (for the lexer, keywords and the string pool).

extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place for a native string (nearly every string here),
    /// otherwise from a copy.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}

extension Collection<UInt8> {
    /// Calls `body` with the bytes as one contiguous run: in place when they are stored that way (an array, an
    /// array slice), otherwise copied first.
    func withContiguousBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if let result = try withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return try Array(self).withUnsafeBytes(body)
    }
}
