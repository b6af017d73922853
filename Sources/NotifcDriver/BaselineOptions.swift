// `notifc lint --baseline FILE` and `--write-baseline FILE`: report only findings not recorded before.
import ManifestCompiler

/// The baseline options of `lint`.
struct BaselineOptions {
    /// `--baseline FILE`: findings recorded there are not reported.
    var read: String?
    /// `--write-baseline FILE`: today's findings are recorded there (and still reported).
    var write: String?

    static let specs: [OptionSpec] = [
        .option("--baseline", value: "file", help: "Report only findings not recorded in this baseline file."),
        .option("--write-baseline", value: "file", help: "Record today's findings in this file, for --baseline."),
    ]

    init(read: String? = nil, write: String? = nil) {
        self.read = read
        self.write = write
    }

    init(_ arguments: ParsedArguments) {
        read = arguments.value("--baseline")
        write = arguments.value("--write-baseline")
    }

    /// Why a baseline could not be read or written: the message the driver prints after `error: `.
    struct Failure: Error {
        let message: String
    }

    /// Subtracts the baseline read, when asked, and writes today's, when asked.
    func apply(_ diagnostics: [Diagnostic], sources: SourceFileSet) throws(Failure) -> [Diagnostic] {
        var result = diagnostics
        if let read {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readFile(read, maximumSize: Limits.default.maxFileSize)
            } catch {
                throw Failure(message: "cannot read input: \(error.message)")
            }
            guard let baseline = Baseline(text: bytes) else {
                throw Failure(message: "cannot read input: not a notifc lint baseline (write one with --write-baseline): '\(read)'")
            }
            result = baseline.subtracting(result, sources: sources)
        }
        if let write {
            let text = Baseline(diagnostics, sources: sources).text
            if !FileSystem.fileHasContents(write, text) {
                let name = String(write.split(separator: "/").last ?? Substring(write))
                do {
                    _ = try OutputWriter(directory: FileSystem.parentDirectory(of: write)).write([EmittedFile(path: name, contents: text)])
                } catch {
                    throw Failure(message: "cannot write output: \(error.message)")
                }
            }
        }
        return result
    }
}
