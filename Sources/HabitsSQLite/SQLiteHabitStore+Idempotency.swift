import Foundation
import GRDB
import HabitsStore

extension SQLiteHabitStore {
    /// - Complexity: O(log k) for k kept keys, plus the expired and surplus keys it forgets (each once).
    public func beginIdempotentRequest(scope: IdempotencyScope, key: String, fingerprint: Data, now: Date)
        async throws -> IdempotentStart
    {
        try await commits.write(bumpsRevision: false) { db, _ in
            let time = now.timeIntervalSince1970
            // Forgetting a few expired keys on each claim keeps the table bounded without a sweeper.
            try db.execute(
                sql: """
                    DELETE FROM idempotency_keys WHERE rowid IN
                        (SELECT rowid FROM idempotency_keys WHERE created_at < ? LIMIT 100)
                    """,
                arguments: [time - IdempotencyRules.lifetime])
            let existing = try Row.fetchOne(
                db,
                sql: """
                    SELECT fingerprint, created_at, status, content_type, location, body
                    FROM idempotency_keys WHERE scope = ? AND key = ?
                    """,
                arguments: [scope.storedText, key])
            if let existing {
                let storedFingerprint: Data = existing[0]
                guard storedFingerprint == fingerprint else { return .mismatch }
                if let status: Int = existing[2] {
                    return .replay(
                        StoredResponse(
                            status: status, contentType: existing[3], location: existing[4], body: existing[5]))
                }
                let claimedAt: Double = existing[1]
                guard claimedAt < time - IdempotencyRules.abandonedAfter else { return .inProgress }
                try db.execute(
                    sql: "UPDATE idempotency_keys SET created_at = ? WHERE scope = ? AND key = ?",
                    arguments: [time, scope.storedText, key])
                return .started
            }
            try db.execute(
                sql: """
                    INSERT INTO idempotency_keys (scope, key, user_id, fingerprint, created_at) VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [scope.storedText, key, scope.userID, fingerprint, time])
            try db.execute(
                sql: """
                    DELETE FROM idempotency_keys WHERE rowid IN
                        (SELECT rowid FROM idempotency_keys WHERE scope = ? ORDER BY created_at DESC
                         LIMIT -1 OFFSET ?)
                    """,
                arguments: [scope.storedText, IdempotencyRules.maximumKeysPerScope])
            return .started
        }
    }

    public func finishIdempotentRequest(scope: IdempotencyScope, key: String, response: StoredResponse)
        async throws
    {
        try await commits.write(bumpsRevision: false) { db, _ in
            try db.execute(
                sql: """
                    UPDATE idempotency_keys SET status = ?, content_type = ?, location = ?, body = ?
                    WHERE scope = ? AND key = ?
                    """,
                arguments: [
                    response.status, response.contentType, response.location, response.body, scope.storedText, key,
                ])
        }
    }

    public func abandonIdempotentRequest(scope: IdempotencyScope, key: String) async throws {
        try await commits.write(bumpsRevision: false) { db, _ in
            try db.execute(
                sql: "DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND status IS NULL",
                arguments: [scope.storedText, key])
        }
    }
}

/// The table of `Idempotency-Key`s.
enum IdempotencySchema {
    /// Idempotency keys (migration v14): a claim while its request runs, then its answer, for 24 hours.
    static let v14 = """
        CREATE TABLE idempotency_keys (
            scope TEXT NOT NULL,
            key TEXT NOT NULL,
            user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
            fingerprint BLOB NOT NULL,
            created_at REAL NOT NULL,
            status INTEGER,
            content_type TEXT,
            location TEXT,
            body BLOB,
            PRIMARY KEY (scope, key)
        );
        CREATE INDEX idempotency_keys_scope_age ON idempotency_keys(scope, created_at);
        CREATE INDEX idempotency_keys_age ON idempotency_keys(created_at);
        CREATE INDEX idempotency_keys_user ON idempotency_keys(user_id) WHERE user_id IS NOT NULL;
        """
}
