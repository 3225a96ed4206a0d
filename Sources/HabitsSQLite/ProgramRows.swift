import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Reads and cascades of the program tables (programs, their pictures, habits, members and ratings) shared
/// by the `/v1` store and the screen source, each through a cached statement and an index (`ProgramQueries`
/// holds the SQL).
enum ProgramRows {
    /// The program with this id, its habits included; nil when there is none.
    ///
    /// - Complexity: O(log p + h) for the program's h habits.
    static func program(_ db: Database, id: Int64) throws -> Program? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: ProgramQueries.programByID), arguments: [id])
        else { return nil }
        return try program(db, fromPositions: row)
    }

    /// The program with this id, or `notFound`.
    static func requireProgram(_ db: Database, id: Int64) throws -> Program {
        guard let program = try program(db, id: id) else { throw HabitsError.notFound(kind: .program, id: String(id)) }
        return program
    }

    /// The programs a statement selecting `ProgramQueries.programColumns` lists, in its order.
    ///
    /// - Complexity: O(n + Σh) for n programs and their habits.
    static func programs(_ db: Database, _ sql: String, arguments: StatementArguments) throws -> [Program] {
        var programs: [Program] = []
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        for row in rows { programs.append(try program(db, fromPositions: row)) }
        return programs
    }

    /// A program from a row of `ProgramQueries.programColumns`, read by position, with its habits.
    static func program(_ db: Database, fromPositions row: Row) throws -> Program {
        let id: Int64 = row[0]
        let createdAt: Double = row[9]
        let habitIDs = try Int64.fetchAll(db.cachedStatement(sql: ProgramQueries.programHabitIDs), arguments: [id])
        return Program(
            id: id, title: row[1], author: row[2], summary: row[3], categoryID: row[4],
            price: Price(minorUnits: row[5], currency: row[6]), tag: row[7], habitIDs: habitIDs,
            featured: row[8], createdAt: Date(timeIntervalSince1970: createdAt),
            rating: RatingSummary(count: row[10], starTotal: row[11]))
    }

    /// Replaces a program's habits with `habitIDs`, in order; each must exist.
    ///
    /// - Complexity: O(h log n) for h habits.
    static func setHabits(_ db: Database, programID: Int64, _ habitIDs: [Int64]) throws {
        try db.execute(sql: "DELETE FROM program_habits WHERE program_id = ?", arguments: [programID])
        let insert = try db.cachedStatement(
            sql: "INSERT INTO program_habits (program_id, position, habit_id) VALUES (?, ?, ?)")
        for (position, habitID) in habitIDs.enumerated() {
            _ = try SQLiteHabitStore.fetchHabit(db, id: habitID)
            try insert.execute(arguments: [programID, position, habitID])
        }
    }

    /// Moves a program's rating totals by one rating's change: `count` ratings more (−1, 0 or 1) and
    /// `stars` stars more; only when `raterID` is a public account, since the totals count no one private.
    static func moveRating(_ db: Database, programID: Int64, raterID: Int64, count: Int, stars: Int) throws {
        try db.cachedStatement(sql: ProgramQueries.moveRating).execute(arguments: [count, stars, programID, raterID])
    }

    /// Adds (`sign` 1) or takes out (−1) every rating of a user who became public or private.
    ///
    /// - Complexity: O(r log n) for the user's r ratings.
    static func moveRatings(_ db: Database, userID: Int64, sign: Int, changes: ChangeRecorder) throws {
        try db.cachedStatement(sql: ProgramQueries.moveRatingsOfUser).execute(arguments: [sign, userID])
        if db.changesCount > 0 { changes.programsChanged() }
    }

    // MARK: Cascades

    /// Removes what a user being deleted left in the program tables: memberships, and ratings (moving
    /// their programs' totals).
    ///
    /// - Complexity: O((m + r) log n) for the user's m memberships and r ratings.
    static func removeUser(_ db: Database, id: Int64, changes: ChangeRecorder) throws {
        try db.execute(sql: "DELETE FROM memberships WHERE user_id = ?", arguments: [id])
        if db.changesCount > 0 { changes.programsChanged() }
        let ratings = try Row.fetchAll(
            db, sql: "DELETE FROM ratings WHERE user_id = ? RETURNING program_id, stars", arguments: [id])
        for rating in ratings {
            let stars: Int = rating[1]
            try moveRating(db, programID: rating[0], raterID: id, count: -1, stars: -stars)
            changes.programsChanged()
        }
    }

    /// Takes a habit being deleted out of every program.
    static func removeHabit(_ db: Database, id: Int64, changes: ChangeRecorder) throws {
        try db.execute(sql: "DELETE FROM program_habits WHERE habit_id = ?", arguments: [id])
        if db.changesCount > 0 { changes.programsChanged() }
    }

    /// Refuses to delete a category that programs belong to.
    static func requireNoPrograms(_ db: Database, categoryID: Int64) throws {
        let count =
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM programs WHERE category_id = ?", arguments: [categoryID])
            ?? 0
        if count > 0 { throw StoreRefusal.categoryHasPrograms(count) }
    }
}
