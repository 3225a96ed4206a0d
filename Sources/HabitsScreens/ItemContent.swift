/// An item's typed payload; its case names the item's `type` in JSON.
public enum ItemContent: Hashable, Sendable {
    /// Home: one favourite habit's leader and the line under it.
    case leaderboardHabit(LeaderboardHabit)
    /// Home: a followed user and how the viewer compares with them.
    case followedUser(FollowedUser)
    /// Habits: one habit to open or favourite.
    case habit(HabitRow)
    /// Habit: the habit's name, category and description.
    case habitHeader(HabitHeader)
    /// Habit: one user's count of the habit.
    case userCount(UserCount)
    /// Users: one user's card.
    case userCard(UserCard)
    /// User: the user's name, bio and picture.
    case userHeader(UserHeader)
    /// User: one of the user's habits with their count.
    case habitCount(HabitCount)
    /// Log: one habit to log now.
    case logHabit(HabitRow)
    /// Streak: the current and longest streak.
    case streakSummary(StreakSummaryContent)
    /// Streak: the previous or next month.
    case monthLink(MonthLink)
    /// Streak: a column heading of the month grid.
    case calendarWeekday(CalendarWeekday)
    /// Streak: an empty cell before the 1st.
    case calendarBlank(CalendarBlank)
    /// Streak: one day of the month.
    case calendarDay(CalendarDay)
    /// Streak: a habit whose calendar can be shown.
    case habitChoice(HabitChoice)
    /// Discover: the featured program.
    case banner(BannerContent)
    /// Discover: a line with highlighted phrases.
    case textHeader(TextHeaderContent)
    /// Discover: one program of a swimlane.
    case programCard(ProgramCard)
    /// Help and emoji: a filter or arrangement to switch to.
    case filterChip(FilterChip)
    /// Help: a question that expands to its answer.
    case question(QuestionContent)
    /// Help: the form to send a question.
    case contactGuide(ContactGuide)
    /// Emoji: the words that filter the emoji.
    case searchField(SearchField)
    /// Emoji: a group's outline parent.
    case emojiGroup(EmojiGroupContent)
    /// Emoji: one emoji to choose.
    case emoji(EmojiChoice)
    /// Today: a favourite habit with today's state.
    case todayHabit(TodayHabit)

    /// The item's `type` in JSON.
    public var type: String {
        switch self {
        case .leaderboardHabit: "leaderboardHabit"
        case .followedUser: "followedUser"
        case .habit: "habit"
        case .habitHeader: "habitHeader"
        case .userCount: "userCount"
        case .userCard: "userCard"
        case .userHeader: "userHeader"
        case .habitCount: "habitCount"
        case .logHabit: "logHabit"
        case .streakSummary: "streakSummary"
        case .monthLink: "monthLink"
        case .calendarWeekday: "calendarWeekday"
        case .calendarBlank: "calendarBlank"
        case .calendarDay: "calendarDay"
        case .habitChoice: "habitChoice"
        case .banner: "banner"
        case .textHeader: "textHeader"
        case .programCard: "programCard"
        case .filterChip: "filterChip"
        case .question: "question"
        case .contactGuide: "contactGuide"
        case .searchField: "searchField"
        case .emojiGroup: "emojiGroup"
        case .emoji: "emoji"
        case .todayHabit: "todayHabit"
        }
    }

    /// Every type this version sends.
    public static let types = [
        "leaderboardHabit", "followedUser", "habit", "habitHeader", "userCount", "userCard", "userHeader",
        "habitCount", "logHabit", "streakSummary", "monthLink", "calendarWeekday", "calendarBlank", "calendarDay",
        "habitChoice", "banner", "textHeader", "programCard", "filterChip", "question", "contactGuide", "searchField",
        "emojiGroup", "emoji", "todayHabit",
    ]

    init(type: String, from decoder: any Decoder) throws {
        switch type {
        case "leaderboardHabit": self = .leaderboardHabit(try LeaderboardHabit(from: decoder))
        case "followedUser": self = .followedUser(try FollowedUser(from: decoder))
        case "habit": self = .habit(try HabitRow(from: decoder))
        case "habitHeader": self = .habitHeader(try HabitHeader(from: decoder))
        case "userCount": self = .userCount(try UserCount(from: decoder))
        case "userCard": self = .userCard(try UserCard(from: decoder))
        case "userHeader": self = .userHeader(try UserHeader(from: decoder))
        case "habitCount": self = .habitCount(try HabitCount(from: decoder))
        case "logHabit": self = .logHabit(try HabitRow(from: decoder))
        case "streakSummary": self = .streakSummary(try StreakSummaryContent(from: decoder))
        case "monthLink": self = .monthLink(try MonthLink(from: decoder))
        case "calendarWeekday": self = .calendarWeekday(try CalendarWeekday(from: decoder))
        case "calendarBlank": self = .calendarBlank(try CalendarBlank(from: decoder))
        case "calendarDay": self = .calendarDay(try CalendarDay(from: decoder))
        case "habitChoice": self = .habitChoice(try HabitChoice(from: decoder))
        case "banner": self = .banner(try BannerContent(from: decoder))
        case "textHeader": self = .textHeader(try TextHeaderContent(from: decoder))
        case "programCard": self = .programCard(try ProgramCard(from: decoder))
        case "filterChip": self = .filterChip(try FilterChip(from: decoder))
        case "question": self = .question(try QuestionContent(from: decoder))
        case "contactGuide": self = .contactGuide(try ContactGuide(from: decoder))
        case "searchField": self = .searchField(try SearchField(from: decoder))
        case "emojiGroup": self = .emojiGroup(try EmojiGroupContent(from: decoder))
        case "emoji": self = .emoji(try EmojiChoice(from: decoder))
        case "todayHabit": self = .todayHabit(try TodayHabit(from: decoder))
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown type \(type)"))
        }
    }

    func encodePayload(to encoder: any Encoder) throws {
        switch self {
        case .leaderboardHabit(let content): try content.encode(to: encoder)
        case .followedUser(let content): try content.encode(to: encoder)
        case .habit(let content), .logHabit(let content): try content.encode(to: encoder)
        case .habitHeader(let content): try content.encode(to: encoder)
        case .userCount(let content): try content.encode(to: encoder)
        case .userCard(let content): try content.encode(to: encoder)
        case .userHeader(let content): try content.encode(to: encoder)
        case .habitCount(let content): try content.encode(to: encoder)
        case .streakSummary(let content): try content.encode(to: encoder)
        case .monthLink(let content): try content.encode(to: encoder)
        case .calendarWeekday(let content): try content.encode(to: encoder)
        case .calendarBlank(let content): try content.encode(to: encoder)
        case .calendarDay(let content): try content.encode(to: encoder)
        case .habitChoice(let content): try content.encode(to: encoder)
        case .banner(let content): try content.encode(to: encoder)
        case .textHeader(let content): try content.encode(to: encoder)
        case .programCard(let content): try content.encode(to: encoder)
        case .filterChip(let content): try content.encode(to: encoder)
        case .question(let content): try content.encode(to: encoder)
        case .contactGuide(let content): try content.encode(to: encoder)
        case .searchField(let content): try content.encode(to: encoder)
        case .emojiGroup(let content): try content.encode(to: encoder)
        case .emoji(let content): try content.encode(to: encoder)
        case .todayHabit(let content): try content.encode(to: encoder)
        }
    }
}

/// `leaderboardHabit`: a favourite habit, its leader's line and the line under it.
public struct LeaderboardHabit: Codable, Hashable, Sendable {
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
public struct FollowedUser: Codable, Hashable, Sendable {
    public var userName: String
    public var message: String

    public init(userName: String, message: String) {
        self.userName = userName
        self.message = message
    }
}

/// `habit` and `logHabit`: a habit with its category's name and colour.
public struct HabitRow: Codable, Hashable, Sendable {
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
public struct HabitHeader: Codable, Hashable, Sendable {
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
public struct UserCount: Codable, Hashable, Sendable {
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
public struct UserCard: Codable, Hashable, Sendable {
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
public struct UserHeader: Codable, Hashable, Sendable {
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
public struct HabitCount: Codable, Hashable, Sendable {
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
