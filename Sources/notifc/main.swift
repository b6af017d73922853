// The notifc executable: hands the command line to the library's driver and exits with its status.
import ManifestCompiler

let environment = ["NO_COLOR", "TERM", "PATH"].reduce(into: [String: String]()) { result, name in
    if let value = getenv(name) { result[name] = String(cString: value) }
}
// The context lives until exit, and with it what the run hands to its ProcessLifetime: a large model is
// not freed object by object just before the process ends.
// This process is notifc's own, so large inputs may be mapped (with the SIGBUS handler that needs).
FileSystem.allowMappedInputs()
let context = DriverContext(console: StandardConsole(), environment: environment, lifetime: ProcessLifetime())
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), context: context).rawValue)
