import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The counters and what is derived from them, kept in the write's transaction.
///
/// `habit_counts` holds one row per (user, habit) with the user's name and key copied beside the count
/// (for standings in index order); `habit_count_levels` holds, per habit and count, how many users have
/// exactly that count (for ranks). Every change of a count goes through this file, which updates both
/// and records the change for the feed; so does every change of a user's name.
extension SQLiteHabitStore {
    /// Inserts logs and raises their counters inside the caller's transaction; returns the new ids in order.
    /// Both APIs write logs through here, so a log never lands without its count.
    ///
    /// - Complexity: O(n + (p + d) log N) for n logs over p distinct pairs and d distinct days, in a store
    ///   of N counters: each pair's counter and levels move once, and each day's runs at most once,
    ///   however many of its logs the batch holds.
    static func insertLogs(_ db: Database, _ rows: [LogRow], changes: ChangeRecorder) throws -> [Int64] {
        let insertLog = try db.cachedStatement(
            sql: "INSERT INTO logs (user_id, habit_id, logged_at, day) VALUES (?, ?, ?, ?)")
        let zoneOfUser = try db.cachedStatement(sql: "SELECT time_zone FROM users WHERE id = ?")
        var zones: [Int64: TimeZone] = [:]
        func zone(of userID: Int64) throws -> TimeZone {
            if let zone = zones[userID] { return zone }
            let zone = TimeZoneCache.shared.zone(try String.fetchOne(zoneOfUser, arguments: [userID]) ?? "UTC")
            zones[userID] = zone
            return zone
        }
        var ids: [Int64] = []
        ids.reserveCapacity(rows.count)
        // Logs per pair, in the order pairs first appear, so the changes read in the batch's order;
        // and logs per pair and day, to learn which days become done.
        var added: [CounterPair: Int] = [:]
        var pairs: [CounterPair] = []
        var addedOnDay: [PairDay: Int] = [:]
        var pairDays: [PairDay] = []
        for row in rows {
            let logDay = try row.day ?? LocalDay(row.timestamp, in: zone(of: row.userID))
            try insertLog.execute(arguments: [
                row.userID, row.habitID, row.timestamp.timeIntervalSince1970, logDay.number,
            ])
            ids.append(db.lastInsertedRowID)
            let pair = CounterPair(userID: row.userID, habitID: row.habitID)
            if added[pair] == nil { pairs.append(pair) }
            added[pair, default: 0] += 1
            let pairDay = PairDay(pair: pair, day: logDay)
            if addedOnDay[pairDay] == nil { pairDays.append(pairDay) }
            addedOnDay[pairDay, default: 0] += 1
        }
        for pair in pairs {
            try raiseCount(db, pair, by: added[pair] ?? 0, changes: changes)
        }
        // A day whose only logs are the batch's was not done before: one more log than the batch added says
        // it was.
        for pairDay in pairDays {
            let added = addedOnDay[pairDay] ?? 0
            let logs = try DayRuns.logCount(db, pairDay.pair, day: pairDay.day, upTo: added + 1)
            if logs == added { try DayRuns.gained(db, pairDay.pair, day: pairDay.day) }
        }
        return ids
    }

    /// Raises one counter by `amount` (creating it with the user's name and key), moves its level and
    /// records the change.
    ///
    /// - Complexity: O(log N): a few lookups in primary keys and indexes.
    private static func raiseCount(
        _ db: Database, _ pair: CounterPair, by amount: Int, changes: ChangeRecorder
    ) throws {
        guard amount > 0 else { return }
        // Most logs land on a counter that exists: one UPDATE, which says the new count.
        let raise = try IntegerQuery(db, """
            UPDATE habit_counts SET count = count + ? WHERE user_id = ? AND habit_id = ? RETURNING count, hidden
            """)
        var raised: (count: Int, hidden: Bool)?
        try raise.forEach(Int64(amount), pair.userID, pair.habitID) { raised = (Int($0[0]), $0[1] != 0) }
        let after: Int
        let hidden: Bool
        if let raised {
            (after, hidden) = raised
        } else {
            // A private user's new counter is hidden from rankings from the start.
            let create = try db.cachedStatement(sql: """
                INSERT INTO habit_counts (user_id, habit_id, count, user_name, user_key, hidden)
                SELECT id, ?, ?, name, key, visibility = 'private' FROM users WHERE id = ? RETURNING hidden
                """)
            guard let created = try Bool.fetchOne(create, arguments: [pair.habitID, amount, pair.userID]) else {
                throw HabitsError.notFound(kind: .user, id: String(pair.userID))
            }
            (after, hidden) = (amount, created)
        }
        if !hidden { try moveLevel(db, habitID: pair.habitID, from: after - amount, to: after) }
        changes.count(userID: pair.userID, habitID: pair.habitID, before: after - amount, after: after)
    }

    /// Lowers a counter by `amount` inside the caller's transaction, removing it when it reaches zero;
    /// moves its level and records the change. A missing counter is left alone.
    ///
    /// - Complexity: O(log N).
    static func dropCount(
        _ db: Database, userID: Int64, habitID: Int64, by amount: Int, changes: ChangeRecorder
    ) throws {
        let lower = try db.cachedStatement(sql: """
            UPDATE habit_counts SET count = count - ? WHERE user_id = ? AND habit_id = ? AND count > ?
            RETURNING count, hidden
            """)
        let before: Int
        let after: Int
        let hidden: Bool
        if let lowered = try Row.fetchOne(lower, arguments: [amount, userID, habitID, amount]) {
            (before, after, hidden) = (lowered[0] + amount, lowered[0], lowered[1])
        } else {
            let remove = try db.cachedStatement(sql: """
                DELETE FROM habit_counts WHERE user_id = ? AND habit_id = ? RETURNING count, hidden
                """)
            guard let removed = try Row.fetchOne(remove, arguments: [userID, habitID]) else { return }
            (before, after, hidden) = (removed[0], 0, removed[1])
        }
        if !hidden { try moveLevel(db, habitID: habitID, from: before, to: after) }
        changes.count(userID: userID, habitID: habitID, before: before, after: after)
    }

    /// Removes every counter of a user (whose logs the caller deletes), with their levels.
    ///
    /// - Complexity: O(h log N) for the h habits the user logged.
    static func removeCounts(_ db: Database, userID: Int64, changes: ChangeRecorder) throws {
        let removed = try Row.fetchAll(
            db, sql: "DELETE FROM habit_counts WHERE user_id = ? RETURNING habit_id, count, hidden",
            arguments: [userID])
        for row in removed {
            let habitID: Int64 = row["habit_id"]
            let count: Int = row["count"]
            if !row["hidden"] { try moveLevel(db, habitID: habitID, from: count, to: 0) }
            changes.count(userID: userID, habitID: habitID, before: count, after: 0)
        }
    }

    /// Removes every counter of a habit (whose logs the caller deletes), with all its levels.
    ///
    /// - Complexity: O(u + l) for the u users who logged the habit and its l levels.
    static func removeCounts(_ db: Database, habitID: Int64, changes: ChangeRecorder) throws {
        let removed = try Row.fetchAll(
            db, sql: "DELETE FROM habit_counts WHERE habit_id = ? RETURNING user_id, count", arguments: [habitID])
        for row in removed {
            changes.count(userID: row["user_id"], habitID: habitID, before: row["count"], after: 0)
        }
        try db.execute(sql: "DELETE FROM habit_count_levels WHERE habit_id = ?", arguments: [habitID])
        try db.execute(sql: "DELETE FROM habit_count_tree WHERE habit_id = ?", arguments: [habitID])
    }

    /// Hides a user's counters from the rankings (or shows them again): they leave (or rejoin) their
    /// habits' levels and rank trees. Their counts stay, and no count changes.
    ///
    /// - Complexity: O(h log N) for the h habits the user logged.
    static func setCountersHidden(_ db: Database, _ hidden: Bool, userID: Int64) throws {
        let moved = try Row.fetchAll(
            db, sql: "UPDATE habit_counts SET hidden = ? WHERE user_id = ? AND hidden != ? RETURNING habit_id, count",
            arguments: [hidden, userID, hidden])
        for row in moved {
            let count: Int = row["count"]
            try moveLevel(db, habitID: row["habit_id"], from: hidden ? count : 0, to: hidden ? 0 : count)
        }
    }

    /// Copies a user's new name to where it is kept beside counters and follows, for ordered listings.
    ///
    /// - Complexity: O((h + f) log N) for the h habits the user logged and the f users following them.
    static func propagateName(_ db: Database, userID: Int64, name: String) throws {
        try db.execute(sql: "UPDATE habit_counts SET user_name = ? WHERE user_id = ?", arguments: [name, userID])
        try db.execute(sql: "UPDATE follows SET followed_name = ? WHERE followed_id = ?", arguments: [name, userID])
    }

    /// Moves one user of a habit from the level of count `old` to that of count `new` (0: no level),
    /// and in the habit's rank tree.
    ///
    /// - Complexity: O(log L) for the L levels stored, plus the tree's O(log root).
    static func moveLevel(_ db: Database, habitID: Int64, from old: Int, to new: Int) throws {
        guard old != new else { return }
        try RankTree.move(db, habitID: habitID, from: old, to: new)
        if old > 0 {
            let leave = try IntegerQuery(db, """
                UPDATE habit_count_levels SET users = users - 1 WHERE habit_id = ? AND count = ? AND users > 1
                """)
            try leave.run(habitID, Int64(old))
            if db.changesCount == 0 {
                // The user was the last one with that count: the level goes, as no level has 0 users.
                try IntegerQuery(db, "DELETE FROM habit_count_levels WHERE habit_id = ? AND count = ?")
                    .run(habitID, Int64(old))
            }
        }
        if new > 0 {
            let join = try IntegerQuery(db, """
                INSERT INTO habit_count_levels (habit_id, count, users) VALUES (?, ?, 1)
                ON CONFLICT (habit_id, count) DO UPDATE SET users = users + 1
                """)
            try join.run(habitID, Int64(new))
        }
    }
}

/// A (user, habit) pair and one of its days.
struct PairDay: Hashable, Sendable {
    var pair: CounterPair
    var day: LocalDay
}
