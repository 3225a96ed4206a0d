import Foundation
import HabitsStore
import PostgresNIO

extension PostgresHabitStore {
    /// Two instances claiming one key at once: the insert of the second waits for the first's commit, then
    /// inserts nothing and reads the first's claim, so exactly one runs the request.
    ///
    /// - Complexity: O(log k) for k kept keys, plus the expired and surplus keys it forgets (each once).
    public func beginIdempotentRequest(scope: IdempotencyScope, key: String, fingerprint: Data, now: Date)
        async throws -> IdempotentStart
    {
        try await writeBumping(bumpsRevision: false) { db, _ in
            let time = now.timeIntervalSince1970
            let scopeText = scope.storedText
            try await db.execute(
                """
                DELETE FROM idempotency_keys WHERE ctid IN
                    (SELECT ctid FROM idempotency_keys WHERE created_at < \(time - IdempotencyRules.lifetime) LIMIT 100)
                """)
            let inserted = try await db.changes(
                """
                INSERT INTO idempotency_keys (scope, key, user_id, fingerprint, created_at)
                VALUES (\(scopeText), \(key), \(scope.userID), \(fingerprint), \(time))
                ON CONFLICT (scope, key) DO NOTHING RETURNING 1
                """)
            if inserted == 1 {
                try await db.execute(
                    """
                    DELETE FROM idempotency_keys WHERE ctid IN
                        (SELECT ctid FROM idempotency_keys WHERE scope = \(scopeText) ORDER BY created_at DESC
                         OFFSET \(IdempotencyRules.maximumKeysPerScope))
                    """)
                return .started
            }
            guard
                let row = try await db.rows(
                    """
                    SELECT fingerprint, created_at, status, content_type, location, body
                    FROM idempotency_keys WHERE scope = \(scopeText) AND key = \(key) FOR UPDATE
                    """
                ).first
            else { return .inProgress }
            let (stored, claimedAt, status, contentType, location, body) = try row.decode(
                (Data, Double, Int?, String?, String?, Data?).self)
            guard stored == fingerprint else { return .mismatch }
            if let status {
                return .replay(
                    StoredResponse(status: status, contentType: contentType, location: location, body: body ?? Data()))
            }
            guard claimedAt < time - IdempotencyRules.abandonedAfter else { return .inProgress }
            try await db.execute(
                "UPDATE idempotency_keys SET created_at = \(time) WHERE scope = \(scopeText) AND key = \(key)")
            return .started
        }
    }

    public func finishIdempotentRequest(scope: IdempotencyScope, key: String, response: StoredResponse)
        async throws
    {
        try await writeBumping(bumpsRevision: false) { db, _ in
            try await db.execute(
                """
                UPDATE idempotency_keys SET status = \(response.status), content_type = \(response.contentType),
                    location = \(response.location), body = \(response.body)
                WHERE scope = \(scope.storedText) AND key = \(key)
                """)
        }
    }

    public func abandonIdempotentRequest(scope: IdempotencyScope, key: String) async throws {
        try await writeBumping(bumpsRevision: false) { db, _ in
            try await db.execute(
                """
                DELETE FROM idempotency_keys WHERE scope = \(scope.storedText) AND key = \(key) AND status IS NULL
                """)
        }
    }
}
