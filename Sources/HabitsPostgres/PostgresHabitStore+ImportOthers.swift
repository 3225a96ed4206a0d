import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// The parts of an import that name others (follows, programs, ratings) and the account's help questions,
/// written in the import's transaction by the same rules as `setFollowing`, `joinProgram`, `rateProgram` and
/// `createQuestion`.
extension PostgresHabitStore {
    /// Follows the users named by key: a public one at once, a private one by a follow request. A private one
    /// and an unknown key count alike (`followsRequested`), so that an import never tells them apart.
    ///
    /// - Complexity: O(k log u) for k keys among u users: one lookup of the unique key index each.
    static func importFollows(
        _ session: PostgresSession, _ keys: [String], userID: Int64, now: Date, summary: inout ImportSummary,
        changes: ChangeRecorder
    ) async throws {
        var seen = Set<String>()
        for key in keys {
            let normalized = key.precomposedStringWithCanonicalMapping
            guard seen.insert(normalized).inserted else { continue }
            guard let id = try await session.value("SELECT id FROM users WHERE key = \(normalized)", as: Int64.self)
            else {
                summary.followsRequested += 1
                continue
            }
            let followed = try await session.fetchUser(id: id)
            let alreadyFollowed = try await session.value(
                "SELECT 1 FROM follows WHERE follower_id = \(userID) AND followed_id = \(id)", as: Int.self) != nil
            if id == userID || alreadyFollowed {
                continue
            } else if followed.isPrivate {
                // Past the day's bound the request is left out, as an unknown key's is: the import stays whole.
                do {
                    try await insertFollowRequest(session, userID: id, requesterID: userID, at: now)
                } catch let refusal as HabitsError where refusal == StoreRefusal.followRequestLimit {}
                // Counted whether or not a request was already waiting, as an unknown key is.
                summary.followsRequested += 1
            } else if try await insertFollow(session, followerID: userID, followed: followed) {
                summary.followsAdded += 1
            }
        }
        if summary.followsAdded > 0 { changes.follows(of: userID) }
    }

    /// Joins programs; a program newly joined makes its habits favourites, as joining one does.
    ///
    /// - Complexity: O(p (log n + h)) for p programs of h habits each.
    static func importPrograms(
        _ session: PostgresSession, _ programIDs: [Int64], userID: Int64, summary: inout ImportSummary,
        changes: ChangeRecorder
    ) async throws {
        var favoritesAdded = 0
        for id in Set(programIDs).sorted() {
            _ = try await PostgresProgramRows.requireProgram(session, id: id)
            guard try await session.changes(
                """
                INSERT INTO memberships (user_id, program_id) VALUES (\(userID), \(id))
                ON CONFLICT DO NOTHING RETURNING 1
                """) > 0
            else { continue }
            summary.programsJoined += 1
            favoritesAdded += try await session.changes(
                """
                INSERT INTO favorites (user_id, habit_id)
                SELECT \(userID), habit_id FROM program_habits WHERE program_id = \(id)
                ON CONFLICT DO NOTHING RETURNING 1
                """)
        }
        summary.favoritesAdded += favoritesAdded
        if summary.programsJoined > 0 { changes.programsChanged() }
        if favoritesAdded > 0 { changes.favorites(of: userID) }
    }

    /// Sets ratings, keeping each program's totals in the same transaction; an equal rating is not rewritten.
    /// The programs' rows are locked in id order, as `rateProgram` locks one, so that totals stay exact and
    /// two imports never wait for each other in a circle.
    ///
    /// - Complexity: O(r log n) for r ratings.
    static func importRatings(
        _ session: PostgresSession, _ ratings: [ImportedRating], userID: Int64, summary: inout ImportSummary,
        changes: ChangeRecorder
    ) async throws {
        for rating in try ImportRule.ratings(ratings) {
            let (programID, stars) = (rating.programID, rating.stars)
            try await session.execute("SELECT 1 FROM programs WHERE id = \(programID) FOR UPDATE")
            _ = try await PostgresProgramRows.requireProgram(session, id: programID)
            let earlier = try await session.value(
                "SELECT stars FROM ratings WHERE user_id = \(userID) AND program_id = \(programID)", as: Int.self)
            guard let move = ImportRule.ratingMove(earlier: earlier, stars: stars) else { continue }
            try await session.execute(
                """
                INSERT INTO ratings (user_id, program_id, stars) VALUES (\(userID), \(programID), \(stars))
                ON CONFLICT (user_id, program_id) DO UPDATE SET stars = EXCLUDED.stars
                """)
            try await PostgresProgramRows.moveRating(
                session, programID: programID, raterID: userID, count: move.count, stars: move.stars)
            summary.ratingsSet += 1
        }
        if summary.ratingsSet > 0 { changes.programsChanged() }
    }

    /// Asks the questions the account has not asked in the same words, unanswered, at their own times.
    ///
    /// - Complexity: O(a + q) for the a questions the account asked and q imported: one walk of
    ///   `questions_author`, then a hashed lookup each.
    static func importQuestions(
        _ session: PostgresSession, _ questions: [ImportedQuestion], userID: Int64, summary: inout ImportSummary,
        changes: ChangeRecorder
    ) async throws {
        guard !questions.isEmpty else { return }
        let asked = try await session.values(
            "SELECT question FROM questions WHERE author_id = \(userID)", as: String.self)
        var newQuestions = ImportRule.NewQuestions(asked: asked)
        for question in questions {
            guard let text = try newQuestions.offer(question) else {
                summary.questionsAlreadyThere += 1
                continue
            }
            try await session.execute(
                """
                INSERT INTO questions (question, answer, author_id, created_at)
                VALUES (\(text), NULL, \(userID), \(question.askedAt.timeIntervalSince1970))
                """)
            summary.questionsAdded += 1
        }
        if summary.questionsAdded > 0 { changes.helpChanged() }
    }
}
