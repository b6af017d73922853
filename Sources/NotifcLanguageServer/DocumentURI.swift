// `file://` URIs to paths and back (RFC 3986 percent-encoding), the only scheme the server reads from disk.

enum DocumentURI {
    /// The path of a `file:` URI, percent-decoded; `nil` for other schemes.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: the authority ends at the first slash (empty for local files).
        if let slash = rest.firstIndex(of: "/") { rest = rest[slash...] } else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
                let low = hexValue(utf8[utf8.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One spelling of each `file:` URI: the path decoded and encoded again, so that `Notif+Demo`, `Notif%2BDemo`
    /// and `Notif%2bDemo` (clients encode differently) name one document. Other schemes are kept as they are.
    static func canonical(_ uri: String) -> String {
        guard uri.hasPrefix("file://"), let path = path(of: uri) else { return uri }
        return Self.uri(of: path)
    }

    /// The `file:` URI of an absolute path, percent-encoding every byte but unreserved characters and `/`.
    static func uri(of path: String) -> String {
        var result = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                result += "%"
                result.unicodeScalars.append(digits[Int(byte >> 4)])
                result.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
