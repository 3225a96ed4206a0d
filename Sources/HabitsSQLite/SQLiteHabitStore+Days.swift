import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Done days and streaks in SQLite: days are logs, kept as runs by `DayRuns` in every write.
extension SQLiteHabitStore {
    public func markDay(userID: Int64, habitID: Int64, day: LocalDay, now: Date) async throws {
        try await writeBumping { db, changes in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            let zone = try Self.checkedZone(db, pair: pair, day: day, now: now)
            if try DayRuns.isDone(db, pair, day: day) { return }
            _ = try Self.insertLogs(
                db, [LogRow(userID: userID, habitID: habitID, timestamp: day.noon(in: zone), day: day)],
                changes: changes)
        }
    }

    public func unmarkDay(userID: Int64, habitID: Int64, day: LocalDay, now: Date) async throws {
        try await writeBumping { db, changes in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            _ = try Self.checkedZone(db, pair: pair, day: day, now: now)
            let removed = try Int64.fetchAll(
                db, sql: "DELETE FROM logs WHERE user_id = ? AND habit_id = ? AND day = ? RETURNING id",
                arguments: [userID, habitID, day.number])
            guard !removed.isEmpty else { return }
            try Self.dropCount(db, userID: userID, habitID: habitID, by: removed.count, changes: changes)
            try DayRuns.lost(db, pair, day: day)
        }
    }

    public func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay)
        async throws -> [LocalDay]
    {
        try await writer.read { db in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            return try DayRuns.days(db, pair, from: first, through: last)
        }
    }

    public func streak(userID: Int64, habitID: Int64, now: Date) async throws -> StreakSummary {
        try await writer.read { db in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            let zone = try Self.zone(db, userID: userID)
            return try DayRuns.streak(db, pair, today: LocalDay(now, in: zone))
        }
    }

    /// The pair, once both the user and the habit are known to exist.
    private static func dayPair(_ db: Database, userID: Int64, habitID: Int64) throws -> CounterPair {
        _ = try fetchUser(db, id: userID)
        _ = try fetchHabit(db, id: habitID)
        return CounterPair(userID: userID, habitID: habitID)
    }

    /// The user's zone, once `day` is known not to lie after their today at `now`.
    private static func checkedZone(_ db: Database, pair: CounterPair, day: LocalDay, now: Date) throws -> TimeZone {
        let zone = try zone(db, userID: pair.userID)
        if day > LocalDay(now, in: zone) { throw HabitsError.futureDay(day) }
        return zone
    }

    /// The zone a user's days are counted in.
    static func zone(_ db: Database, userID: Int64) throws -> TimeZone {
        let identifier = try String.fetchOne(
            db.cachedStatement(sql: "SELECT time_zone FROM users WHERE id = ?"), arguments: [userID])
        guard let identifier else { throw HabitsError.notFound(kind: .user, id: String(userID)) }
        return TimeZoneCache.shared.zone(identifier)
    }
}
