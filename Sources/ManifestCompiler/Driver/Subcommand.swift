// The subcommand protocol, the context every subcommand runs in, and the list of subcommands.

/// What a subcommand can use: the console and the environment.
public struct DriverContext {
    /// Where output goes.
    public let console: any Console
    /// Environment variables (`NO_COLOR`, `TERM`, …).
    public let environment: [String: String]
    /// When set, a run's large values are handed to it instead of being freed before the process exits.
    public let lifetime: ProcessLifetime?

    /// Creates a context. The executable passes a ``ProcessLifetime``; tests and embedders leave it out.
    public init(console: any Console, environment: [String: String], lifetime: ProcessLifetime? = nil) {
        self.console = console
        self.environment = environment
        self.lifetime = lifetime
    }

    /// Keeps `value` alive until the process exits, when the context has a ``ProcessLifetime``.
    func keepUntilExit(_ value: Any) {
        lifetime?.keep(value)
    }
}

/// Holds values until the process exits, so a large manifest model is not freed object by object just
/// before `exit` (the idea of clang's `-disable-free`). The executable's context owns one for its whole run.
public final class ProcessLifetime {
    private var values: [Any] = []

    /// Creates an empty holder.
    public init() {}

    func keep(_ value: Any) {
        values.append(value)
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
]
