import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Reads and cascades of the showcase tables shared by the `/v1` store and the screen source, each through
/// a cached statement and an index (`ShowcaseQueries` holds the SQL).
enum ShowcaseRows {
    // MARK: Programs

    /// The program with this id, its habits included; nil when there is none.
    ///
    /// - Complexity: O(log p + h) for the program's h habits.
    static func program(_ db: Database, id: Int64) throws -> Program? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: ShowcaseQueries.programByID), arguments: [id])
        else { return nil }
        return try program(db, fromPositions: row)
    }

    /// The program with this id, or `notFound`.
    static func requireProgram(_ db: Database, id: Int64) throws -> Program {
        guard let program = try program(db, id: id) else { throw HabitsError.notFound(kind: .program, id: String(id)) }
        return program
    }

    /// The programs a statement selecting `ShowcaseQueries.programColumns` lists, in its order.
    ///
    /// - Complexity: O(n + Σh) for n programs and their habits.
    static func programs(_ db: Database, _ sql: String, arguments: StatementArguments) throws -> [Program] {
        var programs: [Program] = []
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        for row in rows { programs.append(try program(db, fromPositions: row)) }
        return programs
    }

    /// A program from a row of `ShowcaseQueries.programColumns`, read by position, with its habits.
    static func program(_ db: Database, fromPositions row: Row) throws -> Program {
        let id: Int64 = row[0]
        let createdAt: Double = row[9]
        let habitIDs = try Int64.fetchAll(db.cachedStatement(sql: ShowcaseQueries.programHabitIDs), arguments: [id])
        return Program(
            id: id, title: row[1], author: row[2], summary: row[3], categoryID: row[4],
            price: Price(minorUnits: row[5], currency: row[6]), tag: row[7], habitIDs: habitIDs,
            featured: row[8], createdAt: Date(timeIntervalSince1970: createdAt),
            rating: RatingSummary(count: row[10], starTotal: row[11]))
    }

    /// Replaces a program's habits with `habitIDs`, in order; each must exist.
    ///
    /// - Complexity: O(h log n) for h habits.
    static func setHabits(_ db: Database, programID: Int64, _ habitIDs: [Int64]) throws {
        try db.execute(sql: "DELETE FROM program_habits WHERE program_id = ?", arguments: [programID])
        let insert = try db.cachedStatement(
            sql: "INSERT INTO program_habits (program_id, position, habit_id) VALUES (?, ?, ?)")
        for (position, habitID) in habitIDs.enumerated() {
            _ = try SQLiteHabitStore.fetchHabit(db, id: habitID)
            try insert.execute(arguments: [programID, position, habitID])
        }
    }

    /// Moves a program's rating totals by one rating's change: `count` ratings more (−1, 0 or 1) and
    /// `stars` stars more.
    static func moveRating(_ db: Database, programID: Int64, count: Int, stars: Int) throws {
        try db.cachedStatement(sql: ShowcaseQueries.moveRating).execute(arguments: [count, stars, programID])
    }

    // MARK: Questions

    /// The question with this id, its tags included; nil when there is none.
    static func question(_ db: Database, id: Int64) throws -> Question? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: ShowcaseQueries.questionByID), arguments: [id])
        else { return nil }
        return try question(db, fromPositions: row)
    }

    /// The question with this id, or `notFound`.
    static func requireQuestion(_ db: Database, id: Int64) throws -> Question {
        guard let question = try question(db, id: id) else {
            throw HabitsError.notFound(kind: .question, id: String(id))
        }
        return question
    }

    /// A question from a row of `ShowcaseQueries.questionColumns`, read by position, with its tags.
    static func question(_ db: Database, fromPositions row: Row) throws -> Question {
        let id: Int64 = row[0]
        let createdAt: Double = row[4]
        let tagIDs = try Int64.fetchAll(db.cachedStatement(sql: ShowcaseQueries.questionTagIDs), arguments: [id])
        return Question(
            id: id, question: row[1], answer: row[2], tagIDs: tagIDs, authorID: row[3],
            createdAt: Date(timeIntervalSince1970: createdAt))
    }

    /// The questions after id `after`, at most `limit` (−1: all) in id order: every one when `viewerID` is
    /// nil, else the answered ones and the viewer's own; only those under `tagID` when it is given.
    ///
    /// - Complexity: O((k + t) log q) for k questions returned, walking one index; with a tag, the t
    ///   questions under it are walked.
    static func questions(
        _ db: Database, viewerID: Int64?, tagID: Int64?, after: Int64, limit: Int
    ) throws -> [Question] {
        var rows: [Row]
        switch (viewerID, tagID) {
        case (nil, nil):
            rows = try Row.fetchAll(
                db.cachedStatement(sql: ShowcaseQueries.questionsAfter), arguments: [after, limit])
        case (nil, let tagID?):
            rows = try Row.fetchAll(
                db.cachedStatement(sql: ShowcaseQueries.questionsOfTag), arguments: [tagID, after, limit])
        case (let viewerID?, let tagID?):
            rows = try Row.fetchAll(
                db.cachedStatement(sql: ShowcaseQueries.visibleQuestionsOfTag),
                arguments: [tagID, after, viewerID, limit])
        case (let viewerID?, nil):
            // Two index walks, the answered questions and the viewer's unanswered ones, merged by id.
            let answered = try Row.fetchAll(
                db.cachedStatement(sql: ShowcaseQueries.answeredQuestions), arguments: [after, limit])
            let own = try Row.fetchAll(
                db.cachedStatement(sql: ShowcaseQueries.unansweredQuestionsOf), arguments: [viewerID, after, limit])
            rows = (answered + own).sorted { ($0[0] as Int64) < ($1[0] as Int64) }
            if limit >= 0 { rows = Array(rows.prefix(limit)) }
        }
        return try rows.map { try question(db, fromPositions: $0) }
    }

    /// Replaces a question's tags with `tagIDs`; each must exist.
    static func setTags(_ db: Database, questionID: Int64, _ tagIDs: [Int64]) throws {
        try db.execute(sql: "DELETE FROM question_tags WHERE question_id = ?", arguments: [questionID])
        let exists = try db.cachedStatement(sql: "SELECT 1 FROM help_tags WHERE id = ?")
        let insert = try db.cachedStatement(sql: "INSERT INTO question_tags (question_id, tag_id) VALUES (?, ?)")
        for tagID in tagIDs {
            guard try Int.fetchOne(exists, arguments: [tagID]) != nil else {
                throw HabitsError.notFound(kind: .tag, id: String(tagID))
            }
            try insert.execute(arguments: [questionID, tagID])
        }
    }

    // MARK: Recent emoji

    /// A user's recent emoji, most recent first.
    static func recentEmoji(_ db: Database, userID: Int64) throws -> [String] {
        try String.fetchAll(db.cachedStatement(sql: ShowcaseQueries.recentEmoji), arguments: [userID])
    }

    // MARK: Cascades

    /// Removes what a user being deleted left in the showcase tables: memberships, ratings (moving their
    /// programs' totals), the questions they sent and their recent emoji.
    ///
    /// - Complexity: O((m + r + q + e) log n) for the user's m memberships, r ratings, q questions and
    ///   e recent emoji.
    static func removeUser(_ db: Database, id: Int64, changes: ChangeRecorder) throws {
        try db.execute(sql: "DELETE FROM memberships WHERE user_id = ?", arguments: [id])
        if db.changesCount > 0 { changes.programsChanged() }
        let ratings = try Row.fetchAll(
            db, sql: "DELETE FROM ratings WHERE user_id = ? RETURNING program_id, stars", arguments: [id])
        for rating in ratings {
            let stars: Int = rating[1]
            try moveRating(db, programID: rating[0], count: -1, stars: -stars)
            changes.programsChanged()
        }
        let questions = try Int64.fetchAll(
            db, sql: "SELECT id FROM questions WHERE author_id = ?", arguments: [id])
        for question in questions {
            try db.execute(sql: "DELETE FROM question_tags WHERE question_id = ?", arguments: [question])
            try db.execute(sql: "DELETE FROM questions WHERE id = ?", arguments: [question])
            changes.helpChanged()
        }
        try db.execute(sql: "DELETE FROM recent_emoji WHERE user_id = ?", arguments: [id])
        if db.changesCount > 0 { changes.recentEmoji(of: id) }
    }

    /// Takes a habit being deleted out of every program.
    static func removeHabit(_ db: Database, id: Int64, changes: ChangeRecorder) throws {
        try db.execute(sql: "DELETE FROM program_habits WHERE habit_id = ?", arguments: [id])
        if db.changesCount > 0 { changes.programsChanged() }
    }

    /// Refuses to delete a category that programs belong to.
    static func requireNoPrograms(_ db: Database, categoryID: Int64) throws {
        let count =
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM programs WHERE category_id = ?", arguments: [categoryID])
            ?? 0
        if count > 0 { throw StoreRefusal.categoryHasPrograms(count) }
    }

    /// The showcase tables, children first: what a full replacement empties before the tables they point to.
    static let tablesChildrenFirst = [
        "program_images", "program_habits", "memberships", "ratings", "programs",
        "question_tags", "questions", "help_tags", "recent_emoji",
    ]
}
