import HabitsDomain

/// What `habits today`, `habits streak` and `habits habits` print for people.
public enum TodayFormat {
    /// The day's habits as an aligned table: name, done, streak, skipped, note.
    public static func table(_ today: TodayList) -> String {
        guard !today.habits.isEmpty else {
            return "\(today.day): no habits yet; add one with `habits habits add NAME`\n"
        }
        let rows = today.habits.map { habit in
            [
                title(habit.name, emoji: habit.emoji), progress(habit), streak(habit.streak),
                habit.skipped ? "skipped" : "", habit.note ?? "",
            ]
        }
        let heading = "\(today.day) (\(today.timeZone))\n"
        return heading + TextTable(header: ["HABIT", "DONE", "STREAK", "SKIPPED", "NOTE"], rows: rows).render()
    }

    /// The name behind its emoji, if it has one.
    public static func title(_ name: String, emoji: String?) -> String {
        guard let emoji, !emoji.isEmpty else { return name }
        return "\(emoji) \(name)"
    }

    /// ✓ when the day's target is met, else the logs so far against it; "-" on a day off with none.
    public static func progress(_ habit: TodayList.Entry) -> String {
        if habit.done { return habit.target > 1 ? "✓ \(habit.logCount)/\(habit.target)" : "✓" }
        if !habit.scheduled && habit.logCount == 0 { return "-" }
        return "\(habit.logCount)/\(habit.target)"
    }

    /// "3 days", "1 week", "0 days".
    public static func streak(_ count: ScheduledStreak) -> String {
        amount(count.current, unit: count.unit)
    }

    /// `count` of `unit` (days or weeks), singular for one.
    static func amount(_ count: Int, unit: StreakUnit) -> String {
        let plural = unit.rawValue
        let singular = plural.hasSuffix("s") ? String(plural.dropLast()) : plural
        return "\(count) \(count == 1 ? singular : singular + "s")"
    }

    /// The streaks of today's habits: name, current, longest.
    public static func streaks(_ today: TodayList) -> String {
        TextTable(
            header: ["HABIT", "CURRENT", "LONGEST"],
            rows: today.habits.map {
                [title($0.name, emoji: $0.emoji), streak($0.streak), amount($0.streak.longest, unit: $0.streak.unit)]
            }
        ).render()
    }

    /// One habit's streak as a sentence.
    public static func streak(named name: String, _ streak: StreakSummary) -> String {
        let today = streak.todayDone ? "done today" : "not done today yet"
        return "\(name): \(amount(streak.current, unit: streak.unit)) "
            + "(longest \(amount(streak.longest, unit: streak.unit))), \(today)\n"
    }

    /// Own habits: name, schedule, reminder.
    public static func habits(_ habits: [Habit]) -> String {
        guard !habits.isEmpty else { return "No habits; add one with `habits habits add NAME`\n" }
        return TextTable(
            header: ["HABIT", "SCHEDULE", "REMINDER"],
            rows: habits.map {
                [title($0.name, emoji: $0.emoji), ScheduleOption.describe($0.schedule), $0.reminder?.description ?? ""]
            }
        ).render()
    }
}
