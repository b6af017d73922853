// The process exit codes of notifc (BSD sysexits values for usage and I/O failures).

/// How a `notifc` run ends.
public enum ExitStatus: Int32, Sendable {
    /// Everything succeeded.
    case success = 0
    /// The input has errors (or warnings under `--warnings-as-errors`), or a check found a difference.
    case failure = 1
    /// The command line was wrong: unknown flag, missing argument (EX_USAGE).
    case usage = 64
    /// A file could not be read or written (EX_IOERR).
    case ioFailure = 74
}
