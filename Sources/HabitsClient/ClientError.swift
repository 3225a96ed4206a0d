/// Why a client command failed, with the exit status and the sentence it ends with.
public enum ClientError: Error, Equatable, Sendable {
    /// The command line asks for something impossible: an unknown habit, a future time (exit 64).
    case usage(String)
    /// The server answered with an error body (`{"error": {"code", "message"}}`).
    case refused(status: Int, code: String, message: String)
    /// The server could not be reached at all.
    case unreachable(server: String, reason: String)
    /// The server answered something that is not what its API describes.
    case unexpectedAnswer(String)
    /// No stored login and no `HABITS_TOKEN`.
    case notSignedIn
    /// A local file or the terminal could not be read or written.
    case local(String)

    /// How the command exits: 64 for a usage error, 1 for everything the server or the system refused.
    public var exitStatus: ExitStatus {
        if case .usage = self { return .usage }
        return .failure
    }

    /// One sentence for people, without the `habits: ` prefix.
    public var message: String {
        switch self {
        case .usage(let text): text
        case .refused(_, _, let message): message
        case .unreachable(let server, let reason): "cannot reach \(server): \(reason)"
        case .unexpectedAnswer(let text): "unexpected answer from the server: \(text)"
        case .notSignedIn: "not signed in: run `habits login --server URL`, or set HABITS_SERVER and HABITS_TOKEN"
        case .local(let text): text
        }
    }
}
