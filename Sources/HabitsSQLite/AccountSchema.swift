/// The tables of accounts, sessions and API tokens (migration v9).
///
/// An account hangs off its user (`ON DELETE CASCADE`), sessions and tokens off their account, so that
/// deleting a user deletes every credential it had in the same transaction. Secrets are stored only as
/// SHA-256 hashes, passwords only as bcrypt hashes.
enum AccountSchema {
    static let v9 = """
        CREATE TABLE accounts (
            user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            -- The username is the user's key; folded, so that no two differ only by case.
            username_folded TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'administrator')),
            visibility TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
            created_at REAL NOT NULL
        );

        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY AUTOINCREMENT, -- never reuse an ended session's number
            secret_hash BLOB NOT NULL UNIQUE,
            user_id INTEGER NOT NULL REFERENCES accounts(user_id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            last_seen_at REAL NOT NULL,
            user_agent TEXT
        );
        CREATE INDEX sessions_user ON sessions(user_id, last_seen_at);

        CREATE TABLE api_tokens (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            secret_hash BLOB NOT NULL UNIQUE,
            user_id INTEGER NOT NULL REFERENCES accounts(user_id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            scope TEXT NOT NULL CHECK (scope IN ('read', 'write')),
            created_at REAL NOT NULL,
            last_used_at REAL
        );
        CREATE INDEX api_tokens_user ON api_tokens(user_id, id);
        """

    /// Tables that `replaceAll` empties, children first.
    static let tablesChildrenFirst = ["widgets", "api_tokens", "sessions", "accounts"]
}
