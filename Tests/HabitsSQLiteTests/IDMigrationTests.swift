import Foundation
import GRDB
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// Migration v16 on a database written by v15: the tables clients name by id are rebuilt with
/// `AUTOINCREMENT`, keeping every row, index and reference (the contract holds the rule itself).
@Suite struct IDMigrationTests {
    static let rebuilt = ["categories", "users", "habits", "programs", "questions"]

    /// Every table's and index's definition, by name.
    static func schema(_ path: String) throws -> [String: String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var entries: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL") {
                entries[row["name"]] = row["sql"] as String
            }
            return entries
        }
    }

    /// The tables and indexes of the migrations after v16 (v17: widget addresses).
    static let addedAfterV16: Set<String> = [
        "widgets", "widgets_user", "widgets_habit", "users_name_skeleton", "users_key_skeleton",
    ]

    static func user(_ key: String, _ name: String) -> User {
        User(id: 0, key: key, name: name, color: nil, bio: nil, timeZone: "UTC", locale: "en_US")
    }

    @Test func v16KeepsEveryRowIndexAndReferenceAndNeverGivesAnIDTwice() async throws {
        let database = try TemporaryDatabase()
        try SQLiteHabitStore.createDatabase(
            path: database.path, migratedUpTo: "v15: program totals count public raters only",
            then: """
                INSERT INTO categories (id, name, name_folded, hue, saturation, brightness)
                VALUES (1, 'Health', 'health', 0, 0, 0);
                INSERT INTO users (id, key, name) VALUES (1, 'ada', 'Ada'), (2, 'bob', 'Bob'), (3, 'cy', 'Cy');
                INSERT INTO habits (id, name, name_folded, category_id, info)
                VALUES (1, 'Run', 'run', 1, ''), (2, 'Swim', 'swim', 1, '');
                INSERT INTO logs (user_id, habit_id, logged_at) VALUES (1, 2, 1795231800), (3, 2, 1795262400);
                INSERT INTO favorites (user_id, habit_id) VALUES (1, 2);
                INSERT INTO follows (follower_id, followed_id, followed_name, followed_key) VALUES (1, 3, 'Cy', 'cy');
                INSERT INTO programs (id, title, author, summary, category_id, price_minor, currency, featured,
                    created_at)
                VALUES (1, 'Couch to 5K', 'Ada', '', 1, 0, 'USD', 0, 1795231800);
                INSERT INTO questions (id, question, author_id, created_at) VALUES (1, 'Why?', 3, 1795231800);
                """)
        let before = try Self.schema(database.path)
        let store = try SQLiteHabitStore(path: database.path)
        let after = try Self.schema(database.path)

        // Every table and index is back under its name (beside what later migrations add); only the rebuilt
        // tables' definitions changed.
        #expect(Set(after.keys).subtracting(Self.addedAfterV16) == Set(before.keys))
        for (name, sql) in before where !Self.rebuilt.contains(name) { #expect(after[name] == sql, "\(name)") }
        for table in Self.rebuilt {
            #expect(after[table]?.contains("id INTEGER PRIMARY KEY AUTOINCREMENT") == true, "\(table)")
        }
        // The rows, and what refers to them.
        #expect(try await store.user(id: 3).name == "Cy")
        #expect(try await store.habit(id: 2).name == "Swim")
        #expect(try await store.favorites(userID: 1, page: PageRequest()).items.map(\.id) == [2])
        #expect(try await store.following(userID: 1, page: PageRequest()).items.map(\.id) == [3])
        #expect(try await store.recountFromLogs().map(\.userID).sorted() == ["ada", "cy"])
        #expect(try await store.question(id: 1).authorID == 3)
        // Uniqueness without case still holds: its index came back.
        await #expect(throws: HabitsError.self) {
            try await store.createUser(Self.user("ADA", "Ada again"))
        }

        // The newest user goes; the next one does not take its id.
        try await store.deleteUser(id: 3, cascade: true)
        #expect(try await store.createUser(Self.user("dee", "Dee")).id == 4)
        try store.close()
    }
}
