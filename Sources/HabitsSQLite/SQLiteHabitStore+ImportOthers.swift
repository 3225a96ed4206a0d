import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The parts of an import that name others (follows, programs, ratings) and the account's help questions,
/// written in the import's transaction by the same rules as `setFollowing`, `joinProgram`, `rateProgram` and
/// `createQuestion`.
extension SQLiteHabitStore {
    /// Follows the users named by key: a public one at once, a private one by a follow request (within the
    /// day's bound, `FollowRule`). A private one and an unknown key count alike (`followsRequested`), so that
    /// an import never tells them apart.
    ///
    /// - Complexity: O(k log u) for k keys among u users: one lookup of the unique key index each.
    static func importFollows(
        _ db: Database, _ keys: [String], userID: Int64, now: Date, summary: inout ImportSummary,
        changes: ChangeRecorder
    ) throws {
        let find = try db.cachedStatement(sql: "SELECT * FROM users WHERE key = ?")
        let follows = try db.cachedStatement(
            sql: "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followed_id = ?)")
        var seen = Set<String>()
        for key in keys where seen.insert(key.precomposedStringWithCanonicalMapping).inserted {
            guard let row = try Row.fetchOne(find, arguments: [key.precomposedStringWithCanonicalMapping]) else {
                summary.followsRequested += 1
                continue
            }
            let followed = StoredRow.userResource(from: row)
            let alreadyFollowed = try Bool.fetchOne(follows, arguments: [userID, followed.id]) == true
            if followed.id == userID || alreadyFollowed {
                continue
            } else if followed.isPrivate {
                // Past the day's bound the request is left out, as an unknown key's is: the import stays whole.
                do {
                    try insertFollowRequest(db, userID: followed.id, requesterID: userID, at: now)
                } catch let refusal as HabitsError where refusal == StoreRefusal.followRequestLimit {}
                // Counted whether or not a request was already waiting, as an unknown key is.
                summary.followsRequested += 1
            } else {
                try insertFollow(db, followerID: userID, followed: followed)
                summary.followsAdded += db.changesCount
            }
        }
        if summary.followsAdded > 0 { changes.follows(of: userID) }
    }

    /// Joins programs; a program newly joined makes its habits favourites, as joining one does.
    ///
    /// - Complexity: O(p (log n + h)) for p programs of h habits each.
    static func importPrograms(
        _ db: Database, _ programIDs: [Int64], userID: Int64, summary: inout ImportSummary, changes: ChangeRecorder
    ) throws {
        let join = try db.cachedStatement(sql: "INSERT OR IGNORE INTO memberships (user_id, program_id) VALUES (?, ?)")
        let favorites = try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO favorites (user_id, habit_id)
                SELECT ?, habit_id FROM program_habits WHERE program_id = ?
                """)
        var favoritesAdded = 0
        for id in Set(programIDs).sorted() {
            _ = try ProgramRows.requireProgram(db, id: id)
            try join.execute(arguments: [userID, id])
            guard db.changesCount > 0 else { continue }
            summary.programsJoined += 1
            try favorites.execute(arguments: [userID, id])
            favoritesAdded += db.changesCount
        }
        summary.favoritesAdded += favoritesAdded
        if summary.programsJoined > 0 { changes.programsChanged() }
        if favoritesAdded > 0 { changes.favorites(of: userID) }
    }

    /// Sets ratings, keeping each program's totals in the same transaction; an equal rating is not rewritten.
    ///
    /// - Complexity: O(r log n) for r ratings.
    static func importRatings(
        _ db: Database, _ ratings: [ImportedRating], userID: Int64, summary: inout ImportSummary,
        changes: ChangeRecorder
    ) throws {
        let earlierStars = try db.cachedStatement(sql: "SELECT stars FROM ratings WHERE user_id = ? AND program_id = ?")
        let rate = try db.cachedStatement(
            sql: """
                INSERT INTO ratings (user_id, program_id, stars) VALUES (?, ?, ?)
                ON CONFLICT (user_id, program_id) DO UPDATE SET stars = excluded.stars
                """)
        for rating in try ImportRule.ratings(ratings) {
            _ = try ProgramRows.requireProgram(db, id: rating.programID)
            let earlier = try Int.fetchOne(earlierStars, arguments: [userID, rating.programID])
            guard let move = ImportRule.ratingMove(earlier: earlier, stars: rating.stars) else { continue }
            try rate.execute(arguments: [userID, rating.programID, rating.stars])
            try ProgramRows.moveRating(
                db, programID: rating.programID, raterID: userID, count: move.count, stars: move.stars)
            summary.ratingsSet += 1
        }
        if summary.ratingsSet > 0 { changes.programsChanged() }
    }

    /// Asks the questions the account has not asked in the same words, unanswered, at their own times.
    ///
    /// - Complexity: O(a + q) for the a questions the account asked and q imported: one walk of
    ///   `questions_author`, then a hashed lookup each.
    static func importQuestions(
        _ db: Database, _ questions: [ImportedQuestion], userID: Int64, summary: inout ImportSummary,
        changes: ChangeRecorder
    ) throws {
        guard !questions.isEmpty else { return }
        let asked = try String.fetchAll(
            db, sql: "SELECT question FROM questions WHERE author_id = ?", arguments: [userID])
        var newQuestions = ImportRule.NewQuestions(asked: asked)
        let insert = try db.cachedStatement(
            sql: "INSERT INTO questions (question, answer, author_id, created_at) VALUES (?, NULL, ?, ?)")
        for question in questions {
            guard let text = try newQuestions.offer(question) else {
                summary.questionsAlreadyThere += 1
                continue
            }
            try insert.execute(arguments: [text, userID, question.askedAt.timeIntervalSince1970])
            summary.questionsAdded += 1
        }
        if summary.questionsAdded > 0 { changes.helpChanged() }
    }
}
