import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// The skeletons of users' names on PostgreSQL (`v19NameSkeletons`, `NameRule`): kept beside each user,
/// compared in the write's transaction.
enum PostgresNames {
    /// The first key of the transaction advisory locks that make two writes of one look-alike take turns.
    static let lockClass: Int32 = 0x4E41_4D45  // "NAME"

    /// Gives every user without skeletons theirs: the users stored before v19, or loaded in bulk.
    ///
    /// - Complexity: O(u) for the u users without them, 500 a statement.
    static func fillSkeletons(_ session: PostgresSession) async throws {
        while true {
            let rows = try await session.rows(
                """
                SELECT id, key, name FROM users WHERE name_skeleton IS NULL OR key_skeleton IS NULL
                ORDER BY id LIMIT 500
                """)
            if rows.isEmpty { return }
            var ids: [Int64] = [], names: [String] = [], keys: [String] = []
            for row in rows {
                let (id, key, name) = try row.decode((Int64, String, String).self)
                ids.append(id)
                keys.append(ConfusableSkeleton.skeleton(of: key))
                names.append(ConfusableSkeleton.skeleton(of: name))
            }
            try await session.execute(
                """
                UPDATE users SET name_skeleton = s.n, key_skeleton = s.k
                FROM unnest(\(ids), \(names), \(keys)) AS s (id, n, k) WHERE users.id = s.id
                """)
        }
    }

    /// Refuses `user`'s display name (and, with `checkingKey`, username) when another user's display name or
    /// username looks alike; `id` is the user's own, left out. Each skeleton's lock is taken first, in order,
    /// so that two writes of look-alike names at once cannot both pass.
    static func checkNames(_ session: PostgresSession, of user: User, id: Int64?, checkingKey: Bool) async throws {
        let skeletons = NameRule.skeletons(of: user)
        for skeleton in Set(checkingKey ? [skeletons.name, skeletons.key] : [skeletons.name]).sorted() {
            try await session.execute("SELECT pg_advisory_xact_lock(\(lockClass), hashtext(\(skeleton)))")
        }
        func taken(_ skeleton: String) async throws -> Bool {
            try await session.value(
                """
                SELECT 1 FROM users WHERE (name_skeleton = \(skeleton) OR key_skeleton = \(skeleton))
                AND id <> \(id ?? 0) LIMIT 1
                """, as: Int.self) != nil
        }
        try NameRule.checkNotConfusable(
            nameTaken: try await taken(skeletons.name),
            keyTaken: checkingKey ? try await taken(skeletons.key) : false)
    }

    /// Keeps `id`'s skeletons beside its names.
    static func storeSkeletons(_ session: PostgresSession, of user: User, id: Int64) async throws {
        let skeletons = NameRule.skeletons(of: user)
        try await session.execute(
            "UPDATE users SET name_skeleton = \(skeletons.name), key_skeleton = \(skeletons.key) WHERE id = \(id)")
    }
}
