import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// `/v1` logs, favourites and follows in SQLite.
extension SQLiteHabitStore {
    public func createLogs(_ logs: [LogDraft]) async throws -> [Log] {
        try await writeBumping { db, changes in
            var knownUsers = Set<Int64>()
            var knownHabits = Set<Int64>()
            for log in logs {
                if knownUsers.insert(log.userID).inserted { _ = try Self.fetchUser(db, id: log.userID) }
                if knownHabits.insert(log.habitID).inserted { _ = try Self.fetchHabit(db, id: log.habitID) }
            }
            let ids = try Self.insertLogs(
                db, logs.map { LogRow(userID: $0.userID, habitID: $0.habitID, timestamp: $0.timestamp) },
                changes: changes)
            return zip(ids, logs).map { id, log in
                Log(id: id, userID: log.userID, habitID: log.habitID, timestamp: log.timestamp)
            }
        }
    }

    public func logEntry(id: Int64) async throws -> Log {
        try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM logs WHERE id = ?", arguments: [id]) else {
                throw HabitsError.notFound(kind: .log, id: String(id))
            }
            return StoredRow.logResource(from: row)
        }
    }

    public func logs(userID: Int64, in range: TimeRange, page: PageRequest, sharedHabitsOnly: Bool) async throws
        -> Page<Log>
    {
        try await writer.read { db in
            _ = try Self.fetchUser(db, id: userID)
            // Served by logs_user_time (user_id, logged_at), whose entries end with the rowid.
            var sql = "SELECT * FROM logs WHERE user_id = ?"
            var arguments: StatementArguments = [userID]
            if let from = range.from {
                sql += " AND logged_at >= ?"
                _ = arguments.append(contentsOf: [from.timeIntervalSince1970])
            }
            if let to = range.to {
                sql += " AND logged_at < ?"
                _ = arguments.append(contentsOf: [to.timeIntervalSince1970])
            }
            // Filtered in the query, so that neither a page's length nor its cursor tells of a hidden log.
            if sharedHabitsOnly { sql += " AND habit_id IN (SELECT id FROM habits WHERE visibility = 'shared')" }
            if let after = page.after {
                sql += " AND (logged_at, id) > (?, ?)"
                _ = arguments.append(contentsOf: [after.time ?? -Double.infinity, after.id])
            }
            sql += " ORDER BY logged_at, id LIMIT ?"
            _ = arguments.append(contentsOf: [page.limit + 1])
            let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
            return page.page(of: rows.map(StoredRow.logResource(from:))) {
                PageCursor(id: $0.id, time: $0.timestamp.timeIntervalSince1970)
            }
        }
    }

    public func setFavorite(userID: Int64, habitID: Int64, _ isFavorite: Bool) async throws {
        try await writeBumping { db, changes in
            _ = try Self.fetchUser(db, id: userID)
            _ = try Self.fetchHabit(db, id: habitID)
            let sql =
                isFavorite
                ? "INSERT OR IGNORE INTO favorites (user_id, habit_id) VALUES (?, ?)"
                : "DELETE FROM favorites WHERE user_id = ? AND habit_id = ?"
            try db.execute(sql: sql, arguments: [userID, habitID])
            // Setting what was already set changes nothing a screen shows.
            if db.changesCount > 0 { changes.favorites(of: userID) }
        }
    }

    public func favorites(userID: Int64, page: PageRequest) async throws -> Page<Habit> {
        try await writer.read { db in
            _ = try Self.fetchUser(db, id: userID)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT h.* FROM favorites f JOIN habits h ON h.id = f.habit_id
                    WHERE f.user_id = ? AND f.habit_id > ? ORDER BY f.habit_id LIMIT ?
                    """, arguments: [userID, page.after?.id ?? 0, page.limit + 1])
            return page.page(of: rows.map(StoredRow.habitResource(from:))) { PageCursor(id: $0.id) }
        }
    }

    @discardableResult
    public func setFollowing(userID: Int64, followedID: Int64, _ isFollowing: Bool) async throws -> FollowOutcome {
        try await writeBumping { db, changes in
            _ = try Self.fetchUser(db, id: userID)
            let followed = try Self.fetchUser(db, id: followedID)
            if userID == followedID { throw StoreRefusal.followSelf }
            let follows = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followed_id = ?)",
                arguments: [userID, followedID]) ?? false
            if isFollowing {
                if follows { return .following }
                if followed.isPrivate {
                    try Self.insertFollowRequest(db, userID: followedID, requesterID: userID, at: Date())
                    return .requested
                }
                try Self.insertFollow(db, followerID: userID, followed: followed)
                changes.follows(of: userID)
                return .following
            }
            try db.execute(
                sql: "DELETE FROM follow_requests WHERE user_id = ? AND requester_id = ?",
                arguments: [followedID, userID])
            if follows {
                try db.execute(
                    sql: "DELETE FROM follows WHERE follower_id = ? AND followed_id = ?",
                    arguments: [userID, followedID])
                changes.follows(of: userID)
            }
            return .notFollowing
        }
    }

    /// A new follow request, counted against the requester's day (`FollowRule`); asking again while one waits
    /// writes and counts nothing.
    static func insertFollowRequest(_ db: Database, userID: Int64, requesterID: Int64, at now: Date) throws {
        let waiting = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM follow_requests WHERE user_id = ? AND requester_id = ?)",
            arguments: [userID, requesterID]) ?? false
        if waiting { return }
        let stored = try Row.fetchOne(
            db, sql: "SELECT follow_request_day, follow_requests_that_day FROM users WHERE id = ?",
            arguments: [requesterID])
        let counted = try FollowRule.countingRequest(
            stored: FollowRule.RequestCount(
                day: stored?["follow_request_day"] ?? 0, count: stored?["follow_requests_that_day"] ?? 0),
            at: now)
        try db.execute(
            sql: "UPDATE users SET follow_request_day = ?, follow_requests_that_day = ? WHERE id = ?",
            arguments: [counted.day, counted.count, requesterID])
        try db.execute(
            sql: "INSERT INTO follow_requests (user_id, requester_id, created_at) VALUES (?, ?, ?)",
            arguments: [userID, requesterID, now.timeIntervalSince1970])
    }

    /// The followed user's name and key are kept beside the follow, for listing by name.
    static func insertFollow(_ db: Database, followerID: Int64, followed: User) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO follows (follower_id, followed_id, followed_name, followed_key)
                VALUES (?, ?, ?, ?)
                """,
            arguments: [followerID, followed.id, followed.name, followed.key])
    }

    /// - Complexity: O(f log u) for the f followers listed: a walk of `follows_followed`.
    public func followers(userID: Int64, limit: Int) async throws -> [User] {
        try await writer.read { db in
            _ = try Self.fetchUser(db, id: userID)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT u.* FROM follows f JOIN users u ON u.id = f.follower_id
                    WHERE f.followed_id = ? ORDER BY f.follower_id LIMIT ?
                    """,
                arguments: [userID, limit]
            ).map(StoredRow.userResource(from:))
        }
    }

    /// - Complexity: O(r log u) for the r requests waiting.
    public func followRequests(userID: Int64) async throws -> [FollowRequest] {
        try await writer.read { db in
            _ = try Self.fetchUser(db, id: userID)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT u.*, r.created_at AS requested_at
                    FROM follow_requests r JOIN users u ON u.id = r.requester_id
                    WHERE r.user_id = ? ORDER BY r.created_at, r.requester_id
                    """,
                arguments: [userID]
            ).map { row in
                FollowRequest(
                    user: StoredRow.userResource(from: row),
                    requestedAt: Date(timeIntervalSince1970: row["requested_at"]))
            }
        }
    }

    public func answerFollowRequest(userID: Int64, requesterID: Int64, approve: Bool) async throws {
        try await writeBumping { db, changes in
            let followed = try Self.fetchUser(db, id: userID)
            try db.execute(
                sql: "DELETE FROM follow_requests WHERE user_id = ? AND requester_id = ?",
                arguments: [userID, requesterID])
            guard db.changesCount == 1 else {
                throw HabitsError.notFound(kind: .followRequest, id: String(requesterID))
            }
            guard approve else { return }
            try Self.insertFollow(db, followerID: requesterID, followed: followed)
            // The requester's screens now see the user.
            changes.follows(of: requesterID)
        }
    }

    /// - Complexity: O(log n): two primary-key lookups.
    public func maySee(userID: Int64, viewerID: Int64) async throws -> Bool {
        try await writer.read { db in
            let user = try Self.fetchUser(db, id: userID)
            guard user.isPrivate, userID != viewerID else { return true }
            return try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followed_id = ?)",
                arguments: [viewerID, userID]) ?? false
        }
    }

    public func following(userID: Int64, page: PageRequest) async throws -> Page<User> {
        try await writer.read { db in
            _ = try Self.fetchUser(db, id: userID)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT u.* FROM follows f JOIN users u ON u.id = f.followed_id
                    WHERE f.follower_id = ? AND f.followed_id > ? ORDER BY f.followed_id LIMIT ?
                    """, arguments: [userID, page.after?.id ?? 0, page.limit + 1])
            return page.page(of: rows.map(StoredRow.userResource(from:))) { PageCursor(id: $0.id) }
        }
    }
}
