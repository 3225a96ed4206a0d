import GRDB

/// Who sees a user (migration v10): the visibility moves from the account to its user, so that every
/// read of a user knows it; a private user's counters are hidden from rankings; follow requests wait
/// for a private user's approval.
///
/// Rankings (`habit_counts_standings`, the levels and the rank tree) hold only counters that are not
/// hidden: a private user is on no leaderboard, and screens add back the few private users their viewer
/// may see (`VisibleSource` in `HabitsScreens`).
enum VisibilitySchema {
    static let v10 = """
        ALTER TABLE users ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public'
            CHECK (visibility IN ('public', 'private'));
        UPDATE users SET visibility = (SELECT a.visibility FROM accounts a WHERE a.user_id = users.id)
        WHERE id IN (SELECT user_id FROM accounts);
        ALTER TABLE accounts DROP COLUMN visibility;

        ALTER TABLE habit_counts ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1));
        UPDATE habit_counts SET hidden = 1 WHERE user_id IN (SELECT id FROM users WHERE visibility = 'private');
        DROP INDEX habit_counts_standings;
        CREATE INDEX habit_counts_standings ON habit_counts(habit_id, count DESC, user_name, user_key)
            WHERE hidden = 0;
        -- The partial index no longer finds every counter of a habit, which deleting a habit needs.
        CREATE INDEX habit_counts_habit ON habit_counts(habit_id);
        DELETE FROM habit_count_levels;
        INSERT INTO habit_count_levels (habit_id, count, users)
        SELECT habit_id, count, COUNT(*) FROM habit_counts WHERE hidden = 0 GROUP BY habit_id, count;

        CREATE TABLE follow_requests (
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            requester_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            PRIMARY KEY (user_id, requester_id)
        ) WITHOUT ROWID;
        CREATE INDEX follow_requests_requester ON follow_requests(requester_id);
        """

    /// A program's rating totals count public raters only, as every count a member sees does: the
    /// totals are counted again from the ratings of public users.
    static let v15 = """
        UPDATE programs SET
            rating_count = (SELECT COUNT(*) FROM ratings r JOIN users u ON u.id = r.user_id
                WHERE r.program_id = programs.id AND u.visibility = 'public'),
            star_total = (SELECT COALESCE(SUM(r.stars), 0) FROM ratings r JOIN users u ON u.id = r.user_id
                WHERE r.program_id = programs.id AND u.visibility = 'public');
        """

    /// Tables that `replaceAll` empties, children first.
    static let tablesChildrenFirst = ["follow_requests"]
}
