import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// Days on a database written by an older schema: the migration is SQLite's own, so it stays out of the
/// store contract (HabitsStoreContractTests holds the day and streak rules every store keeps).
@Suite struct DayMigrationTests {
    static func day(_ text: String) -> LocalDay {
        guard let day = LocalDay(iso: text) else { fatalError("not a date: \(text)") }
        return day
    }

    static func days(_ store: SQLiteHabitStore, _ userID: Int64, _ habitID: Int64, _ from: String, _ to: String)
        async throws -> [String]
    {
        try await store.doneDays(userID: userID, habitID: habitID, from: day(from), through: day(to)).map(\.description)
    }

    @Test func migratingToV6GivesEveryLogItsDayInItsUsersZone() async throws {
        let database = try TemporaryDatabase()
        try SQLiteHabitStore.createDatabase(
            path: database.path, migratedUpTo: "v5: rankings by index, count levels, names for ordered listings",
            then: """
                INSERT INTO categories (id, name, name_folded, hue, saturation, brightness)
                VALUES (1, 'Health', 'health', 0, 0, 0);
                INSERT INTO users (id, key, name, time_zone)
                VALUES (1, 'ny', 'Ny', 'America/New_York'), (2, 'u', 'U', 'UTC');
                INSERT INTO habits (id, name, name_folded, category_id, info) VALUES (1, 'Run', 'run', 1, '');
                -- 2026-11-21T03:30Z (the 20th in New York), the 21st and 22nd at noon UTC.
                INSERT INTO logs (user_id, habit_id, logged_at)
                VALUES (1, 1, 1795231800), (1, 1, 1795262400), (1, 1, 1795348800), (2, 1, 1795231800);
                INSERT INTO habit_counts (user_id, habit_id, count, user_name, user_key)
                VALUES (1, 1, 3, 'Ny', 'ny'), (2, 1, 1, 'U', 'u');
                INSERT INTO habit_count_levels (habit_id, count, users) VALUES (1, 3, 1), (1, 1, 1);
                """)
        let store = try SQLiteHabitStore(path: database.path)
        #expect(
            try await Self.days(store, 1, 1, "2026-11-01", "2026-11-30") == ["2026-11-20", "2026-11-21", "2026-11-22"])
        #expect(try await Self.days(store, 2, 1, "2026-11-01", "2026-11-30") == ["2026-11-21"])
        let streak = try await store.streak(userID: 1, habitID: 1, now: Fixture.instant("2026-11-23T15:00:00Z"))
        #expect((streak.current, streak.longest) == (3, 3))
        try store.close()
    }
}
