// The diagnostic options every compiling subcommand shares, and printing diagnostics with them.
import ManifestCompiler

/// `--diagnostics-format`, `--warnings-as-errors`, `--error-limit` and `--color`.
struct DiagnosticOptions {
    var format: DiagnosticFormat = .text
    var warningsAsErrors = false
    var errorLimit = Limits.default.maxReportedErrors
    var useColor = false

    /// The options' specs, for command specs.
    static let specs: [OptionSpec] = [
        .option(
            "--diagnostics-format", value: "format", allowed: DiagnosticFormat.allCases.map(\.rawValue),
            help: "How to report problems: text (default, to stderr), json, sarif or github (to stdout)."),
        .flag("--warnings-as-errors", help: "Treat warnings as errors."),
        .option("--error-limit", value: "n", help: "Stop reporting errors after n (default 100)."),
        .option(
            "--color", value: "when", allowed: ["auto", "always", "never"],
            help: "Colour text diagnostics: auto (default: on a terminal, unless NO_COLOR is non-empty), always or never."),
    ]

    /// Reads the options from `arguments`.
    init(_ arguments: ParsedArguments, context: DriverContext) throws(UsageError) {
        if let format = arguments.value("--diagnostics-format") {
            self.format = DiagnosticFormat(rawValue: format) ?? .text
        }
        warningsAsErrors = arguments.flag("--warnings-as-errors")
        if let limit = arguments.value("--error-limit") {
            guard let value = Int(limit), value > 0 else {
                throw UsageError(message: "invalid value '\(limit)' for '--error-limit'", help: "expected a positive integer")
            }
            errorLimit = value
        }
        useColor = Self.colorEnabled(
            arguments.value("--color"), isTerminal: context.console.errorIsTerminal, environment: context.environment)
    }

    /// Whether to colour a stream: `--color always` and `never` decide; `auto` (the default) colours only a
    /// terminal, and not when `NO_COLOR` is set and non-empty or `TERM` is `dumb`.
    static func colorEnabled(_ choice: String?, isTerminal: Bool, environment: [String: String]) -> Bool {
        switch choice ?? "auto" {
        case "always": return true
        case "never": return false
        default:
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return isTerminal && !noColor && environment["TERM"] != "dumb"
        }
    }

    /// The compiler options these diagnostic options imply.
    var compilerOptions: CompilerOptions {
        var limits = Limits.default
        limits.maxReportedErrors = errorLimit
        return CompilerOptions(limits: limits, warningsAsErrors: warningsAsErrors)
    }

    /// Prints `diagnostics` in the chosen format. Text goes to stderr followed by a count; the other
    /// formats go to stdout (JSON and SARIF always print a document, even an empty one).
    func report(_ diagnostics: [Diagnostic], sources: SourceFileSet, to console: any Console) {
        if format == .text && diagnostics.isEmpty { return }
        let text = DiagnosticRenderer.render(diagnostics, sources: sources, format: format, useColor: useColor && format == .text)
        if format.writesToStandardOutput {
            console.writeOutput(text)
        } else {
            console.writeError(text + Self.summary(diagnostics))
        }
    }

    /// `2 errors and 1 warning generated.` (the error-limit notice is not counted as an error).
    static func summary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter(\.countsAsError).count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.isEmpty ? "" : parts.joined(separator: " and ") + " generated.\n"
    }
}
