import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// The `ScreenSource` of one `readScreens`: every read runs on the one connection whose
/// `REPEATABLE READ` transaction the read holds, so all see one commit. Each is one indexed query.
struct PostgresSnapshotSource: ScreenSource {
    let session: PostgresSession
    let revision: Int64
    /// The instance's kept habit list.
    let habitList: HabitListCache
    /// The version of the habit list this snapshot sees (`habits_version`).
    let habitsVersion: Int64

    private func users(_ sql: String, _ value: Int64) async throws -> [User] {
        try await session.rows(PostgresQuery(unsafeSQL: sql, binds: PostgresRows.binds(value))).map(PostgresRows.user)
    }

    func user(id: Int64) async throws -> User? {
        try await users("SELECT \(PostgresRows.userColumns()) FROM users WHERE id = $1", id).first
    }

    func user(key: String) async throws -> User? {
        var binds = PostgresBindings()
        binds.append(key.precomposedStringWithCanonicalMapping)
        return try await session.rows(PostgresQuery(
            unsafeSQL: "SELECT \(PostgresRows.userColumns()) FROM users WHERE key = $1", binds: binds)
        ).first.map(PostgresRows.user)
    }

    /// - Complexity: O(u) for u users, walked in `users_name_key` order.
    func users(excluding excludedID: Int64?) async throws -> [User] {
        // Row ids are positive, so 0 excludes nobody.
        try await users(
            "SELECT \(PostgresRows.userColumns()) FROM users WHERE id != $1 ORDER BY name, key", excludedID ?? 0)
    }

    func categories() async throws -> [Category] {
        try await session.rows("SELECT id, name, hue, saturation, brightness FROM categories ORDER BY name")
            .map(PostgresRows.category)
    }

    /// The kept list when it is this snapshot's version; else one query, whose answer is kept.
    func habits() async throws -> [Habit] {
        if let habits = habitList.habits(at: habitsVersion) { return habits }
        let habits = try await session.rows(PostgresQuery(
            unsafeSQL: "SELECT \(PostgresRows.habitColumns) FROM habits ORDER BY name")
        ).map(PostgresRows.habit)
        habitList.keep(habits, at: habitsVersion)
        return habits
    }

    func habit(id: Int64) async throws -> Habit? {
        try await session.rows(PostgresQuery(
            unsafeSQL: "SELECT \(PostgresRows.habitColumns) FROM habits WHERE id = $1", binds: PostgresRows.binds(id))
        ).first.map(PostgresRows.habit)
    }

    func favoriteHabitIDs(userID: Int64) async throws -> Set<Int64> {
        Set(try await session.values("SELECT habit_id FROM favorites WHERE user_id = \(userID)", as: Int64.self))
    }

    /// - Complexity: O(f log u): `follows_by_name` walked in order, each user by primary key.
    func followedUsers(userID: Int64) async throws -> [User] {
        try await users(
            """
            SELECT \(PostgresRows.userColumns("u.")) FROM follows f JOIN users u ON u.id = f.followed_id
            WHERE f.follower_id = $1 ORDER BY f.followed_name, f.followed_key
            """, userID)
    }

    func counts(userID: Int64) async throws -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        for row in try await session.rows("SELECT habit_id, count FROM habit_counts WHERE user_id = \(userID)") {
            let (habitID, count) = try row.decode((Int64, Int).self)
            counts[habitID] = count
        }
        return counts
    }

    func count(userID: Int64, habitID: Int64) async throws -> Int {
        try await session.int("SELECT count FROM habit_counts WHERE user_id = \(userID) AND habit_id = \(habitID)")
    }

    /// - Complexity: O(k log n) for the k standings returned: one walk of `habit_counts_standings`.
    func standings(habitID: Int64, limit: Int?) async throws -> [Standing] {
        var binds = PostgresBindings()
        binds.append(habitID)
        // LIMIT NULL is no limit.
        binds.append(limit.map { max($0, 0) })
        return try await session.rows(PostgresQuery(
            unsafeSQL: """
                SELECT c.count, \(PostgresRows.userColumns("u.")) FROM habit_counts c JOIN users u ON u.id = c.user_id
                WHERE c.habit_id = $1 AND NOT c.hidden ORDER BY c.count DESC, c.user_name, c.user_key LIMIT $2
                """, binds: binds)
        ).map(PostgresRows.standing)
    }

    /// - Complexity: O(log L + l) for the l distinct counts above `count`, of L levels in all: one range of
    ///   `habit_count_levels`, never a walk over the habit's users.
    func position(habitID: Int64, count: Int) async throws -> RankPosition {
        let row = try await session.rows(
            """
            SELECT coalesce(sum(users) FILTER (WHERE count > \(count)), 0)::bigint,
                coalesce(sum(users) FILTER (WHERE count = \(count)), 0)::bigint
            FROM habit_count_levels WHERE habit_id = \(habitID) AND count >= \(count)
            """
        ).first
        let (above, equal) = try row?.decode((Int, Int).self) ?? (0, 0)
        return RankPosition(rank: 1 + above, usersWithCount: equal)
    }

    /// - Complexity: O(log L + l) for the l distinct counts above `count`.
    func rank(habitID: Int64, count: Int) async throws -> Int {
        1 + (try await session.int(
            """
            SELECT coalesce(sum(users), 0)::bigint FROM habit_count_levels
            WHERE habit_id = \(habitID) AND count > \(count)
            """))
    }

    /// One query: the user's count, then the levels above it.
    func rank(userID: Int64, habitID: Int64) async throws -> Int {
        1 + (try await session.int(
            """
            SELECT coalesce(sum(users), 0)::bigint FROM habit_count_levels WHERE habit_id = \(habitID)
            AND count > COALESCE(
                (SELECT count FROM habit_counts WHERE user_id = \(userID) AND habit_id = \(habitID)), 0)
            """))
    }

    func habitDays(
        userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay
    ) async throws -> [HabitDay] {
        let pair = CounterPair(userID: userID, habitID: habitID)
        return try await PostgresDayEntries.days(session, pair, from: first, through: last)
    }

    func doneDays(
        userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay
    ) async throws -> [LocalDay] {
        let pair = CounterPair(userID: userID, habitID: habitID)
        return try await PostgresDayEntries.doneDays(session, pair, from: first, through: last)
    }

    func streak(userID: Int64, habitID: Int64, today: LocalDay) async throws -> StreakSummary {
        try await PostgresDayEntries.streak(session, CounterPair(userID: userID, habitID: habitID), today: today)
    }

    func featuredProgram() async throws -> Program? {
        try await PostgresProgramRows.programs(session, PostgresQuery(
            unsafeSQL: """
                SELECT \(PostgresProgramRows.columns()) FROM programs WHERE featured
                ORDER BY created_at DESC, id DESC LIMIT 1
                """)
        ).first
    }

    func programs(categoryID: Int64, limit: Int) async throws -> [Program] {
        var binds = PostgresBindings()
        binds.append(categoryID)
        binds.append(max(limit, 0))
        return try await PostgresProgramRows.programs(session, PostgresQuery(
            unsafeSQL: """
                SELECT \(PostgresProgramRows.columns()) FROM programs WHERE category_id = $1
                ORDER BY created_at DESC, id DESC LIMIT $2
                """, binds: binds))
    }

    func joinedProgramIDs(userID: Int64) async throws -> Set<Int64> {
        Set(try await session.values("SELECT program_id FROM memberships WHERE user_id = \(userID)", as: Int64.self))
    }

    func programRatings(userID: Int64) async throws -> [Int64: Int] {
        var ratings: [Int64: Int] = [:]
        for row in try await session.rows("SELECT program_id, stars FROM ratings WHERE user_id = \(userID)") {
            let (programID, stars) = try row.decode((Int64, Int).self)
            ratings[programID] = stars
        }
        return ratings
    }

    func helpTags() async throws -> [HelpTag] {
        try await session.rows("SELECT id, name FROM help_tags ORDER BY name, id").map { row in
            let (id, name) = try row.decode((Int64, String).self)
            return HelpTag(id: id, name: name)
        }
    }

    func questions(viewerID: Int64, tagID: Int64?) async throws -> [Question] {
        try await PostgresQuestionRows.questions(session, viewerID: viewerID, tagID: tagID, after: 0, limit: nil)
    }

    func recentEmoji(userID: Int64) async throws -> [String] {
        try await PostgresHabitStore.recentEmoji(session, userID: userID)
    }
}
