import Foundation
import GRDB
import HabitsDomain
import HabitsStore
import Logging

/// The store: one SQLite database behind a GRDB `DatabaseWriter`.
///
/// In production the writer is a `DatabasePool` on a file in WAL mode, where reads run concurrently on
/// snapshots and every commit is synced to disk (`synchronous = FULL`), so an acknowledged write survives
/// a crash or a power cut. Tests use a temporary file (`temporary(content:)`) with the same schema and
/// rules. Writes go through `GroupCommit`: each runs in one transaction with its counters and the
/// revision. Screen reads hold a transaction of their own on `SnapshotReaders`.
public final class SQLiteHabitStore: HabitStore {
    let writer: any DatabaseWriter
    let revision: RevisionCounter
    let commits: GroupCommit
    // Only the group commit publishes, one batch after the other.
    let changeFeed = StoreChangeFeed(publishesInRevisionOrder: true)
    let snapshots: SnapshotReaders
    /// The file of a temporary store, removed with the store.
    private let temporaryFile: TemporaryFile?

    /// Opens (creating when missing) the database file at `path` and migrates it to the latest schema.
    public convenience init(path: String, logger: Logger = Logger(label: "habits.store")) throws {
        try self.init(path: path, synchronous: "FULL", temporaryFile: nil)
        logger.info("opened store", metadata: ["path": "\(path)", "revision": "\(revision.current)"])
    }

    /// A store on a new temporary file, empty or holding `content`, removed with the store: the same SQL,
    /// rules and snapshots as on disk, without syncing (for tests and previews).
    public static func temporary(content: StoreContent? = nil) async throws -> SQLiteHabitStore {
        let file = TemporaryFile()
        let store = try SQLiteHabitStore(path: file.path, synchronous: "OFF", temporaryFile: file)
        if let content { try await store.replaceAll(with: content) }
        return store
    }

    private init(path: String, synchronous: String, temporaryFile: TemporaryFile?) throws {
        var configuration = Self.configuration(synchronous: synchronous)
        configuration.label = "habits"
        let pool = try DatabasePool(path: path, configuration: configuration)
        // GRDB turns the writer connection to WAL after `prepareDatabase` has run, and sets
        // `synchronous = NORMAL` as it does; set it again on the one connection that writes.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = \(synchronous)") }
        try SQLiteSchema.migrator.migrate(pool)
        writer = pool
        let stored = try pool.read { db in try Self.fetchRevision(db) }
        revision = RevisionCounter(stored)
        commits = GroupCommit(writer: pool, revision: revision, feed: changeFeed)
        snapshots = SnapshotReaders(path: path, capacity: pool.configuration.maximumReaderCount)
        self.temporaryFile = temporaryFile
    }

    deinit {
        // Readers of the change feed would otherwise wait for commits that can no longer come.
        changeFeed.finish()
    }

    private static func configuration(synchronous: String) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
        }
        return configuration
    }

    /// Closes the database; later calls fail, and change feeds end once their pending changes are taken.
    public func close() throws {
        changeFeed.finish()
        snapshots.close()
        if let pool = writer as? DatabasePool {
            // Fold the WAL back into the database first, so the file on disk is complete by itself.
            try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        }
        try writer.close()
    }

    public func currentRevision() -> Int64 { revision.current }

    /// Runs `body` in a write transaction shared with concurrent writes, bumps the revision and
    /// returns once the transaction is committed and the revision and changes published. `body`
    /// records what it changes in the recorder it is given.
    func writeBumping<T: Sendable>(
        _ body: @escaping @Sendable (Database, ChangeRecorder) throws -> T
    ) async throws -> T {
        try await commits.write(bumpsRevision: true, body)
    }

    public func ping() async throws {
        _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func readScreens<T: Sendable>(
        _ body: @escaping @Sendable (any ScreenSource) async throws -> T
    ) async throws -> T {
        let connection = try await snapshots.checkout()
        do {
            // The first read after BEGIN starts the snapshot (WAL mode): every later read of `body` sees
            // the state of the revision read here.
            let revision = try connection.inDatabase { db in
                try db.beginTransaction(.deferred)
                return try Self.fetchRevision(db)
            }
            let result = try await body(SQLiteSnapshotSource(connection: connection, revision: revision))
            end(connection)
            return result
        } catch {
            end(connection)
            throw error
        }
    }

    /// Ends the snapshot's transaction and gives the connection back.
    private func end(_ connection: DatabaseQueue) {
        try? connection.inDatabase { db in
            if db.isInsideTransaction { try db.rollback() }
        }
        snapshots.checkin(connection)
    }

    public func storeChanges() -> StoreChanges { StoreChanges(feed: changeFeed) }

    // MARK: - For tests

    /// The settings of the connection that writes: journal mode, `synchronous` level, foreign keys.
    package func connectionSettings() async throws -> (journalMode: String, synchronous: Int, foreignKeys: Bool) {
        try await writer.writeWithoutTransaction { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
                try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
            )
        }
    }

    /// SQLite's plan for `sql`, one detail per line; for checking that queries use indexes. Parameters
    /// are left unbound: a plan is chosen before values are bound.
    package func queryPlan(_ sql: String) async throws -> String {
        try await writer.read { db in
            let statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
            statement.setUncheckedArguments([])
            return try Row.fetchAll(statement)
                .map { row -> String in row["detail"] }
                .joined(separator: "\n")
        }
    }

    /// Every stored counter with the user's name and key copied beside it, by user then habit.
    package func storedCounters() async throws -> [StoredCounter] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM habit_counts ORDER BY user_id, habit_id").map { row in
                StoredCounter(
                    userID: row["user_id"], habitID: row["habit_id"], count: row["count"],
                    userName: row["user_name"], userKey: row["user_key"]
                )
            }
        }
    }

    /// Every stored level: per habit and count, how many users have that count.
    package func storedLevels() async throws -> [CountLevel] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM habit_count_levels ORDER BY habit_id, count").map { row in
                CountLevel(habitID: row["habit_id"], count: row["count"], users: row["users"])
            }
        }
    }

    /// Every stored node of the habits' rank trees: per habit and node, the users it holds.
    package func storedRankTree() async throws -> [(habitID: Int64, node: Int64, users: Int)] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT habit_id, node, users FROM habit_count_tree ORDER BY habit_id, node")
                .map { row in (row[0], row[1], row[2]) }
        }
    }

    /// Every follow with the followed user's name and key copied beside it.
    package func storedFollows() async throws -> [StoredFollow] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM follows ORDER BY follower_id, followed_id").map { row in
                StoredFollow(
                    followerID: row["follower_id"], followedID: row["followed_id"],
                    followedName: row["followed_name"], followedKey: row["followed_key"]
                )
            }
        }
    }

    /// Every favourite, as (user, habit) row ids.
    package func storedFavorites() async throws -> [(userID: Int64, habitID: Int64)] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT user_id, habit_id FROM favorites").map { ($0["user_id"], $0["habit_id"]) }
        }
    }

    /// Creates a database at `path` migrated only up to `migration` (by name), then runs `sql` on it:
    /// for testing later migrations on data written by earlier schemas.
    package static func createDatabase(path: String, migratedUpTo migration: String, then sql: String) throws {
        let queue = try DatabaseQueue(path: path, configuration: configuration(synchronous: "FULL"))
        try SQLiteSchema.migrator.migrate(queue, upTo: migration)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }

    /// Counters recomputed from the logs: a full scan, for consistency checks only, never on a request.
    package func recountFromLogs() async throws -> [PairCount] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT u.key AS user_key, h.name AS habit_name, COUNT(*) AS count
                FROM logs l JOIN users u ON u.id = l.user_id JOIN habits h ON h.id = l.habit_id
                GROUP BY l.user_id, l.habit_id
                """).map { PairCount(userID: $0["user_key"], habitName: $0["habit_name"], count: $0["count"]) }
        }
    }
}

/// A stored counter, for tests.
package struct StoredCounter: Hashable, Sendable {
    package var userID: Int64
    package var habitID: Int64
    package var count: Int
    package var userName: String
    package var userKey: String
}

/// A stored level, for tests: `users` users have exactly `count` logs of the habit.
package struct CountLevel: Hashable, Sendable {
    package var habitID: Int64
    package var count: Int
    package var users: Int

    package init(habitID: Int64, count: Int, users: Int) {
        self.habitID = habitID
        self.count = count
        self.users = users
    }
}

/// A stored follow, for tests.
package struct StoredFollow: Hashable, Sendable {
    package var followerID: Int64
    package var followedID: Int64
    package var followedName: String
    package var followedKey: String
}
