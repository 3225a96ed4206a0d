import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// `/v1` logs, favourites and follows.
extension PostgresHabitStore {
    public func createLogs(_ logs: [LogDraft]) async throws -> [Log] {
        let pending = logs.map { PendingLog(user: .id($0.userID), habit: .id($0.habitID), timestamp: $0.timestamp) }
        let ids = try await logBatcher.write(pending, in: self)
        return zip(ids, logs).map { id, log in
            Log(id: id, userID: log.userID, habitID: log.habitID, timestamp: log.timestamp)
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

    public func logs(userID: Int64, in range: TimeRange, page: PageRequest, sharedHabitsOnly: Bool) async throws
        -> Page<Log>
    {
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
            // Filtered in the query, so that neither a page's length nor its cursor tells of a hidden log.
            if sharedHabitsOnly { sql += " AND habit_id IN (SELECT id FROM habits WHERE visibility = 'shared')" }
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
                SELECT \(unescaped: PostgresRows.habitColumns(of: "h"))
                FROM favorites f JOIN habits h ON h.id = f.habit_id
                WHERE f.user_id = \(userID) AND f.habit_id > \(page.after?.id ?? 0)
                ORDER BY f.habit_id LIMIT \(page.limit + 1)
                """)
            if rows.isEmpty { _ = try await session.fetchUser(id: userID) }
            return page.page(of: try rows.map(PostgresRows.habit)) { PageCursor(id: $0.id) }
        }
    }

    @discardableResult
    public func setFollowing(userID: Int64, followedID: Int64, _ isFollowing: Bool) async throws -> FollowOutcome {
        try await writeBumping { session, changes in
            _ = try await session.fetchUser(id: userID)
            let followed = try await session.fetchUser(id: followedID)
            if userID == followedID { throw StoreRefusal.followSelf }
            let follows = try await session.value(
                "SELECT 1 FROM follows WHERE follower_id = \(userID) AND followed_id = \(followedID)", as: Int.self
            ) != nil
            if isFollowing {
                if follows { return .following }
                if followed.isPrivate {
                    try await Self.insertFollowRequest(session, userID: followedID, requesterID: userID, at: Date())
                    return .requested
                }
                if try await Self.insertFollow(session, followerID: userID, followed: followed) {
                    changes.follows(of: userID)
                }
                return .following
            }
            try await session.execute(
                "DELETE FROM follow_requests WHERE user_id = \(followedID) AND requester_id = \(userID)")
            if try await session.changes(
                "DELETE FROM follows WHERE follower_id = \(userID) AND followed_id = \(followedID) RETURNING 1") > 0
            {
                changes.follows(of: userID)
            }
            return .notFollowing
        }
    }

    /// A new follow request, counted against the requester's day (`FollowRule`) under the requester's row lock,
    /// so two at once count one after the other; asking again while one waits writes and counts nothing.
    static func insertFollowRequest(
        _ session: PostgresSession, userID: Int64, requesterID: Int64, at now: Date
    ) async throws {
        let stored = try await session.rows(
            """
            SELECT follow_request_day, follow_requests_that_day FROM users WHERE id = \(requesterID) FOR UPDATE
            """)
        let waiting = try await session.value(
            "SELECT 1 FROM follow_requests WHERE user_id = \(userID) AND requester_id = \(requesterID)", as: Int.self)
        if waiting != nil { return }
        var (day, count): (Int64, Int64) = (0, 0)
        if let row = stored.first { (day, count) = try row.decode((Int64, Int64).self) }
        let counted = try FollowRule.countingRequest(
            stored: FollowRule.RequestCount(day: day, count: Int(count)), at: now)
        try await session.execute(
            """
            UPDATE users SET follow_request_day = \(counted.day), follow_requests_that_day = \(Int64(counted.count))
            WHERE id = \(requesterID)
            """)
        try await session.execute(
            """
            INSERT INTO follow_requests (user_id, requester_id, created_at)
            VALUES (\(userID), \(requesterID), \(now.timeIntervalSince1970))
            """)
    }

    /// Whether a follow was added; the followed user's name and key are kept beside it, for listing by name.
    static func insertFollow(_ session: PostgresSession, followerID: Int64, followed: User) async throws -> Bool {
        try await session.changes(
            """
            INSERT INTO follows (follower_id, followed_id, followed_name, followed_key)
            VALUES (\(followerID), \(followed.id), \(followed.name), \(followed.key))
            ON CONFLICT DO NOTHING RETURNING 1
            """) > 0
    }

    public func followers(userID: Int64, limit: Int) async throws -> [User] {
        try await readStatements { session in
            _ = try await session.fetchUser(id: userID)
            var binds = PostgresBindings()
            binds.append(userID)
            binds.append(limit)
            return try await session.rows(PostgresQuery(
                unsafeSQL: """
                    SELECT \(PostgresRows.userColumns("u.")) FROM follows f JOIN users u ON u.id = f.follower_id
                    WHERE f.followed_id = $1 ORDER BY f.follower_id LIMIT $2
                    """, binds: binds)
            ).map(PostgresRows.user)
        }
    }

    public func followRequests(userID: Int64) async throws -> [FollowRequest] {
        try await readStatements { session in
            _ = try await session.fetchUser(id: userID)
            return try await session.rows(PostgresQuery(
                unsafeSQL: """
                    SELECT \(PostgresRows.userColumns("u.")), r.created_at
                    FROM follow_requests r JOIN users u ON u.id = r.requester_id
                    WHERE r.user_id = $1 ORDER BY r.created_at, r.requester_id
                    """, binds: PostgresRows.binds(userID))
            ).map { row in
                let user = try PostgresRows.user(row)
                let requested = try row.makeRandomAccess()[10].decode(Double.self)
                return FollowRequest(user: user, requestedAt: Date(timeIntervalSince1970: requested))
            }
        }
    }

    public func answerFollowRequest(userID: Int64, requesterID: Int64, approve: Bool) async throws {
        try await writeBumping { session, changes in
            let followed = try await session.fetchUser(id: userID)
            guard try await session.changes(
                """
                DELETE FROM follow_requests WHERE user_id = \(userID) AND requester_id = \(requesterID) RETURNING 1
                """) == 1
            else { throw HabitsError.notFound(kind: .followRequest, id: String(requesterID)) }
            guard approve else { return }
            // The requester's screens now see the user.
            if try await Self.insertFollow(session, followerID: requesterID, followed: followed) {
                changes.follows(of: requesterID)
            }
        }
    }

    public func maySee(userID: Int64, viewerID: Int64) async throws -> Bool {
        try await readStatements { session in
            let user = try await session.fetchUser(id: userID)
            guard user.isPrivate, userID != viewerID else { return true }
            return try await session.value(
                "SELECT 1 FROM follows WHERE follower_id = \(viewerID) AND followed_id = \(userID)", as: Int.self
            ) != nil
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
