import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Inserts a whole `StoreContent`, and logs streamed beside it, inside the caller's transaction:
/// counters, their copied names and their levels included.
///
/// Counters are tallied in memory while the logs stream by and written once at the end, in primary
/// key order, so a load of millions of logs costs one insert per log and one per (user, habit) pair.
struct SQLiteContentLoader {
    let db: Database

    /// Inserts `content`, then the logs of `logs`.
    ///
    /// - Complexity: O(n + p log p) time for n logs over p (user, habit) pairs; memory O(p) beyond
    ///   `content`, whatever n is.
    func load<Logs: Sequence>(_ content: StoreContent, logs: Logs) throws where Logs.Element == BulkLog {
        let categoryIDs = try insertCategories(content.categories)
        let userIDs = try insertUsers(content.users)
        let habitIDs = try insertHabits(content.habits, categoryIDs: categoryIDs)
        var userIndices: [String: Int] = [:]
        for (index, user) in content.users.enumerated() { userIndices[user.id] = index }
        var habitIndices: [String: Int] = [:]
        for (index, habit) in content.habits.enumerated() { habitIndices[habit.name] = index }

        var tally = CounterTally()
        // A loaded user's zone is UTC, so a log's day is its UTC day.
        let insertLog = try db.makeStatement(
            sql: "INSERT INTO logs (user_id, habit_id, logged_at, day) VALUES (?, ?, ?, ?)")
        let utc = TimeZone(identifier: "UTC") ?? .current
        for log in content.logs {
            guard let user = userIndices[log.userID] else { throw HabitsError.notFound(kind: .user, id: log.userID) }
            guard let habit = habitIndices[log.habitName] else {
                throw HabitsError.notFound(kind: .habit, id: log.habitName)
            }
            try insertLog.execute(arguments: [
                userIDs[user], habitIDs[habit], log.timestamp.timeIntervalSince1970,
                LocalDay(log.timestamp, in: utc).number,
            ])
            tally.add(userIndex: user, habitIndex: habit)
        }
        for log in logs {
            guard userIDs.indices.contains(log.userIndex) else {
                throw HabitsError.notFound(kind: .user, id: "#\(log.userIndex)")
            }
            guard habitIDs.indices.contains(log.habitIndex) else {
                throw HabitsError.notFound(kind: .habit, id: "#\(log.habitIndex)")
            }
            try insertLog.execute(arguments: [
                userIDs[log.userIndex], habitIDs[log.habitIndex], log.timestamp.timeIntervalSince1970,
                LocalDay(log.timestamp, in: utc).number,
            ])
            tally.add(userIndex: log.userIndex, habitIndex: log.habitIndex)
        }
        try insertCounters(tally, users: content.users, userIDs: userIDs, habitIDs: habitIDs)
        try DayRuns.rebuildAll(db)

        for (key, image) in content.images {
            guard let user = userIndices[key] else { throw HabitsError.notFound(kind: .user, id: key) }
            try db.execute(
                sql: "INSERT INTO avatars (user_id, content_type, bytes) VALUES (?, ?, ?)",
                arguments: [userIDs[user], image.contentType, image.bytes]
            )
        }
    }

    private func insertCategories(_ categories: [CourseAPI.Category]) throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        for category in categories {
            try db.execute(
                sql: "INSERT INTO categories (name, name_folded, hue, saturation, brightness) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    category.name, ResourceRules.foldedName(category.name),
                    category.color.hue, category.color.saturation, category.color.brightness,
                ]
            )
            ids[category.name] = db.lastInsertedRowID
        }
        return ids
    }

    /// The new users' row ids, in the order of `users`.
    private func insertUsers(_ users: [CourseAPI.User]) throws -> [Int64] {
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO users (key, name, hue, saturation, brightness, bio, name_skeleton, key_skeleton)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        return try users.map { user in
            try insert.execute(arguments: [
                user.id, user.name, user.color?.hue, user.color?.saturation, user.color?.brightness, user.bio,
                ConfusableSkeleton.skeleton(of: user.name), ConfusableSkeleton.skeleton(of: user.id),
            ])
            return db.lastInsertedRowID
        }
    }

    /// The new habits' row ids, in the order of `habits`.
    private func insertHabits(_ habits: [CourseAPI.Habit], categoryIDs: [String: Int64]) throws -> [Int64] {
        try habits.map { habit in
            guard let categoryID = categoryIDs[habit.category.name] else {
                throw HabitsError.notFound(kind: .category, id: habit.category.name)
            }
            try db.execute(
                sql: "INSERT INTO habits (name, name_folded, category_id, info) VALUES (?, ?, ?, ?)",
                arguments: [habit.name, ResourceRules.foldedName(habit.name), categoryID, habit.info]
            )
            return db.lastInsertedRowID
        }
    }

    /// Writes the tallied counters with their users' names and keys, then the levels they make.
    ///
    /// - Complexity: O(p log p) for p pairs.
    private func insertCounters(
        _ tally: CounterTally, users: [CourseAPI.User], userIDs: [Int64], habitIDs: [Int64]
    ) throws {
        let insertCount = try db.makeStatement(sql: """
            INSERT INTO habit_counts (user_id, habit_id, count, user_name, user_key) VALUES (?, ?, ?, ?, ?)
            """)
        // Users and habits were inserted in index order, so index order is primary key order.
        var levels: [UInt64: Int] = [:]
        for (key, count) in tally.counts.sorted(by: { $0.key < $1.key }) {
            let (user, habit) = CounterTally.indices(of: key)
            try insertCount.execute(arguments: [
                userIDs[user], habitIDs[habit], count, users[user].name, users[user].id,
            ])
            levels[CounterTally.key(habit, count), default: 0] += 1
        }
        let insertLevel = try db.makeStatement(
            sql: "INSERT INTO habit_count_levels (habit_id, count, users) VALUES (?, ?, ?)")
        for (key, userCount) in levels.sorted(by: { $0.key < $1.key }) {
            let (habit, count) = CounterTally.indices(of: key)
            try insertLevel.execute(arguments: [habitIDs[habit], count, userCount])
        }
        try RankTree.rebuildAll(db)
    }
}

/// Logs per (user, habit) pair while a load streams, keyed by the two indices packed in one integer:
/// a smaller key than two `Int`s, for the millions of pairs a large load makes.
private struct CounterTally {
    private(set) var counts: [UInt64: Int] = [:]

    mutating func add(userIndex: Int, habitIndex: Int) {
        counts[Self.key(userIndex, habitIndex), default: 0] += 1
    }

    /// Two indices below 2³² packed so that keys sort by the first, then the second.
    static func key(_ first: Int, _ second: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: first) << 32 | UInt64(truncatingIfNeeded: second) & 0xFFFF_FFFF
    }

    static func indices(of key: UInt64) -> (Int, Int) {
        (Int(truncatingIfNeeded: key >> 32), Int(truncatingIfNeeded: key & 0xFFFF_FFFF))
    }
}
