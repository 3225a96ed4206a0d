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
            // Done wins over a skip, and a day is done when its target is met: log what is missing.
            try DayEntryRows.setSkipped(db, pair, day: day, false, changes: changes)
            let target = try DayEntryRows.schedule(db, habitID: habitID).timesPerDay
            let missing = target - (try DayRuns.logCount(db, pair, day: day, upTo: target))
            guard missing > 0 else { return }
            let log = LogRow(userID: userID, habitID: habitID, timestamp: day.noon(in: zone), day: day)
            _ = try Self.insertLogs(db, Array(repeating: log, count: missing), changes: changes)
        }
    }

    public func setSkipped(userID: Int64, habitID: Int64, day: LocalDay, _ skipped: Bool, now: Date) async throws {
        try await writeBumping { db, changes in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            _ = try Self.checkedZone(db, pair: pair, day: day, now: now)
            try DayEntryRows.setSkipped(db, pair, day: day, skipped, changes: changes)
        }
    }

    public func setNote(userID: Int64, habitID: Int64, day: LocalDay, _ note: String?, now: Date) async throws {
        try await writeBumping { db, changes in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            _ = try Self.checkedZone(db, pair: pair, day: day, now: now)
            try DayEntryRows.setNote(db, pair, day: day, note, changes: changes)
        }
    }

    public func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay)
        async throws -> [HabitDay]
    {
        try await writer.read { db in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            return try DayEntryRows.days(db, pair, from: first, through: last)
        }
    }

    public func unmarkDay(userID: Int64, habitID: Int64, day: LocalDay, now: Date) async throws {
        try await writeBumping { db, changes in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            _ = try Self.checkedZone(db, pair: pair, day: day, now: now)
            try DayEntryRows.setSkipped(db, pair, day: day, false, changes: changes)
            let removed = try Int64.fetchAll(
                db, sql: "DELETE FROM logs WHERE user_id = ? AND habit_id = ? AND day = ? RETURNING id",
                arguments: [userID, habitID, day.number])
            guard !removed.isEmpty else { return }
            try Self.dropCount(db, userID: userID, habitID: habitID, by: removed.count, changes: changes)
            try DayRuns.lost(db, pair, day: day)
        }
    }

    public func undoLastLog(userID: Int64, habitID: Int64, now: Date) async throws -> Int64 {
        try await writeBumping { db, changes in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            let today = LocalDay(now, in: try Self.zone(db, userID: userID))
            let sql = """
                SELECT id FROM logs WHERE user_id = ? AND habit_id = ? AND day = ?
                ORDER BY logged_at DESC, id DESC LIMIT 1
                """
            guard let id = try Int64.fetchOne(db, sql: sql, arguments: [userID, habitID, today.number]) else {
                throw StoreRefusal.nothingToUndo
            }
            try Self.removeLog(db, id: id, of: pair, on: today, changes: changes)
            return id
        }
    }

    public func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay)
        async throws -> [LocalDay]
    {
        try await writer.read { db in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            return try DayEntryRows.doneDays(db, pair, from: first, through: last)
        }
    }

    public func streak(userID: Int64, habitID: Int64, now: Date) async throws -> StreakSummary {
        try await writer.read { db in
            let pair = try Self.dayPair(db, userID: userID, habitID: habitID)
            let zone = try Self.zone(db, userID: userID)
            return try DayEntryRows.streak(db, pair, today: LocalDay(now, in: zone))
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
