import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// A SQLite store as the source of `habits migrate`: its tables read page by page in primary-key order.
/// Read a copy that nothing writes to (`backup(to:)` makes one), so that every page is of one state.
extension SQLiteHabitStore: CopySource {
    public func copiedRevision() async throws -> Int64 {
        try await writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'revision'") ?? 0
        }
    }

    public func copiedSettings() async throws -> [String: Int64] {
        try await writer.read { db in
            var settings: [String: Int64] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM meta WHERE key != 'revision'") {
                settings[row[0]] = row[1]
            }
            return settings
        }
    }

    public func copiedRowCount(of table: String) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
        }
    }

    public func copyPage(
        of table: String, columns: [String], after: [CopiedValue]?, limit: Int
    ) async throws -> CopyPage {
        try await writer.read { db in
            // The primary key's columns, or the hidden rowid of a table without one.
            let keys = try db.primaryKey(table).columns
            let keyList = keys.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            let selected = (columns + keys).map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            var sql = "SELECT \(selected) FROM \(table.quotedDatabaseIdentifier)"
            var arguments = StatementArguments()
            if let after {
                guard after.count == keys.count else {
                    throw StoreRefusal.copyKeyMismatch(given: after.count, keys: keys.count)
                }
                sql += " WHERE (\(keyList)) > (\(Array(repeating: "?", count: keys.count).joined(separator: ", ")))"
                arguments = StatementArguments(after.map(Self.databaseValue))
            }
            sql += " ORDER BY \(keyList) LIMIT \(limit)"
            var rows: [[CopiedValue]] = []
            var next: [CopiedValue]?
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try cursor.next() {
                let values = row.databaseValues.map(Self.copiedValue)
                rows.append(Array(values.prefix(columns.count)))
                next = Array(values.suffix(keys.count))
            }
            return CopyPage(rows: rows, next: rows.count < limit ? nil : next)
        }
    }

    static func copiedValue(_ value: DatabaseValue) -> CopiedValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .integer(integer)
        case .double(let real): .real(real)
        case .string(let text): .text(text)
        case .blob(let data): .blob(Array(data))
        }
    }

    static func databaseValue(_ value: CopiedValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }
}
