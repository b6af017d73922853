// Reading any byte collection as one contiguous run of memory.

extension Collection<UInt8> {
    /// Calls `body` with the bytes as one contiguous run: in place when they are stored that way (an array, an
    /// array slice, ``SourceBytes``), otherwise copied first.
    func withContiguousBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if let result = try withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return try Array(self).withUnsafeBytes(body)
    }
}
