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

/// `followedUser`: a followed user and a message comparing them with the viewer.
public struct FollowedUser: ItemPayload {
    public var userName: String
    public var message: String

    public init(userName: String, message: String) {
        self.userName = userName
        self.message = message
    }
}

/// `habit` and `logHabit`: a habit with its category's name and colour.
public struct HabitRow: ItemPayload {
    public var habitID: Int64
    public var name: String
    public var emoji: String?
    public var category: String
    public var color: ScreenColor
    public var isFavorite: Bool

    public init(habitID: Int64, name: String, emoji: String?, category: String, color: ScreenColor, isFavorite: Bool) {
        self.habitID = habitID
        self.name = name
        self.emoji = emoji
        self.category = category
        self.color = color
        self.isFavorite = isFavorite
    }
}

/// `habitHeader`: what the habit screen shows above its ranking.
public struct HabitHeader: ItemPayload {
    public var name: String
    public var emoji: String?
    public var category: String
    public var color: ScreenColor
    public var description: String

    public init(name: String, emoji: String?, category: String, color: ScreenColor, description: String) {
        self.name = name
        self.emoji = emoji
        self.category = category
        self.color = color
        self.description = description
    }
}

/// `userCount`: one user's count of a habit, side by side.
public struct UserCount: ItemPayload {
    public var userID: Int64
    public var userName: String
    public var count: Int
    /// Whether this row is the viewer's own.
    public var isViewer: Bool

    public init(userID: Int64, userName: String, count: Int, isViewer: Bool) {
        self.userID = userID
        self.userName = userName
        self.count = count
        self.isViewer = isViewer
    }
}

/// `userCard`: a user in their colour, and whether the viewer follows them.
public struct UserCard: ItemPayload {
    public var userID: Int64
    public var name: String
    public var color: ScreenColor?
    public var picture: String
    public var isFollowed: Bool

    public init(userID: Int64, name: String, color: ScreenColor?, picture: String, isFollowed: Bool) {
        self.userID = userID
        self.name = name
        self.color = color
        self.picture = picture
        self.isFollowed = isFollowed
    }
}

/// `userHeader`: a user's name, bio and picture.
public struct UserHeader: ItemPayload {
    public var userID: Int64
    public var name: String
    public var bio: String?
    public var color: ScreenColor?
    /// The path of the user's picture on this server.
    public var picture: String

    public init(userID: Int64, name: String, bio: String?, color: ScreenColor?, picture: String) {
        self.userID = userID
        self.name = name
        self.bio = bio
        self.color = color
        self.picture = picture
    }
}

/// `habitCount`: one of a user's habits and their count of it.
public struct HabitCount: ItemPayload {
    public var habitID: Int64
    public var habitName: String
    public var emoji: String?
    public var count: Int

    public init(habitID: Int64, habitName: String, emoji: String?, count: Int) {
        self.habitID = habitID
        self.habitName = habitName
        self.emoji = emoji
        self.count = count
    }
}

extension LeaderboardHabit {
    public static let type = "leaderboardHabit"
    public var heapBytes: Int { heapSum(habitName, leader, secondary) }
}

extension FollowedUser {
    public static let type = "followedUser"
    public var heapBytes: Int { heapSum(userName, message) }
}

extension HabitRow {
    public static let type = "habit"
    public var heapBytes: Int { heapSum(name, emoji, category) }
}

extension HabitHeader {
    public static let type = "habitHeader"
    public var heapBytes: Int { heapSum(name, emoji, category, description) }
}

extension UserCount {
    public static let type = "userCount"
    public var heapBytes: Int { heapSum(userName) }
}

extension UserCard {
    public static let type = "userCard"
    public var heapBytes: Int { heapSum(name, picture) }
}

extension UserHeader {
    public static let type = "userHeader"
    public var heapBytes: Int { heapSum(name, bio, picture) }
}

extension HabitCount {
    public static let type = "habitCount"
    public var heapBytes: Int { heapSum(habitName, emoji) }
}

/// `logHabit`: a habit to log now, with the fields of `HabitRow`.
@dynamicMemberLookup
public struct LogHabitRow: ItemPayload {
    public static let type = "logHabit"
    public var row: HabitRow

    public init(_ row: HabitRow) {
        self.row = row
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<HabitRow, Value>) -> Value { row[keyPath: keyPath] }

    public init(from decoder: any Decoder) throws {
        row = try HabitRow(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try row.encode(to: encoder)
    }

    public var heapBytes: Int { row.heapBytes }
}
