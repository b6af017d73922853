// The driver's entry point: dispatches `notifc <subcommand> …` and turns every outcome into an exit status.
import ManifestCompiler

/// Runs `notifc` in-process. `Sources/notifc` calls ``main()``; tests call ``run(_:context:)``
/// with a ``CapturingConsole``.
public enum CommandLineTool {
    /// Runs the process's command line with the standard streams and the environment variables the driver
    /// reads (`NO_COLOR`, `TERM`, `PATH`), and exits with the status.
    public static func main() -> Never {
        let environment = ["NO_COLOR", "TERM", "PATH"].reduce(into: [String: String]()) { result, name in
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        let context = DriverContext(console: StandardConsole(), environment: environment)
        exit(run(Array(CommandLine.arguments.dropFirst()), context: context).rawValue)
    }

    /// Runs the command line `arguments` (without the program name).
    public static func run(_ arguments: [String], context: DriverContext) -> ExitStatus {
        guard let first = arguments.first else {
            context.console.writeError(HelpText.overview(allSubcommands))
            return .usage
        }
        switch first {
        case "--version":
            context.console.writeOutput("notifc \(NotifcVersion.current)\n")
            return .success
        case "--help", "-h":
            context.console.writeOutput(HelpText.overview(allSubcommands))
            return .success
        case "help":
            guard arguments.count > 1 else {
                context.console.writeOutput(HelpText.overview(allSubcommands))
                return .success
            }
            guard let command = subcommand(named: arguments[1]) else {
                return unknownSubcommand(arguments[1], context: context)
            }
            context.console.writeOutput(HelpText.help(for: command.spec))
            return .success
        default:
            break
        }
        guard let command = subcommand(named: first) else { return unknownSubcommand(first, context: context) }
        do {
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                context.console.writeOutput(HelpText.help(for: command.spec))
                return .success
            }
            return try command.run(parsed, in: context)
        } catch {
            context.console.writeError(
                HelpText.usageError(error, usage: command.spec.usage, helpCommand: "notifc \(command.spec.name) --help"))
            return .usage
        }
    }

    private static func subcommand(named name: String) -> (any Subcommand.Type)? {
        allSubcommands.first { $0.spec.name == name }
    }

    private static func unknownSubcommand(_ name: String, context: DriverContext) -> ExitStatus {
        let error = UsageError(
            message: name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown subcommand '\(name)'",
            help: NameSuggester.suggestion(for: name, among: allSubcommands.map { $0.spec.name } + ["--version", "--help"])
                .map { "did you mean '\($0)'?" })
        context.console.writeError(
            HelpText.usageError(error, usage: "notifc <subcommand> [options]", helpCommand: "notifc --help"))
        return .usage
    }
}
