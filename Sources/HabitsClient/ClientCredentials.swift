import Foundation

/// The server and token a command uses: the environment's, else the stored login's.
public struct ClientCredentials: Equatable, Sendable {
    public var server: URL
    public var token: String

    public init(server: URL, token: String) {
        self.server = server
        self.token = token
    }

    /// `HABITS_SERVER` and `HABITS_TOKEN` override the stored login: both, or the token with the stored
    /// server. The stored token is never sent to another server than the one it was made on.
    public static func resolve(environment: [String: String], stored: LoginRecord?) throws(ClientError)
        -> ClientCredentials
    {
        let serverText = environment["HABITS_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        let token = environment["HABITS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let token {
            guard let server = serverText ?? stored?.server else {
                throw .usage("HABITS_TOKEN needs HABITS_SERVER too, or a stored login (habits login)")
            }
            return ClientCredentials(server: try ServerAddress.parse(server), token: token)
        }
        guard let stored else { throw .notSignedIn }
        let storedServer = try ServerAddress.parse(stored.server)
        if let serverText, try ServerAddress.parse(serverText) != storedServer {
            throw .usage(
                "HABITS_SERVER names another server than the stored login's (\(stored.server)); "
                    + "set HABITS_TOKEN too")
        }
        return ClientCredentials(server: storedServer, token: stored.token)
    }
}
