// libFuzzer target: the language server on any messages — the input split at 0x1E bytes into message bodies,
// after a real `initialize` and the opening of the example manifest — never a crash or a hang.

func fuzzLanguageServer(_ data: UnsafePointer<UInt8>, _ size: Int) {
    let uri = "file:///fuzz/messaging.notif"
    let start: [[UInt8]] = [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},"workspaceFolders":null}}"#,
        #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"notif","version":1,"text":""}}}"#,
    ].map { Array($0.utf8) }
    var server = LanguageServer(files: WorkspaceFiles(manifests: { _ in [] }, read: { _ in nil }))
    _ = server.handle(start)
    var open = Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"#.utf8)
    open += StringEscapesForFuzzing.json(messagingText) + Array("}]}}".utf8)
    _ = server.handle([open])
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let messages = bytes.split(separator: 0x1E, omittingEmptySubsequences: false).map(Array.init)
    for message in messages where server.exitCode == nil {
        _ = server.handle([message])
    }
}

/// A JSON string literal for `text` (quotes included), written here so the target does not depend on the
/// writer it exercises.
enum StringEscapesForFuzzing {
    static func json(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0..<0x20: out += Array("\\u00".utf8) + [hex(byte >> 4), hex(byte & 0xF)]
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    private static func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 87 + nibble }
}
