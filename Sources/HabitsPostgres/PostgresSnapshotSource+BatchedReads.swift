import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

extension PostgresSnapshotSource {
    /// Each read below is one query for a whole batch where the one-at-a-time reads take a round trip each.
    var readsAheadInBatches: Bool { true }

    /// One query for any number of viewers, where the one-viewer reads take four round trips per viewer:
    /// each viewer with its favourites, the people it follows (in its order, as `followedUsers(userID:)`
    /// lists them) and its counts, and each followed person with their counts, which Home compares next.
    /// A person followed by many viewers of the batch is one row. Each part is read by its index (`users`
    /// by primary key, `favorites`, `follows_by_name` and `habit_counts` by user), once for the batch and
    /// grouped by user rather than in subqueries run once per person; the follows are read once, and the
    /// people followed are taken from the viewers' lists.
    ///
    /// - Complexity: O((v + f) log n + r) for v viewers, the f people they follow and the r rows they hold.
    func viewerReads(userIDs: [Int64]) async throws -> [Int64: ViewerReads] {
        let ids = Array(Set(userIDs)).sorted()
        var reads: [Int64: ViewerReads] = [:]
        for id in ids { reads[id] = ViewerReads(user: nil, favoriteHabitIDs: [], followedUsers: [], counts: [:]) }
        guard !ids.isEmpty else { return reads }
        var binds = PostgresBindings()
        binds.append(ids)
        var people: [Int64: (user: User, counts: [Int64: Int])] = [:]
        var viewers: [(id: Int64, favorites: [Int64], followed: [Int64])] = []
        for row in try await session.rows(PostgresQuery(
            unsafeSQL: """
                WITH viewer_follows AS (
                    SELECT follower_id, array_agg(followed_id ORDER BY followed_name, followed_key) AS ids
                    FROM follows WHERE follower_id = ANY($1) GROUP BY follower_id
                ), followed AS (
                    SELECT DISTINCT f.id FROM viewer_follows o, unnest(o.ids) AS f (id) WHERE f.id <> ALL($1)
                ), people AS (
                    SELECT id, true AS viewer FROM unnest($1::bigint[]) AS v (id)
                    UNION ALL
                    SELECT id, false FROM followed
                ), viewer_favorites AS (
                    SELECT user_id, array_agg(habit_id) AS ids FROM favorites WHERE user_id = ANY($1) GROUP BY user_id
                ), counts AS (
                    SELECT c.user_id, array_agg(c.habit_id) AS habit_ids, array_agg(c.count::bigint) AS counts
                    FROM people p JOIN habit_counts c ON c.user_id = p.id GROUP BY c.user_id
                )
                SELECT \(PostgresRows.userColumns("u.")), p.viewer, f.ids, o.ids, c.habit_ids, c.counts
                FROM people p JOIN users u ON u.id = p.id
                LEFT JOIN viewer_favorites f ON p.viewer AND f.user_id = p.id
                LEFT JOIN viewer_follows o ON p.viewer AND o.follower_id = p.id
                LEFT JOIN counts c ON c.user_id = p.id
                """, binds: binds))
        {
            let (id, key, name, hue, saturation, brightness, bio, zone, locale, visibility,
                isViewer, favorites, followed, habitIDs, counts) = try row.decode(
                    (Int64, String, String, Double?, Double?, Double?, String?, String, String, String,
                        Bool, [Int64]?, [Int64]?, [Int64]?, [Int]?).self)
            var table: [Int64: Int] = [:]
            table.reserveCapacity(habitIDs?.count ?? 0)
            for (habitID, count) in zip(habitIDs ?? [], counts ?? []) { table[habitID] = count }
            let user = PostgresRows.user(id, key, name, hue, saturation, brightness, bio, zone, locale, visibility)
            people[id] = (user, table)
            if isViewer { viewers.append((id, favorites ?? [], followed ?? [])) }
        }
        for viewer in viewers {
            guard let person = people[viewer.id] else { continue }
            var followedCounts: [Int64: [Int64: Int]] = [:]
            var followedUsers: [User] = []
            followedUsers.reserveCapacity(viewer.followed.count)
            for id in viewer.followed {
                guard let followed = people[id] else { continue }
                followedUsers.append(followed.user)
                followedCounts[id] = followed.counts
            }
            reads[viewer.id] = ViewerReads(
                user: person.user, favoriteHabitIDs: Set(viewer.favorites), followedUsers: followedUsers,
                counts: person.counts, followedCounts: followedCounts)
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

    /// The standings half of `standingsAndPositions`: for each habit, the first `limit` entries of its walk
    /// of `habit_counts_standings`, in the order of `standings(habitID:limit:)`.
    ///
    /// - Complexity: O(h (log n + limit)) for h habits.
    func standings(habitIDs: [Int64], limit: Int) async throws -> [Int64: [Standing]] {
        try await standingsAndPositions(habitIDs: habitIDs, limit: limit, positions: []).standings
    }

    /// The positions half of `standingsAndPositions`: for each pair, the sums of `position(habitID:count:)`
    /// over its habit's levels.
    ///
    /// - Complexity: O(p (log L + l)) for p pairs and the l levels above each count.
    func positions(_ counts: [RankedCount]) async throws -> [RankedCount: RankPosition] {
        try await standingsAndPositions(habitIDs: [], limit: 0, positions: counts).positions
    }

    /// One query for both: for each habit its first `limit` standings, in the order of
    /// `standings(habitID:limit:)`; for each pair its `position(habitID:count:)`, from its habit's levels.
    ///
    /// - Complexity: O(h (log n + limit) + p (log L + l)) for h habits and p pairs, as the two queries.
    func standingsAndPositions(
        habitIDs: [Int64], limit: Int, positions counts: [RankedCount]
    ) async throws -> (standings: [Int64: [Standing]], positions: [RankedCount: RankPosition]) {
        let habits = limit > 0 ? Array(Set(habitIDs)).sorted() : []
        let keys = Array(Set(counts))
        var standings: [Int64: [Standing]] = [:]
        for id in Set(habitIDs) { standings[id] = [] }
        var positions: [RankedCount: RankPosition] = [:]
        guard !habits.isEmpty || !keys.isEmpty else { return (standings, positions) }
        // Home's top two, and positions alone, run prepared (`StandingsAndPositionsStatement`).
        let rows: [PostgresRow]
        if habits.isEmpty || limit == StandingsAndPositionsStatement.limit {
            rows = try await session.rows(StandingsAndPositionsStatement(habitIDs: habits, counts: keys))
        } else {
            var binds = StandingsAndPositionsStatement(habitIDs: habits, counts: keys).makeBindings()
            binds.append(limit)
            rows = try await session.rows(PostgresQuery(
                unsafeSQL: StandingsAndPositionsStatement.text(limit: "$4"), binds: binds))
        }
        for row in rows {
            let (kind, habitID, count, _, _, id, key, name, hue, saturation, brightness, bio, zone, locale,
                visibility, above, equal) = try row.decode(
                    (Int32, Int64, Int, String?, String?, Int64?, String?, String?, Double?, Double?, Double?,
                        String?, String?, String?, String?, Int?, Int?).self)
            if kind == 1 {
                positions[RankedCount(habitID: habitID, count: count)] =
                    RankPosition(rank: 1 + (above ?? 0), usersWithCount: equal ?? 0)
                continue
            }
            guard let id, let key, let name, let zone, let locale, let visibility else { continue }
            standings[habitID]?.append(Standing(
                user: PostgresRows.user(id, key, name, hue, saturation, brightness, bio, zone, locale, visibility),
                count: count))
        }
        return (standings, positions)
    }
}
