import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// `/v1` users in SQLite: made, read, renamed (held to `NameRule` for an account) and deleted with what
/// they logged. Every write changes the catalogue, so each records that first.
extension SQLiteHabitStore {
    public func createUser(_ user: User) async throws -> User {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            try Self.requireFreeKey(db, user.key)
            try db.execute(
                sql:
                    """
                    INSERT INTO users (key, name, hue, saturation, brightness, bio, time_zone, locale)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    user.key, user.name, user.color?.hue, user.color?.saturation, user.color?.brightness, user.bio,
                    user.timeZone, user.locale,
                ]
            )
            var created = user
            created.id = db.lastInsertedRowID
            // Open mode's users (accounts mode makes them by signing up): kept for later comparisons, not refused.
            try Self.storeSkeletons(db, of: user, id: created.id)
            return created
        }
    }

    public func user(id: Int64) async throws -> User {
        try await writer.read { db in try Self.fetchUser(db, id: id) }
    }

    public func users(page: PageRequest) async throws -> Page<User> {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM users WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [page.after?.id ?? 0, page.limit + 1]
            )
            return page.page(of: rows.map(StoredRow.userResource(from:))) { PageCursor(id: $0.id) }
        }
    }

    public func updateUser(
        id: Int64, _ change: @escaping @Sendable (User) throws -> User
    ) async throws -> User {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            let current = try Self.fetchUser(db, id: id)
            var updated = try change(current)
            updated.id = id
            updated.key = current.key
            if updated.name != current.name {
                // A member's name is held to `NameRule`; open mode's users (no account) are not.
                let isAccount =
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE user_id = ?)", arguments: [id]) ?? false
                if isAccount { try Self.checkNames(db, of: updated, id: id, checkingKey: false) }
                try Self.propagateName(db, userID: id, name: updated.name)
                try Self.storeSkeletons(db, of: updated, id: id)
            }
            try db.execute(
                sql:
                    """
                    UPDATE users
                    SET name = ?, hue = ?, saturation = ?, brightness = ?, bio = ?, time_zone = ?, locale = ?
                    WHERE id = ?
                    """,
                arguments: [
                    updated.name, updated.color?.hue, updated.color?.saturation, updated.color?.brightness, updated.bio,
                    updated.timeZone, updated.locale, id,
                ]
            )
            return updated
        }
    }

    public func deleteUser(id: Int64, cascade: Bool) async throws {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            _ = try Self.fetchUser(db, id: id)
            let logged =
                try Int.fetchOne(
                    db, sql: "SELECT COALESCE(SUM(count), 0) FROM habit_counts WHERE user_id = ?", arguments: [id]) ?? 0
            if logged > 0 && !cascade { throw StoreRefusal.userHasLogs(logged) }
            try db.execute(sql: "DELETE FROM logs WHERE user_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM habit_day_runs WHERE user_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM habit_day_entries WHERE user_id = ?", arguments: [id])
            try Self.removeCounts(db, userID: id, changes: changes)
            try db.execute(sql: "DELETE FROM favorites WHERE user_id = ?", arguments: [id])
            if db.changesCount > 0 { changes.favorites(of: id) }
            // The user's own follows, and every follow of the user: each follower's list changes.
            let followers = try Int64.fetchAll(
                db, sql: "DELETE FROM follows WHERE follower_id = ? OR followed_id = ? RETURNING follower_id",
                arguments: [id, id])
            for follower in followers { changes.follows(of: follower) }
            try ProgramRows.removeUser(db, id: id, changes: changes)
            try QuestionRows.removeUser(db, id: id, changes: changes)
            try RecentEmojiRows.removeUser(db, id: id, changes: changes)
            try db.execute(sql: "DELETE FROM avatars WHERE user_id = ?", arguments: [id])
            // Personal habits leave with their owner; shared ones stay in the catalogue, unowned.
            for habit in try Int64.fetchAll(
                db, sql: "SELECT id FROM habits WHERE owner_id = ? AND visibility = 'personal'", arguments: [id])
            {
                try Self.removeHabit(db, id: habit, changes: changes)
            }
            try db.execute(sql: "UPDATE habits SET owner_id = NULL WHERE owner_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [id])
        }
    }
}
