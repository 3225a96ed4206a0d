import Foundation

/// The body of `POST /v1/auth/signin`: the server reads it, the command-line client's login sends it.
public struct SignInRequest: Codable, Hashable, Sendable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// The body of `POST /v1/me/tokens`: a name to recognise the token by, and what it may do.
public struct TokenRequest: Codable, Hashable, Sendable {
    public var name: String
    public var scope: TokenScope

    public init(name: String, scope: TokenScope) {
        self.name = name
        self.scope = scope
    }
}

/// The answer to `POST /v1/me/tokens`: the new token with its secret, which is shown this once.
public struct IssuedToken: Codable, Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var scope: TokenScope
    public var createdAt: Date
    /// The secret a client sends as `Authorization: Bearer …`; the store keeps only its hash.
    public var token: String

    public init(id: Int64, name: String, scope: TokenScope, createdAt: Date, token: String) {
        self.id = id
        self.name = name
        self.scope = scope
        self.createdAt = createdAt
        self.token = token
    }
}
