import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// `/v1` programs, their pictures, members and ratings. Every write reports `programs`; joining also
/// reports the member's favourites when it added some.
extension PostgresHabitStore {
    public func createProgram(_ program: Program) async throws -> Program {
        try await writeBumping { session, changes in
            changes.programsChanged()
            _ = try await session.fetchCategory(id: program.categoryID)
            let id = try await session.value(
                """
                INSERT INTO programs
                    (title, author, summary, category_id, price_minor, currency, tag, featured, created_at)
                VALUES (\(program.title), \(program.author), \(program.summary), \(program.categoryID),
                    \(program.price.minorUnits), \(program.price.currency), \(program.tag), \(program.featured),
                    \(program.createdAt.timeIntervalSince1970))
                RETURNING id
                """, as: Int64.self) ?? 0
            try await PostgresProgramRows.setHabits(session, programID: id, program.habitIDs)
            return try await PostgresProgramRows.requireProgram(session, id: id)
        }
    }

    public func program(id: Int64) async throws -> Program {
        try await readStatements { session in try await PostgresProgramRows.requireProgram(session, id: id) }
    }

    public func programs(page: PageRequest) async throws -> Page<Program> {
        try await readStatements { session in
            var binds = PostgresBindings()
            binds.append(page.after?.id ?? 0)
            binds.append(page.limit + 1)
            let programs = try await PostgresProgramRows.programs(session, PostgresQuery(
                unsafeSQL: "SELECT \(PostgresProgramRows.columns()) FROM programs WHERE id > $1 ORDER BY id LIMIT $2",
                binds: binds))
            return page.page(of: programs) { PageCursor(id: $0.id) }
        }
    }

    public func updateProgram(
        id: Int64, _ change: @escaping @Sendable (Program) throws -> Program
    ) async throws -> Program {
        try await writeBumping { session, changes in
            changes.programsChanged()
            try await session.execute("SELECT 1 FROM programs WHERE id = \(id) FOR UPDATE")
            let current = try await PostgresProgramRows.requireProgram(session, id: id)
            let updated = try change(current)
            _ = try await session.fetchCategory(id: updated.categoryID)
            try await session.execute(
                """
                UPDATE programs SET title = \(updated.title), author = \(updated.author),
                    summary = \(updated.summary), category_id = \(updated.categoryID),
                    price_minor = \(updated.price.minorUnits), currency = \(updated.price.currency),
                    tag = \(updated.tag), featured = \(updated.featured)
                WHERE id = \(id)
                """)
            if updated.habitIDs != current.habitIDs {
                try await PostgresProgramRows.setHabits(session, programID: id, updated.habitIDs)
            }
            return try await PostgresProgramRows.requireProgram(session, id: id)
        }
    }

    public func deleteProgram(id: Int64) async throws {
        try await writeBumping { session, changes in
            changes.programsChanged()
            _ = try await PostgresProgramRows.requireProgram(session, id: id)
            for table in ["memberships", "ratings", "program_habits", "program_images"] {
                var binds = PostgresBindings()
                binds.append(id)
                try await session.execute(
                    PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE program_id = $1", binds: binds))
            }
            try await session.execute("DELETE FROM programs WHERE id = \(id)")
        }
    }

    public func programPicture(id: Int64) async throws -> ProgramPicture {
        try await read { session in
            let program = try await PostgresProgramRows.requireProgram(session, id: id)
            let color = try await session.fetchCategory(id: program.categoryID).color
            let uploaded = try await session.rows(
                "SELECT content_type, bytes FROM program_images WHERE program_id = \(id)"
            ).first.map { row in
                let (type, bytes) = try row.decode((String, Data).self)
                return StoredImage(contentType: type, bytes: bytes)
            }
            return ProgramPicture(uploaded: uploaded, color: color)
        }
    }

    public func setProgramPicture(_ image: StoredImage, programID: Int64) async throws {
        // Pictures are not in any screen's content (a card names the picture's address): no new revision.
        try await writeBumping(bumpsRevision: false) { session, _ in
            _ = try await PostgresProgramRows.requireProgram(session, id: programID)
            try await session.execute(
                """
                INSERT INTO program_images (program_id, content_type, bytes)
                VALUES (\(programID), \(image.contentType), \(image.bytes))
                ON CONFLICT (program_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes
                """)
        }
    }

    // MARK: Members and ratings

    public func joinProgram(userID: Int64, programID: Int64) async throws {
        try await writeBumping { session, changes in
            _ = try await session.fetchUser(id: userID)
            _ = try await PostgresProgramRows.requireProgram(session, id: programID)
            if try await session.changes(
                """
                INSERT INTO memberships (user_id, program_id) VALUES (\(userID), \(programID))
                ON CONFLICT DO NOTHING RETURNING 1
                """) > 0
            {
                changes.programsChanged()
            }
            if try await session.changes(
                """
                INSERT INTO favorites (user_id, habit_id)
                SELECT \(userID), habit_id FROM program_habits WHERE program_id = \(programID)
                ON CONFLICT DO NOTHING RETURNING 1
                """) > 0
            {
                changes.favorites(of: userID)
            }
        }
    }

    public func leaveProgram(userID: Int64, programID: Int64) async throws {
        try await writeBumping { session, changes in
            _ = try await session.fetchUser(id: userID)
            _ = try await PostgresProgramRows.requireProgram(session, id: programID)
            if try await session.changes(
                "DELETE FROM memberships WHERE user_id = \(userID) AND program_id = \(programID) RETURNING 1") > 0
            {
                changes.programsChanged()
            }
        }
    }

    public func joinedPrograms(userID: Int64, page: PageRequest) async throws -> Page<Program> {
        try await read { session in
            _ = try await session.fetchUser(id: userID)
            var binds = PostgresBindings()
            binds.append(userID)
            binds.append(page.after?.id ?? 0)
            binds.append(page.limit + 1)
            let programs = try await PostgresProgramRows.programs(session, PostgresQuery(
                unsafeSQL: """
                    SELECT \(PostgresProgramRows.columns("p."))
                    FROM memberships m JOIN programs p ON p.id = m.program_id
                    WHERE m.user_id = $1 AND m.program_id > $2 ORDER BY m.program_id LIMIT $3
                    """, binds: binds))
            return page.page(of: programs) { PageCursor(id: $0.id) }
        }
    }

    public func rateProgram(userID: Int64, programID: Int64, stars: Int) async throws -> Program {
        try await writeBumping { session, changes in
            _ = try await session.fetchUser(id: userID, lock: .keyShare)
            // The program's row lock orders the ratings of one program, so its totals stay exact.
            try await session.execute("SELECT 1 FROM programs WHERE id = \(programID) FOR UPDATE")
            _ = try await PostgresProgramRows.requireProgram(session, id: programID)
            let earlier = try await session.value(
                "SELECT stars FROM ratings WHERE user_id = \(userID) AND program_id = \(programID)", as: Int.self)
            if earlier != stars {
                try await session.execute(
                    """
                    INSERT INTO ratings (user_id, program_id, stars) VALUES (\(userID), \(programID), \(stars))
                    ON CONFLICT (user_id, program_id) DO UPDATE SET stars = EXCLUDED.stars
                    """)
                try await PostgresProgramRows.moveRating(
                    session, programID: programID, raterID: userID, count: earlier == nil ? 1 : 0,
                    stars: stars - (earlier ?? 0))
                changes.programsChanged()
            }
            return try await PostgresProgramRows.requireProgram(session, id: programID)
        }
    }

    public func removeRating(userID: Int64, programID: Int64) async throws {
        try await writeBumping { session, changes in
            _ = try await session.fetchUser(id: userID, lock: .keyShare)
            try await session.execute("SELECT 1 FROM programs WHERE id = \(programID) FOR UPDATE")
            _ = try await PostgresProgramRows.requireProgram(session, id: programID)
            if let removed = try await session.value(
                "DELETE FROM ratings WHERE user_id = \(userID) AND program_id = \(programID) RETURNING stars",
                as: Int.self)
            {
                try await PostgresProgramRows.moveRating(
                    session, programID: programID, raterID: userID, count: -1, stars: -removed)
                changes.programsChanged()
            }
        }
    }
}
