// The libFuzzer entry point: runs the target named by NOTIFC_FUZZ_TARGET (manifest, plist, payload, registration,
// catalog or lsp).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The target this process fuzzes, read once.
let fuzzTarget: (UnsafePointer<UInt8>, Int) -> Void = {
    let name = getenv("NOTIFC_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    switch name {
    case "manifest": return fuzzManifest
    case "plist": return fuzzPlist
    case "payload": return fuzzPayload
    case "registration": return fuzzRegistration
    case "catalog": return fuzzCatalog
    case "lsp": return fuzzLanguageServer
    default:
        fputs("set NOTIFC_FUZZ_TARGET to manifest, plist, payload, registration, catalog or lsp\n", stderr)
        exit(64)
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzTarget(data, size)
    return 0
}
