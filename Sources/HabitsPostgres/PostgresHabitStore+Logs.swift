import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// `/v1` logs, favourites and follows.
extension PostgresHabitStore {
    public func createLogs(_ logs: [LogDraft]) async throws -> [Log] {
        try await writeBumping { session, changes in
            var knownUsers = Set<Int64>()
            var knownHabits = Set<Int64>()
            for log in logs {
                if knownUsers.insert(log.userID).inserted { _ = try await session.fetchUser(id: log.userID) }
                if knownHabits.insert(log.habitID).inserted { _ = try await session.fetchHabit(id: log.habitID) }
            }
            let ids = try await PostgresCounters.insertLogs(
                session, logs.map { LogRow(userID: $0.userID, habitID: $0.habitID, timestamp: $0.timestamp) },
                changes: changes)
            return zip(ids, logs).map { id, log in
                Log(id: id, userID: log.userID, habitID: log.habitID, timestamp: log.timestamp)
            }
        }
    }

    public func logEntry(id: Int64) async throws -> Log {
        try await readStatements { session in
            var binds = PostgresBindings()
            binds.append(id)
            guard let row = try await session.rows(PostgresQuery(
                unsafeSQL: "SELECT \(PostgresRows.logColumns) FROM logs WHERE id = $1", binds: binds)).first
            else { throw HabitsError.notFound(kind: .log, id: String(id)) }
            return try PostgresRows.log(row)
        }
    }

    public func logs(userID: Int64, in range: TimeRange, page: PageRequest) async throws -> Page<Log> {
        try await readStatements { session in
            // Served by logs_user_time (user_id, logged_at, id).
            var binds = PostgresBindings()
            binds.append(userID)
            var sql = "SELECT \(PostgresRows.logColumns) FROM logs WHERE user_id = $1"
            if let from = range.from {
                binds.append(from.timeIntervalSince1970)
                sql += " AND logged_at >= $\(binds.count)"
            }
            if let to = range.to {
                binds.append(to.timeIntervalSince1970)
                sql += " AND logged_at < $\(binds.count)"
            }
            if let after = page.after {
                binds.append(after.time ?? -Double.infinity)
                binds.append(after.id)
                sql += " AND (logged_at, id) > ($\(binds.count - 1), $\(binds.count))"
            }
            binds.append(page.limit + 1)
            sql += " ORDER BY logged_at, id LIMIT $\(binds.count)"
            let rows = try await session.rows(PostgresQuery(unsafeSQL: sql, binds: binds))
            // An empty page may mean an unknown user: only then is the user looked up.
            if rows.isEmpty { _ = try await session.fetchUser(id: userID) }
            return page.page(of: try rows.map(PostgresRows.log)) {
                PageCursor(id: $0.id, time: $0.timestamp.timeIntervalSince1970)
            }
        }
    }

    public func setFavorite(userID: Int64, habitID: Int64, _ isFavorite: Bool) async throws {
        try await writeBumping { session, changes in
            _ = try await session.fetchUser(id: userID)
            _ = try await session.fetchHabit(id: habitID)
            let changed =
                isFavorite
                ? try await session.changes(
                    """
                    INSERT INTO favorites (user_id, habit_id) VALUES (\(userID), \(habitID))
                    ON CONFLICT DO NOTHING RETURNING 1
                    """)
                : try await session.changes(
                    "DELETE FROM favorites WHERE user_id = \(userID) AND habit_id = \(habitID) RETURNING 1")
            // Setting what was already set changes nothing a screen shows.
            if changed > 0 { changes.favorites(of: userID) }
        }
    }

    public func favorites(userID: Int64, page: PageRequest) async throws -> Page<Habit> {
        try await readStatements { session in
            let rows = try await session.rows(
                """
                SELECT h.id, h.name, h.category_id, h.info, h.emoji FROM favorites f JOIN habits h ON h.id = f.habit_id
                WHERE f.user_id = \(userID) AND f.habit_id > \(page.after?.id ?? 0)
                ORDER BY f.habit_id LIMIT \(page.limit + 1)
                """)
            if rows.isEmpty { _ = try await session.fetchUser(id: userID) }
            return page.page(of: try rows.map(PostgresRows.habit)) { PageCursor(id: $0.id) }
        }
    }

    public func setFollowing(userID: Int64, followedID: Int64, _ isFollowing: Bool) async throws {
        try await writeBumping { session, changes in
            _ = try await session.fetchUser(id: userID)
            let followed = try await session.fetchUser(id: followedID)
            if userID == followedID { throw PostgresRefusal.followSelf }
            let changed =
                isFollowing
                ? try await session.changes(
                    """
                    INSERT INTO follows (follower_id, followed_id, followed_name, followed_key)
                    VALUES (\(userID), \(followedID), \(followed.name), \(followed.key))
                    ON CONFLICT DO NOTHING RETURNING 1
                    """)
                : try await session.changes(
                    "DELETE FROM follows WHERE follower_id = \(userID) AND followed_id = \(followedID) RETURNING 1")
            if changed > 0 { changes.follows(of: userID) }
        }
    }

    public func following(userID: Int64, page: PageRequest) async throws -> Page<User> {
        try await readStatements { session in
            var binds = PostgresBindings()
            binds.append(userID)
            binds.append(page.after?.id ?? 0)
            binds.append(page.limit + 1)
            let rows = try await session.rows(PostgresQuery(
                unsafeSQL: """
                    SELECT \(PostgresRows.userColumns("u.")) FROM follows f JOIN users u ON u.id = f.followed_id
                    WHERE f.follower_id = $1 AND f.followed_id > $2 ORDER BY f.followed_id LIMIT $3
                    """, binds: binds))
            if rows.isEmpty { _ = try await session.fetchUser(id: userID) }
            return page.page(of: try rows.map(PostgresRows.user)) { PageCursor(id: $0.id) }
        }
    }
}
