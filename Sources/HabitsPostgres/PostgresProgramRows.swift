import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// Reads and cascades of the program tables, shared by the `/v1` store and the screen source.
enum PostgresProgramRows {
    /// The `programs` columns `programs(_:_:)` reads, in order, and the program's habits in one array: a
    /// program is one row of one statement, consistent without a transaction.
    static func columns(_ table: String = "") -> String {
        let id = table.isEmpty ? "programs.id" : table + "id"
        return [
            "id", "title", "author", "summary", "category_id", "price_minor", "currency", "tag", "featured",
            "created_at", "rating_count", "star_total",
        ].map { table + $0 }.joined(separator: ", ")
            + ", ARRAY(SELECT habit_id FROM program_habits WHERE program_id = \(id) ORDER BY position)"
    }

    /// The program with this id, its habits included, or `notFound`.
    static func requireProgram(_ session: PostgresSession, id: Int64) async throws -> Program {
        var binds = PostgresBindings()
        binds.append(id)
        let query = PostgresQuery(unsafeSQL: "SELECT \(columns()) FROM programs WHERE id = $1", binds: binds)
        guard let program = try await programs(session, query).first else {
            throw HabitsError.notFound(kind: .program, id: String(id))
        }
        return program
    }

    /// The programs a query selecting `columns()` lists, in its order, each with its habits.
    ///
    /// - Complexity: O(n + Σh) for n programs and their habits, in one statement.
    static func programs(_ session: PostgresSession, _ query: PostgresQuery) async throws -> [Program] {
        var programs: [Program] = []
        for row in try await session.rows(query) {
            let (id, title, author, summary, categoryID, priceMinor, currency, tag, featured, createdAt, ratingCount,
                starTotal, habitIDs) = try row.decode(
                    (Int64, String, String, String, Int64, Int64, String, String?, Bool, Double, Int, Int, [Int64])
                        .self)
            programs.append(Program(
                id: id, title: title, author: author, summary: summary, categoryID: categoryID,
                price: Price(minorUnits: priceMinor, currency: currency), tag: tag, habitIDs: habitIDs,
                featured: featured, createdAt: Date(timeIntervalSince1970: createdAt),
                rating: RatingSummary(count: ratingCount, starTotal: starTotal)))
        }
        return programs
    }

    /// Replaces a program's habits with `habitIDs`, in order; each must exist.
    static func setHabits(_ session: PostgresSession, programID: Int64, _ habitIDs: [Int64]) async throws {
        try await session.execute("DELETE FROM program_habits WHERE program_id = \(programID)")
        for (position, habitID) in habitIDs.enumerated() {
            _ = try await session.fetchHabit(id: habitID)
            try await session.execute(
                """
                INSERT INTO program_habits (program_id, position, habit_id)
                VALUES (\(programID), \(position), \(habitID))
                """)
        }
    }

    /// Moves a program's rating totals by one rating's change, only when `raterID` is a public account:
    /// the totals count no one private. The rater's row is locked by the caller (at least `FOR KEY SHARE`),
    /// so a change of visibility waits for the rating and then sees it.
    static func moveRating(
        _ session: PostgresSession, programID: Int64, raterID: Int64, count: Int, stars: Int
    ) async throws {
        try await session.execute(
            """
            UPDATE programs SET rating_count = rating_count + \(count), star_total = star_total + \(stars)
            WHERE id = \(programID) AND EXISTS (SELECT 1 FROM users WHERE id = \(raterID) AND visibility = 'public')
            """)
    }

    /// Adds (`sign` 1) or takes out (−1) every rating of a user who became public or private; the caller
    /// holds the user's row `FOR UPDATE`.
    ///
    /// - Complexity: O(r log n) for the user's r ratings.
    static func moveRatings(
        _ session: PostgresSession, userID: Int64, sign: Int, changes: ChangeRecorder
    ) async throws {
        let moved = try await session.changes(
            """
            UPDATE programs p SET rating_count = p.rating_count + \(sign), star_total = p.star_total + \(sign) * r.stars
            FROM ratings r WHERE r.user_id = \(userID) AND r.program_id = p.id RETURNING 1
            """)
        if moved > 0 { changes.programsChanged() }
    }

    /// Removes a deleted user's memberships and ratings, moving their programs' totals.
    static func removeUser(_ session: PostgresSession, id: Int64, changes: ChangeRecorder) async throws {
        if try await session.changes("DELETE FROM memberships WHERE user_id = \(id) RETURNING 1") > 0 {
            changes.programsChanged()
        }
        let ratings = try await session.rows("DELETE FROM ratings WHERE user_id = \(id) RETURNING program_id, stars")
        for rating in ratings {
            let (programID, stars) = try rating.decode((Int64, Int).self)
            try await moveRating(session, programID: programID, raterID: id, count: -1, stars: -stars)
            changes.programsChanged()
        }
    }
}

/// Reads and cascades of the help tables, shared by the `/v1` store and the screen source.
enum PostgresQuestionRows {
    static let columns = "id, question, answer, author_id, created_at"
    /// The question's tags in one array beside its columns: a question is one row of one statement.
    static func tagsColumn(_ table: String) -> String {
        ", ARRAY(SELECT tag_id FROM question_tags WHERE question_id = \(table)id ORDER BY tag_id)"
    }

    /// The question with this id, or `notFound`.
    static func requireQuestion(_ session: PostgresSession, id: Int64) async throws -> Question {
        var binds = PostgresBindings()
        binds.append(id)
        let query = PostgresQuery(
            unsafeSQL: "SELECT \(columns)\(tagsColumn("questions.")) FROM questions WHERE id = $1", binds: binds)
        guard let question = try await questions(session, query).first else {
            throw HabitsError.notFound(kind: .question, id: String(id))
        }
        return question
    }

    /// The questions a query selecting `columns` lists, in its order, each with its tags.
    static func questions(_ session: PostgresSession, _ query: PostgresQuery) async throws -> [Question] {
        var questions: [Question] = []
        for row in try await session.rows(query) {
            let (id, text, answer, authorID, createdAt, tagIDs) = try row.decode(
                (Int64, String, String?, Int64?, Double, [Int64]).self)
            questions.append(Question(
                id: id, question: text, answer: answer, tagIDs: tagIDs, authorID: authorID,
                createdAt: Date(timeIntervalSince1970: createdAt)))
        }
        return questions
    }

    /// The questions after id `after`, at most `limit` (nil: all), in id order: every one when `viewerID`
    /// is nil, else the answered ones and the viewer's own; only those under `tagID` when it is given.
    static func questions(
        _ session: PostgresSession, viewerID: Int64?, tagID: Int64?, after: Int64, limit: Int?
    ) async throws -> [Question] {
        var binds = PostgresBindings()
        binds.append(after)
        var sql = "SELECT \(columns("q."))\(tagsColumn("q.")) FROM questions q WHERE q.id > $1"
        if let tagID {
            binds.append(tagID)
            sql += " AND EXISTS (SELECT 1 FROM question_tags t WHERE t.question_id = q.id"
                + " AND t.tag_id = $\(binds.count))"
        }
        if let viewerID {
            binds.append(viewerID)
            sql += " AND (q.answer IS NOT NULL OR q.author_id = $\(binds.count))"
        }
        sql += " ORDER BY q.id"
        if let limit {
            binds.append(limit)
            sql += " LIMIT $\(binds.count)"
        }
        return try await questions(session, PostgresQuery(unsafeSQL: sql, binds: binds))
    }

    static func columns(_ table: String) -> String {
        columns.split(separator: ",").map { table + $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ", ")
    }

    /// Replaces a question's tags with `tagIDs`; each must exist.
    static func setTags(_ session: PostgresSession, questionID: Int64, _ tagIDs: [Int64]) async throws {
        try await session.execute("DELETE FROM question_tags WHERE question_id = \(questionID)")
        for tagID in tagIDs {
            _ = try await session.fetchHelpTag(id: tagID)
            try await session.execute(
                "INSERT INTO question_tags (question_id, tag_id) VALUES (\(questionID), \(tagID))")
        }
    }

    /// Removes the questions a deleted user sent, with their tags.
    static func removeUser(_ session: PostgresSession, id: Int64, changes: ChangeRecorder) async throws {
        try await session.execute(
            "DELETE FROM question_tags WHERE question_id IN (SELECT id FROM questions WHERE author_id = \(id))")
        if try await session.changes("DELETE FROM questions WHERE author_id = \(id) RETURNING 1") > 0 {
            changes.helpChanged()
        }
    }
}
