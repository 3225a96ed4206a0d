/// `leaderboardHabit`: a favourite habit, its leader's line and the line under it.
public struct LeaderboardHabit: ItemPayload {
    public var habitName: String
    public var leader: String
    /// The viewer's line when they are ranked but not first, else the runner-up's; null with one or no user.
    public var secondary: String?

    public init(habitName: String, leader: String, secondary: String?) {
        self.habitName = habitName
        self.leader = leader
        self.secondary = secondary
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(habitName, forKey: .habitName)
        try container.encode(leader, forKey: .leader)
        try container.encode(secondary, forKey: .secondary)  // null is part of the format
    }
}

extension LeaderboardHabit {
    public static let type = "leaderboardHabit"
    public var heapBytes: Int { heapSum(habitName, leader, secondary) }
}

/// `followedUser`: a followed user and a message comparing them with the viewer.
public struct FollowedUser: ItemPayload {
    public var userName: String
    public var message: String

    public init(userName: String, message: String) {
        self.userName = userName
        self.message = message
    }
}

extension FollowedUser {
    public static let type = "followedUser"
    public var heapBytes: Int { heapSum(userName, message) }
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
