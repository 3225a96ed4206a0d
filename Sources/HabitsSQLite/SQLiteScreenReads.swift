import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The reads of screen documents on one connection, each through a cached statement and an index
/// (`ScreenQueries` holds the SQL; `ScreenSourceQueryPlanTests` checks the plans). Synchronous, as GRDB
/// is: `SQLiteSnapshotSource` answers the asynchronous `ScreenSource` with them.
struct SQLiteScreenReads {
    let db: Database

    /// Reads on `db`, which must be inside a read transaction for the reads to agree.
    init(db: Database) {
        self.db = db
    }

    func user(id: Int64) throws -> User? {
        try Self.users(IntegerQuery(db, ScreenQueries.userByID), id).first
    }

    func user(key: String) throws -> User? {
        let normalized = key.precomposedStringWithCanonicalMapping
        return try Row.fetchOne(db.cachedStatement(sql: ScreenQueries.userByKey), arguments: [normalized])
            .map { StoredRow.userResource(fromPositions: $0) }
    }

    /// - Complexity: O(u) for u users, walked in index order.
    func users(excluding excludedID: Int64?) throws -> [User] {
        // Row ids are positive, so 0 excludes nobody.
        try Self.users(IntegerQuery(db, ScreenQueries.usersByName), excludedID ?? 0)
    }

    /// - Complexity: O(c) for c categories.
    func categories() throws -> [Category] {
        try Row.fetchAll(db.cachedStatement(sql: ScreenQueries.categoriesByName))
            .map(StoredRow.categoryResource(from:))
    }

    /// - Complexity: O(h) for h habits.
    func habits() throws -> [Habit] {
        var habits: [Habit] = []
        // A cursor decodes each row where it lies; fetching all would copy every row first.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: ScreenQueries.habitsByName))
        while let row = try rows.next() { habits.append(StoredRow.habitResource(fromPositions: row)) }
        return habits
    }

    func habit(id: Int64) throws -> Habit? {
        try Row.fetchOne(db.cachedStatement(sql: ScreenQueries.habitByID), arguments: [id])
            .map(StoredRow.habitResource(from:))
    }

    /// - Complexity: O(f) for the user's f favourites.
    func favoriteHabitIDs(userID: Int64) throws -> Set<Int64> {
        var ids = Set<Int64>()
        try IntegerQuery(db, ScreenQueries.favoriteHabitIDs).forEach(userID) { ids.insert($0[0]) }
        return ids
    }

    /// - Complexity: O(f log u) for the f users followed, among u users.
    func followedUsers(userID: Int64) throws -> [User] {
        try Self.users(IntegerQuery(db, ScreenQueries.followedByName), userID)
    }

    /// - Complexity: O(h) for the h habits the user logged.
    func counts(userID: Int64) throws -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        try IntegerQuery(db, ScreenQueries.countsOfUser).forEach(userID) { counts[$0[0]] = Int($0[1]) }
        return counts
    }

    /// - Complexity: O(h) for the h habits the user logged, from the counters' primary key alone.
    func loggedHabitIDs(userID: Int64) throws -> Set<Int64> {
        var ids = Set<Int64>()
        try IntegerQuery(db, ScreenQueries.loggedHabitsOfUser).forEach(userID) { ids.insert($0[0]) }
        return ids
    }

    /// - Complexity: O(log n): one primary-key lookup.
    func count(userID: Int64, habitID: Int64) throws -> Int {
        Int(try IntegerQuery(db, ScreenQueries.countOfPair).first(userID, habitID) ?? 0)
    }

    /// - Complexity: O(k log u) for the k standings returned, among u users: one index walk.
    func standings(habitID: Int64, limit: Int?) throws -> [Standing] {
        // A negative LIMIT is no limit in SQLite.
        let rowLimit = limit.map { max($0, 0) } ?? -1
        var standings: [Standing] = []
        try IntegerQuery(db, ScreenQueries.standings).forEach(habitID, Int64(rowLimit)) { row in
            standings.append(Standing(user: StoredRow.userResource(fromPositions: row, at: 1), count: Int(row[0])))
        }
        return standings
    }

    /// - Complexity: O(log c) for counts up to c: a few nodes of the rank tree and one level.
    func position(habitID: Int64, count: Int) throws -> RankPosition {
        let at = Int(try IntegerQuery(db, ScreenQueries.level).first(habitID, Int64(count)) ?? 0)
        return RankPosition(rank: try rank(habitID: habitID, count: count), usersWithCount: at)
    }

    /// - Complexity: O(log c) for counts up to c.
    func rank(habitID: Int64, count: Int) throws -> Int {
        1 + (try RankTree.usersAbove(db, habitID: habitID, count: count))
    }

    /// - Complexity: O(log n + k) for the k logs and entries in the range.
    func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) throws
        -> [HabitDay]
    {
        try DayEntryRows.days(db, CounterPair(userID: userID, habitID: habitID), from: first, through: last)
    }

    /// - Complexity: O(log r + d) for the pair's r runs and the d days listed.
    func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) throws -> [LocalDay] {
        try DayEntryRows.doneDays(db, CounterPair(userID: userID, habitID: habitID), from: first, through: last)
    }

    /// - Complexity: O(log r).
    func streak(userID: Int64, habitID: Int64, today: LocalDay) throws -> StreakSummary {
        try DayEntryRows.streak(db, CounterPair(userID: userID, habitID: habitID), today: today)
    }
}

extension SQLiteScreenReads {
    /// The users a statement selecting `StoredRow.userColumns()` lists, in its order.
    ///
    /// - Complexity: O(n) for the n rows.
    static func users(_ query: IntegerQuery, _ arguments: Int64...) throws -> [User] {
        var users: [User] = []
        try query.forEach(arguments: arguments) { users.append(StoredRow.userResource(fromPositions: $0)) }
        return users
    }
}

/// The SQL of `SQLiteScreenReads`, where the query plan tests can read it.
package enum ScreenQueries {
    package static let userByID = "SELECT \(StoredRow.userColumns()) FROM users WHERE id = ?"
    package static let userByKey = "SELECT \(StoredRow.userColumns()) FROM users WHERE key = ?"
    /// Walks `users_name_key`.
    package static let usersByName = "SELECT \(StoredRow.userColumns()) FROM users WHERE id != ? ORDER BY name, key"
    /// Walks `categories_name`.
    package static let categoriesByName = "SELECT * FROM categories ORDER BY name"
    /// Walks `habits_name`.
    package static let habitsByName = "SELECT \(StoredRow.habitColumns) FROM habits ORDER BY name"
    package static let habitByID = "SELECT * FROM habits WHERE id = ?"
    package static let favoriteHabitIDs = "SELECT habit_id FROM favorites WHERE user_id = ?"
    /// Walks `follows_by_name`, which holds the followed users' names and keys.
    package static let followedByName = """
        SELECT \(StoredRow.userColumns("u.")) FROM follows f CROSS JOIN users u ON u.id = f.followed_id
        WHERE f.follower_id = ? ORDER BY f.followed_name, f.followed_key
        """
    package static let countsOfUser = "SELECT habit_id, count FROM habit_counts WHERE user_id = ?"
    package static let loggedHabitsOfUser = "SELECT habit_id FROM habit_counts WHERE user_id = ?"
    package static let countOfPair = "SELECT count FROM habit_counts WHERE user_id = ? AND habit_id = ?"
    /// Walks `habit_counts_standings` (the counters of users who are not private) in order and stops at the
    /// limit; CROSS JOIN keeps the counters as the outer loop, so the planner cannot choose to sort users.
    package static let standings = """
        SELECT c.count, \(StoredRow.userColumns("u.")) FROM habit_counts c CROSS JOIN users u ON u.id = c.user_id
        WHERE c.habit_id = ? AND c.hidden = 0 ORDER BY c.count DESC, c.user_name, c.user_key LIMIT ?
        """
    /// How many users have exactly one count of a habit.
    package static let level = "SELECT users FROM habit_count_levels WHERE habit_id = ? AND count = ?"
    /// A node of `habit_count_tree`: the users above a count are the root's less a few nodes' (`RankTree`).
    package static let rankTreeNode = RankTree.nodeSQL
}
