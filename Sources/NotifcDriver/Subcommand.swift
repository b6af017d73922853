// The subcommand protocol, the context every subcommand runs in, and the list of subcommands.

/// What a subcommand can use: the console and the environment.
public struct DriverContext {
    /// Where output goes.
    public let console: any Console
    /// Environment variables (`NO_COLOR`, `TERM`, …).
    public let environment: [String: String]

    /// Creates a context.
    public init(console: any Console, environment: [String: String]) {
        self.console = console
        self.environment = environment
    }
}

/// One `notifc` subcommand.
protocol Subcommand: Sendable {
    /// Its command line.
    static var spec: CommandSpec { get }
    /// Runs it with parsed arguments; a thrown ``UsageError`` is printed with the command's usage (exit 64).
    static func run(_ arguments: ParsedArguments, in context: DriverContext) throws(UsageError) -> ExitStatus
}

/// Every subcommand, in help order.
let allSubcommands: [any Subcommand.Type] = [
    BuildCommand.self,
    LintCommand.self,
    FormatCommand.self,
    DiffCommand.self,
    ImportCommand.self,
    CheckPayloadCommand.self,
    LanguageServerCommand.self,
]
