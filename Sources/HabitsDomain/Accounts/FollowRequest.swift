import Foundation

/// What asking to follow someone did.
public enum FollowOutcome: String, Codable, Hashable, Sendable {
    /// The follower now follows (or already followed) the user.
    case following
    /// The user is private: the request waits for its approval.
    case requested
    /// The follower does not follow the user (nor waits to).
    case notFollowing = "not_following"
}

/// Someone waiting for a private user's approval to follow it.
public struct FollowRequest: Codable, Hashable, Sendable {
    /// Who asks.
    public var user: User
    public var requestedAt: Date

    public init(user: User, requestedAt: Date) {
        self.user = user
        self.requestedAt = requestedAt
    }
}
