import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// A pair's days beyond its done-day runs: log counts per day (from `logs_user_habit_day`), skips and
/// notes (`habit_day_entries`), and the streak under the habit's schedule.
enum DayEntryRows {
    /// The days of the pair from `first` through `last` that hold a log, a skip or a note, in order.
    ///
    /// - Complexity: O(log n + k) for the k logs and entries in the range.
    static func days(_ db: Database, _ pair: CounterPair, from first: LocalDay, through last: LocalDay) throws
        -> [HabitDay]
    {
        let arguments: StatementArguments = [pair.userID, pair.habitID, first.number, last.number]
        var days: [Int: HabitDay] = [:]
        let counts = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT day, COUNT(*) FROM logs WHERE user_id = ? AND habit_id = ? AND day BETWEEN ? AND ?
                    GROUP BY day
                    """), arguments: arguments)
        while let row = try counts.next() {
            let day: Int = row[0]
            days[day] = HabitDay(day: LocalDay(number: day), logCount: row[1])
        }
        let entries = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT day, skipped, note FROM habit_day_entries
                    WHERE user_id = ? AND habit_id = ? AND day BETWEEN ? AND ?
                    """), arguments: arguments)
        while let row = try entries.next() {
            let day: Int = row[0]
            days[day, default: HabitDay(day: LocalDay(number: day))].isSkipped = row[1]
            days[day]?.note = row[2]
        }
        return days.values.sorted { $0.day < $1.day }
    }

    /// The days from `first` through `last` whose target is met, in order: days with a log, read from the
    /// runs, for a habit done once a day.
    ///
    /// - Complexity: O(log r + d) for one log a day; else O(log n + k) for the k logs in the range.
    static func doneDays(_ db: Database, _ pair: CounterPair, from first: LocalDay, through last: LocalDay) throws
        -> [LocalDay]
    {
        let schedule = try schedule(db, habitID: pair.habitID)
        if schedule.timesPerDay == 1 { return try DayRuns.days(db, pair, from: first, through: last) }
        return try days(db, pair, from: first, through: last).filter { $0.isDone(under: schedule) }.map(\.day)
    }

    /// The streak of the pair under its habit's schedule, with weeks starting as the user's locale starts
    /// them. A daily habit without skips is read from its runs in a few lookups; any other reads its days.
    ///
    /// - Complexity: O(log n) for a plain daily habit; else O(k) for the pair's k days with anything on them.
    static func streak(_ db: Database, _ pair: CounterPair, today: LocalDay) throws -> StreakSummary {
        let schedule = try schedule(db, habitID: pair.habitID)
        let skips = try Int.fetchOne(
            db.cachedStatement(
                sql: "SELECT 1 FROM habit_day_entries WHERE user_id = ? AND habit_id = ? AND skipped = 1 LIMIT 1"),
            arguments: [pair.userID, pair.habitID])
        if schedule == .daily, skips == nil { return try DayRuns.streak(db, pair, today: today) }
        let locale =
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT locale FROM users WHERE id = ?"), arguments: [pair.userID]) ?? "en_US"
        let days = try days(db, pair, from: LocalDay(number: Int(Int32.min)), through: today)
        return StreakSummary(
            schedule: schedule, days: days, today: today, firstWeekday: LocaleWeeks.firstWeekday(of: locale))
    }

    /// The habit's schedule.
    static func schedule(_ db: Database, habitID: Int64) throws -> HabitSchedule {
        HabitSchedule(
            storedText: try String.fetchOne(
                db.cachedStatement(sql: "SELECT schedule FROM habits WHERE id = ?"), arguments: [habitID]))
    }

    /// Skips `day` or takes the skip back. A day whose target is met cannot be skipped (409), nor a
    /// fourth day of one calendar month (422).
    static func setSkipped(_ db: Database, _ pair: CounterPair, day: LocalDay, _ skipped: Bool, changes: ChangeRecorder)
        throws
    {
        guard skipped else {
            try db.execute(
                sql: "UPDATE habit_day_entries SET skipped = 0 WHERE user_id = ? AND habit_id = ? AND day = ?",
                arguments: [pair.userID, pair.habitID, day.number])
            if db.changesCount > 0 { changes.days(of: pair.userID) }
            try dropEmpty(db, pair, day: day)
            return
        }
        let target = try schedule(db, habitID: pair.habitID).timesPerDay
        let month = day.month
        let skippedInMonth =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM habit_day_entries
                    WHERE user_id = ? AND habit_id = ? AND day BETWEEN ? AND ? AND day != ? AND skipped = 1
                    """,
                arguments: [pair.userID, pair.habitID, month.firstDay.number, month.lastDay.number, day.number]) ?? 0
        try DayEntryRule.checkSkip(
            DayEntryRule.SkipFacts(
                day: day, target: target, logsOnDay: try DayRuns.logCount(db, pair, day: day, upTo: target),
                skippedElsewhereInMonth: skippedInMonth))
        try db.execute(
            sql: """
                INSERT INTO habit_day_entries (user_id, habit_id, day, skipped) VALUES (?, ?, ?, 1)
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET skipped = 1 WHERE skipped = 0
                """,
            arguments: [pair.userID, pair.habitID, day.number])
        if db.changesCount > 0 { changes.days(of: pair.userID) }
    }

    /// Refuses the write when it left `userID` holding more notes than the bound (`DayEntryRule.checkNotes`).
    ///
    /// - Complexity: O(e) for the user's e day entries (the primary key's prefix).
    static func checkNotes(_ db: Database, userID: Int64) throws {
        let held = try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM habit_day_entries WHERE user_id = ? AND note IS NOT NULL",
            arguments: [userID]) ?? 0
        try DayEntryRule.checkNotes(held: held)
    }

    /// Sets the note of `day`, or removes it (nil or empty).
    static func setNote(_ db: Database, _ pair: CounterPair, day: LocalDay, _ note: String?, changes: ChangeRecorder)
        throws
    {
        if let note = DayEntryRule.note(note) {
            try db.execute(
                sql: """
                    INSERT INTO habit_day_entries (user_id, habit_id, day, note) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user_id, habit_id, day) DO UPDATE SET note = excluded.note
                    WHERE note IS NOT excluded.note
                    """,
                arguments: [pair.userID, pair.habitID, day.number, note])
            if db.changesCount > 0 { try checkNotes(db, userID: pair.userID) }
        } else {
            try db.execute(
                sql: "UPDATE habit_day_entries SET note = NULL WHERE user_id = ? AND habit_id = ? AND day = ?",
                arguments: [pair.userID, pair.habitID, day.number])
        }
        if db.changesCount > 0 { changes.days(of: pair.userID) }
        try dropEmpty(db, pair, day: day)
    }

    /// Removes the day's entry once it holds neither a skip nor a note.
    private static func dropEmpty(_ db: Database, _ pair: CounterPair, day: LocalDay) throws {
        try db.execute(
            sql: """
                DELETE FROM habit_day_entries
                WHERE user_id = ? AND habit_id = ? AND day = ? AND skipped = 0 AND note IS NULL
                """,
            arguments: [pair.userID, pair.habitID, day.number])
    }
}
