/// `leaderboardHabit`: a favourite habit, its leader's line and the line under it.
public struct LeaderboardHabit: ItemPayload {
    public var habitName: String
    public var leader: String
    /// The viewer's line when they are ranked but not first, else the runner-up's; null with one or no user.
    public var secondary: String?
    /// The username of whom `leader` names, beside their display name; absent for the viewer and for nobody.
    public var leaderUsername: String?
    /// The username of whom `secondary` names; absent for the viewer's own line.
    public var secondaryUsername: String?

    public init(
        habitName: String, leader: String, secondary: String?, leaderUsername: String? = nil,
        secondaryUsername: String? = nil
    ) {
        self.habitName = habitName
        self.leader = leader
        self.secondary = secondary
        self.leaderUsername = leaderUsername
        self.secondaryUsername = secondaryUsername
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(habitName, forKey: .habitName)
        try container.encode(leader, forKey: .leader)
        try container.encode(secondary, forKey: .secondary)  // null is part of the format
        try container.encodeIfPresent(leaderUsername, forKey: .leaderUsername)
        try container.encodeIfPresent(secondaryUsername, forKey: .secondaryUsername)
    }
}

extension LeaderboardHabit {
    public static let type = "leaderboardHabit"
    public var heapBytes: Int { heapSum(habitName, leader, secondary, leaderUsername, secondaryUsername) }
}

/// `followedUser`: a followed user and a message comparing them with the viewer.
public struct FollowedUser: ItemPayload {
    public var userName: String
    /// Their username, shown beside the display name, which anyone may choose.
    public var username: String
    public var message: String

    public init(userName: String, username: String, message: String) {
        self.userName = userName
        self.username = username
        self.message = message
    }
}

extension FollowedUser {
    public static let type = "followedUser"
    public var heapBytes: Int { heapSum(userName, username, message) }
}

/// `emptyState` (Home): what an empty section is for and how to fill it; a welcome for a new account.
public struct EmptyState: ItemPayload {
    public var title: String
    public var message: String

    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}

extension EmptyState {
    public static let type = "emptyState"
    public var heapBytes: Int { heapSum(title, message) }
}
