/// A setting `habits serve` cannot start with: the command prints `message` as one line and exits with
/// status 64 (EX_USAGE), as for a malformed option.
public struct StartupError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
