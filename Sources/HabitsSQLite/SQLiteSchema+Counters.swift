import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The versions that reshape counters: ranks by index, the day of every log and its runs, the rank tree, and
/// hidden counters (v10), each rebuilding what it adds from the rows already there.
extension SQLiteSchema {
    /// V5: rankings by index, count levels, names for ordered listings.
    static func v5(_ db: Database) throws {
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

    /// V6: the day of every log, runs of done days.
    static func v6(_ db: Database) throws {
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

    /// V7: a tree of count levels per habit, for ranks in a few reads.
    static func v7(_ db: Database) throws {
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

    /// V10: visibility on users, hidden counters, follow requests.
    static func v10(_ db: Database) throws {
        try db.execute(sql: VisibilitySchema.v10)
        try RankTree.rebuildAll(db)
    }
}
