// The notifc executable: runs the command line with the process's console and environment, and exits with its status.
import ManifestCompiler

let environment = ["NO_COLOR", "TERM", "PATH"].reduce(into: [String: String]()) { result, name in
    if let value = getenv(name) { result[name] = String(cString: value) }
}
let context = DriverContext(console: StandardConsole(), environment: environment)
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), context: context).rawValue)
