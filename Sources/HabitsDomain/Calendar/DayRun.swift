/// A run of consecutive done days, first to last inclusive: how a user's done days of one habit are
/// stored, so that a streak is one lookup and marking or unmarking a day touches at most three runs.
public struct DayRun: Hashable, Sendable {
    public var first: LocalDay
    public var last: LocalDay

    public init(first: LocalDay, last: LocalDay) {
        precondition(first <= last, "A run ends on or after its first day.")
        self.first = first
        self.last = last
    }

    /// How many days the run holds.
    public var length: Int { last.number - first.number + 1 }

    /// Whether the run holds `day`.
    public func contains(_ day: LocalDay) -> Bool { first <= day && day <= last }

    /// The runs that replace `before` (the run ending the day before `day`, if any) and `after` (the run
    /// starting the day after, if any) when `day` becomes done: one run joining them.
    public static func joining(_ day: LocalDay, before: DayRun?, after: DayRun?) -> DayRun {
        DayRun(first: before?.first ?? day, last: after?.last ?? day)
    }

    /// The days of `runs` (ascending, disjoint) from `first` through `last`, in order.
    ///
    /// - Complexity: O(r + d) for r runs and the d days listed.
    public static func days(of runs: [DayRun], from first: LocalDay, through last: LocalDay) -> [LocalDay] {
        var days: [LocalDay] = []
        for run in runs where run.last >= first && run.first <= last {
            for number in max(run.first, first).number...min(run.last, last).number {
                days.append(LocalDay(number: number))
            }
        }
        return days
    }

    /// What is left of this run when `day`, which it holds, is no longer done: up to two runs.
    public func removing(_ day: LocalDay) -> [DayRun] {
        precondition(contains(day), "Only a day of the run can leave it.")
        var pieces: [DayRun] = []
        if first < day { pieces.append(DayRun(first: first, last: day.adding(days: -1))) }
        if day < last { pieces.append(DayRun(first: day.adding(days: 1), last: last)) }
        return pieces
    }
}

/// A user's streak in one habit, as the streak endpoint and the calendar screen show it.
public struct StreakSummary: Hashable, Sendable, Codable {
    /// The run of consecutive done days that ends today, or yesterday while today is not done yet.
    public var current: Int
    /// The longest run ever.
    public var longest: Int
    /// The user's today.
    public var today: LocalDay
    /// Whether today is done.
    public var todayDone: Bool
    /// What `current` and `longest` count: days, or weeks for an "N per week" schedule.
    public var unit: StreakUnit

    public init(current: Int, longest: Int, today: LocalDay, todayDone: Bool, unit: StreakUnit = .days) {
        self.current = current
        self.longest = longest
        self.today = today
        self.todayDone = todayDone
        self.unit = unit
    }

    /// The streak under `schedule` of `days` (ascending, each day once), as `StreakCounter` counts it.
    ///
    /// - Complexity: O(*n*) in the number of days.
    public init(schedule: HabitSchedule, days: [HabitDay], today: LocalDay, firstWeekday: Int) {
        let streak = StreakCounter(schedule: schedule, today: today, firstWeekday: firstWeekday).streak(of: days)
        let todayDone = days.last { $0.day <= today }.map { $0.day == today && $0.isDone(under: schedule) } ?? false
        self.init(
            current: streak.current, longest: streak.longest, today: today, todayDone: todayDone, unit: streak.unit)
    }

    /// The streak given the earliest run that ends yesterday or later (nil: none does) and the longest run.
    ///
    /// A today not yet done does not break the streak: the run ending yesterday still counts. A run that
    /// lies after today (days logged in a zone ahead of the user's present one) counts up to today only.
    public init(latestRun run: DayRun?, longest: Int, today: LocalDay) {
        let yesterday = today.adding(days: -1)
        var current = 0
        var todayDone = false
        if let run, run.last >= yesterday, run.first <= today {
            todayDone = run.contains(today)
            current = min(run.last, today).number - run.first.number + 1
        }
        self.init(current: current, longest: longest, today: today, todayDone: todayDone)
    }
}
