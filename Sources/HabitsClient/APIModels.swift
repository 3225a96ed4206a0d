import HabitsDomain

/// The signed-in account, as `GET /v1/me` answers (the fields the client reads).
public struct AccountSummary: Codable, Equatable, Sendable {
    public var id: Int64
    public var username: String
    public var timeZone: String

    public init(id: Int64, username: String, timeZone: String) {
        self.id = id
        self.username = username
        self.timeZone = timeZone
    }
}

/// A streak as `today` carries it for each habit.
public struct StreakCount: Codable, Equatable, Sendable {
    public var current: Int
    public var longest: Int
    /// `days` or `weeks`.
    public var unit: String

    public init(current: Int, longest: Int, unit: String) {
        self.current = current
        self.longest = longest
        self.unit = unit
    }
}

/// One habit of `GET /v1/me/today`.
public struct TodayHabit: Codable, Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var emoji: String?
    /// The account's own habit, rather than a favourite of the catalogue.
    public var own: Bool
    public var scheduled: Bool
    public var logCount: Int
    public var target: Int
    public var done: Bool
    public var skipped: Bool
    public var note: String?
    public var streak: StreakCount

    public init(
        id: Int64, name: String, emoji: String? = nil, own: Bool = true, scheduled: Bool = true,
        logCount: Int = 0, target: Int = 1, done: Bool = false, skipped: Bool = false, note: String? = nil,
        streak: StreakCount = StreakCount(current: 0, longest: 0, unit: "days")
    ) {
        self.id = id
        self.name = name
        self.emoji = emoji
        self.own = own
        self.scheduled = scheduled
        self.logCount = logCount
        self.target = target
        self.done = done
        self.skipped = skipped
        self.note = note
        self.streak = streak
    }
}

/// `GET /v1/me/today`: the account's day and its habits, own ones first, then favourites.
public struct TodayDocument: Codable, Equatable, Sendable {
    /// The account's today, `YYYY-MM-DD`.
    public var day: String
    public var timeZone: String
    public var habits: [TodayHabit]

    public init(day: String, timeZone: String, habits: [TodayHabit]) {
        self.day = day
        self.timeZone = timeZone
        self.habits = habits
    }
}

/// `GET /v1/users/{id}/habits/{id}/streak`.
public struct StreakDocument: Codable, Equatable, Sendable {
    public var current: Int
    public var longest: Int
    public var today: String
    public var todayDone: Bool
    public var unit: String
}

/// A habit as `/v1/habits` answers it (the fields the client shows).
public struct HabitResource: Codable, Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var emoji: String?
    public var schedule: HabitSchedule?
    public var ownerID: Int64?
    public var visibility: String?
    public var reminder: String?
    public var archived: Bool?

    public init(
        id: Int64, name: String, emoji: String? = nil, schedule: HabitSchedule? = nil, ownerID: Int64? = nil,
        visibility: String? = nil, reminder: String? = nil, archived: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.emoji = emoji
        self.schedule = schedule
        self.ownerID = ownerID
        self.visibility = visibility
        self.reminder = reminder
        self.archived = archived
    }
}

/// A category of the catalogue; a new habit needs one.
public struct CategorySummary: Codable, Equatable, Sendable {
    public var id: Int64
    public var name: String
}

/// One page of a listing.
struct ListPage<Item: Decodable>: Decodable {
    let items: [Item]
    let nextCursor: String?
}

/// `POST /v1/me/tokens`'s answer: the secret, shown this once.
struct IssuedToken: Decodable {
    let id: Int64
    let token: String
}
