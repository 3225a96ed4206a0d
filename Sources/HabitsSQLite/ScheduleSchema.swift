import GRDB

/// Schedules, skips and notes (migration v11): a habit's schedule as its JSON (NULL: daily, once a day),
/// and per user and habit the days that hold a skip or a note. How many logs a day holds stays the
/// logs' (`logs_user_habit_day`), so a log and its day can never disagree.
enum ScheduleSchema {
    static let v11 = """
        ALTER TABLE habits ADD COLUMN schedule TEXT;

        CREATE TABLE habit_day_entries (
            user_id INTEGER NOT NULL REFERENCES users(id),
            habit_id INTEGER NOT NULL REFERENCES habits(id),
            day INTEGER NOT NULL,
            skipped INTEGER NOT NULL DEFAULT 0 CHECK (skipped IN (0, 1)),
            note TEXT,
            PRIMARY KEY (user_id, habit_id, day)
        ) WITHOUT ROWID;
        CREATE INDEX habit_day_entries_habit ON habit_day_entries(habit_id);
        """

    /// Tables that `replaceAll` empties, children first.
    static let tablesChildrenFirst = ["habit_day_entries"]
}

/// Habits of one's own (migration v12): an owner, a visibility, a reminder, an archive flag and a place
/// among the owner's habits. A shared habit's name is unique in the catalogue; a personal one's among
/// its owner's personal habits only, so that nobody learns another's habit names by colliding with them.
enum OwnHabitSchema {
    static let v12 = """
        ALTER TABLE habits ADD COLUMN owner_id INTEGER REFERENCES users(id);
        ALTER TABLE habits ADD COLUMN visibility TEXT NOT NULL DEFAULT 'shared'
            CHECK (visibility IN ('shared', 'personal'));
        ALTER TABLE habits ADD COLUMN reminder TEXT;
        ALTER TABLE habits ADD COLUMN archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1));
        ALTER TABLE habits ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
        DROP INDEX habits_name_folded;
        CREATE UNIQUE INDEX habits_name_scope
            ON habits(CASE visibility WHEN 'personal' THEN owner_id ELSE 0 END, name_folded);
        CREATE INDEX habits_shared ON habits(visibility, id);
        CREATE INDEX habits_owner ON habits(owner_id, id) WHERE owner_id IS NOT NULL;
        """

    /// Calendar feeds (migration v13): one per user at most, found by its secret's hash.
    static let v13 = """
        CREATE TABLE calendar_feeds (
            user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            secret_hash BLOB NOT NULL UNIQUE,
            created_at REAL NOT NULL
        );
        """
}
