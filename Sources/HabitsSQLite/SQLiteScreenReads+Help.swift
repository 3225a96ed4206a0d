import GRDB
import HabitsDomain
import HabitsStore

// Help's reads: the tags by name and the questions a viewer may see.
extension SQLiteScreenReads {
    /// - Complexity: O(t) for t tags, walked in index order.
    func helpTags() throws -> [HelpTag] {
        try Row.fetchAll(db.cachedStatement(sql: HelpQueries.helpTagsByName))
            .map { HelpTag(id: $0[0], name: $0[1]) }
    }

    /// - Complexity: O(k log q) for the k questions returned (and the t under `tagID` when given).
    func questions(viewerID: Int64, tagID: Int64?) throws -> [Question] {
        try QuestionRows.questions(db, viewerID: viewerID, tagID: tagID, after: 0, limit: -1)
    }
}

/// The SQL of the help reads, where the query plan tests can read it.
package enum HelpQueries {
    /// The `questions` columns `QuestionRows.question(_:fromPositions:)` reads, in order.
    static func questionColumns(_ table: String = "") -> String {
        ["id", "question", "answer", "author_id", "created_at"].map { table + $0 }.joined(separator: ", ")
    }

    /// Walks `help_tags_name`.
    package static let helpTagsByName = "SELECT id, name FROM help_tags ORDER BY name, id"
    package static let helpTagsAfter = "SELECT id, name FROM help_tags WHERE id > ? ORDER BY id LIMIT ?"

    package static let questionByID = "SELECT \(questionColumns()) FROM questions WHERE id = ?"
    package static let questionTagIDs = "SELECT tag_id FROM question_tags WHERE question_id = ? ORDER BY tag_id"
    package static let questionsAfter = """
        SELECT \(questionColumns()) FROM questions WHERE id > ? ORDER BY id LIMIT ?
        """
    /// Walks `questions_answered`, a partial index of the answered questions.
    package static let answeredQuestions = """
        SELECT \(questionColumns()) FROM questions INDEXED BY questions_answered
        WHERE answer IS NOT NULL AND id > ? ORDER BY id LIMIT ?
        """
    /// Walks `questions_author` over one author's questions.
    package static let unansweredQuestionsOf = """
        SELECT \(questionColumns()) FROM questions WHERE author_id = ? AND answer IS NULL AND id > ? ORDER BY id LIMIT ?
        """
    /// Walks `question_tags_tag` over one tag's questions.
    package static let questionsOfTag = """
        SELECT \(questionColumns("q.")) FROM question_tags t CROSS JOIN questions q ON q.id = t.question_id
        WHERE t.tag_id = ? AND t.question_id > ? ORDER BY t.question_id LIMIT ?
        """
    /// Walks `question_tags_tag` over one tag's questions, keeping what the viewer may see.
    package static let visibleQuestionsOfTag = """
        SELECT \(questionColumns("q.")) FROM question_tags t CROSS JOIN questions q ON q.id = t.question_id
        WHERE t.tag_id = ? AND t.question_id > ? AND (q.answer IS NOT NULL OR q.author_id = ?)
        ORDER BY t.question_id LIMIT ?
        """
}
