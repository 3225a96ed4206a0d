import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Reads and cascades of the help tables (help tags, questions and their tags) shared by the `/v1` store
/// and the screen source, each through a cached statement and an index (`HelpQueries` holds the SQL).
enum QuestionRows {
    /// The question with this id, its tags included; nil when there is none.
    static func question(_ db: Database, id: Int64) throws -> Question? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: HelpQueries.questionByID), arguments: [id])
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

    /// A question from a row of `HelpQueries.questionColumns`, read by position, with its tags.
    static func question(_ db: Database, fromPositions row: Row) throws -> Question {
        let id: Int64 = row[0]
        let createdAt: Double = row[4]
        let tagIDs = try Int64.fetchAll(db.cachedStatement(sql: HelpQueries.questionTagIDs), arguments: [id])
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
                db.cachedStatement(sql: HelpQueries.questionsAfter), arguments: [after, limit])
        case (nil, let tagID?):
            rows = try Row.fetchAll(
                db.cachedStatement(sql: HelpQueries.questionsOfTag), arguments: [tagID, after, limit])
        case (let viewerID?, let tagID?):
            rows = try Row.fetchAll(
                db.cachedStatement(sql: HelpQueries.visibleQuestionsOfTag),
                arguments: [tagID, after, viewerID, limit])
        case (let viewerID?, nil):
            // Two index walks, the answered questions and the viewer's unanswered ones, merged by id.
            let answered = try Row.fetchAll(
                db.cachedStatement(sql: HelpQueries.answeredQuestions), arguments: [after, limit])
            let own = try Row.fetchAll(
                db.cachedStatement(sql: HelpQueries.unansweredQuestionsOf), arguments: [viewerID, after, limit])
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

    /// Removes the questions a user being deleted sent, with their tags.
    ///
    /// - Complexity: O(q log n) for the user's q questions.
    static func removeUser(_ db: Database, id: Int64, changes: ChangeRecorder) throws {
        let questions = try Int64.fetchAll(
            db, sql: "SELECT id FROM questions WHERE author_id = ?", arguments: [id])
        for question in questions {
            try db.execute(sql: "DELETE FROM question_tags WHERE question_id = ?", arguments: [question])
            try db.execute(sql: "DELETE FROM questions WHERE id = ?", arguments: [question])
            changes.helpChanged()
        }
    }
}
