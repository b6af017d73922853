// The UTF-8 byte order mark, which every reader of UTF-8 text skips at the start of a file.

/// The UTF-8 byte order mark (`EF BB BF`). Readers start after it; diagnostics count columns as if it were not
/// there and do not show it in the source line.
enum ByteOrderMark {
    /// Its bytes.
    static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The number of bytes the mark takes at the start of `bytes`: 3, or 0 when it is not there.
    static func length(in bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: utf8) ? utf8.count : 0
    }
}
