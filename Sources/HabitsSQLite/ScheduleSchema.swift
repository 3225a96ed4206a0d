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
