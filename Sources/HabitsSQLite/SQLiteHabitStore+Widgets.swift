import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Widget addresses in SQLite (`WidgetSchema`). Like tokens they are credentials no screen shows, so making one
/// leaves the revision alone; revoking one bumps it. The bound per account is `CredentialRule`'s.
extension SQLiteHabitStore {
    public func createWidget(
        family: WidgetFamily, habitID: Int64?, style: WidgetStyle, secretHash: Data, userID: Int64, now: Date
    ) async throws -> WidgetAddress {
        try await commits.write(bumpsRevision: false) { db, _ in
            _ = try Self.fetchAccount(db, userID: userID)
            if let habitID { _ = try Self.fetchHabit(db, id: habitID) }
            try CredentialRule.checkNewWidget(
                held: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM widgets WHERE user_id = ?", arguments: [userID])
                    ?? 0)
            try db.execute(
                sql: """
                    INSERT INTO widgets (secret_hash, user_id, family, habit_id, style, created_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    secretHash, userID, family.rawValue, habitID, CredentialRule.storedStyle(style),
                    now.timeIntervalSince1970,
                ])
            return WidgetAddress(
                id: db.lastInsertedRowID, family: family, habitID: habitID, style: style, createdAt: now)
        }
    }

    public func widgets(userID: Int64) async throws -> [WidgetAddress] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, family, habit_id, style, created_at FROM widgets WHERE user_id = ? ORDER BY id DESC
                    """,
                arguments: [userID]
            ).compactMap(Self.widgetAddress)
        }
    }

    public func widgetGrant(secretHash: Data) async throws -> WidgetGrant? {
        try await writer.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT id, user_id, family, habit_id, style, created_at FROM widgets WHERE secret_hash = ?",
                    arguments: [secretHash]),
                let address = Self.widgetAddress(row)
            else { return nil }
            return WidgetGrant(ownerID: row["user_id"], address: address)
        }
    }

    /// Bumps the revision, though no screen shows addresses: servers keep addresses they have looked up while
    /// the revision stays the same (`WidgetCache`), and a revoked one must stop at once.
    public func deleteWidget(id: Int64, userID: Int64) async throws {
        try await commits.write(bumpsRevision: true) { db, _ in
            try db.execute(sql: "DELETE FROM widgets WHERE id = ? AND user_id = ?", arguments: [id, userID])
            guard db.changesCount == 1 else { throw HabitsError.notFound(kind: .widget, id: String(id)) }
        }
    }

    private static func widgetAddress(_ row: Row) -> WidgetAddress? {
        guard let family = WidgetFamily(rawValue: row["family"]) else { return nil }
        return WidgetAddress(
            id: row["id"], family: family, habitID: row["habit_id"], style: CredentialRule.style(stored: row["style"]),
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}
