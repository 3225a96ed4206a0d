import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

// What screens read, in SQLite's own terms: counters and levels filled by a migration or a bulk load
// (neither is on the protocol), and the query plans of the reads. What every store's screen reads
// answer is in HabitsStoreContractTests.

@Suite struct ScreenTableTests {
    /// A database written by schema v4 gets its levels and copied names when it is opened.
    @Test func migratingToV5FillsLevelsAndCopiedNames() async throws {
        let database = try TemporaryDatabase()
        try SQLiteHabitStore.createDatabase(
            path: database.path, migratedUpTo: "v4: names unique after Unicode case folding",
            then: """
                INSERT INTO categories (id, name, name_folded, hue, saturation, brightness)
                VALUES (1, 'Health', 'health', 0, 0, 0);
                INSERT INTO users (id, key, name) VALUES (1, 'ann', 'Ann'), (2, 'bob', 'Bob'), (3, 'cy', 'Cy');
                INSERT INTO habits (id, name, name_folded, category_id, info)
                VALUES (1, 'Run', 'run', 1, ''), (2, 'Read', 'read', 1, '');
                INSERT INTO logs (user_id, habit_id, logged_at)
                VALUES (1, 1, 0), (1, 1, 1), (1, 1, 2), (2, 1, 0), (2, 1, 1), (2, 1, 2), (3, 1, 0),
                       (1, 2, 0), (1, 2, 1);
                INSERT INTO habit_counts (user_id, habit_id, count) VALUES (1, 1, 3), (2, 1, 3), (3, 1, 1), (1, 2, 2);
                INSERT INTO follows (follower_id, followed_id) VALUES (3, 2), (3, 1);
                """)
        let store = try SQLiteHabitStore(path: database.path)
        #expect(Set(try await store.storedLevels()) == [
            CountLevel(habitID: 1, count: 3, users: 2), CountLevel(habitID: 1, count: 1, users: 1),
            CountLevel(habitID: 2, count: 2, users: 1),
        ])
        #expect(try await store.storedCounters().map { "\($0.userName)/\($0.userKey)" } == [
            "Ann/ann", "Ann/ann", "Bob/bob", "Cy/cy",
        ])
        let (standings, followed) = try await store.readScreens { source in
            (
                try await source.standings(habitID: 1, limit: 2).map(\.user.key),
                try await source.followedUsers(userID: 3).map(\.key)
            )
        }
        #expect(standings == ["ann", "bob"])
        #expect(followed == ["ann", "bob"])
        #expect(try await store.recountFromLogs().count == 4)
    }

    @Test func aBulkLoadKeepsCountersAndLevels() async throws {
        let store = try await SQLiteHabitStore.temporary()
        let content = Fixture.content(logs: [
            CourseAPI.LoggedHabit(userID: "user0", habitName: "Swim", timestamp: Fixture.now),
        ], withImage: false)
        let logs = (0..<1_000).map { index in
            BulkLog(userIndex: index % 3, habitIndex: index % 4, timestamp: Fixture.now)
        }
        try await store.bulkLoad(content, logs: logs)
        let counters = try await store.storedCounters()
        #expect(counters.map(\.count).reduce(0, +) == 1_001)
        #expect(Set(try await store.storedLevels()) == StoreState.levels(of: counters))
        #expect(try await store.recountFromLogs().map(\.count).reduce(0, +) == 1_001)
        await #expect(throws: HabitsError.self) {
            try await store.bulkLoad(content, logs: [BulkLog(userIndex: 5, habitIndex: 0, timestamp: Fixture.now)])
        }
        #expect(try await store.storedCounters() == counters, "a failed load changes nothing")
    }
}

@Suite struct ScreenSourceQueryPlanTests {
    /// Reads of one user or habit: searches only, never a scan nor a sort.
    @Test func pointReadsSearchIndexes() async throws {
        let store = try await SQLiteHabitStore.temporary()
        for query in [
            ScreenQueries.standings, ScreenQueries.rankTreeNode, ScreenQueries.countsOfUser, ScreenQueries.followedByName,
            ScreenQueries.favoriteHabitIDs, ScreenQueries.userByID, ScreenQueries.userByKey, ScreenQueries.habitByID,
            ScreenQueries.loggedHabitsOfUser, ScreenQueries.countOfPair, ScreenQueries.level,
        ] {
            let plan = try await store.queryPlan(query)
            let lines = plan.split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("SEARCH ") }, "\(query):\n\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(query):\n\(plan)")
        }
        #expect(try await store.queryPlan(ScreenQueries.standings).contains("INDEX habit_counts_standings"))
        #expect(try await store.queryPlan(ScreenQueries.followedByName).contains("INDEX follows_by_name"))
    }

    /// Listings walk an index in order instead of sorting a table.
    @Test func listingsWalkIndexes() async throws {
        let store = try await SQLiteHabitStore.temporary()
        #expect(try await store.queryPlan(ScreenQueries.usersByName) == "SCAN users USING INDEX users_name_key")
        for query in [ScreenQueries.categoriesByName, ScreenQueries.habitsByName] {
            let plan = try await store.queryPlan(query)
            #expect(plan.hasPrefix("SCAN ") && plan.contains(" USING INDEX "), "\(query):\n\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(query):\n\(plan)")
        }
    }

    /// What writes run to keep counters, levels and copied names: searches by key, never a scan.
    @Test func counterMaintenanceSearchesIndexes() async throws {
        let store = try await SQLiteHabitStore.temporary()
        for query in [
            "UPDATE habit_counts SET count = count + 1 WHERE user_id = ? AND habit_id = ? RETURNING count",
            "UPDATE habit_count_levels SET users = users - 1 WHERE habit_id = ? AND count = ? AND users > 1",
            "UPDATE habit_counts SET user_name = ? WHERE user_id = ?",
            "UPDATE follows SET followed_name = ? WHERE followed_id = ?",
            "DELETE FROM habit_counts WHERE habit_id = ? RETURNING user_id, count",
            "DELETE FROM habit_counts WHERE user_id = ? RETURNING habit_id, count",
            "DELETE FROM habit_count_levels WHERE habit_id = ?",
            "DELETE FROM favorites WHERE habit_id = ? RETURNING user_id",
        ] {
            let plan = try await store.queryPlan(query)
            let lines = plan.split(separator: "\n")
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("SEARCH ") }, "\(query):\n\(plan)")
        }
    }
}
