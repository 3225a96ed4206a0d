import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The first versions: the course API's tables, favourites and follows, names compared after case folding.
extension SQLiteSchema {
    /// V1: users, categories, habits, logs, counters.
    static func v1(_ db: Database) throws {
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

    /// V2: favourites, follows, case-insensitive user keys.
    static func v2(_ db: Database) throws {
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

    /// V3: categories listed by name.
    static func v3(_ db: Database) throws {
        // The unique index is case-insensitive; listing sorts by the binary name.
        try db.execute(sql: "CREATE INDEX categories_name ON categories(name)")
    }

    /// V4: names unique after Unicode case folding.
    static func v4(_ db: Database) throws {
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
}
