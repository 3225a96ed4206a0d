import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// Widget addresses on PostgreSQL (`v17Widgets`): credentials no screen shows, bounded per account by
/// `CredentialRule` under the account's row lock.
extension PostgresHabitStore {
    public func createWidget(
        family: WidgetFamily, habitID: Int64?, style: WidgetStyle, secretHash: Data, userID: Int64, now: Date
    ) async throws -> WidgetAddress {
        try await writeBumping(bumpsRevision: false) { db, _ in
            // The account's row lock orders its widget creations, so the bound holds under concurrency.
            guard try await db.changes("SELECT 1 FROM accounts WHERE user_id = \(userID) FOR UPDATE") == 1 else {
                throw HabitsError.notFound(kind: .account, id: String(userID))
            }
            if let habitID { _ = try await db.fetchHabit(id: habitID) }
            try CredentialRule.checkNewWidget(
                held: try await db.int("SELECT COUNT(*)::bigint FROM widgets WHERE user_id = \(userID)"))
            let time = now.timeIntervalSince1970
            let id = try await db.value(
                """
                INSERT INTO widgets (secret_hash, user_id, family, habit_id, style, created_at)
                VALUES (\(secretHash), \(userID), \(family.rawValue), \(habitID), \(CredentialRule.storedStyle(style)),
                    \(time))
                RETURNING id
                """, as: Int64.self) ?? 0
            return WidgetAddress(
                id: id, family: family, habitID: habitID, style: style, createdAt: Date(timeIntervalSince1970: time))
        }
    }

    public func widgets(userID: Int64) async throws -> [WidgetAddress] {
        try await readStatements { db in
            try await db.rows(
                """
                SELECT id, user_id, family, habit_id, style, created_at FROM widgets
                WHERE user_id = \(userID) ORDER BY id DESC
                """
            ).compactMap { try Self.widgetGrant($0)?.address }
        }
    }

    public func widgetGrant(secretHash: Data) async throws -> WidgetGrant? {
        try await read { db in
            try await db.rows(
                """
                SELECT id, user_id, family, habit_id, style, created_at FROM widgets WHERE secret_hash = \(secretHash)
                """
            ).first.flatMap(Self.widgetGrant)
        }
    }

    /// Bumps the revision (and so tells the other instances): servers keep the addresses they looked up while
    /// the revision stays the same (`WidgetCache`), and a revoked one must stop at once.
    public func deleteWidget(id: Int64, userID: Int64) async throws {
        try await writeBumping(bumpsRevision: true) { db, _ in
            guard try await db.changes("DELETE FROM widgets WHERE id = \(id) AND user_id = \(userID) RETURNING 1") == 1
            else { throw HabitsError.notFound(kind: .widget, id: String(id)) }
        }
    }

    private static func widgetGrant(_ row: PostgresRow) throws -> WidgetGrant? {
        let (id, userID, family, habitID, style, created) = try row.decode(
            (Int64, Int64, String, Int64?, String, Double).self)
        guard let family = WidgetFamily(rawValue: family) else { return nil }
        return WidgetGrant(
            ownerID: userID,
            address: WidgetAddress(
                id: id, family: family, habitID: habitID, style: CredentialRule.style(stored: style),
                createdAt: Date(timeIntervalSince1970: created)))
    }
}
