import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// A pair's days beyond its done-day runs: log counts per day (from `logs_user_habit_day`), skips and
/// notes (`habit_day_entries`), and the streak under the habit's schedule.
enum PostgresDayEntries {
    /// The days of the pair from `first` through `last` that hold a log, a skip or a note, in order.
    ///
    /// - Complexity: O(log n + k) for the k logs and entries in the range.
    static func days(_ session: PostgresSession, _ pair: CounterPair, from first: LocalDay, through last: LocalDay)
        async throws -> [HabitDay]
    {
        var days: [Int: HabitDay] = [:]
        for row in try await session.rows(
            """
            SELECT day, count(*) FROM logs
            WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID)
                AND day BETWEEN \(first.number) AND \(last.number)
            GROUP BY day
            """)
        {
            let (day, count) = try row.decode((Int, Int).self)
            days[day] = HabitDay(day: LocalDay(number: day), logCount: count)
        }
        for row in try await session.rows(
            """
            SELECT day, skipped, note FROM habit_day_entries
            WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID)
                AND day BETWEEN \(first.number) AND \(last.number)
            """)
        {
            let (day, skipped, note) = try row.decode((Int, Bool, String?).self)
            days[day, default: HabitDay(day: LocalDay(number: day))].isSkipped = skipped
            days[day]?.note = note
        }
        return days.values.sorted { $0.day < $1.day }
    }

    /// The days from `first` through `last` whose target is met, in order (from the runs for a habit
    /// done once a day).
    static func doneDays(
        _ session: PostgresSession, _ pair: CounterPair, from first: LocalDay, through last: LocalDay
    ) async throws -> [LocalDay] {
        let schedule = try await schedule(session, habitID: pair.habitID)
        if schedule.timesPerDay == 1 {
            return try await PostgresDayRuns.days(session, pair, from: first, through: last)
        }
        return try await days(session, pair, from: first, through: last).filter { $0.isDone(under: schedule) }
            .map(\.day)
    }

    /// The streak of the pair under its habit's schedule, weeks starting as the user's locale starts them:
    /// from the runs for a daily habit without skips, else from its days.
    ///
    /// - Complexity: O(log n) for a plain daily habit; else O(k) for the pair's k days with anything on them.
    static func streak(_ session: PostgresSession, _ pair: CounterPair, today: LocalDay) async throws
        -> StreakSummary
    {
        let schedule = try await schedule(session, habitID: pair.habitID)
        let skips = try await session.value(
            """
            SELECT 1 FROM habit_day_entries
            WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID) AND skipped LIMIT 1
            """, as: Int.self)
        if schedule == .daily, skips == nil { return try await PostgresDayRuns.streak(session, pair, today: today) }
        let locale =
            try await session.value("SELECT locale FROM users WHERE id = \(pair.userID)", as: String.self) ?? "en_US"
        let days = try await days(session, pair, from: LocalDay(number: Int(Int32.min)), through: today)
        return StreakSummary(
            schedule: schedule, days: days, today: today, firstWeekday: LocaleWeeks.firstWeekday(of: locale))
    }

    /// The habit's schedule.
    static func schedule(_ session: PostgresSession, habitID: Int64) async throws -> HabitSchedule {
        let text = try await session.rows("SELECT schedule FROM habits WHERE id = \(habitID)").first?
            .decode(String?.self)
        return HabitSchedule(storedText: text ?? nil)
    }

    /// Skips `day` or takes the skip back. A day whose target is met cannot be skipped (409), nor a fourth
    /// day of one calendar month (422). The caller holds the pair's lock.
    static func setSkipped(
        _ session: PostgresSession, _ pair: CounterPair, day: LocalDay, _ skipped: Bool, changes: ChangeRecorder
    ) async throws {
        guard skipped else {
            let changed = try await session.changes(
                """
                UPDATE habit_day_entries SET skipped = false
                WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID) AND day = \(day.number) AND skipped
                RETURNING 1
                """)
            if changed > 0 { changes.days(of: pair.userID) }
            try await dropEmpty(session, pair, day: day)
            return
        }
        let target = try await schedule(session, habitID: pair.habitID).timesPerDay
        let logsOnDay = try await PostgresDayRuns.logCount(session, pair, day: day, upTo: target)
        let month = day.month
        let skippedInMonth = try await session.int(
            """
            SELECT count(*) FROM habit_day_entries
            WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID)
                AND day BETWEEN \(month.firstDay.number) AND \(month.lastDay.number) AND day <> \(day.number)
                AND skipped
            """)
        try DayEntryRule.checkSkip(
            DayEntryRule.SkipFacts(
                day: day, target: target, logsOnDay: logsOnDay, skippedElsewhereInMonth: skippedInMonth))
        let changed = try await session.changes(
            """
            INSERT INTO habit_day_entries (user_id, habit_id, day, skipped)
            VALUES (\(pair.userID), \(pair.habitID), \(day.number), true)
            ON CONFLICT (user_id, habit_id, day) DO UPDATE SET skipped = true WHERE NOT habit_day_entries.skipped
            RETURNING 1
            """)
        if changed > 0 { changes.days(of: pair.userID) }
    }

    /// Refuses the write when it left `userID` holding more notes than the bound (`DayEntryRule.checkNotes`),
    /// counted under the user's row lock, so that notes written at once are counted one after the other.
    ///
    /// - Complexity: O(e) for the user's e day entries (the primary key's prefix).
    static func checkNotes(_ session: PostgresSession, userID: Int64) async throws {
        try await session.execute("SELECT 1 FROM users WHERE id = \(userID) FOR NO KEY UPDATE")
        let held = try await session.int(
            "SELECT count(*) FROM habit_day_entries WHERE user_id = \(userID) AND note IS NOT NULL")
        try DayEntryRule.checkNotes(held: held)
    }

    /// Sets the note of `day`, or removes it (nil or empty).
    static func setNote(
        _ session: PostgresSession, _ pair: CounterPair, day: LocalDay, _ note: String?, changes: ChangeRecorder
    ) async throws {
        let changed: Int
        if let note = DayEntryRule.note(note) {
            changed = try await session.changes(
                """
                INSERT INTO habit_day_entries (user_id, habit_id, day, note)
                VALUES (\(pair.userID), \(pair.habitID), \(day.number), \(note))
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET note = excluded.note
                WHERE habit_day_entries.note IS DISTINCT FROM excluded.note
                RETURNING 1
                """)
            if changed > 0 { try await checkNotes(session, userID: pair.userID) }
        } else {
            changed = try await session.changes(
                """
                UPDATE habit_day_entries SET note = NULL
                WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID) AND day = \(day.number)
                    AND note IS NOT NULL
                RETURNING 1
                """)
        }
        if changed > 0 { changes.days(of: pair.userID) }
        try await dropEmpty(session, pair, day: day)
    }

    /// Removes the day's entry once it holds neither a skip nor a note.
    private static func dropEmpty(_ session: PostgresSession, _ pair: CounterPair, day: LocalDay) async throws {
        try await session.execute(
            """
            DELETE FROM habit_day_entries
            WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID) AND day = \(day.number)
                AND NOT skipped AND note IS NULL
            """)
    }
}
