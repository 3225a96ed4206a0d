import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// What the course API reads and writes: users and habits by their course keys, logs, statistics, images.
extension SQLiteHabitStore {
    public func users() async throws -> [CourseAPI.User] {
        try await writer.read { db in try Self.fetchUsers(db) }
    }

    public func habits() async throws -> [CourseAPI.Habit] {
        try await writer.read { db in try Self.fetchHabits(db) }
    }

    public func categories() async throws -> [CourseAPI.Category] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT name, hue, saturation, brightness FROM categories ORDER BY name")
                .map(StoredRow.category(from:))
        }
    }

    public func statisticsSnapshot() async throws -> StatisticsSnapshot {
        try await writer.read { db in
            // One read transaction: users, habits, counters and revision all come from the same state.
            let revision = try Self.fetchRevision(db)
            let counts = try Row.fetchAll(db, sql: """
                SELECT u.key AS user_key, h.name AS habit_name, c.count AS count
                FROM habit_counts c
                JOIN users u ON u.id = c.user_id
                JOIN habits h ON h.id = c.habit_id
                WHERE h.visibility = 'shared'
                """).map { row in
                PairCount(userID: row["user_key"], habitName: row["habit_name"], count: row["count"])
            }
            return StatisticsSnapshot(
                revision: revision, users: try Self.fetchUsers(db), habits: try Self.fetchHabits(db), counts: counts
            )
        }
    }

    @discardableResult
    public func log(_ events: [CourseAPI.LoggedHabit]) async throws -> [Int64] {
        guard !events.isEmpty else { return [] }
        return try await writeBumping { db, changes in
            var users: [String: Int64] = [:]
            var habits: [String: Int64] = [:]
            let rows = try events.map { event in
                let userID = try users[event.userID] ?? Self.userRowID(db, key: event.userID)
                users[event.userID] = userID
                let habitID = try habits[event.habitName] ?? Self.habitRowID(db, name: event.habitName)
                habits[event.habitName] = habitID
                return LogRow(userID: userID, habitID: habitID, timestamp: event.timestamp)
            }
            return try Self.insertLogs(db, rows, changes: changes)
        }
    }

    public func deleteLog(id: Int64) async throws {
        try await writeBumping { db, changes in
            let sql = "SELECT user_id, habit_id, day FROM logs WHERE id = ?"
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [id]) else {
                throw HabitsError.notFound(kind: .log, id: String(id))
            }
            let pair = CounterPair(userID: row["user_id"], habitID: row["habit_id"])
            try Self.removeLog(db, id: id, of: pair, on: LocalDay(number: row["day"]), changes: changes)
        }
    }

    /// Removes the log `id` of `pair` on `day`, with its counter and, when the day is no longer done, its run.
    static func removeLog(_ db: Database, id: Int64, of pair: CounterPair, on day: LocalDay, changes: ChangeRecorder)
        throws
    {
        try db.execute(sql: "DELETE FROM logs WHERE id = ?", arguments: [id])
        try dropCount(db, userID: pair.userID, habitID: pair.habitID, by: 1, changes: changes)
        if try !DayRuns.isDone(db, pair, day: day) { try DayRuns.lost(db, pair, day: day) }
    }

    public func image(userID: String) async throws -> StoredImage? {
        try await writer.read { db in
            let rowID = try Self.userRowID(db, key: userID)
            return try Row.fetchOne(
                db, sql: "SELECT content_type, bytes FROM avatars WHERE user_id = ?", arguments: [rowID]
            ).map { row in StoredImage(contentType: row["content_type"], bytes: row["bytes"]) }
        }
    }

    public func setImage(_ image: StoredImage, userID: String) async throws {
        // Pictures are not in the statistics: committed with the others, without a new revision.
        try await commits.write(bumpsRevision: false) { db, _ in
            let rowID = try Self.userRowID(db, key: userID)
            try db.execute(
                sql: """
                    INSERT INTO avatars (user_id, content_type, bytes) VALUES (?, ?, ?)
                    ON CONFLICT (user_id) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes
                    """,
                arguments: [rowID, image.contentType, image.bytes]
            )
        }
    }

    public func isEmpty() async throws -> Bool {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM habits)") == 0
        }
    }

    public func contentOrigin() async throws -> ContentOrigin {
        try await writer.read { db in
            // EXISTS stops at the first row: a store of millions of logs answers at once.
            let tables = ["users", "categories", "habits", "logs", "programs", "help_tags", "questions"]
            let sql = "SELECT " + tables.map { "EXISTS (SELECT 1 FROM \($0))" }.joined(separator: " OR ")
            if try Bool.fetchOne(db, sql: sql) != true { return .empty }
            if try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'demo'") == 1 { return .demo }
            return .other(
                users: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users") ?? 0,
                habits: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM habits") ?? 0,
                logs: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM logs") ?? 0)
        }
    }

    public func disownDemoContent() async throws {
        // Only the mark changes, nothing a screen or a statistic shows: no revision, no group commit.
        try await writer.write { db in try Self.markDemo(db, false) }
    }

    public func markDemoWrittenByPeople() async throws {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT INTO meta (key, value) VALUES ('demo_written_by_people', 1)
                ON CONFLICT (key) DO UPDATE SET value = 1
                """)
        }
    }

    public func demoWrittenByPeople() async throws -> Bool {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'demo_written_by_people'") == 1
        }
    }

    /// Records in `meta` whether the content is the demo's (`ContentOrigin.demo`); either way, a new content
    /// has not been written by people yet.
    static func markDemo(_ db: Database, _ isDemo: Bool) throws {
        if isDemo {
            try db.execute(sql: """
                INSERT INTO meta (key, value) VALUES ('demo', 1) ON CONFLICT (key) DO UPDATE SET value = 1
                """)
        } else {
            try db.execute(sql: "DELETE FROM meta WHERE key = 'demo'")
        }
        try db.execute(sql: "DELETE FROM meta WHERE key = 'demo_written_by_people'")
    }

    public func replaceAll(with content: StoreContent) async throws {
        try await bulkLoad(content, logs: [])
    }

    /// Replaces everything with `content` and the logs `logs` yields, in one transaction that streams
    /// the logs: for data sets too large to hold as `LoggedHabit`s. Counters and levels are kept as
    /// every write keeps them; the change feed reports a catalogue change (every screen may differ).
    ///
    /// - Complexity: O(n + p log p) time for n logs over p (user, habit) pairs; memory O(p) beyond
    ///   `content`, whatever n is.
    public func bulkLoad<Logs: Sequence & Sendable>(
        _ content: StoreContent, logs: Logs
    ) async throws where Logs.Element == BulkLog {
        try await writeBumping { db, changes in
            // Row ids may be reused by the new content, so pairs are not listed: the catalogue flag says
            // that everything may differ.
            changes.catalogueChanged()
            changes.programsChanged()
            changes.helpChanged()
            for table in ["idempotency_keys", "calendar_feeds"] + ScheduleSchema.tablesChildrenFirst
                + VisibilitySchema.tablesChildrenFirst
                + AccountSchema.tablesChildrenFirst
                + ProgramHelpEmojiSchema.tablesChildrenFirst + [
                "avatars", "favorites", "follows", "habit_count_levels", "habit_count_tree", "habit_counts",
                "habit_day_runs", "logs",
                "habits",
                "categories", "users",
            ] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            // The new content numbers its rows from 1, as PostgreSQL's replacement does; a log's id is
            // still never given twice.
            try db.execute(sql: AutoIncrementSchema.restartIDs)
            try SQLiteContentLoader(db: db).load(content, logs: logs)
            try Self.markDemo(db, content.isDemo)
        }
    }

    // MARK: - Rows

    static func fetchRevision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'revision'") ?? 0
    }

    static func bumpRevision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "UPDATE meta SET value = value + 1 WHERE key = 'revision' RETURNING value") ?? 0
    }

    /// The row id of the user with course key `key` (compared in NFC, as the statistics compare it).
    static func userRowID(_ db: Database, key: String) throws -> Int64 {
        let sql = "SELECT id FROM users WHERE key = ?"
        let normalized = key.precomposedStringWithCanonicalMapping
        guard let id = try Int64.fetchOne(db, sql: sql, arguments: [normalized]) else {
            throw HabitsError.notFound(kind: .user, id: key)
        }
        return id
    }

    /// The row id of the habit named `name` (compared in NFC: stored names are NFC).
    static func habitRowID(_ db: Database, name: String) throws -> Int64 {
        // The course API knows the shared catalogue only.
        let sql = "SELECT id FROM habits WHERE name = ? AND visibility = 'shared'"
        let normalized = name.precomposedStringWithCanonicalMapping
        guard let id = try Int64.fetchOne(db, sql: sql, arguments: [normalized]) else {
            throw HabitsError.notFound(kind: .habit, id: name)
        }
        return id
    }

    static func fetchUsers(_ db: Database) throws -> [CourseAPI.User] {
        try Row.fetchAll(db, sql: "SELECT key, name, hue, saturation, brightness, bio FROM users ORDER BY key")
            .map(StoredRow.courseUser(from:))
    }

    static func fetchHabits(_ db: Database) throws -> [CourseAPI.Habit] {
        try Row.fetchAll(db, sql: """
            SELECT h.name AS habit_name, h.info AS info,
                   c.name AS name, c.hue AS hue, c.saturation AS saturation, c.brightness AS brightness
            FROM habits h JOIN categories c ON c.id = h.category_id
            WHERE h.visibility = 'shared'
            ORDER BY h.name
            """).map { row in
            CourseAPI.Habit(name: row["habit_name"], category: StoredRow.category(from: row), info: row["info"])
        }
    }
}
