import Foundation

/// One value of a row copied from one store to another by `habits migrate`.
public enum CopiedValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Rows of one table, in primary-key order, and the key to read on after them (nil: the table is done).
public struct CopyPage: Sendable {
    public var rows: [[CopiedValue]]
    public var next: [CopiedValue]?

    public init(rows: [[CopiedValue]], next: [CopiedValue]?) {
        self.rows = rows
        self.next = next
    }
}

/// A store read table by table, for a copy into another store of the same tables and columns.
public protocol CopySource: Sendable {
    /// The revision of the last committed write.
    func copiedRevision() async throws -> Int64
    /// The store's own settings that are neither rows of a table nor its revision (`demo`, ...), by key.
    func copiedSettings() async throws -> [String: Int64]
    /// How many rows `table` holds.
    func copiedRowCount(of table: String) async throws -> Int
    /// At most `limit` rows of `table` after the row keyed `after` (from the start when nil), with the
    /// values of `columns` in that order. A column the table lacks is an error.
    ///
    /// - Complexity: O(limit + log n): one walk of the primary key.
    func copyPage(of table: String, columns: [String], after: [CopiedValue]?, limit: Int) async throws -> CopyPage
}
