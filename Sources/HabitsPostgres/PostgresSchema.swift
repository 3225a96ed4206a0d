import Foundation
import HabitsDomain
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
                throw HabitsError.invalid(field: "schema", reason: "a schema name is letters, digits and _.")
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
    ]

    /// A program's rating totals count public raters only, as every count a member sees does.
    private static let v11PublicRatings = """
        UPDATE programs p SET
            rating_count = (SELECT count(*) FROM ratings r JOIN users u ON u.id = r.user_id
                WHERE r.program_id = p.id AND u.visibility = 'public'),
            star_total = (SELECT coalesce(sum(r.stars), 0) FROM ratings r JOIN users u ON u.id = r.user_id
                WHERE r.program_id = p.id AND u.visibility = 'public');
        """

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

    /// The revision is bumped by a deferred trigger as the write commits, not by a statement of the write:
    /// the row lock that orders revisions is then held for the commit alone, not across the round trips
    /// of a statement, the notification and `COMMIT`, which had made every write wait for the one before.
    ///
    /// A write that changes what revisions cover inserts one row in `revision_requests` (its notification
    /// with revision -1, `PostgresChangeChannel.pendingRevision`, and a large change to keep); at commit
    /// the trigger bumps `store_revision`, writes the revision into both, keeps the large one, notifies,
    /// deletes the row, and leaves the revision in the session setting `habits.committed_revision` for the
    /// writer to read after its commit.
    private static let v10RevisionAtCommit = """
        CREATE TABLE revision_requests (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            channel text NOT NULL,
            payload text,
            large text
        );
        CREATE FUNCTION habits_commit_revision() RETURNS trigger
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        DECLARE
            committed bigint;
        BEGIN
            UPDATE store_revision SET value = value + 1 WHERE id = 1 RETURNING value INTO committed;
            PERFORM set_config('habits.committed_revision', committed::text, false);
            IF NEW.large IS NOT NULL THEN
                DELETE FROM large_changes WHERE revision < committed - 1000;
                INSERT INTO large_changes (revision, payload)
                VALUES (committed, replace(NEW.large, '"revision":-1', '"revision":' || committed));
            END IF;
            IF NEW.payload IS NOT NULL THEN
                PERFORM pg_notify(NEW.channel, replace(NEW.payload, '"revision":-1', '"revision":' || committed));
            END IF;
            DELETE FROM revision_requests WHERE id = NEW.id;
            RETURN NULL;
        END
        $$;
        CREATE CONSTRAINT TRIGGER revision_at_commit AFTER INSERT ON revision_requests
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION habits_commit_revision();
        """

    /// A change too large for a `NOTIFY` payload, by its revision, for the other instances to read; the
    /// last `PostgresChangeChannel.keptLargeChanges` revisions' worth.
    private static let v9LargeChanges = """
        CREATE TABLE large_changes (
            revision bigint PRIMARY KEY,
            payload text NOT NULL
        );
        """

    /// Idempotency keys: a claim while its request runs, then its answer, for 24 hours.
    private static let v8IdempotencyKeys = """
        CREATE TABLE idempotency_keys (
            scope text NOT NULL,
            key text NOT NULL,
            user_id bigint REFERENCES users (id) ON DELETE CASCADE,
            fingerprint bytea NOT NULL,
            created_at double precision NOT NULL,
            status integer,
            content_type text,
            location text,
            body bytea,
            PRIMARY KEY (scope, key)
        );
        CREATE INDEX idempotency_keys_scope_age ON idempotency_keys (scope, created_at);
        CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
        CREATE INDEX idempotency_keys_user ON idempotency_keys (user_id) WHERE user_id IS NOT NULL;
        """

    /// One calendar feed per user at most, found by its secret's hash.
    private static let v7CalendarFeeds = """
        CREATE TABLE calendar_feeds (
            user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
            secret_hash bytea NOT NULL UNIQUE,
            created_at double precision NOT NULL
        );
        """

    /// An owner, a visibility, a reminder, an archive flag and a place among the owner's habits. A shared
    /// habit's name is unique in the catalogue; a personal one's among its owner's personal habits only.
    private static let v6OwnHabits = """
        ALTER TABLE habits ADD COLUMN owner_id bigint REFERENCES users (id);
        ALTER TABLE habits ADD COLUMN visibility text NOT NULL DEFAULT 'shared'
            CHECK (visibility IN ('shared', 'personal'));
        ALTER TABLE habits ADD COLUMN reminder text;
        ALTER TABLE habits ADD COLUMN archived boolean NOT NULL DEFAULT false;
        ALTER TABLE habits ADD COLUMN position integer NOT NULL DEFAULT 0;
        ALTER TABLE habits DROP CONSTRAINT habits_name_folded_key;
        CREATE UNIQUE INDEX habits_name_scope
            ON habits ((CASE visibility WHEN 'personal' THEN owner_id ELSE 0 END), name_folded);
        CREATE INDEX habits_shared ON habits (visibility, id);
        CREATE INDEX habits_owner ON habits (owner_id, id) WHERE owner_id IS NOT NULL;
        """

    /// A habit's schedule as its JSON (NULL: daily, once a day); per user and habit the days that hold a
    /// skip or a note. How many logs a day holds stays the logs' (`logs_user_habit_day`).
    private static let v5Schedules = """
        ALTER TABLE habits ADD COLUMN schedule text;
        CREATE TABLE habit_day_entries (
            user_id bigint NOT NULL REFERENCES users (id),
            habit_id bigint NOT NULL REFERENCES habits (id),
            day integer NOT NULL,
            skipped boolean NOT NULL DEFAULT false,
            note text,
            PRIMARY KEY (user_id, habit_id, day)
        );
        CREATE INDEX habit_day_entries_habit ON habit_day_entries (habit_id);
        """

    /// The visibility moves from the account to its user, so that every read of a user knows it; a
    /// private user's counters are hidden from rankings (the partial index holds only the others); follow
    /// requests wait for a private user's approval.
    private static let v4Visibility = """
        ALTER TABLE users ADD COLUMN visibility text NOT NULL DEFAULT 'public'
            CHECK (visibility IN ('public', 'private'));
        UPDATE users u SET visibility = a.visibility FROM accounts a WHERE a.user_id = u.id;
        ALTER TABLE accounts DROP COLUMN visibility;
        ALTER TABLE habit_counts ADD COLUMN hidden boolean NOT NULL DEFAULT false;
        UPDATE habit_counts SET hidden = true WHERE user_id IN (SELECT id FROM users WHERE visibility = 'private');
        DROP INDEX habit_counts_standings;
        CREATE INDEX habit_counts_standings ON habit_counts (habit_id, count DESC, user_name, user_key)
            WHERE NOT hidden;
        -- The partial index no longer finds every counter of a habit, which deleting a habit needs.
        CREATE INDEX habit_counts_habit ON habit_counts (habit_id);
        CREATE TABLE follow_requests (
            user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            requester_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            created_at double precision NOT NULL,
            PRIMARY KEY (user_id, requester_id)
        );
        CREATE INDEX follow_requests_requester ON follow_requests (requester_id);
        """

    /// Accounts hang off their user, sessions and tokens off their account (`ON DELETE CASCADE`), so a
    /// user's deletion removes every credential in its transaction; secrets are stored as SHA-256 only.
    private static let v3Accounts = """
        CREATE TABLE accounts (
            user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            username_folded text COLLATE "C" NOT NULL UNIQUE,
            password_hash text NOT NULL,
            role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'administrator')),
            visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
            created_at double precision NOT NULL
        );
        CREATE TABLE sessions (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            secret_hash bytea NOT NULL UNIQUE,
            user_id bigint NOT NULL REFERENCES accounts(user_id) ON DELETE CASCADE,
            created_at double precision NOT NULL,
            last_seen_at double precision NOT NULL,
            user_agent text
        );
        CREATE INDEX sessions_user ON sessions (user_id, last_seen_at);
        CREATE TABLE api_tokens (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            secret_hash bytea NOT NULL UNIQUE,
            user_id bigint NOT NULL REFERENCES accounts(user_id) ON DELETE CASCADE,
            name text NOT NULL,
            scope text NOT NULL CHECK (scope IN ('read', 'write')),
            created_at double precision NOT NULL,
            last_used_at double precision
        );
        CREATE INDEX api_tokens_user ON api_tokens (user_id, id);
        """

    /// Text that listings sort by is `COLLATE "C"`: byte order, as SQLite sorts, whatever the database's
    /// locale.
    private static let v1Core = """
        CREATE TABLE store_revision (
            id integer PRIMARY KEY CHECK (id = 1),
            value bigint NOT NULL
        );
        INSERT INTO store_revision (id, value) VALUES (1, 0);
        CREATE TABLE store_meta (
            key text PRIMARY KEY,
            value bigint NOT NULL
        );

        CREATE TABLE categories (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            name text COLLATE "C" NOT NULL,
            name_folded text NOT NULL UNIQUE,
            hue double precision NOT NULL,
            saturation double precision NOT NULL,
            brightness double precision NOT NULL
        );
        CREATE INDEX categories_name ON categories (name);

        CREATE TABLE users (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            key text COLLATE "C" NOT NULL UNIQUE,
            name text COLLATE "C" NOT NULL,
            hue double precision,
            saturation double precision,
            brightness double precision,
            bio text,
            time_zone text NOT NULL DEFAULT 'UTC',
            locale text NOT NULL DEFAULT 'en_US'
        );
        CREATE INDEX users_key_lower ON users (lower(key));
        CREATE INDEX users_name_key ON users (name, key);

        CREATE TABLE habits (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            name text COLLATE "C" NOT NULL,
            name_folded text NOT NULL UNIQUE,
            category_id bigint NOT NULL REFERENCES categories (id),
            info text NOT NULL,
            emoji text
        );
        CREATE INDEX habits_name ON habits (name);
        CREATE INDEX habits_category ON habits (category_id);

        -- ALWAYS: a deleted log's id is never reused, not even after a full replacement.
        CREATE TABLE logs (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            user_id bigint NOT NULL REFERENCES users (id),
            habit_id bigint NOT NULL REFERENCES habits (id),
            logged_at double precision NOT NULL,
            day integer NOT NULL
        );
        CREATE INDEX logs_user_time ON logs (user_id, logged_at, id);
        CREATE INDEX logs_habit ON logs (habit_id);
        CREATE INDEX logs_user_habit_day ON logs (user_id, habit_id, day);

        -- The user's name and key are copied beside the count, so that standings walk one index in
        -- order, and a rank counts the index entries above a count.
        CREATE TABLE habit_counts (
            user_id bigint NOT NULL REFERENCES users (id),
            habit_id bigint NOT NULL REFERENCES habits (id),
            count bigint NOT NULL CHECK (count > 0),
            user_name text COLLATE "C" NOT NULL,
            user_key text COLLATE "C" NOT NULL,
            PRIMARY KEY (user_id, habit_id)
        );
        CREATE INDEX habit_counts_standings ON habit_counts (habit_id, count DESC, user_name, user_key);

        CREATE TABLE habit_day_runs (
            user_id bigint NOT NULL REFERENCES users (id),
            habit_id bigint NOT NULL REFERENCES habits (id),
            first_day integer NOT NULL,
            last_day integer NOT NULL,
            length integer NOT NULL CHECK (length = last_day - first_day + 1),
            PRIMARY KEY (user_id, habit_id, last_day)
        );
        CREATE INDEX habit_day_runs_length ON habit_day_runs (user_id, habit_id, length);
        CREATE INDEX habit_day_runs_habit ON habit_day_runs (habit_id);

        CREATE TABLE avatars (
            user_id bigint PRIMARY KEY REFERENCES users (id),
            content_type text NOT NULL,
            bytes bytea NOT NULL
        );

        CREATE TABLE favorites (
            user_id bigint NOT NULL REFERENCES users (id),
            habit_id bigint NOT NULL REFERENCES habits (id),
            PRIMARY KEY (user_id, habit_id)
        );
        CREATE INDEX favorites_habit ON favorites (habit_id);

        CREATE TABLE follows (
            follower_id bigint NOT NULL REFERENCES users (id),
            followed_id bigint NOT NULL REFERENCES users (id),
            followed_name text COLLATE "C" NOT NULL,
            followed_key text COLLATE "C" NOT NULL,
            PRIMARY KEY (follower_id, followed_id)
        );
        CREATE INDEX follows_followed ON follows (followed_id);
        CREATE INDEX follows_by_name ON follows (follower_id, followed_name, followed_key);
        """

    private static let v2ProgramsHelpEmoji = """
        CREATE TABLE programs (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            title text NOT NULL,
            author text NOT NULL,
            summary text NOT NULL,
            category_id bigint NOT NULL REFERENCES categories (id),
            price_minor bigint NOT NULL CHECK (price_minor >= 0),
            currency text NOT NULL,
            tag text,
            featured boolean NOT NULL,
            created_at double precision NOT NULL,
            rating_count bigint NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
            star_total bigint NOT NULL DEFAULT 0 CHECK (star_total BETWEEN rating_count AND 5 * rating_count)
        );
        CREATE INDEX programs_category_newest ON programs (category_id, created_at DESC, id DESC);
        CREATE INDEX programs_featured_newest ON programs (created_at DESC, id DESC) WHERE featured;

        CREATE TABLE program_images (
            program_id bigint PRIMARY KEY REFERENCES programs (id),
            content_type text NOT NULL,
            bytes bytea NOT NULL
        );
        CREATE TABLE program_habits (
            program_id bigint NOT NULL REFERENCES programs (id),
            position integer NOT NULL,
            habit_id bigint NOT NULL REFERENCES habits (id),
            PRIMARY KEY (program_id, position)
        );
        CREATE INDEX program_habits_habit ON program_habits (habit_id);
        CREATE TABLE memberships (
            user_id bigint NOT NULL REFERENCES users (id),
            program_id bigint NOT NULL REFERENCES programs (id),
            PRIMARY KEY (user_id, program_id)
        );
        CREATE INDEX memberships_program ON memberships (program_id);
        CREATE TABLE ratings (
            user_id bigint NOT NULL REFERENCES users (id),
            program_id bigint NOT NULL REFERENCES programs (id),
            stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
            PRIMARY KEY (user_id, program_id)
        );
        CREATE INDEX ratings_program ON ratings (program_id);

        CREATE TABLE help_tags (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            name text COLLATE "C" NOT NULL,
            name_folded text NOT NULL UNIQUE
        );
        CREATE INDEX help_tags_name ON help_tags (name, id);
        CREATE TABLE questions (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            question text NOT NULL,
            answer text,
            author_id bigint REFERENCES users (id),
            created_at double precision NOT NULL
        );
        CREATE INDEX questions_answered ON questions (id) WHERE answer IS NOT NULL;
        CREATE INDEX questions_author ON questions (author_id, id);
        CREATE TABLE question_tags (
            question_id bigint NOT NULL REFERENCES questions (id),
            tag_id bigint NOT NULL REFERENCES help_tags (id),
            PRIMARY KEY (question_id, tag_id)
        );
        CREATE INDEX question_tags_tag ON question_tags (tag_id, question_id);

        CREATE TABLE recent_emoji (
            user_id bigint NOT NULL REFERENCES users (id),
            position integer NOT NULL CHECK (position >= 0),
            emoji text NOT NULL,
            PRIMARY KEY (user_id, position)
        );
        """

    /// Every table, children first: what a full replacement empties, in an order the references allow.
    static let tablesChildrenFirst = [
        "idempotency_keys", "calendar_feeds", "follow_requests", "api_tokens", "sessions", "accounts",
        "program_images", "program_habits", "memberships", "ratings", "programs",
        "question_tags", "questions", "help_tags", "recent_emoji",
        "avatars", "favorites", "follows", "habit_counts", "habit_day_entries", "habit_day_runs",
        "logs", "habits", "categories", "users",
    ]

    /// The tables whose ids restart at 1 when everything is replaced, as SQLite's row ids do.
    static let tablesRestartingIDs = ["programs", "help_tags", "questions", "habits", "categories", "users"]
}
