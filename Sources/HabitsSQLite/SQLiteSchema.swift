import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The versioned schema of the SQLite store. Migrations are append-only: never edit a shipped one.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: users, categories, habits, logs, counters") { db in
            try db.execute(sql: """
                CREATE TABLE categories (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    hue REAL NOT NULL,
                    saturation REAL NOT NULL,
                    brightness REAL NOT NULL
                );
                CREATE UNIQUE INDEX categories_name_nocase ON categories(name COLLATE NOCASE);

                CREATE TABLE users (
                    id INTEGER PRIMARY KEY,
                    key TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    hue REAL,
                    saturation REAL,
                    brightness REAL,
                    bio TEXT,
                    time_zone TEXT NOT NULL DEFAULT 'UTC',
                    locale TEXT NOT NULL DEFAULT 'en_US'
                );

                CREATE TABLE habits (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    category_id INTEGER NOT NULL REFERENCES categories(id),
                    info TEXT NOT NULL,
                    emoji TEXT
                );
                CREATE UNIQUE INDEX habits_name_nocase ON habits(name COLLATE NOCASE);
                CREATE INDEX habits_name ON habits(name);
                CREATE INDEX habits_category ON habits(category_id);

                CREATE TABLE logs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, -- never reuse a deleted log's id
                    user_id INTEGER NOT NULL REFERENCES users(id),
                    habit_id INTEGER NOT NULL REFERENCES habits(id),
                    logged_at REAL NOT NULL
                );
                CREATE INDEX logs_user_time ON logs(user_id, logged_at);
                CREATE INDEX logs_habit ON logs(habit_id);

                CREATE TABLE habit_counts (
                    user_id INTEGER NOT NULL REFERENCES users(id),
                    habit_id INTEGER NOT NULL REFERENCES habits(id),
                    count INTEGER NOT NULL CHECK (count > 0),
                    PRIMARY KEY (user_id, habit_id)
                ) WITHOUT ROWID;
                CREATE INDEX habit_counts_habit ON habit_counts(habit_id);

                CREATE TABLE avatars (
                    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    content_type TEXT NOT NULL,
                    bytes BLOB NOT NULL
                );

                CREATE TABLE meta (
                    key TEXT PRIMARY KEY,
                    value INTEGER NOT NULL
                );
                INSERT INTO meta (key, value) VALUES ('revision', 0);
                """)
        }
        migrator.registerMigration("v2: favourites, follows, case-insensitive user keys") { db in
            try db.execute(sql: """
                CREATE TABLE favorites (
                    user_id INTEGER NOT NULL REFERENCES users(id),
                    habit_id INTEGER NOT NULL REFERENCES habits(id),
                    PRIMARY KEY (user_id, habit_id)
                ) WITHOUT ROWID;
                CREATE INDEX favorites_habit ON favorites(habit_id);

                CREATE TABLE follows (
                    follower_id INTEGER NOT NULL REFERENCES users(id),
                    followed_id INTEGER NOT NULL REFERENCES users(id),
                    PRIMARY KEY (follower_id, followed_id)
                ) WITHOUT ROWID;
                CREATE INDEX follows_followed ON follows(followed_id);

                CREATE INDEX users_key_nocase ON users(key COLLATE NOCASE);
                """)
        }
        migrator.registerMigration("v3: categories listed by name") { db in
            // The unique index is case-insensitive; listing sorts by the binary name.
            try db.execute(sql: "CREATE INDEX categories_name ON categories(name)")
        }
        migrator.registerMigration("v4: names unique after Unicode case folding") { db in
            // SQLite's NOCASE folds ASCII only, so `Éclair` and `éclair` could coexist; keep a folded key.
            for table in ["categories", "habits"] {
                try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN name_folded TEXT")
                var taken = Set<String>()
                for row in try Row.fetchAll(db, sql: "SELECT id, name FROM \(table) ORDER BY id") {
                    let id: Int64 = row["id"]
                    var name: String = row["name"]
                    if taken.contains(ResourceRules.foldedName(name)) {
                        // Two names that only differ beyond ASCII case: the later one gets its id.
                        name += " (\(id))"
                    }
                    let folded = ResourceRules.foldedName(name)
                    taken.insert(folded)
                    try db.execute(
                        sql: "UPDATE \(table) SET name = ?, name_folded = ? WHERE id = ?", arguments: [name, folded, id]
                    )
                }
                try db.execute(sql: """
                    DROP INDEX \(table)_name_nocase;
                    CREATE UNIQUE INDEX \(table)_name_folded ON \(table)(name_folded);
                    """)
            }
        }
        migrator.registerMigration("v5: rankings by index, count levels, names for ordered listings") { db in
            try db.execute(sql: """
                -- Standings walk one index in order: the user's name and key are copied beside the count,
                -- kept equal to users.name and users.key by every write. The index starts with habit_id,
                -- so it also serves what habit_counts_habit served.
                ALTER TABLE habit_counts ADD COLUMN user_name TEXT NOT NULL DEFAULT '';
                ALTER TABLE habit_counts ADD COLUMN user_key TEXT NOT NULL DEFAULT '';
                UPDATE habit_counts
                SET (user_name, user_key) = (SELECT name, key FROM users WHERE users.id = habit_counts.user_id);
                DROP INDEX habit_counts_habit;
                CREATE INDEX habit_counts_standings ON habit_counts(habit_id, count DESC, user_name, user_key);

                -- How many users have exactly each count of a habit: a rank is a sum over the levels
                -- above a count, never a count over users.
                CREATE TABLE habit_count_levels (
                    habit_id INTEGER NOT NULL REFERENCES habits(id),
                    count INTEGER NOT NULL CHECK (count > 0),
                    users INTEGER NOT NULL CHECK (users > 0),
                    PRIMARY KEY (habit_id, count)
                ) WITHOUT ROWID;
                INSERT INTO habit_count_levels (habit_id, count, users)
                SELECT habit_id, count, COUNT(*) FROM habit_counts GROUP BY habit_id, count;

                -- Followed users listed by name, then key, from one index.
                ALTER TABLE follows ADD COLUMN followed_name TEXT NOT NULL DEFAULT '';
                ALTER TABLE follows ADD COLUMN followed_key TEXT NOT NULL DEFAULT '';
                UPDATE follows
                SET (followed_name, followed_key) = (SELECT name, key FROM users WHERE users.id = follows.followed_id);
                CREATE INDEX follows_by_name ON follows(follower_id, followed_name, followed_key);

                CREATE INDEX users_name_key ON users(name, key);
                """)
        }
        migrator.registerMigration("v6: the day of every log, runs of done days") { db in
            // A log's day is the calendar day of its instant in its user's zone, computed once here and
            // then by every write: a later change of zone leaves the days already logged where they were.
            let localDay = DatabaseFunction("habits_local_day", argumentCount: 2, pure: true) { values in
                guard let time = Double.fromDatabaseValue(values[0]), let zone = String.fromDatabaseValue(values[1])
                else { return nil }
                return LocalDay(Date(timeIntervalSince1970: time), in: TimeZoneCache.shared.zone(zone)).number
            }
            db.add(function: localDay)
            defer { db.remove(function: localDay) }
            try db.execute(sql: """
                ALTER TABLE logs ADD COLUMN day INTEGER NOT NULL DEFAULT 0;
                UPDATE logs
                SET day = habits_local_day(logged_at, (SELECT time_zone FROM users WHERE users.id = logs.user_id));
                CREATE INDEX logs_user_habit_day ON logs(user_id, habit_id, day);

                -- Runs of consecutive done days per (user, habit): a streak is one lookup, the longest run
                -- one index read, and marking a day touches at most three rows.
                CREATE TABLE habit_day_runs (
                    user_id INTEGER NOT NULL REFERENCES users(id),
                    habit_id INTEGER NOT NULL REFERENCES habits(id),
                    first_day INTEGER NOT NULL,
                    last_day INTEGER NOT NULL,
                    length INTEGER NOT NULL CHECK (length = last_day - first_day + 1),
                    PRIMARY KEY (user_id, habit_id, last_day)
                ) WITHOUT ROWID;
                CREATE INDEX habit_day_runs_length ON habit_day_runs(user_id, habit_id, length);
                CREATE INDEX habit_day_runs_habit ON habit_day_runs(habit_id);
                """)
            try DayRuns.rebuildAll(db)
        }
        migrator.registerMigration("v7: a tree of count levels per habit, for ranks in a few reads") { db in
            // Node n of a habit holds the users whose count lies in (n - lowbit(n), n] (see `RankTree`).
            try db.execute(sql: """
                CREATE TABLE habit_count_tree (
                    habit_id INTEGER NOT NULL REFERENCES habits(id),
                    node INTEGER NOT NULL CHECK (node > 0),
                    users INTEGER NOT NULL CHECK (users >= 0),
                    PRIMARY KEY (habit_id, node)
                ) WITHOUT ROWID;
                """)
            try RankTree.rebuildAll(db)
        }
        migrator.registerMigration("v8: programs, ratings, memberships, help tags and questions, recent emoji") { db in
            try db.execute(sql: ProgramHelpEmojiSchema.v8)
        }
        migrator.registerMigration("v9: accounts, sessions, API tokens") { db in
            try db.execute(sql: AccountSchema.v9)
        }
        migrator.registerMigration("v10: visibility on users, hidden counters, follow requests") { db in
            try db.execute(sql: VisibilitySchema.v10)
            try RankTree.rebuildAll(db)
        }
        migrator.registerMigration("v11: schedules, skipped days and notes") { db in
            try db.execute(sql: ScheduleSchema.v11)
        }
        migrator.registerMigration("v12: habits of one's own: owner, visibility, reminder, archive, order") { db in
            try db.execute(sql: OwnHabitSchema.v12)
        }
        migrator.registerMigration("v13: calendar feeds") { db in
            try db.execute(sql: OwnHabitSchema.v13)
        }
        migrator.registerMigration("v14: idempotency keys") { db in
            try db.execute(sql: IdempotencySchema.v14)
        }
        migrator.registerMigration("v15: program totals count public raters only") { db in
            try db.execute(sql: VisibilitySchema.v15)
        }
        migrator.registerMigration("v16: ids never given twice") { db in
            try AutoIncrementSchema.v16(db)
        }
        return migrator
    }
}
