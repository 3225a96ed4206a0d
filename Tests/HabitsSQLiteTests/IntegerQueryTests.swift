import GRDB
import Testing

@testable import HabitsSQLite

/// The screens' integer reads, stepped through SQLite's own calls on statements GRDB caches.
@Suite struct IntegerQueryTests {
    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE pairs (a INTEGER NOT NULL, b INTEGER)")
            try db.execute(sql: "INSERT INTO pairs VALUES (1, 10), (1, 11), (1, NULL), (2, 20)")
        }
        return queue
    }

    @Test func rowsAreReadInOrderWithTheirArguments() throws {
        try database().read { db in
            var rows: [[Int64]] = []
            let query = try IntegerQuery(db, "SELECT a, b FROM pairs WHERE a = ? ORDER BY rowid")
            try query.forEach(1) { rows.append([$0[0], $0[1]]) }
            #expect(rows == [[1, 10], [1, 11], [1, 0]], "NULL reads as 0")
            #expect(try IntegerQuery(db, "SELECT b FROM pairs WHERE a = ? AND b > ?").first(1, 10) == 11)
            #expect(try IntegerQuery(db, "SELECT b FROM pairs WHERE a = ?").first(3) == nil)
        }
    }

    @Test func aRunCutShortLeavesTheStatementAsGRDBExpectsIt() throws {
        struct Stop: Error {}
        let sql = "SELECT b FROM pairs WHERE a = ? ORDER BY rowid"
        try database().read { db in
            #expect(throws: Stop.self) {
                try IntegerQuery(db, sql).forEach(1) { _ in throw Stop() }
            }
            // The same cached statement, through GRDB and then again through the query: every row.
            #expect(try Int?.fetchAll(db.cachedStatement(sql: sql), arguments: [1]) == [10, 11, nil])
            var all: [Int64] = []
            try IntegerQuery(db, sql).forEach(1) { all.append($0[0]) }
            #expect(all == [10, 11, 0])
            #expect(try Int?.fetchAll(db.cachedStatement(sql: sql), arguments: [2]) == [20])
        }
    }

    @Test func anErrorWhileSteppingIsADatabaseError() throws {
        try database().read { db in
            let overflow = try IntegerQuery(db, "SELECT abs(?) FROM pairs")
            #expect {
                try overflow.forEach(Int64.min) { _ in }
            } throws: { error in
                (error as? DatabaseError)?.resultCode == .SQLITE_ERROR
                    && (error as? DatabaseError)?.message?.contains("overflow") == true
            }
            // The statement is usable again after the error.
            #expect(try overflow.first(-3) == 3)
            // Too few or too many arguments: refused, rather than the last run's bindings read again.
            let pair = try IntegerQuery(db, "SELECT b FROM pairs WHERE a = ? AND b = ?")
            #expect(try pair.first(1, 11) == 11)
            #expect(throws: DatabaseError.self) { try pair.first(1) }
            #expect(throws: DatabaseError.self) { try pair.first(1, 11, 12) }
        }
    }
}
