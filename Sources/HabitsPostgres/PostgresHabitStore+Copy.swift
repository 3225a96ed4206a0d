import Foundation
import HabitsDomain
import HabitsStore
import Logging
import PostgresNIO

/// `habits migrate`: a whole store copied into an empty PostgreSQL store in one transaction.
extension PostgresHabitStore {
    /// Why a copy was refused or undone.
    public enum CopyRefusal: Error, Equatable, CustomStringConvertible {
        /// The target holds users, habits, categories or logs already: a copy never mixes two stores.
        case targetNotEmpty
        /// A table's rows here after the copy are not the source's: nothing was kept.
        case countsDiffer(table: String, source: Int, copied: Int)
        /// A value that the column here cannot hold.
        case badValue(table: String, column: String)

        public var description: String {
            switch self {
            case .targetNotEmpty:
                "The PostgreSQL database already holds data; migrate into an empty one."
            case .countsDiffer(let table, let source, let copied):
                "\(table): \(source) rows in the source, \(copied) copied; nothing was kept."
            case .badValue(let table, let column):
                "\(table).\(column): a value this column cannot hold; nothing was kept."
            }
        }
    }

    /// The rows a copy wrote, by table, in the order it copied them.
    public typealias CopiedCounts = [(table: String, rows: Int)]

    /// Copies every table of `source` (the same tables and columns as this store's; derived ones too:
    /// counters, day runs), its settings and its revision into this store, which must be empty, in one
    /// transaction; then checks that every table holds as many rows as the source's, else keeps nothing.
    /// Ids are kept, and each table's id sequence moves past them. `progress` is told each table once done.
    ///
    /// - Complexity: O(n) rows, a page of at most 1,000 rows (and 60,000 values) per statement.
    public func copyEverything(
        from source: any CopySource, progress: @escaping @Sendable (String, Int) -> Void = { _, _ in }
    ) async throws -> CopiedCounts {
        let revision = try await source.copiedRevision()
        let settings = try await source.copiedSettings()
        do {
            return try await client.withConnection { connection in
                let session = PostgresSession(connection: connection, logger: logger)
                try await session.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
                do {
                    let counts = try await Self.copy(source, into: session, progress: progress)
                    try await session.execute("UPDATE store_revision SET value = \(revision) WHERE id = 1")
                    for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
                        try await session.execute(
                            """
                            INSERT INTO store_meta (key, value) VALUES (\(key), \(value))
                            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
                            """)
                    }
                    try await session.execute("COMMIT")
                    self.revision.raise(to: revision)
                    return counts
                } catch {
                    try? await session.execute("ROLLBACK")
                    throw error
                }
            }
        } catch let refusal as CopyRefusal {
            throw refusal
        } catch {
            throw PostgresFailure.mapped(error)
        }
    }

    private static func copy(
        _ source: any CopySource, into session: PostgresSession, progress: @Sendable (String, Int) -> Void
    ) async throws -> CopiedCounts {
        // Taken before the check, so that no writer adds anything until the copy commits.
        try await session.execute("LOCK TABLE users, categories, habits, logs IN EXCLUSIVE MODE")
        let rowsHere = try await session.int(
            """
            SELECT ((SELECT count(*) FROM users) + (SELECT count(*) FROM categories)
                + (SELECT count(*) FROM habits) + (SELECT count(*) FROM logs))::bigint
            """)
        guard rowsHere == 0 else { throw CopyRefusal.targetNotEmpty }
        var counts: CopiedCounts = []
        // Parents before children, as the references require.
        for table in PostgresSchema.tablesChildrenFirst.reversed() {
            let columns = try await Self.columns(of: table, session)
            let pageSize = min(1_000, 60_000 / max(columns.count, 1))
            var after: [CopiedValue]?
            var copied = 0
            repeat {
                let page = try await source.copyPage(
                    of: table, columns: columns.map(\.name), after: after, limit: pageSize)
                try await insert(page.rows, into: table, columns: columns, session)
                copied += page.rows.count
                after = page.next
            } while after != nil
            let expected = try await source.copiedRowCount(of: table)
            let here = try await session.int("SELECT count(*)::bigint FROM \(unescaped: table)")
            guard expected == copied, here == copied else {
                throw CopyRefusal.countsDiffer(table: table, source: expected, copied: here)
            }
            if columns.contains(where: { $0.name == "id" }) {
                // The next id a write takes follows the copied ones.
                try await session.execute(
                    """
                    SELECT setval(pg_get_serial_sequence(\(table), 'id'), GREATEST(MAX(id), 1), MAX(id) IS NOT NULL)
                    FROM \(unescaped: table) WHERE pg_get_serial_sequence(\(table), 'id') IS NOT NULL
                    """)
            }
            counts.append((table, copied))
            progress(table, copied)
        }
        return counts
    }

    private struct Column: Sendable {
        var name: String
        var type: String
    }

    /// The columns of `table` in this store's schema, in their order.
    private static func columns(of table: String, _ session: PostgresSession) async throws -> [Column] {
        let rows = try await session.rows(
            """
            SELECT column_name::text, data_type::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = \(table) ORDER BY ordinal_position
            """)
        return try rows.map { row in
            let (name, type) = try row.decode((String, String).self)
            return Column(name: name, type: type)
        }
    }

    private static func insert(
        _ rows: [[CopiedValue]], into table: String, columns: [Column], _ session: PostgresSession
    ) async throws {
        guard !rows.isEmpty else { return }
        var binds = PostgresBindings(capacity: rows.count * columns.count)
        var tuples: [String] = []
        tuples.reserveCapacity(rows.count)
        for row in rows {
            var placeholders: [String] = []
            for (column, value) in zip(columns, row) {
                try bind(value, as: column, table: table, to: &binds)
                placeholders.append("$\(binds.count)")
            }
            tuples.append("(" + placeholders.joined(separator: ", ") + ")")
        }
        let names = columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
        try await session.execute(
            PostgresQuery(
                unsafeSQL: "INSERT INTO \"\(table)\" (\(names)) OVERRIDING SYSTEM VALUE VALUES "
                    + tuples.joined(separator: ", "),
                binds: binds))
    }

    /// Binds a SQLite value as the column's type: SQLite keeps booleans as integers, and any number may
    /// sit in a REAL or INTEGER column.
    private static func bind(
        _ value: CopiedValue, as column: Column, table: String, to binds: inout PostgresBindings
    ) throws {
        let refusal = CopyRefusal.badValue(table: table, column: column.name)
        switch (value, column.type) {
        case (.null, _): binds.appendNull()
        case (.integer(let integer), "boolean"): binds.append(integer != 0)
        case (.integer(let integer), "bigint"), (.integer(let integer), "integer"): binds.append(integer)
        case (.real(let real), "bigint"), (.real(let real), "integer"):
            guard let integer = Int64(exactly: real) else { throw refusal }
            binds.append(integer)
        case (.integer(let integer), "double precision"): binds.append(Double(integer))
        case (.real(let real), "double precision"): binds.append(real)
        case (.text(let text), "text"): binds.append(text)
        case (.blob(let bytes), "bytea"): binds.append(ByteBuffer(bytes: bytes))
        case (.text(let text), "bytea"): binds.append(ByteBuffer(string: text))
        default: throw refusal
        }
    }
}
