import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// `/v1` help tags and questions in SQLite. Tag and question writes report `help`.
extension SQLiteHabitStore {
    // MARK: Help tags

    public func createHelpTag(_ tag: HelpTag) async throws -> HelpTag {
        try await writeBumping { db, changes in
            changes.helpChanged()
            try Self.requireFreeName(db, table: "help_tags", kind: "help tag", tag.name, except: 0)
            try db.execute(
                sql: "INSERT INTO help_tags (name, name_folded) VALUES (?, ?)",
                arguments: [tag.name, ResourceRules.foldedName(tag.name)])
            return HelpTag(id: db.lastInsertedRowID, name: tag.name)
        }
    }

    public func helpTags(page: PageRequest) async throws -> Page<HelpTag> {
        try await writer.read { db in
            let tags = try Row.fetchAll(
                db.cachedStatement(sql: HelpQueries.helpTagsAfter),
                arguments: [page.after?.id ?? 0, page.limit + 1]
            ).map { HelpTag(id: $0[0], name: $0[1]) }
            return page.page(of: tags) { PageCursor(id: $0.id) }
        }
    }

    public func updateHelpTag(
        id: Int64, _ change: @escaping @Sendable (HelpTag) throws -> HelpTag
    ) async throws -> HelpTag {
        try await writeBumping { db, changes in
            changes.helpChanged()
            var updated = try change(try Self.fetchHelpTag(db, id: id))
            updated.id = id
            try Self.requireFreeName(db, table: "help_tags", kind: "help tag", updated.name, except: id)
            try db.execute(
                sql: "UPDATE help_tags SET name = ?, name_folded = ? WHERE id = ?",
                arguments: [updated.name, ResourceRules.foldedName(updated.name), id])
            return updated
        }
    }

    /// - Complexity: O(q log n) for the q questions under the tag.
    public func deleteHelpTag(id: Int64) async throws {
        try await writeBumping { db, changes in
            changes.helpChanged()
            _ = try Self.fetchHelpTag(db, id: id)
            try db.execute(sql: "DELETE FROM question_tags WHERE tag_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM help_tags WHERE id = ?", arguments: [id])
        }
    }

    // MARK: Questions

    public func createQuestion(_ question: Question) async throws -> Question {
        try await writeBumping { db, changes in
            changes.helpChanged()
            if let authorID = question.authorID { _ = try Self.fetchUser(db, id: authorID) }
            try db.execute(
                sql: "INSERT INTO questions (question, answer, author_id, created_at) VALUES (?, ?, ?, ?)",
                arguments: [
                    question.question, question.answer, question.authorID, question.createdAt.timeIntervalSince1970,
                ])
            let id = db.lastInsertedRowID
            try QuestionRows.setTags(db, questionID: id, question.tagIDs)
            return try QuestionRows.requireQuestion(db, id: id)
        }
    }

    public func question(id: Int64) async throws -> Question {
        try await writer.read { db in try QuestionRows.requireQuestion(db, id: id) }
    }

    /// - Complexity: O(k log q) for the k questions of the page (see `QuestionRows.questions`).
    public func questions(viewerID: Int64?, tagID: Int64?, page: PageRequest) async throws -> Page<Question> {
        try await writer.read { db in
            if let viewerID { _ = try Self.fetchUser(db, id: viewerID) }
            if let tagID { _ = try Self.fetchHelpTag(db, id: tagID) }
            let questions = try QuestionRows.questions(
                db, viewerID: viewerID, tagID: tagID, after: page.after?.id ?? 0, limit: page.limit + 1)
            return page.page(of: questions) { PageCursor(id: $0.id) }
        }
    }

    public func updateQuestion(
        id: Int64, _ change: @escaping @Sendable (Question) throws -> Question
    ) async throws -> Question {
        try await writeBumping { db, changes in
            changes.helpChanged()
            let current = try QuestionRows.requireQuestion(db, id: id)
            let updated = try change(current)
            try db.execute(
                sql: "UPDATE questions SET question = ?, answer = ? WHERE id = ?",
                arguments: [updated.question, updated.answer, id])
            if updated.tagIDs != current.tagIDs { try QuestionRows.setTags(db, questionID: id, updated.tagIDs) }
            return try QuestionRows.requireQuestion(db, id: id)
        }
    }

    public func deleteQuestion(id: Int64) async throws {
        try await writeBumping { db, changes in
            changes.helpChanged()
            _ = try QuestionRows.requireQuestion(db, id: id)
            try db.execute(sql: "DELETE FROM question_tags WHERE question_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM questions WHERE id = ?", arguments: [id])
        }
    }

    // MARK: Rows

    static func fetchHelpTag(_ db: Database, id: Int64) throws -> HelpTag {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, name FROM help_tags WHERE id = ?", arguments: [id]) else {
            throw HabitsError.notFound(kind: .tag, id: String(id))
        }
        return HelpTag(id: row[0], name: row[1])
    }
}
