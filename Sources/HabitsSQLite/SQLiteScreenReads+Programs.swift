import GRDB
import HabitsDomain
import HabitsStore

// Discover's reads: the featured program, a category's programs, a user's memberships and ratings.
extension SQLiteScreenReads {
    /// - Complexity: O(log p + h): the first entry of `programs_featured_newest`, and its h habits.
    func featuredProgram() throws -> Program? {
        try ProgramRows.programs(db, ProgramQueries.featuredProgram, arguments: []).first
    }

    /// - Complexity: O(k log p + Σh) for the k programs returned: one walk of `programs_category_newest`.
    func programs(categoryID: Int64, limit: Int) throws -> [Program] {
        try ProgramRows.programs(db, ProgramQueries.programsOfCategory, arguments: [categoryID, max(limit, 0)])
    }

    /// - Complexity: O(m) for the user's m memberships.
    func joinedProgramIDs(userID: Int64) throws -> Set<Int64> {
        Set(try Int64.fetchAll(db.cachedStatement(sql: ProgramQueries.joinedProgramIDs), arguments: [userID]))
    }

    /// - Complexity: O(r) for the user's r ratings.
    func programRatings(userID: Int64) throws -> [Int64: Int] {
        var ratings: [Int64: Int] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: ProgramQueries.ratingsOfUser), arguments: [userID])
        while let row = try rows.next() { ratings[row[0]] = row[1] }
        return ratings
    }
}

/// The SQL of the program reads, where the query plan tests can read it.
package enum ProgramQueries {
    /// The `programs` columns `ProgramRows.program(_:fromPositions:)` reads, in order.
    static func programColumns(_ table: String = "") -> String {
        [
            "id", "title", "author", "summary", "category_id", "price_minor", "currency", "tag", "featured",
            "created_at", "rating_count", "star_total",
        ].map { table + $0 }.joined(separator: ", ")
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
    /// Moves a program's totals when the rater is public: a private account's ratings count nowhere.
    package static let moveRating = """
        UPDATE programs SET rating_count = rating_count + ?, star_total = star_total + ?
        WHERE id = ? AND EXISTS (SELECT 1 FROM users WHERE id = ? AND visibility = 'public')
        """
    /// Moves every program a user rated by `sign` (±1) times that rating: the user became public or private.
    package static let moveRatingsOfUser = """
        UPDATE programs SET rating_count = rating_count + ?1,
            star_total = star_total + ?1 * (SELECT stars FROM ratings WHERE user_id = ?2 AND program_id = programs.id)
        WHERE id IN (SELECT program_id FROM ratings WHERE user_id = ?2)
        """
}
