import Foundation
import GRDB
import HabitsDomain
import Logging

/// The store: one SQLite database behind a GRDB `DatabaseWriter`.
///
/// In production the writer is a `DatabasePool` on a file in WAL mode, where reads run concurrently on
/// snapshots and every commit is synced to disk (`synchronous = FULL`), so an acknowledged write survives
/// a crash or a power cut. Tests use an in-memory `DatabaseQueue` with the same schema and rules.
/// Writes go through `GroupCommit`: each runs in one transaction with its counters and the revision.
public final class SQLiteHabitStore: HabitStore {
    let writer: any DatabaseWriter
    let revision: RevisionCounter
    let commits: GroupCommit

    /// Opens (creating when missing) the database file at `path` and migrates it to the latest schema.
    public convenience init(path: String, logger: Logger = Logger(label: "habits.store")) throws {
        var configuration = Self.configuration()
        configuration.label = "habits"
        let pool = try DatabasePool(path: path, configuration: configuration)
        // GRDB turns the writer connection to WAL after `prepareDatabase` has run, and sets
        // `synchronous = NORMAL` as it does; raise it again on the one connection that writes.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        try self.init(writer: pool)
        logger.info("opened store", metadata: ["path": "\(path)", "revision": "\(revision.current)"])
    }

    /// A store in memory, empty or holding `content`: the same SQL and rules, for tests and previews.
    public static func inMemory(content: StoreContent? = nil) async throws -> SQLiteHabitStore {
        let store = try SQLiteHabitStore(writer: DatabaseQueue(configuration: configuration()))
        if let content { try await store.replaceAll(with: content) }
        return store
    }

    init(writer: any DatabaseWriter) throws {
        try SQLiteSchema.migrator.migrate(writer)
        self.writer = writer
        let stored = try writer.read { db in try Self.fetchRevision(db) }
        revision = RevisionCounter(stored)
        commits = GroupCommit(writer: writer, revision: revision)
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return configuration
    }

    /// Closes the database; later calls fail.
    public func close() throws {
        if let pool = writer as? DatabasePool {
            // Fold the WAL back into the database first, so the file on disk is complete by itself.
            try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        }
        try writer.close()
    }

    public func currentRevision() -> Int64 { revision.current }

    /// Runs `body` in a write transaction shared with concurrent writes, bumps the revision and
    /// returns once the transaction is committed and the revision published.
    func writeBumping<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await commits.write(bumpsRevision: true, body)
    }

    public func ping() async throws {
        _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

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

    /// SQLite's plan for `sql`, one detail per line; for checking that queries use indexes.
    package func queryPlan(_ sql: String) async throws -> String {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql)
                .map { row -> String in row["detail"] }
                .joined(separator: "\n")
        }
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
