/// The tables of the programs (Discover), the help (tags and questions) and the emoji picker's recent emoji,
/// created by migration v8.
///
/// Every column a child row points through has an index that starts with it, so that a delete of the
/// parent (and SQLite's foreign key check of it) searches instead of scanning.
enum ProgramHelpEmojiSchema {
    /// Migration v8. Append-only like every migration: never edit it once shipped.
    static let v8 = """
        -- A program's rating is kept as a count and a sum of stars, changed in the rating's transaction,
        -- so that a card shows its average without reading the ratings.
        CREATE TABLE programs (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            author TEXT NOT NULL,
            summary TEXT NOT NULL,
            category_id INTEGER NOT NULL REFERENCES categories(id),
            price_minor INTEGER NOT NULL CHECK (price_minor >= 0),
            currency TEXT NOT NULL,
            tag TEXT,
            featured INTEGER NOT NULL CHECK (featured IN (0, 1)),
            created_at REAL NOT NULL,
            rating_count INTEGER NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
            star_total INTEGER NOT NULL DEFAULT 0 CHECK (star_total BETWEEN rating_count AND 5 * rating_count)
        );
        -- A category's programs newest first, and the newest featured one, each one index walk.
        CREATE INDEX programs_category_newest ON programs(category_id, created_at DESC, id DESC);
        CREATE INDEX programs_featured_newest ON programs(created_at DESC, id DESC) WHERE featured = 1;

        CREATE TABLE program_images (
            program_id INTEGER PRIMARY KEY REFERENCES programs(id),
            content_type TEXT NOT NULL,
            bytes BLOB NOT NULL
        );

        CREATE TABLE program_habits (
            program_id INTEGER NOT NULL REFERENCES programs(id),
            position INTEGER NOT NULL,
            habit_id INTEGER NOT NULL REFERENCES habits(id),
            PRIMARY KEY (program_id, position)
        ) WITHOUT ROWID;
        CREATE INDEX program_habits_habit ON program_habits(habit_id);

        CREATE TABLE memberships (
            user_id INTEGER NOT NULL REFERENCES users(id),
            program_id INTEGER NOT NULL REFERENCES programs(id),
            PRIMARY KEY (user_id, program_id)
        ) WITHOUT ROWID;
        CREATE INDEX memberships_program ON memberships(program_id);

        CREATE TABLE ratings (
            user_id INTEGER NOT NULL REFERENCES users(id),
            program_id INTEGER NOT NULL REFERENCES programs(id),
            stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
            PRIMARY KEY (user_id, program_id)
        ) WITHOUT ROWID;
        CREATE INDEX ratings_program ON ratings(program_id);

        CREATE TABLE help_tags (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_folded TEXT NOT NULL
        );
        CREATE UNIQUE INDEX help_tags_name_folded ON help_tags(name_folded);
        CREATE INDEX help_tags_name ON help_tags(name, id);

        CREATE TABLE questions (
            id INTEGER PRIMARY KEY,
            question TEXT NOT NULL,
            answer TEXT,
            author_id INTEGER REFERENCES users(id),
            created_at REAL NOT NULL
        );
        -- What everyone sees (the answered questions) and what one author sent, each in id order.
        CREATE INDEX questions_answered ON questions(id) WHERE answer IS NOT NULL;
        CREATE INDEX questions_author ON questions(author_id, id);

        CREATE TABLE question_tags (
            question_id INTEGER NOT NULL REFERENCES questions(id),
            tag_id INTEGER NOT NULL REFERENCES help_tags(id),
            PRIMARY KEY (question_id, tag_id)
        ) WITHOUT ROWID;
        CREATE INDEX question_tags_tag ON question_tags(tag_id, question_id);

        -- At most `RecentEmoji.limit` rows a user, position 0 the most recent.
        CREATE TABLE recent_emoji (
            user_id INTEGER NOT NULL REFERENCES users(id),
            position INTEGER NOT NULL CHECK (position >= 0),
            emoji TEXT NOT NULL,
            PRIMARY KEY (user_id, position)
        ) WITHOUT ROWID;
        """

    /// The tables of v8, children first: what a full replacement empties before the tables they point to.
    static let tablesChildrenFirst = [
        "program_images", "program_habits", "memberships", "ratings", "programs",
        "question_tags", "questions", "help_tags", "recent_emoji",
    ]
}
