import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// The done days of every (user, habit) pair, kept as runs of consecutive days in `habit_day_runs`, as
/// the SQLite store keeps them. Writes call `lost` holding the pair's lock; a day that becomes done is
/// joined to its neighbours by `habits_insert_logs` (schema v15), in the statement that adds its logs.
enum PostgresDayRuns {
    /// Records that `day` is no longer done: splits the run that holds it.
    static func lost(_ session: PostgresSession, _ pair: CounterPair, day: LocalDay) async throws {
        guard let holder = try await run(session, pair, "AND last_day >= $3 ORDER BY last_day LIMIT 1", day.number),
            holder.contains(day)
        else { return }
        try await delete(session, pair, holder)
        for piece in holder.removing(day) { try await insert(session, pair, piece) }
    }

    /// How many logs the pair has on `day`, counted up to `limit`: what a write asks is whether a day
    /// reaches its target or still holds a log, and a pair logged thousands of times a day must not make
    /// every one of its writes count them all.
    ///
    /// - Complexity: O(log n + min(k, limit)) for the k logs of the day.
    static func logCount(
        _ session: PostgresSession, _ pair: CounterPair, day: LocalDay, upTo limit: Int
    ) async throws -> Int {
        guard limit > 0 else { return 0 }
        return try await session.int(
            """
            SELECT count(*) FROM (SELECT 1 FROM logs WHERE user_id = \(pair.userID) \
            AND habit_id = \(pair.habitID) AND day = \(day.number) LIMIT \(limit)) AS day_logs
            """)
    }

    /// The done days from `first` through `last`, in order.
    ///
    /// - Complexity: O(log r + d) for the d days listed.
    static func days(_ session: PostgresSession, _ pair: CounterPair, from first: LocalDay, through last: LocalDay)
        async throws -> [LocalDay]
    {
        guard first <= last else { return [] }
        var runs = try await session.rows(
            """
            SELECT first_day, last_day FROM habit_day_runs
            WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID)
                AND last_day >= \(first.number) AND last_day <= \(last.number)
            ORDER BY last_day
            """
        ).map(run(from:))
        if let straddling = try await run(session, pair, "AND last_day > $3 ORDER BY last_day LIMIT 1", last.number),
            straddling.first <= last
        {
            runs.append(straddling)
        }
        return DayRun.days(of: runs, from: first, through: last)
    }

    /// The pair's streak on `today`.
    ///
    /// - Complexity: O(log r): the earliest run ending yesterday or later, and the longest by index.
    static func streak(_ session: PostgresSession, _ pair: CounterPair, today: LocalDay) async throws
        -> StreakSummary
    {
        let latest = try await run(
            session, pair, "AND last_day >= $3 ORDER BY last_day LIMIT 1", today.adding(days: -1).number)
        let longest = try await session.int(
            """
            SELECT COALESCE(MAX(length), 0) FROM habit_day_runs
            WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID)
            """)
        return StreakSummary(latestRun: latest, longest: longest, today: today)
    }

    /// Recomputes every run from the logs' days: for a load, never on a request.
    static func rebuildAll(_ session: PostgresSession) async throws {
        try await session.execute("DELETE FROM habit_day_runs")
        // Gaps and islands: days minus their rank within the pair is constant along a run.
        try await session.execute(
            """
            INSERT INTO habit_day_runs (user_id, habit_id, first_day, last_day, length)
            SELECT user_id, habit_id, MIN(day), MAX(day), MAX(day) - MIN(day) + 1
            FROM (
                SELECT user_id, habit_id, day,
                    day - ROW_NUMBER() OVER (PARTITION BY user_id, habit_id ORDER BY day) AS island
                FROM (SELECT DISTINCT user_id, habit_id, day FROM logs) AS done
            ) AS numbered
            GROUP BY user_id, habit_id, island
            """)
    }

    private static func run(_ session: PostgresSession, _ pair: CounterPair, _ condition: String, _ day: Int)
        async throws -> DayRun?
    {
        var binds = PostgresBindings()
        binds.append(pair.userID)
        binds.append(pair.habitID)
        binds.append(day)
        let query = PostgresQuery(
            unsafeSQL: "SELECT first_day, last_day FROM habit_day_runs WHERE user_id = $1 AND habit_id = $2 "
                + condition,
            binds: binds)
        return try await session.rows(query).first.map(run(from:))
    }

    private static func run(from row: PostgresRow) throws -> DayRun {
        let (first, last) = try row.decode((Int, Int).self)
        return DayRun(first: LocalDay(number: first), last: LocalDay(number: last))
    }

    private static func insert(_ session: PostgresSession, _ pair: CounterPair, _ run: DayRun) async throws {
        try await session.execute(
            """
            INSERT INTO habit_day_runs (user_id, habit_id, first_day, last_day, length)
            VALUES (\(pair.userID), \(pair.habitID), \(run.first.number), \(run.last.number), \(run.length))
            """)
    }

    private static func delete(_ session: PostgresSession, _ pair: CounterPair, _ run: DayRun) async throws {
        try await session.execute(
            """
            DELETE FROM habit_day_runs
            WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID) AND last_day = \(run.last.number)
            """)
    }
}
