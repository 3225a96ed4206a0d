/// How much of what a schedule asked for was done over the last `days` days, today included.
///
/// Under a day schedule (daily, weekdays) a window expects each of its scheduled days, less the days
/// skipped, and counts those done. Today is expected only once it is done: a day not over cannot be
/// missed yet. Under "N per week" a window of `d` days expects N × d / 7 days (rounded), less the days
/// skipped, and counts done days up to that. A window that expects nothing has no rate.
public struct CompletionRate: Hashable, Sendable {
    /// The length of the window, in days.
    public var days: Int
    /// The days done that the window counts.
    public var done: Int
    /// The days the window asked for.
    public var expected: Int

    public init(days: Int, done: Int, expected: Int) {
        self.days = days
        self.done = done
        self.expected = expected
    }

    /// The share done, 0–100, rounded down so that 100 means everything; nil when nothing was expected.
    public var percent: Int? {
        guard expected > 0 else { return nil }
        return min(done, expected) * 100 / expected
    }

    /// The windows a habit's page shows.
    public static let windows = [30, 90, 365]

    /// The rate of each window in `windows`, from `days`, in ascending order with no day twice.
    ///
    /// - Complexity: O(*n* + *w* log *w*) for *n* days given and *w* windows: one pass from today backwards.
    public static func rates(
        of days: [HabitDay], schedule: HabitSchedule, today: LocalDay, windows: [Int] = windows
    ) -> [CompletionRate] {
        var tally = Tally()
        var rates: [Int: CompletionRate] = [:]
        var index = days.endIndex
        for window in windows.sorted() where window > 0 {
            let first = today.adding(days: 1 - window)
            // Days are walked from the newest, so each window adds only the days the last one lacked.
            while index > days.startIndex, days[index - 1].day >= first {
                index -= 1
                let record = days[index]
                guard record.day <= today, schedule.isScheduled(record.day) else { continue }
                tally.add(record, isToday: record.day == today, under: schedule)
            }
            rates[window] = tally.rate(days: window, schedule: schedule, today: today)
        }
        return windows.compactMap { rates[$0] }
    }

    /// What a window holds so far.
    private struct Tally {
        var done = 0
        /// Skipped days before today (today's skip asks for nothing either way).
        var skippedBefore = 0
        var skippedToday = false
        var doneToday = false

        mutating func add(_ record: HabitDay, isToday: Bool, under schedule: HabitSchedule) {
            if record.isDone(under: schedule) {
                done += 1
                if isToday { doneToday = true }
            } else if record.isSkipped {
                if isToday { skippedToday = true } else { skippedBefore += 1 }
            }
        }

        func rate(days window: Int, schedule: HabitSchedule, today: LocalDay) -> CompletionRate {
            switch schedule.kind {
            case .weekly(let timesPerWeek):
                let skipped = skippedBefore + (skippedToday ? 1 : 0)
                let expected = max((timesPerWeek * window + 3) / 7 - skipped, 0)
                return CompletionRate(days: window, done: min(done, expected), expected: expected)
            case .daily, .weekdays:
                let first = today.adding(days: 1 - window)
                let before = scheduledDays(from: first, through: today.adding(days: -1), schedule: schedule)
                let expected = before - skippedBefore + (doneToday ? 1 : 0)
                return CompletionRate(days: window, done: done, expected: expected)
            }
        }
    }

    /// The scheduled days from `first` through `last`.
    ///
    /// - Complexity: O(1).
    static func scheduledDays(from first: LocalDay, through last: LocalDay, schedule: HabitSchedule) -> Int {
        let span = last.number - first.number + 1
        guard span > 0 else { return 0 }
        guard case .weekdays(let weekdays) = schedule.kind else { return span }
        var count = span / 7 * weekdays.count
        var day = first.adding(days: span / 7 * 7)
        while day <= last {
            if schedule.isScheduled(day) { count += 1 }
            day = day.adding(days: 1)
        }
        return count
    }
}
