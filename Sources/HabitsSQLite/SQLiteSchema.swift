import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The versioned schema of the SQLite store, one migration per version as PostgreSQL's
/// (`PostgresSchema`). Migrations are append-only: never edit a shipped one, nor its name, which is what
/// GRDB records as applied.
enum SQLiteSchema {
    /// One version of the schema: its name and what it does to a database at the version before.
    struct Migration: Sendable {
        let name: String
        let apply: @Sendable (Database) throws -> Void

        init(_ name: String, _ apply: @escaping @Sendable (Database) throws -> Void) {
            self.name = name
            self.apply = apply
        }
    }

    /// Every version, oldest first.
    static let migrations: [Migration] = [
        Migration("v1: users, categories, habits, logs, counters", v1),
        Migration("v2: favourites, follows, case-insensitive user keys", v2),
        Migration("v3: categories listed by name", v3),
        Migration("v4: names unique after Unicode case folding", v4),
        Migration("v5: rankings by index, count levels, names for ordered listings", v5),
        Migration("v6: the day of every log, runs of done days", v6),
        Migration("v7: a tree of count levels per habit, for ranks in a few reads", v7),
        Migration(
            "v8: programs, ratings, memberships, help tags and questions, recent emoji",
            sql(ProgramHelpEmojiSchema.v8)),
        Migration("v9: accounts, sessions, API tokens", sql(AccountSchema.v9)),
        Migration("v10: visibility on users, hidden counters, follow requests", v10),
        Migration("v11: schedules, skipped days and notes", sql(ScheduleSchema.v11)),
        Migration("v12: habits of one's own: owner, visibility, reminder, archive, order", sql(OwnHabitSchema.v12)),
        Migration("v13: calendar feeds", sql(OwnHabitSchema.v13)),
        Migration("v14: idempotency keys", sql(IdempotencySchema.v14)),
        Migration("v15: program totals count public raters only", sql(VisibilitySchema.v15)),
        Migration("v16: ids never given twice", AutoIncrementSchema.v16),
        Migration("v17: widget addresses", sql(WidgetSchema.v17)),
        Migration("v18: " + SchemaChanges.followRequestCounts, sql(FollowRequestSchema.v18)),
        Migration("v19: " + SchemaChanges.nameSkeletons, NameSchema.v19),
    ]

    /// A migration that runs one script.
    private static func sql(_ script: String) -> @Sendable (Database) throws -> Void {
        { db in try db.execute(sql: script) }
    }

    /// The migrations, as GRDB runs them.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations { migrator.registerMigration(migration.name, migrate: migration.apply) }
        return migrator
    }
}
