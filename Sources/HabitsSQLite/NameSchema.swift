import GRDB
import HabitsDomain
import HabitsStore

/// The skeletons of every user's display name and username (migration v19, `NameRule`), indexed, so that a
/// new name is compared with everyone's in two index lookups; the users already stored get theirs here.
enum NameSchema {
    static func v19(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE users ADD COLUMN name_skeleton TEXT;
                ALTER TABLE users ADD COLUMN key_skeleton TEXT;
                CREATE INDEX users_name_skeleton ON users (name_skeleton);
                CREATE INDEX users_key_skeleton ON users (key_skeleton);
                """)
        let update = try db.makeStatement(sql: "UPDATE users SET name_skeleton = ?, key_skeleton = ? WHERE id = ?")
        for row in try Row.fetchAll(db, sql: "SELECT id, key, name FROM users") {
            let name = ConfusableSkeleton.skeleton(of: row["name"] as String)
            let key = ConfusableSkeleton.skeleton(of: row["key"] as String)
            try update.execute(arguments: [name, key, row["id"] as Int64])
        }
    }
}

extension SQLiteHabitStore {
    /// Refuses `user`'s display name (and, with `checkingKey`, username) when another user's display name or
    /// username looks alike (`NameRule`); `id` is the user's own, left out.
    static func checkNames(_ db: Database, of user: User, id: Int64?, checkingKey: Bool) throws {
        let skeletons = NameRule.skeletons(of: user)
        func taken(_ skeleton: String) throws -> Bool {
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM users WHERE name_skeleton = ? AND id != ?)
                        OR EXISTS (SELECT 1 FROM users WHERE key_skeleton = ? AND id != ?)
                    """,
                arguments: [skeleton, id ?? 0, skeleton, id ?? 0]) ?? false
        }
        try NameRule.checkNotConfusable(
            nameTaken: try taken(skeletons.name), keyTaken: checkingKey ? try taken(skeletons.key) : false)
    }

    /// Keeps `id`'s skeletons beside its names.
    static func storeSkeletons(_ db: Database, of user: User, id: Int64) throws {
        let skeletons = NameRule.skeletons(of: user)
        try db.execute(
            sql: "UPDATE users SET name_skeleton = ?, key_skeleton = ? WHERE id = ?",
            arguments: [skeletons.name, skeletons.key, id])
    }
}
