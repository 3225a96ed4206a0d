import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// `/v1` help tags and questions. Tag and question writes report `help`.
extension PostgresHabitStore {
    public func createHelpTag(_ tag: HelpTag) async throws -> HelpTag {
        try await writeBumping { session, changes in
            changes.helpChanged()
            try await Self.requireFreeName(session, table: "help_tags", kind: "help tag", tag.name, except: 0)
            let id = try await session.value(
                """
                INSERT INTO help_tags (name, name_folded) VALUES (\(tag.name), \(ResourceRules.foldedName(tag.name)))
                RETURNING id
                """, as: Int64.self) ?? 0
            return HelpTag(id: id, name: tag.name)
        }
    }

    public func helpTags(page: PageRequest) async throws -> Page<HelpTag> {
        try await readStatements { session in
            let tags = try await session.rows(
                """
                SELECT id, name FROM help_tags WHERE id > \(page.after?.id ?? 0) ORDER BY id LIMIT \(page.limit + 1)
                """
            ).map { row in
                let (id, name) = try row.decode((Int64, String).self)
                return HelpTag(id: id, name: name)
            }
            return page.page(of: tags) { PageCursor(id: $0.id) }
        }
    }

    public func updateHelpTag(
        id: Int64, _ change: @escaping @Sendable (HelpTag) throws -> HelpTag
    ) async throws -> HelpTag {
        try await writeBumping { session, changes in
            changes.helpChanged()
            var updated = try change(try await session.fetchHelpTag(id: id))
            updated.id = id
            try await Self.requireFreeName(session, table: "help_tags", kind: "help tag", updated.name, except: id)
            try await session.execute(
                """
                UPDATE help_tags SET name = \(updated.name), name_folded = \(ResourceRules.foldedName(updated.name))
                WHERE id = \(id)
                """)
            return updated
        }
    }

    public func deleteHelpTag(id: Int64) async throws {
        try await writeBumping { session, changes in
            changes.helpChanged()
            _ = try await session.fetchHelpTag(id: id)
            try await session.execute("DELETE FROM question_tags WHERE tag_id = \(id)")
            try await session.execute("DELETE FROM help_tags WHERE id = \(id)")
        }
    }

    public func createQuestion(_ question: Question) async throws -> Question {
        try await writeBumping { session, changes in
            changes.helpChanged()
            if let authorID = question.authorID { _ = try await session.fetchUser(id: authorID) }
            let id = try await session.value(
                """
                INSERT INTO questions (question, answer, author_id, created_at)
                VALUES (\(question.question), \(question.answer), \(question.authorID),
                    \(question.createdAt.timeIntervalSince1970))
                RETURNING id
                """, as: Int64.self) ?? 0
            try await PostgresQuestionRows.setTags(session, questionID: id, question.tagIDs)
            return try await PostgresQuestionRows.requireQuestion(session, id: id)
        }
    }

    public func question(id: Int64) async throws -> Question {
        try await readStatements { session in try await PostgresQuestionRows.requireQuestion(session, id: id) }
    }

    public func questions(viewerID: Int64?, tagID: Int64?, page: PageRequest) async throws -> Page<Question> {
        try await read { session in
            if let viewerID { _ = try await session.fetchUser(id: viewerID) }
            if let tagID { _ = try await session.fetchHelpTag(id: tagID) }
            let questions = try await PostgresQuestionRows.questions(
                session, viewerID: viewerID, tagID: tagID, after: page.after?.id ?? 0, limit: page.limit + 1)
            return page.page(of: questions) { PageCursor(id: $0.id) }
        }
    }

    public func updateQuestion(
        id: Int64, _ change: @escaping @Sendable (Question) throws -> Question
    ) async throws -> Question {
        try await writeBumping { session, changes in
            changes.helpChanged()
            try await session.execute("SELECT 1 FROM questions WHERE id = \(id) FOR UPDATE")
            let current = try await PostgresQuestionRows.requireQuestion(session, id: id)
            let updated = try change(current)
            try await session.execute(
                "UPDATE questions SET question = \(updated.question), answer = \(updated.answer) WHERE id = \(id)")
            if updated.tagIDs != current.tagIDs {
                try await PostgresQuestionRows.setTags(session, questionID: id, updated.tagIDs)
            }
            return try await PostgresQuestionRows.requireQuestion(session, id: id)
        }
    }

    public func deleteQuestion(id: Int64) async throws {
        try await writeBumping { session, changes in
            changes.helpChanged()
            _ = try await PostgresQuestionRows.requireQuestion(session, id: id)
            try await session.execute("DELETE FROM question_tags WHERE question_id = \(id)")
            try await session.execute("DELETE FROM questions WHERE id = \(id)")
        }
    }
}

/// Each user's recent emoji. An emoji pick reports the habit's change as `catalogue` and the user's
/// recent emoji.
extension PostgresHabitStore {
    public func recentEmoji(userID: Int64) async throws -> [String] {
        try await read { session in
            _ = try await session.fetchUser(id: userID)
            return try await Self.recentEmoji(session, userID: userID)
        }
    }

    public func pickEmoji(userID: Int64, habitID: Int64, emoji: String) async throws -> Habit {
        try await writeBumping { session, changes in
            // The user's row lock orders the picks of one user, whose list is rewritten whole.
            _ = try await session.fetchUser(id: userID, lock: .noKeyUpdate)
            var habit = try await session.fetchHabit(id: habitID)
            if habit.emoji != emoji {
                try await session.execute("UPDATE habits SET emoji = \(emoji) WHERE id = \(habitID)")
                habit.emoji = emoji
                changes.catalogueChanged()
            }
            let recents = try await Self.recentEmoji(session, userID: userID)
            let picked = RecentEmoji.picking(emoji, after: recents)
            guard picked != recents else { return habit }
            try await session.execute("DELETE FROM recent_emoji WHERE user_id = \(userID)")
            for (position, emoji) in picked.enumerated() {
                try await session.execute(
                    "INSERT INTO recent_emoji (user_id, position, emoji) VALUES (\(userID), \(position), \(emoji))")
            }
            changes.recentEmoji(of: userID)
            return habit
        }
    }

    static func recentEmoji(_ session: PostgresSession, userID: Int64) async throws -> [String] {
        try await session.values(
            "SELECT emoji FROM recent_emoji WHERE user_id = \(userID) ORDER BY position", as: String.self)
    }
}
