/// What one user's day of one habit holds beyond "logged or not": how many logs, a skip, a note.
public struct HabitDay: Codable, Hashable, Sendable {
    public var day: LocalDay
    /// The logs of the habit on the day, in the user's zone.
    public var logCount: Int
    /// Set aside on purpose: the day neither breaks nor extends a streak.
    public var isSkipped: Bool
    /// A short note on the day (at most `HabitDay.maximumNoteLength` scalars).
    public var note: String?

    /// The most skips one habit may have in one calendar month.
    public static let maximumSkipsPerMonth = 3
    /// The longest note, in Unicode scalars.
    public static let maximumNoteLength = 280

    public init(day: LocalDay, logCount: Int = 0, isSkipped: Bool = false, note: String? = nil) {
        self.day = day
        self.logCount = logCount
        self.isSkipped = isSkipped
        self.note = note
    }

    /// Whether the day's target is met under `schedule`.
    public func isDone(under schedule: HabitSchedule) -> Bool { logCount >= schedule.timesPerDay }
}

/// A habit's streak under its schedule, as `GET …/streak` answers it.
public struct ScheduledStreak: Codable, Hashable, Sendable {
    /// The kept days (or weeks) of the run that reaches today; a today not yet done does not end it.
    public var current: Int
    /// The most kept days (or weeks) any run has held.
    public var longest: Int
    public var unit: StreakUnit

    public init(current: Int, longest: Int, unit: StreakUnit) {
        self.current = current
        self.longest = longest
        self.unit = unit
    }
}
