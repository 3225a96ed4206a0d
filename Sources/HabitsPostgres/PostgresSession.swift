import Foundation
import HabitsDomain
import HabitsStore
import Logging
import PostgresNIO

/// One leased connection and the logger its queries log to: what every read and write of the store
/// runs its SQL through.
struct PostgresSession: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    /// Every row `query` returns.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.query(query, logger: logger).collect()
    }

    /// Every row of a prepared statement, prepared on this connection the first time it runs here.
    func rows<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row] {
        try await connection.execute(statement, logger: logger).reduce(into: []) { $0.append($1) }
    }

    /// Runs `query`, dropping its rows.
    func execute(_ query: PostgresQuery) async throws {
        _ = try await connection.query(query, logger: logger).collect()
    }

    /// How many rows `query` returns: with `RETURNING 1`, how many rows a write changed.
    func changes(_ query: PostgresQuery) async throws -> Int {
        try await rows(query).count
    }

    /// The first column of the first row, if any.
    func value<T: PostgresDecodable>(_ query: PostgresQuery, as type: T.Type = T.self) async throws -> T? {
        guard let row = try await rows(query).first else { return nil }
        return try row.decode(T.self)
    }

    /// The first column of every row.
    func values<T: PostgresDecodable>(_ query: PostgresQuery, as type: T.Type = T.self) async throws -> [T] {
        try await rows(query).map { try $0.decode(T.self) }
    }

    /// The first column of the first row as an integer (0 when there is none).
    func int(_ query: PostgresQuery) async throws -> Int {
        try await value(query, as: Int.self) ?? 0
    }

    // MARK: Revision and meta

    func fetchRevision() async throws -> Int64 {
        try await value("SELECT value FROM store_revision WHERE id = 1", as: Int64.self) ?? 0
    }

    /// The store revision and the version of the habit list (schema v14), in one round trip: what a screen
    /// read's snapshot starts with.
    func fetchRevisionAndHabitsVersion() async throws -> (revision: Int64, habitsVersion: Int64) {
        let row = try await rows(
            "SELECT r.value, h.value FROM store_revision r, habits_version h WHERE r.id = 1 AND h.id = 1"
        ).first
        return try row?.decode((Int64, Int64).self) ?? (0, 0)
    }

    /// The revision the session's last write committed, as the commit's trigger left it (schema v10).
    func committedRevision() async throws -> Int64 {
        let setting = "SELECT coalesce(current_setting('habits.committed_revision', true), '')"
        guard let revision = try await value(PostgresQuery(unsafeSQL: setting), as: String.self).flatMap(Int64.init)
        else { throw StoreRefusal.revisionNotReported }
        return revision
    }

    // MARK: Rows by id

    /// The row id of the user with course key `key` (compared in NFC, as the statistics compare it).
    func userRowID(key: String) async throws -> Int64 {
        let normalized = key.precomposedStringWithCanonicalMapping
        guard let id = try await value("SELECT id FROM users WHERE key = \(normalized)", as: Int64.self) else {
            throw HabitsError.notFound(kind: .user, id: key)
        }
        return id
    }

    /// The row id of the habit named `name` (compared in NFC: stored names are NFC).
    func habitRowID(name: String) async throws -> Int64 {
        let normalized = name.precomposedStringWithCanonicalMapping
        guard let id = try await value(
            "SELECT id FROM habits WHERE name = \(normalized) AND visibility = 'shared'", as: Int64.self) else {
            throw HabitsError.notFound(kind: .habit, id: name)
        }
        return id
    }

    func fetchUser(id: Int64, lock: RowLock? = nil) async throws -> User {
        let suffix = lock?.rawValue ?? ""
        let query = PostgresQuery(
            unsafeSQL: "SELECT \(PostgresRows.userColumns()) FROM users WHERE id = $1" + suffix,
            binds: PostgresRows.binds(id))
        guard let row = try await rows(query).first else { throw HabitsError.notFound(kind: .user, id: String(id)) }
        return try PostgresRows.user(row)
    }

    func fetchCategory(id: Int64) async throws -> Category {
        let query: PostgresQuery =
            "SELECT id, name, hue, saturation, brightness FROM categories WHERE id = \(id)"
        guard let row = try await rows(query).first else {
            throw HabitsError.notFound(kind: .category, id: String(id))
        }
        return try PostgresRows.category(row)
    }

    func fetchHabit(id: Int64, lock: RowLock? = nil) async throws -> Habit {
        let suffix = lock?.rawValue ?? ""
        let query = PostgresQuery(
            unsafeSQL: "SELECT \(PostgresRows.habitColumns) FROM habits WHERE id = $1" + suffix,
            binds: PostgresRows.binds(id))
        guard let row = try await rows(query).first else { throw HabitsError.notFound(kind: .habit, id: String(id)) }
        return try PostgresRows.habit(row)
    }

    func fetchHelpTag(id: Int64) async throws -> HelpTag {
        guard let row = try await rows("SELECT id, name FROM help_tags WHERE id = \(id)").first else {
            throw HabitsError.notFound(kind: .tag, id: String(id))
        }
        let (tagID, name) = try row.decode((Int64, String).self)
        return HelpTag(id: tagID, name: name)
    }

    /// The zone a user's days are counted in.
    func zone(userID: Int64) async throws -> TimeZone {
        guard let identifier = try await value("SELECT time_zone FROM users WHERE id = \(userID)", as: String.self)
        else { throw HabitsError.notFound(kind: .user, id: String(userID)) }
        return TimeZoneCache.shared.zone(identifier)
    }
}

/// How a write locks a row it reads.
enum RowLock: String {
    /// For a delete: also waits for, and then keeps out, writes that add rows referring to it.
    case update = " FOR UPDATE"
    /// For an update of columns no reference uses: writes adding references go on.
    case noKeyUpdate = " FOR NO KEY UPDATE"
    /// For a write whose effect depends on the row's visibility: a change of visibility waits for it.
    case keyShare = " FOR KEY SHARE"
}
