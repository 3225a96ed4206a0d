/// Counts a streak under a schedule from the days that have something on them.
///
/// Every day (or week) up to today is one of three things: it *extends* the streak (a scheduled day
/// whose target is met; a week with `timesPerWeek` done days), it is *neutral* (an unscheduled day,
/// a skipped day, a today not done yet; a week not over, or one that skips make up for), or it
/// *breaks* the streak (any other scheduled day or finished week). A streak is the number of
/// extending days (weeks) since the last break. Days after `today` are not counted.
///
/// The schedule in force now is the one the whole history is read under: changing "daily" to
/// "3 per week" rereads the past as weeks, as the habit is now meant.
public struct StreakCounter: Sendable {
    public var schedule: HabitSchedule
    public var today: LocalDay
    /// The first day of a week, 1 (Sunday) through 7, from the owner's locale.
    public var firstWeekday: Int

    public init(schedule: HabitSchedule, today: LocalDay, firstWeekday: Int = 2) {
        self.schedule = schedule
        self.today = today
        self.firstWeekday = (1...7).contains(firstWeekday) ? firstWeekday : 2
    }

    /// The streak of `days`, which are in ascending order with no day twice.
    ///
    /// - Complexity: O(*n*) in the number of days given, whatever span they cover.
    public func streak(of days: [HabitDay]) -> ScheduledStreak { spans(of: days).streak }

    /// The streak of `days` with the dates of its runs and the total of done days: what a streak card shows.
    ///
    /// - Complexity: O(*n*) in the number of days given, whatever span they cover.
    public func spans(of days: [HabitDay]) -> StreakSpans {
        var spans: StreakSpans
        switch schedule.kind {
        case .daily, .weekdays: spans = daySpans(of: days)
        case .weekly(let timesPerWeek): spans = weekSpans(of: days, timesPerWeek: timesPerWeek)
        }
        for record in days where record.day <= today && record.isDone(under: schedule) {
            spans.doneDays += 1
            if spans.firstDone == nil { spans.firstDone = record.day }
        }
        return spans
    }

    // MARK: Days

    private func daySpans(of days: [HabitDay]) -> StreakSpans {
        var spans = StreakSpans(unit: .days)
        // The last scheduled day that was done or skipped: every scheduled day after it, up to the next
        // such day, was neither, and breaks the streak.
        var lastAccounted: LocalDay?
        for record in days where record.day <= today && schedule.isScheduled(record.day) {
            let done = record.isDone(under: schedule)
            guard done || record.isSkipped else { continue }
            if let lastAccounted, scheduledDays(after: lastAccounted, before: record.day) > 0 { spans.breakCurrent() }
            if done { spans.extendCurrent(first: record.day, last: record.day) }
            lastAccounted = record.day
        }
        // The days since the last accounted one up to yesterday: today, not done yet, cannot break it.
        if let lastAccounted, lastAccounted < today, scheduledDays(after: lastAccounted, before: today) > 0 {
            spans.breakCurrent()
        }
        return spans
    }

    /// The scheduled days strictly between `first` and `last`.
    ///
    /// - Complexity: O(1).
    private func scheduledDays(after first: LocalDay, before last: LocalDay) -> Int {
        let span = last.number - first.number - 1
        guard span > 0 else { return 0 }
        guard case .weekdays(let weekdays) = schedule.kind else { return span }
        var count = span / 7 * weekdays.count
        var day = first.adding(days: span / 7 * 7 + 1)
        while day < last {
            if schedule.isScheduled(day) { count += 1 }
            day = day.adding(days: 1)
        }
        return count
    }

    // MARK: Weeks

    private func weekSpans(of days: [HabitDay], timesPerWeek: Int) -> StreakSpans {
        let currentWeek = weekStart(of: today)
        var spans = StreakSpans(unit: .weeks)
        var previousWeek: LocalDay?
        var index = days.startIndex
        // One pass over the days, a week at a time; a week with nothing in it breaks the streak.
        while index < days.endIndex, days[index].day <= today {
            let week = weekStart(of: days[index].day)
            var done = 0
            var skipped = 0
            var firstDone: LocalDay?
            var lastDone: LocalDay?
            while index < days.endIndex, days[index].day <= today, weekStart(of: days[index].day) == week {
                if days[index].isDone(under: schedule) {
                    done += 1
                    firstDone = firstDone ?? days[index].day
                    lastDone = days[index].day
                } else if days[index].isSkipped {
                    skipped += 1
                }
                index += 1
            }
            if let previousWeek, week.number - previousWeek.number > 7 { spans.breakCurrent() }
            if done >= timesPerWeek, let firstDone, let lastDone {
                spans.extendCurrent(first: firstDone, last: lastDone)
            } else if week != currentWeek, done + skipped < timesPerWeek {
                spans.breakCurrent()
            }
            previousWeek = week
        }
        // Weeks since the last one with anything in it, the current week aside, were empty: broken.
        if let previousWeek, currentWeek.number - previousWeek.number > 7 { spans.breakCurrent() }
        return spans
    }

    /// The first day of the week holding `day`.
    public func weekStart(of day: LocalDay) -> LocalDay {
        day.adding(days: -((day.weekday - firstWeekday + 7) % 7))
    }
}

/// A streak with the first and last done day of its current and longest runs, and every done day counted.
public struct StreakSpans: Hashable, Sendable {
    /// Days (or weeks) kept in the run that reaches today, and its first and last done days.
    public private(set) var current = 0
    public private(set) var currentFirst: LocalDay?
    public private(set) var currentLast: LocalDay?
    /// The longest run and its days: the earlier run when two are as long.
    public private(set) var longest = 0
    public private(set) var longestFirst: LocalDay?
    public private(set) var longestLast: LocalDay?
    public let unit: StreakUnit
    /// Every done day up to today, kept or not.
    public internal(set) var doneDays = 0
    /// The first done day ever.
    public internal(set) var firstDone: LocalDay?

    init(unit: StreakUnit) { self.unit = unit }

    /// The counts alone.
    public var streak: ScheduledStreak { ScheduledStreak(current: current, longest: longest, unit: unit) }

    /// One more kept day (or week), done from `first` through `last`.
    mutating func extendCurrent(first: LocalDay, last: LocalDay) {
        if current == 0 { currentFirst = first }
        currentLast = last
        current += 1
        if current > longest {
            longest = current
            longestFirst = currentFirst
            longestLast = currentLast
        }
    }

    /// A day (or week) that breaks the run.
    mutating func breakCurrent() {
        current = 0
        currentFirst = nil
        currentLast = nil
    }
}
