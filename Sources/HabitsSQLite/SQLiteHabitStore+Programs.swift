import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// `/v1` programs, their pictures, members and ratings in SQLite. Every write reports `programs`; joining
/// also reports the member's favourites when it added some.
extension SQLiteHabitStore {
    public func createProgram(_ program: Program) async throws -> Program {
        try await writeBumping { db, changes in
            changes.programsChanged()
            _ = try Self.fetchCategory(db, id: program.categoryID)
            try db.execute(
                sql: """
                    INSERT INTO programs
                        (title, author, summary, category_id, price_minor, currency, tag, featured, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    program.title, program.author, program.summary, program.categoryID, program.price.minorUnits,
                    program.price.currency, program.tag, program.featured, program.createdAt.timeIntervalSince1970,
                ])
            let id = db.lastInsertedRowID
            try ProgramRows.setHabits(db, programID: id, program.habitIDs)
            return try ProgramRows.requireProgram(db, id: id)
        }
    }

    public func program(id: Int64) async throws -> Program {
        try await writer.read { db in try ProgramRows.requireProgram(db, id: id) }
    }

    public func programs(page: PageRequest) async throws -> Page<Program> {
        try await writer.read { db in
            let programs = try ProgramRows.programs(
                db, ProgramQueries.programsAfter, arguments: [page.after?.id ?? 0, page.limit + 1])
            return page.page(of: programs) { PageCursor(id: $0.id) }
        }
    }

    public func updateProgram(
        id: Int64, _ change: @escaping @Sendable (Program) throws -> Program
    ) async throws -> Program {
        try await writeBumping { db, changes in
            changes.programsChanged()
            let current = try ProgramRows.requireProgram(db, id: id)
            let updated = try change(current)
            _ = try Self.fetchCategory(db, id: updated.categoryID)
            try db.execute(
                sql: """
                    UPDATE programs SET title = ?, author = ?, summary = ?, category_id = ?, price_minor = ?,
                        currency = ?, tag = ?, featured = ?
                    WHERE id = ?
                    """,
                arguments: [
                    updated.title, updated.author, updated.summary, updated.categoryID, updated.price.minorUnits,
                    updated.price.currency, updated.tag, updated.featured, id,
                ])
            if updated.habitIDs != current.habitIDs { try ProgramRows.setHabits(db, programID: id, updated.habitIDs) }
            return try ProgramRows.requireProgram(db, id: id)
        }
    }

    /// - Complexity: O((m + r + h) log n) for the program's m members, r ratings and h habits.
    public func deleteProgram(id: Int64) async throws {
        try await writeBumping { db, changes in
            changes.programsChanged()
            _ = try ProgramRows.requireProgram(db, id: id)
            for table in ["memberships", "ratings", "program_habits", "program_images"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE program_id = ?", arguments: [id])
            }
            try db.execute(sql: "DELETE FROM programs WHERE id = ?", arguments: [id])
        }
    }

    public func programPicture(id: Int64) async throws -> ProgramPicture {
        try await writer.read { db in
            let program = try ProgramRows.requireProgram(db, id: id)
            let color = try Self.fetchCategory(db, id: program.categoryID).color
            let uploaded = try Row.fetchOne(
                db, sql: "SELECT content_type, bytes FROM program_images WHERE program_id = ?", arguments: [id]
            ).map { row in StoredImage(contentType: row[0], bytes: row[1]) }
            return ProgramPicture(uploaded: uploaded, color: color)
        }
    }

    public func setProgramPicture(_ image: StoredImage, programID: Int64) async throws {
        // Pictures are not in any screen's content (a card names the picture's address): no new revision.
        try await commits.write(bumpsRevision: false) { db, _ in
            _ = try ProgramRows.requireProgram(db, id: programID)
            try db.execute(
                sql: """
                    INSERT INTO program_images (program_id, content_type, bytes) VALUES (?, ?, ?)
                    ON CONFLICT (program_id) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes
                    """,
                arguments: [programID, image.contentType, image.bytes])
        }
    }

    // MARK: Members and ratings

    /// - Complexity: O(h log n) for the program's h habits.
    public func joinProgram(userID: Int64, programID: Int64) async throws {
        try await writeBumping { db, changes in
            _ = try Self.fetchUser(db, id: userID)
            _ = try ProgramRows.requireProgram(db, id: programID)
            try db.execute(
                sql: "INSERT OR IGNORE INTO memberships (user_id, program_id) VALUES (?, ?)",
                arguments: [userID, programID])
            if db.changesCount > 0 { changes.programsChanged() }
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO favorites (user_id, habit_id)
                    SELECT ?, habit_id FROM program_habits WHERE program_id = ?
                    """,
                arguments: [userID, programID])
            if db.changesCount > 0 { changes.favorites(of: userID) }
        }
    }

    public func leaveProgram(userID: Int64, programID: Int64) async throws {
        try await writeBumping { db, changes in
            _ = try Self.fetchUser(db, id: userID)
            _ = try ProgramRows.requireProgram(db, id: programID)
            try db.execute(
                sql: "DELETE FROM memberships WHERE user_id = ? AND program_id = ?", arguments: [userID, programID])
            if db.changesCount > 0 { changes.programsChanged() }
        }
    }

    public func joinedPrograms(userID: Int64, page: PageRequest) async throws -> Page<Program> {
        try await writer.read { db in
            _ = try Self.fetchUser(db, id: userID)
            let programs = try ProgramRows.programs(
                db, ProgramQueries.joinedPrograms, arguments: [userID, page.after?.id ?? 0, page.limit + 1])
            return page.page(of: programs) { PageCursor(id: $0.id) }
        }
    }

    /// - Complexity: O(log n + h): a few primary-key reads and writes, and the program's h habits to answer.
    public func rateProgram(userID: Int64, programID: Int64, stars: Int) async throws -> Program {
        try await writeBumping { db, changes in
            _ = try Self.fetchUser(db, id: userID)
            _ = try ProgramRows.requireProgram(db, id: programID)
            let earlier = try Int.fetchOne(
                db, sql: "SELECT stars FROM ratings WHERE user_id = ? AND program_id = ?",
                arguments: [userID, programID])
            if earlier != stars {
                try db.execute(
                    sql: """
                        INSERT INTO ratings (user_id, program_id, stars) VALUES (?, ?, ?)
                        ON CONFLICT (user_id, program_id) DO UPDATE SET stars = excluded.stars
                        """,
                    arguments: [userID, programID, stars])
                try ProgramRows.moveRating(
                    db, programID: programID, raterID: userID, count: earlier == nil ? 1 : 0,
                    stars: stars - (earlier ?? 0))
                changes.programsChanged()
            }
            return try ProgramRows.requireProgram(db, id: programID)
        }
    }

    public func removeRating(userID: Int64, programID: Int64) async throws {
        try await writeBumping { db, changes in
            _ = try Self.fetchUser(db, id: userID)
            _ = try ProgramRows.requireProgram(db, id: programID)
            let removed = try Int.fetchOne(
                db, sql: "DELETE FROM ratings WHERE user_id = ? AND program_id = ? RETURNING stars",
                arguments: [userID, programID])
            if let removed {
                try ProgramRows.moveRating(db, programID: programID, raterID: userID, count: -1, stars: -removed)
                changes.programsChanged()
            }
        }
    }
}
