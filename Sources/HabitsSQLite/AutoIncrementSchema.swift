import Foundation
import GRDB

/// Ids that are never given twice (migration v16). A table whose key is a plain `INTEGER PRIMARY KEY` gives
/// a new row the largest id plus one, so deleting the newest user or habit lets the next one take its id,
/// and a client holding that id (a favourite, a queued log, a link, an open screen) would reach someone
/// else's. PostgreSQL's sequences never go back; with `AUTOINCREMENT` SQLite keeps the same rule.
///
/// SQLite cannot add `AUTOINCREMENT` to a table, so each is rebuilt, as SQLite's documentation describes
/// (create the new table, copy, drop, rename, index again), with foreign keys unchecked until the migration
/// ends (GRDB's deferred checks). Each table's columns are taken from its own definition, which earlier
/// migrations extended.
enum AutoIncrementSchema {
    /// The tables whose rows clients name by id and that can lose rows.
    static let tables = ["categories", "users", "habits", "programs", "questions"]

    /// Numbers each table's next row from 1 again, once the tables are empty: for a whole replacement only.
    static let restartIDs =
        "DELETE FROM sqlite_sequence WHERE name IN (\(tables.map { "'\($0)'" }.joined(separator: ", ")))"

    static func v16(_ db: Database) throws {
        for table in tables { try rebuild(table, db) }
    }

    private static func rebuild(_ table: String, _ db: Database) throws {
        let definition = try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
        let name = "CREATE TABLE \(table)"
        guard let definition, definition.hasPrefix(name), let key = definition.range(of: "id INTEGER PRIMARY KEY")
        else {
            throw DatabaseError(message: "v16: the table \(table) is not as v1 and v8 created it")
        }
        let afterName = definition.index(definition.startIndex, offsetBy: name.count)
        let rebuilt = "CREATE TABLE \(table)_v16" + definition[afterName..<key.lowerBound]
            + "id INTEGER PRIMARY KEY AUTOINCREMENT" + definition[key.upperBound...]
        // Named indexes go with the table; the unnamed ones of UNIQUE columns come back with the definition.
        let indexes = try String.fetchAll(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
            arguments: [table])
        try db.execute(sql: rebuilt)
        try db.execute(sql: "INSERT INTO \(table)_v16 SELECT * FROM \(table)")
        try db.execute(sql: "DROP TABLE \(table)")
        try db.execute(sql: "ALTER TABLE \(table)_v16 RENAME TO \(table)")
        for index in indexes { try db.execute(sql: index) }
    }
}
