/// Widget addresses (migration v17): each hangs off its account and, when it shows one habit, off that
/// habit, so that deleting either takes the address with it. The secret is kept only as its SHA-256 hash.
enum WidgetSchema {
    static let v17 = """
        CREATE TABLE widgets (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            secret_hash BLOB NOT NULL UNIQUE,
            user_id INTEGER NOT NULL REFERENCES accounts(user_id) ON DELETE CASCADE,
            family TEXT NOT NULL CHECK (family IN ('small', 'medium', 'large', 'card')),
            habit_id INTEGER REFERENCES habits(id) ON DELETE CASCADE,
            style TEXT NOT NULL,
            created_at REAL NOT NULL
        );
        CREATE INDEX widgets_user ON widgets(user_id, id);
        CREATE INDEX widgets_habit ON widgets(habit_id);
        """
}
