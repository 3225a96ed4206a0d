import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// Inserts a whole `StoreContent` inside the caller's transaction, with its counters and day runs.
///
/// Rows go in by batches (`unnest` of arrays: one statement a table), and the counters and runs are
/// computed once from the inserted logs by the database, rather than one log at a time.
struct PostgresContentLoader {
    let session: PostgresSession

    /// Inserts `content` into empty tables.
    ///
    /// - Complexity: O(n log n) for n logs, in a few statements.
    func load(_ content: StoreContent) async throws {
        let categories = content.categories
        let categoryIDs = try await session.values(
            """
            INSERT INTO categories (name, name_folded, hue, saturation, brightness)
            SELECT * FROM unnest(\(categories.map(\.name)), \(categories.map { ResourceRules.foldedName($0.name) }),
                \(categories.map(\.color.hue)), \(categories.map(\.color.saturation)),
                \(categories.map(\.color.brightness)))
            RETURNING id
            """, as: Int64.self
        ).sorted()  // identities are drawn in insertion order
        var categoryByName: [String: Int64] = [:]
        for (category, id) in zip(categories, categoryIDs) { categoryByName[category.name] = id }

        let users = content.users
        let userIDs = try await session.values(
            """
            INSERT INTO users (key, name, hue, saturation, brightness, bio)
            SELECT k, n, CASE WHEN c THEN h END, CASE WHEN c THEN s END, CASE WHEN c THEN v END, CASE WHEN hb THEN b END
            FROM unnest(\(users.map(\.id)), \(users.map(\.name)), \(users.map { $0.color != nil }),
                \(users.map { $0.color?.hue ?? 0 }), \(users.map { $0.color?.saturation ?? 0 }),
                \(users.map { $0.color?.brightness ?? 0 }), \(users.map { $0.bio != nil }),
                \(users.map { $0.bio ?? "" })) WITH ORDINALITY AS u (k, n, c, h, s, v, hb, b, i)
            ORDER BY i
            RETURNING id
            """, as: Int64.self
        ).sorted()
        var userByKey: [String: Int64] = [:]
        for (user, id) in zip(users, userIDs) { userByKey[user.id] = id }
        try await PostgresNames.fillSkeletons(session)

        let habits = content.habits
        let habitCategories = try habits.map { habit in
            guard let id = categoryByName[habit.category.name] else {
                throw HabitsError.notFound(kind: .category, id: habit.category.name)
            }
            return id
        }
        let habitIDs = try await session.values(
            """
            INSERT INTO habits (name, name_folded, category_id, info)
            SELECT * FROM unnest(\(habits.map(\.name)), \(habits.map { ResourceRules.foldedName($0.name) }),
                \(habitCategories), \(habits.map(\.info)))
            RETURNING id
            """, as: Int64.self
        ).sorted()
        var habitByName: [String: Int64] = [:]
        for (habit, id) in zip(habits, habitIDs) { habitByName[habit.name] = id }

        try await insertLogs(content.logs, users: userByKey, habits: habitByName)
        for (key, image) in content.images {
            guard let user = userByKey[key] else { throw HabitsError.notFound(kind: .user, id: key) }
            try await session.execute(
                """
                INSERT INTO avatars (user_id, content_type, bytes)
                VALUES (\(user), \(image.contentType), \(image.bytes))
                """)
        }
    }

    /// Inserts the logs (a loaded user's zone is UTC, so a log's day is its UTC day), then their counters
    /// and runs.
    private func insertLogs(
        _ logs: [CourseAPI.LoggedHabit], users: [String: Int64], habits: [String: Int64]
    ) async throws {
        let utc = TimeZone(identifier: "UTC") ?? .current
        var userColumn: [Int64] = []
        var habitColumn: [Int64] = []
        var times: [Double] = []
        var days: [Int] = []
        for log in logs {
            guard let user = users[log.userID] else { throw HabitsError.notFound(kind: .user, id: log.userID) }
            guard let habit = habits[log.habitName] else { throw HabitsError.notFound(kind: .habit, id: log.habitName) }
            userColumn.append(user)
            habitColumn.append(habit)
            times.append(log.timestamp.timeIntervalSince1970)
            days.append(LocalDay(log.timestamp, in: utc).number)
        }
        // Bounded batches: a statement's parameters are arrays, four per batch.
        let batch = 10_000
        for start in stride(from: 0, to: logs.count, by: batch) {
            let range = start..<min(start + batch, logs.count)
            try await session.execute(
                """
                INSERT INTO logs (user_id, habit_id, logged_at, day)
                SELECT u, h, t, d FROM unnest(\(Array(userColumn[range])), \(Array(habitColumn[range])),
                    \(Array(times[range])), \(Array(days[range]))) WITH ORDINALITY AS n (u, h, t, d, i)
                ORDER BY i
                """)
        }
        try await session.execute(
            """
            INSERT INTO habit_counts (user_id, habit_id, count, user_name, user_key)
            SELECT l.user_id, l.habit_id, count(*), u.name, u.key
            FROM logs l JOIN users u ON u.id = l.user_id
            GROUP BY l.user_id, l.habit_id, u.name, u.key
            """)
        try await PostgresDayRuns.rebuildAll(session)
    }
}
