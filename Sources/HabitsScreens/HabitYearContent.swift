import HabitsDomain

/// `habitStat`: one figure of a habit's page, a streak or a completion rate, with what it counts.
public struct HabitStat: ItemPayload {
    /// What the figure is ("Current Streak", "Last 30 Days").
    public var label: String
    /// The figure as shown ("12 days", "83%", "—").
    public var value: String
    /// What it was made from ("25 of 30 days"), when that says more.
    public var detail: String?

    public init(label: String, value: String, detail: String? = nil) {
        self.label = label
        self.value = value
        self.detail = detail
    }
}

/// `yearDay`: one cell of a habit's year heatmap, the viewer's day of the habit. A year holds 53 weeks
/// of them, so its JSON names only the flags that are set.
public struct YearDay: ItemPayload {
    public var date: LocalDay
    /// 0 for nothing logged, 1–3 for part of the day's target, 4 for done.
    public var level: Int
    public var done: Bool
    /// Set aside on purpose (and not done).
    public var skipped: Bool
    /// Whether the schedule asks for the day (every day of a weekly habit).
    public var scheduled: Bool
    public var today: Bool
    /// Whether the day has a note (listed under the heatmap).
    public var hasNote: Bool

    public init(record: HabitDay?, date: LocalDay, schedule: HabitSchedule, today: LocalDay) {
        self.date = date
        let logs = record?.logCount ?? 0
        let target = schedule.timesPerDay
        done = logs >= target
        level = done ? 4 : logs == 0 ? 0 : min(1 + 3 * logs / target, 3)
        skipped = !done && record?.isSkipped == true
        scheduled = schedule.isScheduled(date)
        self.today = date == today
        hasNote = record?.note != nil
    }
}

/// `dayNote`: the viewer's note on one day of a habit.
public struct DayNote: ItemPayload {
    public var date: LocalDay
    /// The day as the viewer's locale writes it ("Mar 4, 2026").
    public var title: String
    public var note: String

    public init(date: LocalDay, title: String, note: String) {
        self.date = date
        self.title = title
        self.note = note
    }
}

extension HabitStat {
    public static let type = "habitStat"
    public var heapBytes: Int { heapSum(label, value, detail) }
}

extension YearDay {
    public static let type = "yearDay"
    public var heapBytes: Int { 0 }

    enum CodingKeys: String, CodingKey { case date, level, done, skipped, unscheduled, today, hasNote }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(LocalDay.self, forKey: .date)
        level = try container.decode(Int.self, forKey: .level)
        done = try container.decodeIfPresent(Bool.self, forKey: .done) ?? false
        skipped = try container.decodeIfPresent(Bool.self, forKey: .skipped) ?? false
        scheduled = !(try container.decodeIfPresent(Bool.self, forKey: .unscheduled) ?? false)
        today = try container.decodeIfPresent(Bool.self, forKey: .today) ?? false
        hasNote = try container.decodeIfPresent(Bool.self, forKey: .hasNote) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(level, forKey: .level)
        let flags: [(Bool, CodingKeys)] = [
            (done, .done), (skipped, .skipped), (!scheduled, .unscheduled), (today, .today), (hasNote, .hasNote),
        ]
        for (isSet, key) in flags where isSet { try container.encode(true, forKey: key) }
    }
}

extension DayNote {
    public static let type = "dayNote"
    public var heapBytes: Int { heapSum(title, note) }
}
