import GRDB
import HabitsDomain
import HabitsStore

// The showcase screens' reads: Discover's programs, Help's tags and questions, the picker's recent emoji.
extension SQLiteScreenReads {
    /// - Complexity: O(log p + h): the first entry of `programs_featured_newest`, and its h habits.
    func featuredProgram() throws -> Program? {
        try ShowcaseRows.programs(db, ShowcaseQueries.featuredProgram, arguments: []).first
    }

    /// - Complexity: O(k log p + Σh) for the k programs returned: one walk of `programs_category_newest`.
    func programs(categoryID: Int64, limit: Int) throws -> [Program] {
        try ShowcaseRows.programs(db, ShowcaseQueries.programsOfCategory, arguments: [categoryID, max(limit, 0)])
    }

    /// - Complexity: O(m) for the user's m memberships.
    func joinedProgramIDs(userID: Int64) throws -> Set<Int64> {
        Set(try Int64.fetchAll(db.cachedStatement(sql: ShowcaseQueries.joinedProgramIDs), arguments: [userID]))
    }

    /// - Complexity: O(r) for the user's r ratings.
    func programRatings(userID: Int64) throws -> [Int64: Int] {
        var ratings: [Int64: Int] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: ShowcaseQueries.ratingsOfUser), arguments: [userID])
        while let row = try rows.next() { ratings[row[0]] = row[1] }
        return ratings
    }

    /// - Complexity: O(t) for t tags, walked in index order.
    func helpTags() throws -> [HelpTag] {
        try Row.fetchAll(db.cachedStatement(sql: ShowcaseQueries.helpTagsByName))
            .map { HelpTag(id: $0[0], name: $0[1]) }
    }

    /// - Complexity: O(k log q) for the k questions returned (and the t under `tagID` when given).
    func questions(viewerID: Int64, tagID: Int64?) throws -> [Question] {
        try ShowcaseRows.questions(db, viewerID: viewerID, tagID: tagID, after: 0, limit: -1)
    }

    /// - Complexity: O(e) for the user's e ≤ `RecentEmoji.limit` emoji.
    func recentEmoji(userID: Int64) throws -> [String] {
        try ShowcaseRows.recentEmoji(db, userID: userID)
    }
}

/// The SQL of the showcase reads, where the query plan tests can read it.
package enum ShowcaseQueries {
    /// The `programs` columns `ShowcaseRows.program(_:fromPositions:)` reads, in order.
    static func programColumns(_ table: String = "") -> String {
        [
            "id", "title", "author", "summary", "category_id", "price_minor", "currency", "tag", "featured",
            "created_at", "rating_count", "star_total",
        ].map { table + $0 }.joined(separator: ", ")
    }

    /// The `questions` columns `ShowcaseRows.question(_:fromPositions:)` reads, in order.
    static func questionColumns(_ table: String = "") -> String {
        ["id", "question", "answer", "author_id", "created_at"].map { table + $0 }.joined(separator: ", ")
    }

    package static let programByID = "SELECT \(programColumns()) FROM programs WHERE id = ?"
    package static let programHabitIDs = "SELECT habit_id FROM program_habits WHERE program_id = ? ORDER BY position"
    /// Walks `programs_featured_newest`, a partial index of the featured programs, and stops at the first.
    package static let featuredProgram = """
        SELECT \(programColumns()) FROM programs WHERE featured = 1 ORDER BY created_at DESC, id DESC LIMIT 1
        """
    /// Walks `programs_category_newest` from the category's newest program.
    package static let programsOfCategory = """
        SELECT \(programColumns()) FROM programs WHERE category_id = ? ORDER BY created_at DESC, id DESC LIMIT ?
        """
    package static let programsAfter = "SELECT \(programColumns()) FROM programs WHERE id > ? ORDER BY id LIMIT ?"
    package static let joinedPrograms = """
        SELECT \(programColumns("p.")) FROM memberships m CROSS JOIN programs p ON p.id = m.program_id
        WHERE m.user_id = ? AND m.program_id > ? ORDER BY m.program_id LIMIT ?
        """
    package static let joinedProgramIDs = "SELECT program_id FROM memberships WHERE user_id = ?"
    package static let ratingsOfUser = "SELECT program_id, stars FROM ratings WHERE user_id = ?"
    package static let moveRating = """
        UPDATE programs SET rating_count = rating_count + ?, star_total = star_total + ? WHERE id = ?
        """

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

    package static let recentEmoji = "SELECT emoji FROM recent_emoji WHERE user_id = ? ORDER BY position"
}
