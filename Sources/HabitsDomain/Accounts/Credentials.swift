import Foundation

/// What a token may do: `read` answers `GET` only; `write` may also change what its account owns.
public enum TokenScope: String, Codable, Hashable, Sendable, CaseIterable {
    case read, write
}

/// A password hash as the store keeps it, for checking a sign-in.
public struct StoredCredentials: Hashable, Sendable {
    public var userID: Int64
    /// A bcrypt hash (`$2b$…`), never the password.
    public var passwordHash: String

    public init(userID: Int64, passwordHash: String) {
        self.userID = userID
        self.passwordHash = passwordHash
    }
}

/// A signed-in browser or client as the account page lists it; its secret is never held here.
public struct SessionInfo: Codable, Hashable, Sendable {
    /// The session's number, for ending it from the account page.
    public var id: Int64
    public var createdAt: Date
    public var lastSeenAt: Date
    /// The `User-Agent` it signed in with, cut to 200 characters, so people recognise their devices.
    public var userAgent: String?
    /// Whether this is the session the request came with.
    public var isCurrent: Bool

    public init(id: Int64, createdAt: Date, lastSeenAt: Date, userAgent: String?, isCurrent: Bool = false) {
        self.id = id
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.userAgent = userAgent
        self.isCurrent = isCurrent
    }
}

/// An API token as listed: its secret is shown once, when it is created, and never kept.
public struct APIToken: Codable, Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var scope: TokenScope
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(id: Int64, name: String, scope: TokenScope, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.scope = scope
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// Who a request's session or token says it is.
public struct Identity: Hashable, Sendable {
    /// How the request proved it.
    public enum Proof: Hashable, Sendable {
        /// A session cookie; `sessionID` is the session's number.
        case session(sessionID: Int64)
        /// An `Authorization: Bearer` token.
        case token(tokenID: Int64, scope: TokenScope)
    }

    public var userID: Int64
    public var username: String
    public var role: Role
    public var proof: Proof

    public init(userID: Int64, username: String, role: Role, proof: Proof) {
        self.userID = userID
        self.username = username
        self.role = role
        self.proof = proof
    }

    /// Whether this identity may write: a session, or a token of scope `write`.
    public var mayWrite: Bool {
        if case .token(_, let scope) = proof { return scope == .write }
        return true
    }
}
