import Foundation

/// The PostgreSQL store's later migrations, v3 on: accounts, visibility, schedules, habits of one's own,
/// calendar feeds, idempotency keys, large changes, the revision at commit and public rating totals.
/// Append-only, as every migration (`PostgresSchema.migrations`).
extension PostgresSchema {
    /// Accounts hang off their user, sessions and tokens off their account (`ON DELETE CASCADE`), so a
    /// user's deletion removes every credential in its transaction; secrets are stored as SHA-256 only.
    static let v3Accounts = """
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

    /// The visibility moves from the account to its user, so that every read of a user knows it; a
    /// private user's counters are hidden from rankings (the partial index holds only the others); follow
    /// requests wait for a private user's approval.
    static let v4Visibility = """
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

    /// A habit's schedule as its JSON (NULL: daily, once a day); per user and habit the days that hold a
    /// skip or a note. How many logs a day holds stays the logs' (`logs_user_habit_day`).
    static let v5Schedules = """
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

    /// An owner, a visibility, a reminder, an archive flag and a place among the owner's habits. A shared
    /// habit's name is unique in the catalogue; a personal one's among its owner's personal habits only.
    static let v6OwnHabits = """
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

    /// One calendar feed per user at most, found by its secret's hash.
    static let v7CalendarFeeds = """
        CREATE TABLE calendar_feeds (
            user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
            secret_hash bytea NOT NULL UNIQUE,
            created_at double precision NOT NULL
        );
        """

    /// Widget addresses, found by their secret's hash; an account's or a habit's deletion takes them along.
    static let v17Widgets = """
        CREATE TABLE widgets (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            secret_hash bytea NOT NULL UNIQUE,
            user_id bigint NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
            family text NOT NULL CHECK (family IN ('small', 'medium', 'large', 'card')),
            habit_id bigint REFERENCES habits (id) ON DELETE CASCADE,
            style text NOT NULL,
            created_at double precision NOT NULL
        );
        CREATE INDEX widgets_user ON widgets (user_id, id);
        CREATE INDEX widgets_habit ON widgets (habit_id);
        """

    /// Follow requests counted per account and UTC day (`FollowRule`), in the request's own transaction.
    static let v18FollowRequestCounts = """
        ALTER TABLE users ADD COLUMN follow_request_day bigint NOT NULL DEFAULT 0;
        ALTER TABLE users ADD COLUMN follow_requests_that_day bigint NOT NULL DEFAULT 0;
        """

    /// The skeletons of users' names (`NameRule`), indexed; `PostgresNames.fillSkeletons` writes them.
    static let v19NameSkeletons = """
        ALTER TABLE users ADD COLUMN name_skeleton text;
        ALTER TABLE users ADD COLUMN key_skeleton text;
        CREATE INDEX users_name_skeleton ON users (name_skeleton);
        CREATE INDEX users_key_skeleton ON users (key_skeleton);
        """

    /// Idempotency keys: a claim while its request runs, then its answer, for 24 hours.
    static let v8IdempotencyKeys = """
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

    /// A change too large for a `NOTIFY` payload, by its revision, for the other instances to read; the
    /// last `PostgresChangeChannel.keptLargeChanges` revisions' worth.
    static let v9LargeChanges = """
        CREATE TABLE large_changes (
            revision bigint PRIMARY KEY,
            payload text NOT NULL
        );
        """

    /// The revision is bumped by a deferred trigger as the write commits, not by a statement of the write:
    /// the row lock that orders revisions is then held for the commit alone, not across the round trips
    /// of a statement, the notification and `COMMIT`, which had made every write wait for the one before.
    ///
    /// A write that changes what revisions cover inserts one row in `revision_requests` (its notification
    /// with revision -1, `PostgresChangeChannel.pendingRevision`, and a large change to keep); at commit
    /// the trigger bumps `store_revision`, writes the revision into both, keeps the large one, notifies,
    /// deletes the row, and leaves the revision in the session setting `habits.committed_revision` for the
    /// writer to read after its commit.
    static let v10RevisionAtCommit = """
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

    /// A program's rating totals count public raters only, as every count a member sees does.
    static let v11PublicRatings = """
        UPDATE programs p SET
            rating_count = (SELECT count(*) FROM ratings r JOIN users u ON u.id = r.user_id
                WHERE r.program_id = p.id AND u.visibility = 'public'),
            star_total = (SELECT coalesce(sum(r.stars), 0) FROM ratings r JOIN users u ON u.id = r.user_id
                WHERE r.program_id = p.id AND u.visibility = 'public');
        """
}

extension PostgresSchema {
    /// Count levels: how many visible users of a habit hold each count, so that a rank sums the levels
    /// above a count (at most the habit's distinct counts) instead of counting every user above it.
    ///
    /// Triggers keep them, so no write can forget: each statement on `habit_counts` records its net change
    /// per level in `count_level_deltas`, and at commit a deferred trigger applies the transaction's deltas
    /// in ascending (habit, count) order. Writers therefore take level row locks in one global order (no
    /// deadlock), for the commit alone, and always before `store_revision`'s: a write's revision request
    /// applies them too, by a trigger whose name sorts before `revision_at_commit` (PostgreSQL fires the
    /// triggers of one event in the order of their names).
    static let v12CountLevels = """
        CREATE TABLE habit_count_levels (
            habit_id bigint NOT NULL,
            count bigint NOT NULL,
            users bigint NOT NULL CHECK (users >= 0),
            PRIMARY KEY (habit_id, count)
        );
        INSERT INTO habit_count_levels (habit_id, count, users)
        SELECT habit_id, count, count(*) FROM habit_counts WHERE NOT hidden GROUP BY habit_id, count;
        CREATE TABLE count_level_deltas (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
            habit_id bigint NOT NULL,
            count bigint NOT NULL,
            delta bigint NOT NULL
        );
        CREATE INDEX count_level_deltas_tx ON count_level_deltas (tx);
        CREATE FUNCTION habits_counts_added() RETURNS trigger
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            INSERT INTO count_level_deltas (habit_id, count, delta)
            SELECT habit_id, count, count(*) FROM added WHERE NOT hidden GROUP BY habit_id, count;
            RETURN NULL;
        END
        $$;
        CREATE FUNCTION habits_counts_removed() RETURNS trigger
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            INSERT INTO count_level_deltas (habit_id, count, delta)
            SELECT habit_id, count, -count(*) FROM removed WHERE NOT hidden GROUP BY habit_id, count;
            RETURN NULL;
        END
        $$;
        CREATE FUNCTION habits_counts_changed() RETURNS trigger
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            INSERT INTO count_level_deltas (habit_id, count, delta)
            SELECT habit_id, count, sum(delta) FROM (
                SELECT habit_id, count, -1 AS delta FROM removed WHERE NOT hidden
                UNION ALL
                SELECT habit_id, count, 1 AS delta FROM added WHERE NOT hidden
            ) moved GROUP BY habit_id, count HAVING sum(delta) <> 0;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER count_levels_added AFTER INSERT ON habit_counts
        REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION habits_counts_added();
        CREATE TRIGGER count_levels_removed AFTER DELETE ON habit_counts
        REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION habits_counts_removed();
        CREATE TRIGGER count_levels_changed AFTER UPDATE ON habit_counts
        REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT
        EXECUTE FUNCTION habits_counts_changed();
        CREATE FUNCTION habits_apply_count_levels() RETURNS void
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        DECLARE
            level record;
            remaining bigint;
        BEGIN
            -- Once per transaction: the deferred trigger fires for every delta row. Transaction ids never
            -- repeat, so the setting can outlive its transaction.
            IF current_setting('habits.levels_applied', true) = pg_current_xact_id()::text THEN
                RETURN;
            END IF;
            PERFORM set_config('habits.levels_applied', pg_current_xact_id()::text, false);
            FOR level IN
                SELECT habit_id, count, sum(delta) AS delta FROM count_level_deltas
                WHERE tx = pg_current_xact_id() GROUP BY habit_id, count HAVING sum(delta) <> 0
                ORDER BY habit_id, count
            LOOP
                IF level.delta > 0 THEN
                    INSERT INTO habit_count_levels AS l (habit_id, count, users)
                    VALUES (level.habit_id, level.count, level.delta)
                    ON CONFLICT (habit_id, count) DO UPDATE SET users = l.users + EXCLUDED.users
                    RETURNING users INTO remaining;
                ELSE
                    -- An update: the check on users would refuse the insert's negative row before the conflict.
                    UPDATE habit_count_levels SET users = users + level.delta
                    WHERE habit_id = level.habit_id AND count = level.count
                    RETURNING users INTO STRICT remaining;
                END IF;
                IF remaining = 0 THEN
                    DELETE FROM habit_count_levels WHERE habit_id = level.habit_id AND count = level.count;
                END IF;
            END LOOP;
            DELETE FROM count_level_deltas WHERE tx = pg_current_xact_id();
        END
        $$;
        CREATE FUNCTION habits_commit_count_levels() RETURNS trigger
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            PERFORM habits_apply_count_levels();
            RETURN NULL;
        END
        $$;
        CREATE CONSTRAINT TRIGGER count_levels_at_commit AFTER INSERT ON count_level_deltas
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION habits_commit_count_levels();
        CREATE CONSTRAINT TRIGGER count_levels_before_revision AFTER INSERT ON revision_requests
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION habits_commit_count_levels();
        """

    /// The last document of each ended stream, per viewer and screen, for a resumption on another instance
    /// (`ScreenHandoff`). Unlogged: a crash of the database loses only the chance to send changes rather
    /// than a whole document. Rows older than `PostgresHandoffs.lifetime` are never read and are deleted
    /// by the next hand-off.
    static let v13ScreenHandoffs = """
        CREATE UNLOGGED TABLE screen_handoffs (
            viewer_id bigint NOT NULL,
            screen text NOT NULL,
            revision text NOT NULL,
            document bytea NOT NULL,
            handed_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (viewer_id, screen)
        );
        CREATE INDEX screen_handoffs_by_age ON screen_handoffs (handed_at);
        CREATE INDEX screen_handoffs_by_viewer_age ON screen_handoffs (viewer_id, handed_at);
        """

    /// A counter that every statement writing `habits` raises in its own transaction, so that a snapshot
    /// tells whether the habit list an instance keeps in memory (`HabitListCache`) is the one it would read:
    /// every Home reads all habits, and decoding them was a tenth of its time.
    static let v14HabitsVersion = """
        CREATE TABLE habits_version (
            id integer PRIMARY KEY CHECK (id = 1),
            value bigint NOT NULL
        );
        INSERT INTO habits_version (id, value) VALUES (1, 0);
        CREATE FUNCTION habits_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE habits_version SET value = value + 1 WHERE id = 1;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER habits_version_raise AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON habits
            FOR EACH STATEMENT EXECUTE FUNCTION habits_version_raise();
        """
}
