/// What `habits login` keeps: where the server is and the write token made for this computer.
public struct LoginRecord: Codable, Equatable, Sendable {
    /// The server's base address, without a trailing slash (`https://habits.example.org`).
    public var server: String
    /// The token's secret, sent as `Authorization: Bearer …`.
    public var token: String
    /// The token's id, which `habits logout` revokes.
    public var tokenID: Int64
    /// Whose account it is, for messages.
    public var username: String

    public init(server: String, token: String, tokenID: Int64, username: String) {
        self.server = server
        self.token = token
        self.tokenID = tokenID
        self.username = username
    }
}
