import Foundation
import GRDB
import HabitsDomain
import HabitsTestSupport
import Testing

@testable import HabitsSQLite
import HabitsStore

// The tables of programs, help and recent emoji in SQLite's own terms: rows that cascades must not leave
// behind (no read of the protocol reaches an orphan row, so the contract tests cannot see one), the v8
// migration, and query plans. The rules every store keeps are in HabitsStoreContractTests.

/// A program of the fixture's Health category (row id 1) with `habitIDs`.
func fixtureProgram(_ title: String = "Couch to 5K", habitIDs: [Int64] = []) -> Program {
    Program(
        id: 0, title: title, author: "Ada", summary: "Run three times a week.", categoryID: 1,
        price: Price(minorUnits: 1999, currency: "USD"), tag: nil, habitIDs: habitIDs, featured: false,
        createdAt: Fixture.now)
}

@Suite(.timeLimit(.minutes(10))) struct ProgramHelpEmojiTableTests {
    /// Users 1…5, habits 1…4 (Run, Read, Deep breathing, Swim), category 1.
    static func store() async throws -> SQLiteHabitStore {
        try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
    }

    @Test func deletesLeaveNoRowsBehind() async throws {
        let store = try await Self.store()
        let program = try await store.createProgram(fixtureProgram(habitIDs: [1, 2, 3]))
        let other = try await store.createProgram(fixtureProgram("Read more", habitIDs: [2]))
        try await store.joinProgram(userID: 2, programID: program.id)
        try await store.joinProgram(userID: 3, programID: program.id)
        _ = try await store.rateProgram(userID: 2, programID: program.id, stars: 5)
        _ = try await store.rateProgram(userID: 3, programID: program.id, stars: 2)
        _ = try await store.rateProgram(userID: 2, programID: other.id, stars: 4)
        let tag = try await store.createHelpTag(HelpTag(id: 0, name: "Account"))
        _ = try await store.createQuestion(
            Question(id: 0, question: "Delete me?", answer: nil, tagIDs: [tag.id], authorID: 2,
                             createdAt: Fixture.now))
        _ = try await store.pickEmoji(userID: 2, habitID: 4, emoji: "🏊")

        try await store.deleteUser(id: 2, cascade: true)
        let counts = try await store.v8RowCounts()
        #expect(counts["memberships"] == 1 && counts["ratings"] == 1 && counts["recent_emoji"] == 0)
        #expect(counts["question_tags"] == 0, "the deleted author's question took its tags along")
        try await store.deleteHabit(id: 2, cascade: true)
        #expect(try await store.v8RowCounts()["program_habits"] == 2)
        try await store.deleteProgram(id: program.id)
        let after = try await store.v8RowCounts()
        #expect(after["memberships"] == 0 && after["ratings"] == 0 && after["program_habits"] == 0)
    }

    @Test func replacingEverythingEmptiesTheProgramHelpAndEmojiTables() async throws {
        let store = try await Self.store()
        let program = try await store.createProgram(fixtureProgram(habitIDs: [1]))
        try await store.joinProgram(userID: 2, programID: program.id)
        _ = try await store.rateProgram(userID: 2, programID: program.id, stars: 3)
        try await store.setProgramPicture(
            StoredImage(contentType: "image/png", bytes: Data([1])), programID: program.id)
        let tag = try await store.createHelpTag(HelpTag(id: 0, name: "Sync"))
        _ = try await store.createQuestion(
            Question(id: 0, question: "Q", answer: nil, tagIDs: [tag.id], authorID: 2, createdAt: Fixture.now))
        _ = try await store.pickEmoji(userID: 2, habitID: 1, emoji: "🏃")
        try await store.replaceAll(with: Fixture.content(withImage: false))
        #expect(try await store.v8RowCounts().values.allSatisfy { $0 == 0 })
    }

    @Test func migratingToV8KeepsAV7DatabaseAndAddsTheProgramHelpAndEmojiTables() async throws {
        let database = try TemporaryDatabase()
        try SQLiteHabitStore.createDatabase(
            path: database.path, migratedUpTo: "v7: a tree of count levels per habit, for ranks in a few reads",
            then: """
                INSERT INTO categories (id, name, name_folded, hue, saturation, brightness)
                VALUES (1, 'Health', 'health', 0.2, 0.5, 0.8);
                INSERT INTO users (id, key, name) VALUES (1, 'a', 'A');
                INSERT INTO habits (id, name, name_folded, category_id, info) VALUES (1, 'Run', 'run', 1, '');
                INSERT INTO favorites (user_id, habit_id) VALUES (1, 1);
                """)
        let store = try SQLiteHabitStore(path: database.path)
        #expect(try await store.user(id: 1).key == "a")
        let program = try await store.createProgram(fixtureProgram(habitIDs: [1]))
        _ = try await store.rateProgram(userID: 1, programID: program.id, stars: 4)
        #expect(try await store.program(id: program.id).rating.average == 4)
        _ = try await store.pickEmoji(userID: 1, habitID: 1, emoji: "🏃")
        #expect(try await store.recentEmoji(userID: 1) == ["🏃"])
        try store.close()
    }
}

extension SQLiteHabitStore {
    /// How many rows each table of v8 holds, for cascade checks.
    func v8RowCounts() async throws -> [String: Int] {
        try await writer.read { db in
            var counts: [String: Int] = [:]
            for table in ProgramHelpEmojiSchema.tablesChildrenFirst {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }
}

@Suite struct ProgramHelpEmojiQueryPlanTests {
    /// Every read of Discover, Help and the emoji picker, and of the `/v1` listings, searches an index: no
    /// scan, no sort.
    @Test func programHelpAndEmojiReadsSearchIndexes() async throws {
        let store = try await SQLiteHabitStore.temporary()
        for query in [
            ProgramQueries.programByID, ProgramQueries.programHabitIDs,
            ProgramQueries.programsOfCategory, ProgramQueries.programsAfter, ProgramQueries.joinedPrograms,
            ProgramQueries.joinedProgramIDs, ProgramQueries.ratingsOfUser, ProgramQueries.moveRating,
            ProgramQueries.moveRatingsOfUser,
            HelpQueries.helpTagsAfter, HelpQueries.questionByID, HelpQueries.questionTagIDs,
            HelpQueries.questionsAfter, HelpQueries.answeredQuestions, HelpQueries.unansweredQuestionsOf,
            HelpQueries.questionsOfTag, HelpQueries.visibleQuestionsOfTag, EmojiQueries.recentEmoji,
        ] {
            let plan = try await store.queryPlan(query)
            // A subquery's heading ("SCALAR SUBQUERY 1") is not an access; every access is a search.
            let lines = plan.split(separator: "\n").filter { !$0.contains("SUBQUERY") }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("SEARCH ") }, "\(query):\n\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(query):\n\(plan)")
        }
        // The banner reads the first entry of a partial index that holds only the featured programs.
        let featured = try await store.queryPlan(ProgramQueries.featuredProgram)
        #expect(featured == "SCAN programs USING INDEX programs_featured_newest", "\(featured)")
        #expect(try await store.queryPlan(ProgramQueries.programsOfCategory).contains("programs_category_newest"))
        #expect(try await store.queryPlan(HelpQueries.answeredQuestions).contains("questions_answered"))
        #expect(try await store.queryPlan(HelpQueries.questionsOfTag).contains("question_tags_tag"))
        let tagsPlan = try await store.queryPlan(HelpQueries.helpTagsByName)
        #expect(
            tagsPlan.hasPrefix("SCAN help_tags USING ") && tagsPlan.hasSuffix("INDEX help_tags_name"), "\(tagsPlan)")
    }

    /// What cascades run: searches by key, never a scan.
    @Test func cascadesSearchIndexes() async throws {
        let store = try await SQLiteHabitStore.temporary()
        for query in [
            "DELETE FROM memberships WHERE user_id = ?", "DELETE FROM memberships WHERE program_id = ?",
            "DELETE FROM ratings WHERE user_id = ? RETURNING program_id, stars",
            "DELETE FROM ratings WHERE program_id = ?", "SELECT id FROM questions WHERE author_id = ?",
            "DELETE FROM question_tags WHERE question_id = ?", "DELETE FROM question_tags WHERE tag_id = ?",
            "DELETE FROM recent_emoji WHERE user_id = ?", "DELETE FROM program_habits WHERE habit_id = ?",
            "DELETE FROM program_habits WHERE program_id = ?", "SELECT COUNT(*) FROM programs WHERE category_id = ?",
        ] {
            let plan = try await store.queryPlan(query)
            // A subquery's heading ("SCALAR SUBQUERY 1") is not an access; every access is a search.
            let lines = plan.split(separator: "\n").filter { !$0.contains("SUBQUERY") }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("SEARCH ") }, "\(query):\n\(plan)")
        }
    }
}
