import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

extension PostgresSnapshotSource {
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
        for row in try await session.rows(
            "SELECT user_id, habit_id, count FROM habit_counts WHERE user_id = ANY(\(ids))")
        {
            let (userID, habitID, count) = try row.decode((Int64, Int64, Int).self)
            reads[userID]?.counts[habitID] = count
        }
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
            reads[followerID]?.followedUsers.append(User(
                id: id, key: key, name: name, color: PostgresRows.color(hue, saturation, brightness), bio: bio,
                timeZone: zone, locale: locale, visibility: Visibility(rawValue: visibility) ?? .public))
        }
        return reads
    }
}
