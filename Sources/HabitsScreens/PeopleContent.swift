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

extension HabitHeader {
    public static let type = "habitHeader"
    public var heapBytes: Int { heapSum(name, emoji, category, description) }
}

/// `userCount`: one user's count of a habit, side by side.
public struct UserCount: ItemPayload {
    public var userID: Int64
    public var userName: String
    /// Their username, shown beside the display name, which anyone may choose.
    public var username: String
    public var count: Int
    /// Whether this row is the viewer's own.
    public var isViewer: Bool

    public init(userID: Int64, userName: String, username: String, count: Int, isViewer: Bool) {
        self.userID = userID
        self.userName = userName
        self.username = username
        self.count = count
        self.isViewer = isViewer
    }
}

extension UserCount {
    public static let type = "userCount"
    public var heapBytes: Int { heapSum(userName, username) }
}

/// `userCard`: a user in their colour, and whether the viewer follows them.
public struct UserCard: ItemPayload {
    public var userID: Int64
    public var name: String
    /// Their username, shown beside the display name, which anyone may choose.
    public var username: String
    public var color: ScreenColor?
    public var picture: String
    public var isFollowed: Bool

    public init(
        userID: Int64, name: String, username: String, color: ScreenColor?, picture: String, isFollowed: Bool
    ) {
        self.userID = userID
        self.name = name
        self.username = username
        self.color = color
        self.picture = picture
        self.isFollowed = isFollowed
    }
}

extension UserCard {
    public static let type = "userCard"
    public var heapBytes: Int { heapSum(name, username, picture) }
}

/// `userHeader`: a user's name, bio and picture.
public struct UserHeader: ItemPayload {
    public var userID: Int64
    public var name: String
    /// Their username, shown beside the display name, which anyone may choose.
    public var username: String
    public var bio: String?
    public var color: ScreenColor?
    /// The path of the user's picture on this server.
    public var picture: String

    public init(userID: Int64, name: String, username: String, bio: String?, color: ScreenColor?, picture: String) {
        self.userID = userID
        self.name = name
        self.username = username
        self.bio = bio
        self.color = color
        self.picture = picture
    }
}

extension UserHeader {
    public static let type = "userHeader"
    public var heapBytes: Int { heapSum(name, username, bio, picture) }
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

extension HabitCount {
    public static let type = "habitCount"
    public var heapBytes: Int { heapSum(habitName, emoji) }
}
