import Foundation
import GRDB
import HabitsDomain
import Logging

/// The durable store: one SQLite file in WAL mode behind a GRDB `DatabasePool`.
///
/// Reads run concurrently on snapshots; writes are serialised by the pool and each is one
/// transaction, committed with `synchronous = FULL` so an acknowledged log survives a crash.
public final class SQLiteHabitStore: HabitStore {
    let pool: DatabasePool
    let revision: RevisionCounter

    /// Opens (creating when missing) the database at `path` and migrates it to the latest schema.
    public init(path: String, logger: Logger = Logger(label: "habits.store")) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        configuration.label = "habits"
        pool = try DatabasePool(path: path, configuration: configuration)
        try SQLiteSchema.migrator.migrate(pool)
        let stored = try pool.read { db in try Self.fetchRevision(db) }
        revision = RevisionCounter(stored)
        logger.info("opened store", metadata: ["path": "\(path)", "revision": "\(stored)"])
    }

    /// Closes the database; later calls fail.
    public func close() throws {
        // Fold the WAL back into the database first, so the file on disk is complete by itself.
        try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try pool.close()
    }

    public func currentRevision() -> Int64 { revision.current }

    public func users() async throws -> [User] {
        try await pool.read { db in try Self.fetchUsers(db) }
    }

    public func habits() async throws -> [Habit] {
        try await pool.read { db in try Self.fetchHabits(db) }
    }

    public func categories() async throws -> [HabitsDomain.Category] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT name, hue, saturation, brightness FROM categories ORDER BY name")
                .map(Self.category(from:))
        }
    }

    public func statisticsSnapshot() async throws -> StatisticsSnapshot {
        try await pool.read { db in
            // One read transaction: users, habits, counters and revision all come from the same state.
            let revision = try Self.fetchRevision(db)
            let counts = try Row.fetchAll(db, sql: """
                SELECT u.key AS user_key, h.name AS habit_name, c.count AS count
                FROM habit_counts c
                JOIN users u ON u.id = c.user_id
                JOIN habits h ON h.id = c.habit_id
                """).map { row in
                PairCount(userID: row["user_key"], habitName: row["habit_name"], count: row["count"])
            }
            return StatisticsSnapshot(revision: revision, users: try Self.fetchUsers(db), habits: try Self.fetchHabits(db), counts: counts)
        }
    }

    @discardableResult
    public func log(_ events: [LoggedHabit]) async throws -> [Int64] {
        guard !events.isEmpty else { return [] }
        return try await writeBumping { db in
            var users: [String: Int64] = [:]
            var habits: [String: Int64] = [:]
            let rows = try events.map { event in
                let userID = try users[event.userID] ?? Self.userRowID(db, key: event.userID)
                users[event.userID] = userID
                let habitID = try habits[event.habitName] ?? Self.habitRowID(db, name: event.habitName)
                habits[event.habitName] = habitID
                return LogRow(userID: userID, habitID: habitID, timestamp: event.timestamp)
            }
            return try Self.insertLogs(db, rows)
        }
    }

    public func deleteLog(id: Int64) async throws {
        try await writeBumping { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT user_id, habit_id FROM logs WHERE id = ?", arguments: [id]) else {
                throw HabitsError.notFound(kind: "log", id: String(id))
            }
            let userID: Int64 = row["user_id"]
            let habitID: Int64 = row["habit_id"]
            try db.execute(sql: "DELETE FROM logs WHERE id = ?", arguments: [id])
            try db.execute(
                sql: "UPDATE habit_counts SET count = count - 1 WHERE user_id = ? AND habit_id = ? AND count > 1",
                arguments: [userID, habitID]
            )
            if db.changesCount == 0 {
                try db.execute(sql: "DELETE FROM habit_counts WHERE user_id = ? AND habit_id = ?", arguments: [userID, habitID])
            }
        }
    }

    public func image(userID: String) async throws -> StoredImage? {
        try await pool.read { db in
            let rowID = try Self.userRowID(db, key: userID)
            return try Row.fetchOne(db, sql: "SELECT content_type, bytes FROM avatars WHERE user_id = ?", arguments: [rowID])
                .map { row in
                    let data: Data = row["bytes"]
                    return StoredImage(contentType: row["content_type"], bytes: [UInt8](data))
                }
        }
    }

    public func setImage(_ image: StoredImage, userID: String) async throws {
        try await pool.write { db in
            let rowID = try Self.userRowID(db, key: userID)
            try db.execute(
                sql: """
                    INSERT INTO avatars (user_id, content_type, bytes) VALUES (?, ?, ?)
                    ON CONFLICT (user_id) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes
                    """,
                arguments: [rowID, image.contentType, Data(image.bytes)]
            )
        }
    }

    public func isEmpty() async throws -> Bool {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM habits)") == 0
        }
    }

    public func replaceAll(with content: StoreContent) async throws {
        try await writeBumping { db in
            for table in ["avatars", "favorites", "follows", "habit_counts", "logs", "habits", "categories", "users"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            try SQLiteContentLoader(db: db).load(content)
        }
    }

    public func ping() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// The durability settings a connection runs with: journal mode, `synchronous` level, foreign keys.
    public func connectionSettings() async throws -> (journalMode: String, synchronous: Int, foreignKeys: Bool) {
        try await pool.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
                try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
            )
        }
    }

    /// SQLite's plan for `sql`, one detail per line; for checking that queries use indexes.
    public func queryPlan(_ sql: String) async throws -> String {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { row -> String in row["detail"] }.joined(separator: "\n")
        }
    }

    /// Counters recomputed from the logs: a full scan, for consistency checks only, never on a request.
    public func recountFromLogs() async throws -> [PairCount] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT u.key AS user_key, h.name AS habit_name, COUNT(*) AS count
                FROM logs l JOIN users u ON u.id = l.user_id JOIN habits h ON h.id = l.habit_id
                GROUP BY l.user_id, l.habit_id
                """).map { PairCount(userID: $0["user_key"], habitName: $0["habit_name"], count: $0["count"]) }
        }
    }

    // MARK: - Rows

    /// One log to insert, by row ids.
    struct LogRow: Sendable {
        var userID: Int64
        var habitID: Int64
        var timestamp: Date
    }

    /// Inserts logs and bumps their counters inside the caller's transaction; returns the new ids in order.
    /// Both APIs write logs through here, so a log never lands without its count.
    static func insertLogs(_ db: Database, _ rows: [LogRow]) throws -> [Int64] {
        let insertLog = try db.cachedStatement(sql: "INSERT INTO logs (user_id, habit_id, logged_at) VALUES (?, ?, ?)")
        let bumpCount = try db.cachedStatement(sql: """
            INSERT INTO habit_counts (user_id, habit_id, count) VALUES (?, ?, 1)
            ON CONFLICT (user_id, habit_id) DO UPDATE SET count = count + 1
            """)
        var ids: [Int64] = []
        ids.reserveCapacity(rows.count)
        for row in rows {
            try insertLog.execute(arguments: [row.userID, row.habitID, row.timestamp.timeIntervalSince1970])
            ids.append(db.lastInsertedRowID)
            try bumpCount.execute(arguments: [row.userID, row.habitID])
        }
        return ids
    }

    static func fetchRevision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'revision'") ?? 0
    }

    static func bumpRevision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "UPDATE meta SET value = value + 1 WHERE key = 'revision' RETURNING value") ?? 0
    }

    static func userRowID(_ db: Database, key: String) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE key = ?", arguments: [key]) else {
            throw HabitsError.notFound(kind: "user", id: key)
        }
        return id
    }

    static func habitRowID(_ db: Database, name: String) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM habits WHERE name = ?", arguments: [name]) else {
            throw HabitsError.notFound(kind: "habit", id: name)
        }
        return id
    }

    static func fetchUsers(_ db: Database) throws -> [User] {
        try Row.fetchAll(db, sql: "SELECT key, name, hue, saturation, brightness, bio FROM users ORDER BY key").map { row in
            var color: Color?
            if let h: Double = row["hue"], let s: Double = row["saturation"], let b: Double = row["brightness"] {
                color = Color(hue: h, saturation: s, brightness: b)
            }
            return User(id: row["key"], name: row["name"], color: color, bio: row["bio"])
        }
    }

    static func fetchHabits(_ db: Database) throws -> [Habit] {
        try Row.fetchAll(db, sql: """
            SELECT h.name AS habit_name, h.info AS info, c.name AS name, c.hue AS hue, c.saturation AS saturation, c.brightness AS brightness
            FROM habits h JOIN categories c ON c.id = h.category_id
            ORDER BY h.name
            """).map { row in
            Habit(name: row["habit_name"], category: category(from: row), info: row["info"])
        }
    }

    static func category(from row: Row) -> HabitsDomain.Category {
        HabitsDomain.Category(
            name: row["name"],
            color: Color(hue: row["hue"], saturation: row["saturation"], brightness: row["brightness"])
        )
    }
}
