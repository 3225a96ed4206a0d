import Foundation
import HabitsDomain
import HabitsStore
import Logging
import PostgresNIO

/// The versioned schema of the PostgreSQL store. Migrations are append-only: never edit a shipped one.
///
/// `migrate` runs at start-up under a session advisory lock, so that of several instances starting
/// together one migrates and the others wait, then find nothing left to do. Each migration commits in
/// one transaction with its row in `schema_migrations`.
enum PostgresSchema {
    /// The advisory lock's first key; the second is the schema's name hashed, so stores in different
    /// schemas of one database migrate independently.
    static let lockClass: Int32 = 0x4841_4249  // "HABI"

    /// Creates the schema (when one is named) and applies every migration not yet applied.
    static func migrate(_ connection: PostgresConnection, schema: String?, logger: Logger) async throws {
        let session = PostgresSession(connection: connection, logger: logger)
        let lockName = "habits:" + (schema ?? "")
        try await session.execute("SELECT pg_advisory_lock(\(lockClass), hashtext(\(lockName)))")
        do {
            try await applyPending(session, schema: schema)
            try await session.execute("SELECT pg_advisory_unlock(\(lockClass), hashtext(\(lockName)))")
        } catch {
            try? await session.execute("SELECT pg_advisory_unlock(\(lockClass), hashtext(\(lockName)))")
            throw error
        }
    }

    private static func applyPending(_ session: PostgresSession, schema: String?) async throws {
        if let schema {
            guard PostgresStoreConfiguration.isPlainName(schema) else {
                throw StoreRefusal.schemaName
            }
            // The name is checked by `PostgresStoreConfiguration.isPlainName`, so it needs no quoting.
            try await session.execute(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"))
        }
        try await session.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version integer PRIMARY KEY,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
        let applied = Set(try await session.values("SELECT version FROM schema_migrations", as: Int.self))
        for (index, migration) in migrations.enumerated() where !applied.contains(index + 1) {
            try await session.execute("BEGIN")
            do {
                // The extended protocol takes one statement a query.
                for statement in statements(of: migration.sql) {
                    try await session.execute(PostgresQuery(unsafeSQL: statement))
                }
                try await session.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES (\(index + 1), \(migration.name))")
                try await session.execute("COMMIT")
            } catch {
                try? await session.execute("ROLLBACK")
                throw error
            }
        }
        // The users stored before v19 (or copied in by `habits migrate`) get their names' skeletons, which
        // need Swift: at every start, a read of an index when none lacks them.
        try await PostgresNames.fillSkeletons(session)
    }

    /// Every migration in order; version n is the n-th.
    static let migrations: [(name: String, sql: String)] = [
        ("v1: the whole store", v1Core),
        ("v2: programs, help and recent emoji", v2ProgramsHelpEmoji),
        ("v3: accounts, sessions, API tokens", v3Accounts),
        ("v4: visibility on users, hidden counters, follow requests", v4Visibility),
        ("v5: schedules, skipped days and notes", v5Schedules),
        ("v6: habits of one's own: owner, visibility, reminder, archive, order", v6OwnHabits),
        ("v7: calendar feeds", v7CalendarFeeds),
        ("v8: idempotency keys", v8IdempotencyKeys),
        ("v9: large changes, announced by reference", v9LargeChanges),
        ("v10: the revision bumped at commit", v10RevisionAtCommit),
        ("v11: program totals count public raters only", v11PublicRatings),
        ("v12: count levels for ranks", v12CountLevels),
        ("v13: documents handed off between instances", v13ScreenHandoffs),
        ("v14: a version of the habit list", v14HabitsVersion),
        ("v15: a batch of logs in one statement", v15LogBatches),
        ("v16: count levels applied once per transaction", v16CountLevelsOncePerTransaction),
        ("v17: widget addresses", v17Widgets),
        ("v18: " + SchemaChanges.followRequestCounts, v18FollowRequestCounts),
        ("v19: " + SchemaChanges.nameSkeletons, v19NameSkeletons),
    ]

    /// The statements of `sql`: each ends with `;` at the end of a line, except inside a `$$` body.
    static func statements(of sql: String) -> [String] {
        var statements: [String] = []
        var open = ""
        for piece in sql.components(separatedBy: ";\n") {
            open += open.isEmpty ? piece : ";\n" + piece
            // An odd number of `$$` means a function body is still open.
            if open.components(separatedBy: "$$").count % 2 == 0 { continue }
            if !open.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { statements.append(open) }
            open = ""
        }
        if !open.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { statements.append(open) }
        return statements
    }

    /// Every table, children first: what a full replacement empties, in an order the references allow.
    static let tablesChildrenFirst = [
        "idempotency_keys", "calendar_feeds", "follow_requests", "widgets", "api_tokens", "sessions", "accounts",
        "program_images", "program_habits", "memberships", "ratings", "programs",
        "question_tags", "questions", "help_tags", "recent_emoji",
        "avatars", "favorites", "follows", "habit_counts", "habit_day_entries", "habit_day_runs",
        "logs", "habits", "categories", "users",
    ]

    /// The tables whose ids restart at 1 when everything is replaced, as SQLite's row ids do.
    static let tablesRestartingIDs = ["programs", "help_tags", "questions", "habits", "categories", "users"]
}
