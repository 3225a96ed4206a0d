import HabitsDomain

/// `streakSummary`: the large number of the streak calendar and what it counts.
public struct StreakSummaryContent: ItemPayload {
    public var habitID: Int64
    public var habitName: String
    /// The run of done days ending today, or yesterday while today is not done yet.
    public var current: Int
    public var longest: Int
    public var label: String
    public var today: LocalDay
    public var todayDone: Bool
    /// What the streak counts: days, or weeks for an "N per week" schedule.
    public var unit: StreakUnit

    public init(habitID: Int64, habitName: String, streak: StreakSummary) {
        self.habitID = habitID
        self.habitName = habitName
        current = streak.current
        longest = streak.longest
        label = streak.unit == .weeks ? "Weeks in a Row" : "Current Streak"
        today = streak.today
        todayDone = streak.todayDone
        unit = streak.unit
    }
}

/// `monthLink`: the previous or next month of the calendar, to open.
public struct MonthLink: ItemPayload {
    public enum Direction: String, Codable, Hashable, Sendable { case previous, next }

    public var direction: Direction
    public var month: String
    /// The month's name in the viewer's language ("February 2026").
    public var title: String

    public init(direction: Direction, month: LocalMonth, title: String) {
        self.direction = direction
        self.month = month.description
        self.title = title
    }
}

/// `calendarWeekday`: one column heading of the month grid, in the viewer's language.
public struct CalendarWeekday: ItemPayload {
    /// 1 for Sunday through 7 for Saturday.
    public var weekday: Int
    /// The shortest name ("M").
    public var symbol: String
    /// The full name ("Monday"), for assistive technologies.
    public var name: String

    public init(weekday: Int, symbol: String, name: String) {
        self.weekday = weekday
        self.symbol = symbol
        self.name = name
    }
}

/// `calendarBlank`: an empty cell before the 1st, so that the 1st falls under its weekday.
public struct CalendarBlank: ItemPayload {
    public init() {}
}

/// `calendarDay`: one day of the month and whether it is done.
public struct CalendarDay: ItemPayload {
    public var date: LocalDay
    /// The day of the month, 1–31.
    public var day: Int
    public var done: Bool
    public var today: Bool
    /// A day after the viewer's today: it cannot be marked.
    public var future: Bool
    /// Set aside on purpose: it neither breaks nor extends the streak.
    public var skipped: Bool
    /// The viewer's note on the day.
    public var note: String?

    public init(date: LocalDay, done: Bool, today: LocalDay, skipped: Bool = false, note: String? = nil) {
        self.date = date
        self.day = date.components.day
        self.done = done
        self.today = date == today
        self.future = date > today
        self.skipped = skipped
        self.note = note
    }
}

/// `habitChoice`: one of the habits whose calendar the screen can show.
public struct HabitChoice: ItemPayload {
    public var habitID: Int64
    public var name: String
    public var emoji: String?
    public var selected: Bool

    public init(habitID: Int64, name: String, emoji: String?, selected: Bool) {
        self.habitID = habitID
        self.name = name
        self.emoji = emoji
        self.selected = selected
    }
}

extension StreakSummaryContent {
    public static let type = "streakSummary"
    public var heapBytes: Int { heapSum(habitName, label) }
}

extension MonthLink {
    public static let type = "monthLink"
    public var heapBytes: Int { heapSum(month, title) }
}

extension CalendarWeekday {
    public static let type = "calendarWeekday"
    public var heapBytes: Int { heapSum(symbol, name) }
}

extension CalendarBlank {
    public static let type = "calendarBlank"
    public var heapBytes: Int { 0 }
}

extension CalendarDay {
    public static let type = "calendarDay"
    public var heapBytes: Int { heapSum(note) }
}

extension HabitChoice {
    public static let type = "habitChoice"
    public var heapBytes: Int { heapSum(name, emoji) }
}
