import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// Done days and streaks: days are logs, kept as runs by `PostgresDayRuns` in every write.
extension PostgresHabitStore {
    public func markDay(userID: Int64, habitID: Int64, day: LocalDay, now: Date) async throws {
        try await writeBumping { session, changes in
            let pair = try await Self.dayPair(session, userID: userID, habitID: habitID)
            let zone = try await Self.checkedZone(session, pair: pair, day: day, now: now)
            try await PostgresLocks.keepRows(session, pair)
            try await PostgresLocks.lock(session, pairs: [pair])
            // Done wins over a skip, and a day is done when its target is met: log what is missing.
            try await PostgresDayEntries.setSkipped(session, pair, day: day, false, changes: changes)
            let target = try await PostgresDayEntries.schedule(session, habitID: habitID).timesPerDay
            let missing = target - (try await PostgresDayRuns.logCount(session, pair, day: day, upTo: target))
            guard missing > 0 else { return }
            let log = LogRow(userID: userID, habitID: habitID, timestamp: day.noon(in: zone), day: day)
            _ = try await PostgresCounters.insertLogs(session, Array(repeating: log, count: missing), changes: changes)
        }
    }

    public func setSkipped(userID: Int64, habitID: Int64, day: LocalDay, _ skipped: Bool, now: Date) async throws {
        try await writeBumping { session, changes in
            let pair = try await Self.dayPair(session, userID: userID, habitID: habitID)
            _ = try await Self.checkedZone(session, pair: pair, day: day, now: now)
            // The rows before the pair: the skip's insert locks the user, whose deletion takes the pairs.
            try await PostgresLocks.keepRows(session, pair)
            try await PostgresLocks.lock(session, pairs: [pair])
            try await PostgresDayEntries.setSkipped(session, pair, day: day, skipped, changes: changes)
        }
    }

    public func setNote(userID: Int64, habitID: Int64, day: LocalDay, _ note: String?, now: Date) async throws {
        try await writeBumping { session, changes in
            let pair = try await Self.dayPair(session, userID: userID, habitID: habitID)
            _ = try await Self.checkedZone(session, pair: pair, day: day, now: now)
            try await PostgresDayEntries.setNote(session, pair, day: day, note, changes: changes)
        }
    }

    public func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay)
        async throws -> [HabitDay]
    {
        try await read { session in
            let pair = try await Self.dayPair(session, userID: userID, habitID: habitID)
            return try await PostgresDayEntries.days(session, pair, from: first, through: last)
        }
    }

    public func unmarkDay(userID: Int64, habitID: Int64, day: LocalDay, now: Date) async throws {
        try await writeBumping { session, changes in
            let pair = try await Self.dayPair(session, userID: userID, habitID: habitID)
            _ = try await Self.checkedZone(session, pair: pair, day: day, now: now)
            // The rows before the pair, as every writer takes them: the day's run may be split, and its
            // insert would otherwise lock the user after this write changed a counter (PostgresLocks).
            try await PostgresLocks.keepRows(session, pair)
            try await PostgresLocks.lock(session, pairs: [pair])
            try await PostgresDayEntries.setSkipped(session, pair, day: day, false, changes: changes)
            let removed = try await session.changes(
                """
                DELETE FROM logs WHERE user_id = \(userID) AND habit_id = \(habitID) AND day = \(day.number)
                RETURNING id
                """)
            guard removed > 0 else { return }
            try await PostgresCounters.dropCount(session, pair, by: removed, changes: changes)
            try await PostgresDayRuns.lost(session, pair, day: day)
        }
    }

    public func undoLastLog(userID: Int64, habitID: Int64, now: Date) async throws -> Int64 {
        try await writeBumping { session, changes in
            let pair = try await Self.dayPair(session, userID: userID, habitID: habitID)
            let today = LocalDay(now, in: try await session.zone(userID: userID))
            // The pair's lock first, so that the latest log read is the one deleted; its rows before it.
            try await PostgresLocks.keepRows(session, pair)
            try await PostgresLocks.lock(session, pairs: [pair])
            let rows = try await session.rows(
                """
                SELECT id FROM logs WHERE user_id = \(userID) AND habit_id = \(habitID) AND day = \(today.number)
                ORDER BY logged_at DESC, id DESC LIMIT 1
                """)
            guard let row = rows.first else { throw StoreRefusal.nothingToUndo }
            let id = try row.decode(Int64.self)
            // Under the pair's lock, the log just read is still there.
            _ = try await Self.removeLog(session, id: id, of: pair, on: today, changes: changes)
            return id
        }
    }

    public func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay)
        async throws -> [LocalDay]
    {
        try await read { session in
            let pair = try await Self.dayPair(session, userID: userID, habitID: habitID)
            return try await PostgresDayEntries.doneDays(session, pair, from: first, through: last)
        }
    }

    public func streak(userID: Int64, habitID: Int64, now: Date) async throws -> StreakSummary {
        try await read { session in
            let pair = try await Self.dayPair(session, userID: userID, habitID: habitID)
            let zone = try await session.zone(userID: userID)
            return try await PostgresDayEntries.streak(session, pair, today: LocalDay(now, in: zone))
        }
    }

    /// The pair, once both the user and the habit are known to exist.
    private static func dayPair(_ session: PostgresSession, userID: Int64, habitID: Int64) async throws
        -> CounterPair
    {
        _ = try await session.fetchUser(id: userID)
        _ = try await session.fetchHabit(id: habitID)
        return CounterPair(userID: userID, habitID: habitID)
    }

    /// The user's zone, once `day` is known not to lie after their today at `now`.
    private static func checkedZone(_ session: PostgresSession, pair: CounterPair, day: LocalDay, now: Date)
        async throws -> TimeZone
    {
        let zone = try await session.zone(userID: pair.userID)
        if day > LocalDay(now, in: zone) { throw HabitsError.futureDay(day) }
        return zone
    }
}
