import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The done days of every (user, habit) pair, kept as runs of consecutive days in `habit_day_runs`.
///
/// A day is done while the user has at least one log of the habit on it; each log carries its day
/// (`logs.day`, the calendar day of its instant in the user's zone when it was written), and
/// `logs_user_habit_day` finds a day's logs. Every write that adds or removes logs calls `gained` or
/// `lost` in its transaction, so runs are never recomputed on a request.
enum DayRuns {
    /// Records that `day` became done: joins it with the runs ending the day before and starting the day
    /// after.
    ///
    /// - Complexity: O(log r) for the pair's r runs.
    static func gained(_ db: Database, _ pair: CounterPair, day: LocalDay) throws {
        let before = try run(db, pair, sql: "AND last_day = ?", day.adding(days: -1).number)
        let next = try run(db, pair, sql: "AND last_day > ? ORDER BY last_day LIMIT 1", day.number)
        let after = next.flatMap { $0.first == day.adding(days: 1) ? $0 : nil }
        if let next, next.contains(day) { return }  // already done
        for old in [before, after].compactMap({ $0 }) { try delete(db, pair, old) }
        try insert(db, pair, DayRun.joining(day, before: before, after: after))
    }

    /// Records that `day` is no longer done: splits the run that holds it.
    ///
    /// - Complexity: O(log r).
    static func lost(_ db: Database, _ pair: CounterPair, day: LocalDay) throws {
        guard let holder = try run(db, pair, sql: "AND last_day >= ? ORDER BY last_day LIMIT 1", day.number),
            holder.contains(day)
        else { return }
        try delete(db, pair, holder)
        for piece in holder.removing(day) { try insert(db, pair, piece) }
    }

    /// Whether the pair has a log on `day`.
    ///
    /// - Complexity: O(log n) in `logs_user_habit_day`.
    static func isDone(_ db: Database, _ pair: CounterPair, day: LocalDay) throws -> Bool {
        let statement = try db.cachedStatement(
            sql: """
                SELECT 1 FROM logs WHERE user_id = ? AND habit_id = ? AND day = ? LIMIT 1
                """)
        return try Int.fetchOne(statement, arguments: [pair.userID, pair.habitID, day.number]) != nil
    }

    /// How many logs the pair has on `day`, counted up to `limit`: what a write asks is whether a day
    /// reaches its target or held logs before, and a pair logged thousands of times a day must not make
    /// every one of its writes count them all.
    ///
    /// - Complexity: O(log n + min(k, limit)) for the k logs of the day.
    static func logCount(_ db: Database, _ pair: CounterPair, day: LocalDay, upTo limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        let query = try IntegerQuery(db, """
            SELECT COUNT(*) FROM (SELECT 1 FROM logs WHERE user_id = ? AND habit_id = ? AND day = ? LIMIT ?)
            """)
        return Int(try query.first(pair.userID, pair.habitID, Int64(day.number), Int64(limit)) ?? 0)
    }

    /// The done days from `first` through `last`, in order.
    ///
    /// - Complexity: O(log r + d) for the d days listed: the runs ending in the range, and the one run
    ///   that may start in it and end after it.
    static func days(_ db: Database, _ pair: CounterPair, from first: LocalDay, through last: LocalDay) throws
        -> [LocalDay]
    {
        guard first <= last else { return [] }
        let statement = try db.cachedStatement(
            sql: """
                SELECT first_day, last_day FROM habit_day_runs
                WHERE user_id = ? AND habit_id = ? AND last_day >= ? AND last_day <= ? ORDER BY last_day
                """)
        var runs = try Row.fetchAll(statement, arguments: [pair.userID, pair.habitID, first.number, last.number])
            .map(run(from:))
        if let straddling = try run(db, pair, sql: "AND last_day > ? ORDER BY last_day LIMIT 1", last.number),
            straddling.first <= last
        {
            runs.append(straddling)
        }
        return DayRun.days(of: runs, from: first, through: last)
    }

    /// The pair's streak on `today`.
    ///
    /// - Complexity: O(log r): the earliest run ending yesterday or later, and the longest run by index.
    static func streak(_ db: Database, _ pair: CounterPair, today: LocalDay) throws -> StreakSummary {
        let latest = try run(
            db, pair, sql: "AND last_day >= ? ORDER BY last_day LIMIT 1", today.adding(days: -1).number)
        let longest =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT MAX(length) FROM habit_day_runs WHERE user_id = ? AND habit_id = ?"),
                arguments: [pair.userID, pair.habitID]) ?? 0
        return StreakSummary(latestRun: latest, longest: longest, today: today)
    }

    /// Recomputes every run from the logs' days: for a load or a migration, never on a request.
    ///
    /// - Complexity: O(n) for n logs, walked in `logs_user_habit_day` order.
    static func rebuildAll(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM habit_day_runs")
        let days = try Row.fetchCursor(
            db,
            sql: """
                SELECT DISTINCT user_id, habit_id, day FROM logs ORDER BY user_id, habit_id, day
                """)
        var current: (pair: CounterPair, run: DayRun)?
        while let row = try days.next() {
            let pair = CounterPair(userID: row[0], habitID: row[1])
            let day = LocalDay(number: row[2])
            if let open = current, open.pair == pair, open.run.last.adding(days: 1) == day {
                current?.run.last = day
                continue
            }
            if let open = current { try insert(db, open.pair, open.run) }
            current = (pair, DayRun(first: day, last: day))
        }
        if let open = current { try insert(db, open.pair, open.run) }
    }

    private static func run(_ db: Database, _ pair: CounterPair, sql condition: String, _ day: Int) throws
        -> DayRun?
    {
        let statement = try db.cachedStatement(
            sql: "SELECT first_day, last_day FROM habit_day_runs WHERE user_id = ? AND habit_id = ? " + condition)
        return try Row.fetchOne(statement, arguments: [pair.userID, pair.habitID, day]).map(run(from:))
    }

    private static func run(from row: Row) -> DayRun {
        DayRun(first: LocalDay(number: row[0]), last: LocalDay(number: row[1]))
    }

    private static func insert(_ db: Database, _ pair: CounterPair, _ run: DayRun) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO habit_day_runs (user_id, habit_id, first_day, last_day, length) VALUES (?, ?, ?, ?, ?)
                """)
        try statement.execute(arguments: [pair.userID, pair.habitID, run.first.number, run.last.number, run.length])
    }

    private static func delete(_ db: Database, _ pair: CounterPair, _ run: DayRun) throws {
        let statement = try db.cachedStatement(
            sql: "DELETE FROM habit_day_runs WHERE user_id = ? AND habit_id = ? AND last_day = ?")
        try statement.execute(arguments: [pair.userID, pair.habitID, run.last.number])
    }
}
