import Foundation

/// What an account may do beyond acting as itself.
public enum Role: String, Codable, Hashable, Sendable, CaseIterable {
    /// Acts as itself only.
    case member
    /// Also writes the shared catalogue: categories, habits, programs, help tags and answers.
    case administrator
}

/// Who sees an account.
public enum Visibility: String, Codable, Hashable, Sendable, CaseIterable {
    /// On leaderboards, listed among people; anyone may follow.
    case `public`
    /// Seen only by itself and the followers it approved; following needs its approval.
    case `private`
}

/// A signed-up person: a user of the store with a username, a password (never held here) and a role.
public struct Account: Hashable, Sendable {
    /// The user the account acts as: its screens, logs and follows are this user's.
    public var user: User
    /// The name it signs in with; equal to `user.key`, unique regardless of case.
    public var username: String
    public var role: Role
    public var createdAt: Date

    public init(user: User, username: String, role: Role, visibility: Visibility, createdAt: Date) {
        self.user = user
        self.username = username
        self.role = role
        self.createdAt = createdAt
        self.user.visibility = visibility
    }

    /// Who sees the account: its user's visibility, kept in one place.
    public var visibility: Visibility {
        get { user.visibility }
        set { user.visibility = newValue }
    }

    /// The id of the account's user.
    public var id: Int64 { user.id }
}

extension Account: Codable {
    enum CodingKeys: String, CodingKey {
        case id, username, name, color, bio, timeZone, locale, role, visibility, createdAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let username = try container.decode(String.self, forKey: .username)
        user = User(
            id: try container.decode(Int64.self, forKey: .id), key: username,
            name: try container.decode(String.self, forKey: .name),
            color: try container.decodeIfPresent(Color.self, forKey: .color),
            bio: try container.decodeIfPresent(String.self, forKey: .bio),
            timeZone: try container.decode(String.self, forKey: .timeZone),
            locale: try container.decode(String.self, forKey: .locale),
            visibility: try container.decode(Visibility.self, forKey: .visibility))
        self.username = username
        role = try container.decode(Role.self, forKey: .role)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user.id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(user.name, forKey: .name)
        try container.encodeIfPresent(user.color, forKey: .color)
        try container.encodeIfPresent(user.bio, forKey: .bio)
        try container.encode(user.timeZone, forKey: .timeZone)
        try container.encode(user.locale, forKey: .locale)
        try container.encode(role, forKey: .role)
        try container.encode(visibility, forKey: .visibility)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
