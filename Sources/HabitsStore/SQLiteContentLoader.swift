import Foundation
import GRDB
import HabitsDomain

/// Inserts a whole `StoreContent` inside the caller's transaction, counters included.
struct SQLiteContentLoader {
    let db: Database

    func load(_ content: StoreContent) throws {
        var categoryIDs: [String: Int64] = [:]
        for category in content.categories {
            try db.execute(
                sql: "INSERT INTO categories (name, name_folded, hue, saturation, brightness) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    category.name, ResourceRules.foldedName(category.name),
                    category.color.hue, category.color.saturation, category.color.brightness,
                ]
            )
            categoryIDs[category.name] = db.lastInsertedRowID
        }
        var userIDs: [String: Int64] = [:]
        for user in content.users {
            try db.execute(
                sql: "INSERT INTO users (key, name, hue, saturation, brightness, bio) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    user.id, user.name, user.color?.hue, user.color?.saturation, user.color?.brightness, user.bio,
                ]
            )
            userIDs[user.id] = db.lastInsertedRowID
        }
        var habitIDs: [String: Int64] = [:]
        for habit in content.habits {
            guard let categoryID = categoryIDs[habit.category.name] else {
                throw HabitsError.notFound(kind: .category, id: habit.category.name)
            }
            try db.execute(
                sql: "INSERT INTO habits (name, name_folded, category_id, info) VALUES (?, ?, ?, ?)",
                arguments: [habit.name, ResourceRules.foldedName(habit.name), categoryID, habit.info]
            )
            habitIDs[habit.name] = db.lastInsertedRowID
        }

        struct Pair: Hashable { var user: Int64; var habit: Int64 }
        var counts: [Pair: Int] = [:]
        let insertLog = try db.makeStatement(sql: "INSERT INTO logs (user_id, habit_id, logged_at) VALUES (?, ?, ?)")
        for log in content.logs {
            guard let user = userIDs[log.userID] else {
                throw HabitsError.notFound(kind: .user, id: log.userID)
            }
            guard let habit = habitIDs[log.habitName] else {
                throw HabitsError.notFound(kind: .habit, id: log.habitName)
            }
            try insertLog.execute(arguments: [user, habit, log.timestamp.timeIntervalSince1970])
            counts[Pair(user: user, habit: habit), default: 0] += 1
        }
        let insertCount = try db.makeStatement(
            sql: "INSERT INTO habit_counts (user_id, habit_id, count) VALUES (?, ?, ?)")
        for (pair, count) in counts {
            try insertCount.execute(arguments: [pair.user, pair.habit, count])
        }
        for (key, image) in content.images {
            guard let user = userIDs[key] else { throw HabitsError.notFound(kind: .user, id: key) }
            try db.execute(
                sql: "INSERT INTO avatars (user_id, content_type, bytes) VALUES (?, ?, ?)",
                arguments: [user, image.contentType, image.bytes]
            )
        }
    }
}
