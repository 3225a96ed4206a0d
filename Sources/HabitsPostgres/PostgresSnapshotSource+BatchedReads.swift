import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

extension PostgresSnapshotSource {
    /// Each read below is one query for a whole batch where the one-at-a-time reads take a round trip each.
    var readsAheadInBatches: Bool { true }

    /// Four queries for any number of viewers, each by its index (`users` by primary key, `favorites`,
    /// `follows_by_name` and `habit_counts` by user), where the one-viewer reads take four round trips
    /// per viewer: what a hub rebuilding many Homes in one snapshot asks first.
    ///
    /// - Complexity: O(v log n + r) for v viewers and the r rows they hold.
    func viewerReads(userIDs: [Int64]) async throws -> [Int64: ViewerReads] {
        let ids = Array(Set(userIDs)).sorted()
        var reads: [Int64: ViewerReads] = [:]
        for id in ids { reads[id] = ViewerReads(user: nil, favoriteHabitIDs: [], followedUsers: [], counts: [:]) }
        guard !ids.isEmpty else { return reads }
        var binds = PostgresBindings()
        binds.append(ids)
        for row in try await session.rows(PostgresQuery(
            unsafeSQL: "SELECT \(PostgresRows.userColumns()) FROM users WHERE id = ANY($1)", binds: binds))
        {
            let user = try PostgresRows.user(row)
            reads[user.id]?.user = user
        }
        for row in try await session.rows("SELECT user_id, habit_id FROM favorites WHERE user_id = ANY(\(ids))") {
            let (userID, habitID) = try row.decode((Int64, Int64).self)
            reads[userID]?.favoriteHabitIDs.insert(habitID)
        }
        for (userID, counts) in try await countTables(ids) { reads[userID]?.counts = counts }
        // In each follower's order, as `followedUsers(userID:)` lists them.
        for row in try await session.rows(PostgresQuery(
            unsafeSQL: """
                SELECT f.follower_id, \(PostgresRows.userColumns("u.")) FROM follows f
                JOIN users u ON u.id = f.followed_id
                WHERE f.follower_id = ANY($1) ORDER BY f.follower_id, f.followed_name, f.followed_key
                """, binds: binds))
        {
            let (followerID, id, key, name, hue, saturation, brightness, bio, zone, locale, visibility) =
                try row.decode(
                    (Int64, Int64, String, String, Double?, Double?, Double?, String?, String, String, String).self)
            reads[followerID]?.followedUsers.append(
                PostgresRows.user(id, key, name, hue, saturation, brightness, bio, zone, locale, visibility))
        }
        return reads
    }

    /// One query over `habit_counts`' primary key.
    ///
    /// - Complexity: O(u log n + r) for u users and the r counters they hold.
    func counts(userIDs: [Int64]) async throws -> [Int64: [Int64: Int]] {
        let ids = Array(Set(userIDs)).sorted()
        var counts: [Int64: [Int64: Int]] = [:]
        for id in ids { counts[id] = [:] }
        guard !ids.isEmpty else { return counts }
        return try await countTables(ids).merging(counts) { found, _ in found }
    }

    /// The counters of `ids`, a row per user holding two arrays: a heavy logger's thousands of counters
    /// decode as two arrays rather than as thousands of rows.
    ///
    /// - Complexity: O(u log n + r) for u users and the r counters they hold.
    private func countTables(_ ids: [Int64]) async throws -> [Int64: [Int64: Int]] {
        var tables: [Int64: [Int64: Int]] = [:]
        for row in try await session.rows(
            """
            SELECT user_id, array_agg(habit_id), array_agg(count::bigint) FROM habit_counts
            WHERE user_id = ANY(\(ids)) GROUP BY user_id
            """)
        {
            let (userID, habitIDs, counts) = try row.decode((Int64, [Int64], [Int]).self)
            var table: [Int64: Int] = [:]
            table.reserveCapacity(habitIDs.count)
            for (habitID, count) in zip(habitIDs, counts) { table[habitID] = count }
            tables[userID] = table
        }
        return tables
    }

    /// One query: for each habit, the first `limit` entries of its walk of `habit_counts_standings`, in the
    /// order of `standings(habitID:limit:)`.
    ///
    /// - Complexity: O(h (log n + limit)) for h habits.
    func standings(habitIDs: [Int64], limit: Int) async throws -> [Int64: [Standing]] {
        let ids = Array(Set(habitIDs)).sorted()
        var standings: [Int64: [Standing]] = [:]
        for id in ids { standings[id] = [] }
        guard !ids.isEmpty, limit > 0 else { return standings }
        var binds = PostgresBindings()
        binds.append(ids)
        binds.append(limit)
        for row in try await session.rows(PostgresQuery(
            unsafeSQL: """
                SELECT h.id, s.count, \(PostgresRows.userColumns("u.")) FROM unnest($1::bigint[]) AS h (id)
                CROSS JOIN LATERAL (
                    SELECT c.count, c.user_id, c.user_name, c.user_key FROM habit_counts c
                    WHERE c.habit_id = h.id AND NOT c.hidden ORDER BY c.count DESC, c.user_name, c.user_key
                    LIMIT $2) s
                JOIN users u ON u.id = s.user_id
                ORDER BY h.id, s.count DESC, s.user_name, s.user_key
                """, binds: binds))
        {
            let (habitID, count, id, key, name, hue, saturation, brightness, bio, zone, locale, visibility) =
                try row.decode(
                    (Int64, Int, Int64, String, String, Double?, Double?, Double?, String?, String, String, String)
                        .self)
            standings[habitID]?.append(Standing(
                user: PostgresRows.user(id, key, name, hue, saturation, brightness, bio, zone, locale, visibility),
                count: count))
        }
        return standings
    }

    /// One query: for each pair, the sums of `position(habitID:count:)` over its habit's levels.
    ///
    /// - Complexity: O(p (log L + l)) for p pairs and the l levels above each count.
    func positions(_ counts: [RankedCount]) async throws -> [RankedCount: RankPosition] {
        let keys = Array(Set(counts))
        var positions: [RankedCount: RankPosition] = [:]
        guard !keys.isEmpty else { return positions }
        var binds = PostgresBindings()
        binds.append(keys.map(\.habitID))
        binds.append(keys.map(\.count))
        for row in try await session.rows(PostgresQuery(
            unsafeSQL: """
                SELECT k.habit_id, k.count, p.above, p.equal
                FROM unnest($1::bigint[], $2::bigint[]) AS k (habit_id, count)
                CROSS JOIN LATERAL (
                    SELECT coalesce(sum(l.users) FILTER (WHERE l.count > k.count), 0)::bigint AS above,
                        coalesce(sum(l.users) FILTER (WHERE l.count = k.count), 0)::bigint AS equal
                    FROM habit_count_levels l WHERE l.habit_id = k.habit_id AND l.count >= k.count) p
                """, binds: binds))
        {
            let (habitID, count, above, equal) = try row.decode((Int64, Int, Int, Int).self)
            positions[RankedCount(habitID: habitID, count: count)] =
                RankPosition(rank: 1 + above, usersWithCount: equal)
        }
        return positions
    }
}
