/// How the `habits` client's commands end, as scripts read it.
public enum ExitStatus: Int32, Sendable {
    /// Done.
    case success = 0
    /// The server refused, or could not be reached.
    case failure = 1
    /// The command line was wrong (sysexits' EX_USAGE).
    case usage = 64
}
