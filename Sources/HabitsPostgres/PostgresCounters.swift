import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

extension CounterPair {
    /// The key of the pair's transaction advisory lock. Two pairs may share one: they then wait for each
    /// other, which costs time, never exactness.
    var lockKey: Int64 { userID &* 1_000_003 &+ habitID }
}

/// The locks that order concurrent writers, always taken in one order: the user and habit rows first
/// (`FOR KEY SHARE` by a write adding logs, `FOR UPDATE` by a cascading delete), then the pairs' advisory
/// locks in ascending key order. Everything a write reads about a pair after taking its lock is what the
/// previous holder committed (`READ COMMITTED` takes a new snapshot per statement).
enum PostgresLocks {
    /// The distinct advisory lock keys of `pairs`, in the ascending order every writer takes them.
    static func keys(of pairs: some Sequence<CounterPair>) -> [Int64] {
        Set(pairs.map(\.lockKey)).sorted()
    }

    /// Locks the pairs until the transaction ends, in ascending key order.
    static func lock(_ session: PostgresSession, pairs: some Sequence<CounterPair>) async throws {
        let keys = Self.keys(of: pairs)
        guard keys.count > 1 else {
            if let key = keys.first { try await session.execute("SELECT pg_advisory_xact_lock(\(key))") }
            return
        }
        // One round trip: a function scan yields the array's elements in order, and each row's lock is
        // taken as the row is produced.
        try await session.execute("SELECT pg_advisory_xact_lock(k) FROM unnest(\(keys)::bigint[]) AS k")
    }
}

extension PostgresLocks {
    /// Keeps the pair's user and habit from being deleted until the transaction ends: the row locks a
    /// write adding logs takes before the pair's lock.
    static func keepRows(_ session: PostgresSession, _ pair: CounterPair) async throws {
        try await session.execute("SELECT 1 FROM users WHERE id = \(pair.userID) FOR KEY SHARE")
        try await session.execute("SELECT 1 FROM habits WHERE id = \(pair.habitID) FOR KEY SHARE")
    }
}

/// The counters, kept in the write's transaction with the logs and their day runs.
enum PostgresCounters {
    /// Inserts logs and raises their counters; returns the new ids in order. Both APIs write logs here.
    ///
    /// - Complexity: O(n + (p + d) log N) for n logs over p pairs and d distinct days.
    static func insertLogs(_ session: PostgresSession, _ rows: [LogRow], changes: ChangeRecorder) async throws
        -> [Int64]
    {
        guard !rows.isEmpty else { return [] }
        let userIDs = Array(Set(rows.map(\.userID))).sorted()
        let habitIDs = Array(Set(rows.map(\.habitID))).sorted()
        // Keeps the users and habits from being deleted until this write commits.
        var zones: [Int64: TimeZone] = [:]
        for row in try await session.rows(
            "SELECT id, time_zone FROM users WHERE id = ANY(\(userIDs)) ORDER BY id FOR KEY SHARE")
        {
            let (id, zone) = try row.decode((Int64, String).self)
            zones[id] = TimeZoneCache.shared.zone(zone)
        }
        if let missing = userIDs.first(where: { zones[$0] == nil }) {
            throw HabitsError.notFound(kind: .user, id: String(missing))
        }
        let habits = Set(try await session.values(
            "SELECT id FROM habits WHERE id = ANY(\(habitIDs)) ORDER BY id FOR KEY SHARE", as: Int64.self))
        if let missing = habitIDs.first(where: { !habits.contains($0) }) {
            throw HabitsError.notFound(kind: .habit, id: String(missing))
        }
        return try await insertLocked(session, rows, zones: zones, changes: changes)
    }

    /// Inserts logs whose users and habits the caller holds `FOR KEY SHARE` (`zones` has each user's zone),
    /// taking the pairs' locks, and raises their counters and day runs; returns the new ids in order.
    ///
    /// One statement, `habits_insert_logs` (schema v15): the batch's locks, day runs, logs and counters
    /// cost one round trip, not one each, while the batch holds its pairs' locks.
    ///
    /// - Complexity: O(n + (p + d) log N) for n logs over p pairs and d distinct days.
    static func insertLocked(
        _ session: PostgresSession, _ rows: [LogRow], zones: [Int64: TimeZone], changes: ChangeRecorder
    ) async throws -> [Int64] {
        guard !rows.isEmpty else { return [] }
        var added: [CounterPair: Int] = [:]
        var pairDays: [PairDay] = []
        var seenPairDays = Set<PairDay>()
        var days: [Int] = []
        for row in rows {
            let day = row.day ?? LocalDay(row.timestamp, in: zones[row.userID] ?? TimeZoneCache.shared.zone("UTC"))
            days.append(day.number)
            let pair = CounterPair(userID: row.userID, habitID: row.habitID)
            added[pair, default: 0] += 1
            let pairDay = PairDay(pair: pair, day: day)
            if seenPairDays.insert(pairDay).inserted { pairDays.append(pairDay) }
        }
        let raises = added.sorted { $0.key < $1.key }.map { (pair: $0.key, amount: $0.value) }
        let lockKeys = PostgresLocks.keys(of: added.keys)
        let results = try await session.rows(
            """
            SELECT result_kind, result_a, result_b, result_c FROM habits_insert_logs(
                \(lockKeys),
                \(rows.map(\.userID)), \(rows.map(\.habitID)), \(rows.map(\.timestamp.timeIntervalSince1970)), \(days),
                \(pairDays.map(\.pair.userID)), \(pairDays.map(\.pair.habitID)), \(pairDays.map(\.day.number)),
                \(raises.map(\.pair.userID)), \(raises.map(\.pair.habitID)), \(raises.map(\.amount)))
            """)
        var ids: [Int64] = []
        var raised: [CounterPair: Int] = [:]
        for row in results {
            let (kind, first, second, third) = try row.decode((Int16, Int64, Int64, Int64).self)
            if kind == 0 {
                ids.append(first)
            } else {
                raised[CounterPair(userID: first, habitID: second)] = Int(third)
            }
        }
        for (pair, amount) in raises {
            // The caller holds the user's row, so a missing one was never there.
            guard let after = raised[pair] else { throw HabitsError.notFound(kind: .user, id: String(pair.userID)) }
            changes.count(userID: pair.userID, habitID: pair.habitID, before: after - amount, after: after)
        }
        return ids.sorted()  // identities are drawn in insertion order
    }

    /// Lowers a locked pair's counter by `amount`, removing it at zero; records the change.
    static func dropCount(
        _ session: PostgresSession, _ pair: CounterPair, by amount: Int, changes: ChangeRecorder
    ) async throws {
        let before = try await session.int(
            "SELECT count FROM habit_counts WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID)")
        guard before > 0 else { return }
        let after = max(before - amount, 0)
        if after > 0 {
            try await session.execute(
                """
                UPDATE habit_counts SET count = \(after) WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID)
                """)
        } else {
            try await session.execute(
                "DELETE FROM habit_counts WHERE user_id = \(pair.userID) AND habit_id = \(pair.habitID)")
        }
        changes.count(userID: pair.userID, habitID: pair.habitID, before: before, after: after)
    }

    /// Locks every pair of a user (whose row the caller holds `FOR UPDATE`, so none can be added).
    static func lockPairs(_ session: PostgresSession, userID: Int64) async throws {
        let habits = try await session.values(
            "SELECT habit_id FROM habit_counts WHERE user_id = \(userID)", as: Int64.self)
        try await PostgresLocks.lock(session, pairs: habits.map { CounterPair(userID: userID, habitID: $0) })
    }

    /// Locks every pair of a habit (whose row the caller holds `FOR UPDATE`).
    static func lockPairs(_ session: PostgresSession, habitID: Int64) async throws {
        let users = try await session.values(
            "SELECT user_id FROM habit_counts WHERE habit_id = \(habitID)", as: Int64.self)
        try await PostgresLocks.lock(session, pairs: users.map { CounterPair(userID: $0, habitID: habitID) })
    }

    /// Removes every counter of a user or a habit (`column` is `user_id` or `habit_id`), recording each.
    static func removeCounts(
        _ session: PostgresSession, column: String, id: Int64, changes: ChangeRecorder
    ) async throws {
        var binds = PostgresBindings()
        binds.append(id)
        let removed = try await session.rows(PostgresQuery(
            unsafeSQL: "DELETE FROM habit_counts WHERE \(column) = $1 RETURNING user_id, habit_id, count",
            binds: binds))
        for row in removed {
            let (userID, habitID, count) = try row.decode((Int64, Int64, Int).self)
            changes.count(userID: userID, habitID: habitID, before: count, after: 0)
        }
    }
}

/// A (user, habit) pair and one of its days.
struct PairDay: Hashable, Sendable {
    var pair: CounterPair
    var day: LocalDay
}
