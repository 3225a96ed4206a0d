import GRDB
import GRDBSQLite

/// A statement that binds integers, stepped through SQLite's own calls on a statement GRDB prepared and
/// caches; its rows are read by position.
///
/// The screens' reads are indexed lookups that SQLite answers from memory in a microsecond or two; through
/// GRDB's rows and arguments, each also built its arguments, a row with a dictionary of its column names,
/// and decoded values, which cost several times the lookup: without them a Home's reads take 43% less
/// time. These reads only ever bind 64-bit integers and read columns by position, so they skip all of that.
///
/// Each run resets the statement first and last: GRDB's next use of it, or another read, finds it as
/// GRDB leaves its statements. A write run here (the counters, levels and rank tree of the write path)
/// is not seen by GRDB's transaction observers, and the store has none: one added later would miss these
/// tables' changes.
struct IntegerQuery {
    private let statement: Statement

    /// The cached statement of `sql` on `db`.
    init(_ db: Database, _ sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
    }

    /// Binds `arguments` to the first parameters in order and calls `row` with each result row.
    ///
    /// - Complexity: O(a + r) for the a arguments and the r rows, beyond SQLite's own work.
    func forEach(_ arguments: Int64..., row: (IntegerRow) throws -> Void) throws {
        try forEach(arguments: arguments, row: row)
    }

    /// `forEach(_:row:)` with the arguments in an array.
    func forEach(arguments: [Int64], row: (IntegerRow) throws -> Void) throws {
        let handle = statement.sqliteStatement
        // SQLite keeps the last bindings across a reset: a missing argument would read the last run's.
        guard arguments.count == sqlite3_bind_parameter_count(handle) else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "\(arguments.count) arguments for \(sqlite3_bind_parameter_count(handle)) parameters",
                sql: statement.sql)
        }
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        for (index, value) in arguments.enumerated() {
            let code = sqlite3_bind_int64(handle, Int32(index + 1), value)
            guard code == SQLITE_OK else { throw error(code) }
        }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code) }
            try row(IntegerRow(handle: handle))
        }
    }

    /// Runs a statement that returns no rows (or whose rows are not needed): an insert, an update, a delete.
    func run(_ arguments: Int64...) throws {
        try forEach(arguments: arguments) { _ in }
    }

    /// The first column of the first row, nil when there is none.
    func first(_ arguments: Int64...) throws -> Int64? {
        var first: Int64?
        try forEach(arguments: arguments) { row in
            if first == nil { first = row[0] }
        }
        return first
    }

    private func error(_ code: Int32) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code),
            message: String(cString: sqlite3_errmsg(sqlite3_db_handle(statement.sqliteStatement))),
            sql: statement.sql)
    }
}

/// One row of an `IntegerQuery`, valid only inside its call.
struct IntegerRow: PositionalRow {
    fileprivate let handle: SQLiteStatement

    /// The integer in `column` (from 0); 0 for NULL.
    subscript(column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func int64(at index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(index)) }

    func double(at index: Int) -> Double? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : sqlite3_column_double(handle, Int32(index))
    }

    func text(at index: Int) -> String? {
        guard let bytes = sqlite3_column_text(handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
