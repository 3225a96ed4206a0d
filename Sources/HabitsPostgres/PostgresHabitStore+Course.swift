import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// What the course API reads and writes: users and habits by their course keys, logs, statistics, images.
extension PostgresHabitStore {
    public func users() async throws -> [CourseAPI.User] {
        try await read { session in try await Self.fetchUsers(session) }
    }

    public func habits() async throws -> [CourseAPI.Habit] {
        try await read { session in try await Self.fetchHabits(session) }
    }

    public func categories() async throws -> [CourseAPI.Category] {
        try await read { session in
            try await session.rows("SELECT id, name, hue, saturation, brightness FROM categories ORDER BY name")
                .map { row in
                    let category = try PostgresRows.category(row)
                    return CourseAPI.Category(name: category.name, color: category.color)
                }
        }
    }

    public func statisticsSnapshot() async throws -> StatisticsSnapshot {
        try await read { session in
            // One snapshot: users, habits, counters and revision all come from the same state.
            let revision = try await session.fetchRevision()
            let counts = try await session.rows(
                """
                SELECT u.key, h.name, c.count FROM habit_counts c
                JOIN users u ON u.id = c.user_id JOIN habits h ON h.id = c.habit_id AND h.visibility = 'shared'
                """
            ).map { row in
                let (key, name, count) = try row.decode((String, String, Int).self)
                return PairCount(userID: key, habitName: name, count: count)
            }
            return StatisticsSnapshot(
                revision: revision, users: try await Self.fetchUsers(session),
                habits: try await Self.fetchHabits(session), counts: counts)
        }
    }

    @discardableResult
    public func log(_ events: [CourseAPI.LoggedHabit]) async throws -> [Int64] {
        try await logBatcher.write(
            events.map { PendingLog(user: .key($0.userID), habit: .sharedName($0.habitName), timestamp: $0.timestamp) },
            in: self)
    }

    public func deleteLog(id: Int64) async throws {
        try await writeBumping { session, changes in
            try await Self.deleteLog(session, id: id, changes: changes)
        }
    }

    private static func deleteLog(_ session: PostgresSession, id: Int64, changes: ChangeRecorder) async throws {
        guard let row = try await session.rows("SELECT user_id, habit_id, day FROM logs WHERE id = \(id)").first
        else { throw HabitsError.notFound(kind: .log, id: String(id)) }
        let (userID, habitID, dayNumber) = try row.decode((Int64, Int64, Int).self)
        let pair = CounterPair(userID: userID, habitID: habitID)
        let day = LocalDay(number: dayNumber)
        try await PostgresLocks.keepRows(session, pair)
        try await PostgresLocks.lock(session, pairs: [pair])
        // Another write may have deleted it while this one waited for the lock.
        guard try await removeLog(session, id: id, of: pair, on: day, changes: changes) else {
            throw HabitsError.notFound(kind: .log, id: String(id))
        }
    }

    /// Removes the log `id` of `pair` on `day`, with its counter and, once the day has no log, its run; false
    /// when it was gone already. The caller holds the pair's rows and then its lock (`PostgresLocks`).
    static func removeLog(
        _ session: PostgresSession, id: Int64, of pair: CounterPair, on day: LocalDay, changes: ChangeRecorder
    ) async throws -> Bool {
        guard try await session.changes("DELETE FROM logs WHERE id = \(id) RETURNING 1") == 1 else { return false }
        try await PostgresCounters.dropCount(session, pair, by: 1, changes: changes)
        if try await PostgresDayRuns.logCount(session, pair, day: day, upTo: 1) == 0 {
            try await PostgresDayRuns.lost(session, pair, day: day)
        }
        return true
    }

    public func image(userID: String) async throws -> StoredImage? {
        try await read { session in
            let rowID = try await session.userRowID(key: userID)
            return try await session.rows("SELECT content_type, bytes FROM avatars WHERE user_id = \(rowID)")
                .first.map { row in
                    let (type, bytes) = try row.decode((String, Data).self)
                    return StoredImage(contentType: type, bytes: bytes)
                }
        }
    }

    public func setImage(_ image: StoredImage, userID: String) async throws {
        // Pictures are not in the statistics: committed without a new revision.
        try await writeBumping(bumpsRevision: false) { session, _ in
            let rowID = try await session.userRowID(key: userID)
            try await session.execute(
                """
                INSERT INTO avatars (user_id, content_type, bytes)
                VALUES (\(rowID), \(image.contentType), \(image.bytes))
                ON CONFLICT (user_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes
                """)
        }
    }

    public func isEmpty() async throws -> Bool {
        try await read { session in
            try await session.value(
                "SELECT NOT EXISTS (SELECT 1 FROM users) AND NOT EXISTS (SELECT 1 FROM habits)", as: Bool.self)
                ?? true
        }
    }

    public func contentOrigin() async throws -> ContentOrigin {
        try await read { session in
            let tables = ["users", "categories", "habits", "logs", "programs", "help_tags", "questions"]
            let sql = "SELECT " + tables.map { "EXISTS (SELECT 1 FROM \($0))" }.joined(separator: " OR ")
            if try await session.value(PostgresQuery(unsafeSQL: sql), as: Bool.self) != true { return .empty }
            if try await session.int("SELECT value FROM store_meta WHERE key = 'demo'") == 1 { return .demo }
            return .other(
                users: try await session.int("SELECT count(*) FROM users"),
                habits: try await session.int("SELECT count(*) FROM habits"),
                logs: try await session.int("SELECT count(*) FROM logs"))
        }
    }

    public func disownDemoContent() async throws {
        try await writeBumping(bumpsRevision: false) { session, _ in try await Self.markDemo(session, false) }
    }

    public func markDemoWrittenByPeople() async throws {
        try await writeBumping(bumpsRevision: false) { session, _ in
            try await session.execute(
                """
                INSERT INTO store_meta (key, value) VALUES ('demo_written_by_people', 1)
                ON CONFLICT (key) DO UPDATE SET value = 1
                """)
        }
    }

    public func demoWrittenByPeople() async throws -> Bool {
        try await read { session in
            try await session.int("SELECT value FROM store_meta WHERE key = 'demo_written_by_people'") == 1
        }
    }

    /// Records whether the content is the demo's; either way, new content has not been written by people.
    static func markDemo(_ session: PostgresSession, _ isDemo: Bool) async throws {
        if isDemo {
            try await session.execute(
                "INSERT INTO store_meta (key, value) VALUES ('demo', 1) ON CONFLICT (key) DO UPDATE SET value = 1")
        } else {
            try await session.execute("DELETE FROM store_meta WHERE key = 'demo'")
        }
        try await session.execute("DELETE FROM store_meta WHERE key = 'demo_written_by_people'")
    }

    public func replaceAll(with content: StoreContent) async throws {
        try await writeBumping { session, changes in
            // Row ids are reused by the new content, so pairs are not listed: the flags say that
            // everything may differ.
            changes.catalogueChanged()
            changes.programsChanged()
            changes.helpChanged()
            // Every table at once, in one statement: the writes that wait behind it see all or nothing.
            try await session.execute(PostgresQuery(
                unsafeSQL: "LOCK TABLE " + PostgresSchema.tablesChildrenFirst.joined(separator: ", ")
                    + " IN SHARE ROW EXCLUSIVE MODE"))
            for table in PostgresSchema.tablesChildrenFirst {
                try await session.execute(PostgresQuery(unsafeSQL: "DELETE FROM \(table)"))
            }
            // Transactional in PostgreSQL: a load that fails leaves the old ids' counters as they were.
            for table in PostgresSchema.tablesRestartingIDs {
                try await session.execute(PostgresQuery(unsafeSQL: "ALTER TABLE \(table) ALTER COLUMN id RESTART"))
            }
            try await PostgresContentLoader(session: session).load(content)
            try await Self.markDemo(session, content.isDemo)
        }
    }

    // MARK: Rows

    static func fetchUsers(_ session: PostgresSession) async throws -> [CourseAPI.User] {
        try await session.rows(PostgresQuery(
            unsafeSQL: "SELECT \(PostgresRows.userColumns()) FROM users ORDER BY key")
        ).map(PostgresRows.courseUser)
    }

    static func fetchHabits(_ session: PostgresSession) async throws -> [CourseAPI.Habit] {
        try await session.rows(
            """
            SELECT h.name, h.info, c.name, c.hue, c.saturation, c.brightness
            FROM habits h JOIN categories c ON c.id = h.category_id WHERE h.visibility = 'shared' ORDER BY h.name
            """
        ).map { row in
            let (name, info, category, hue, saturation, brightness) = try row.decode(
                (String, String, String, Double, Double, Double).self)
            return CourseAPI.Habit(
                name: name,
                category: CourseAPI.Category(
                    name: category, color: Color(hue: hue, saturation: saturation, brightness: brightness)),
                info: info)
        }
    }
}
