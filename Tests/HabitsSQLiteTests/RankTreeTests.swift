import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// The per-habit rank tree: built by migration v7 from the levels a v6 store holds.
@Suite struct RankTreeTests {
    @Test func migratingToV7BuildsEachHabitsTreeFromItsLevels() async throws {
        let database = try TemporaryDatabase()
        try SQLiteHabitStore.createDatabase(
            path: database.path, migratedUpTo: "v6: the day of every log, runs of done days",
            then: """
                INSERT INTO categories (id, name, name_folded, hue, saturation, brightness)
                VALUES (1, 'Health', 'health', 0, 0, 0);
                INSERT INTO users (id, key, name) VALUES (1, 'a', 'A'), (2, 'b', 'B'), (3, 'c', 'C'), (4, 'd', 'D');
                INSERT INTO habits (id, name, name_folded, category_id, info)
                VALUES (1, 'Run', 'run', 1, ''), (2, 'Read', 'read', 1, '');
                INSERT INTO habit_counts (user_id, habit_id, count, user_name, user_key)
                VALUES (1, 1, 5, 'A', 'a'), (2, 1, 3, 'B', 'b'), (3, 1, 3, 'C', 'c'), (4, 1, 1, 'D', 'd'),
                       (1, 2, 7, 'A', 'a');
                INSERT INTO habit_count_levels (habit_id, count, users)
                VALUES (1, 5, 1), (1, 3, 2), (1, 1, 1), (2, 7, 1);
                """)
        let store = try SQLiteHabitStore(path: database.path)
        let tree = try await store.storedRankTree()
        // Habit 1: node 1 holds count 1; node 3 count 3; node 4 counts 1 to 4; node 5 count 5; node 6 counts
        // 5 and 6; from 8 up every node holds all four users. Habit 2: nodes 7 and 8 up hold its one user.
        let run = Dictionary(uniqueKeysWithValues: tree.filter { $0.habitID == 1 }.map { ($0.node, $0.users) })
        #expect(run[1] == 1 && run[2] == 1 && run[3] == 2 && run[4] == 3 && run[5] == 1 && run[6] == 1)
        #expect(run[8] == 4 && run[1 << 32] == 4 && run[7] == nil)
        let read = Dictionary(uniqueKeysWithValues: tree.filter { $0.habitID == 2 }.map { ($0.node, $0.users) })
        #expect(read[7] == 1 && read[8] == 1 && read[1 << 32] == 1 && read[1] == nil)
        // 5, 3, 3, 1: competition ranks 1st, 2nd, 2nd, 4th.
        let positions = try await store.readScreens { source in
            var positions: [RankPosition] = []
            for count in [5, 4, 3, 2, 1, 9] { positions.append(try await source.position(habitID: 1, count: count)) }
            return positions
        }
        #expect(positions.map(\.rank) == [1, 2, 2, 4, 4, 1])
        #expect(positions.map(\.usersWithCount) == [1, 0, 2, 0, 1, 0])
        try store.close()
    }

    @Test func aCountBeyondTheTreeHasNobodyAbove() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let habitID = try #require(try await store.habits(page: PageRequest(limit: 1)).items.first).id
        let rank = try await store.readScreens { source in
            try await source.rank(habitID: habitID, count: Int(Int32.max) * 4)
        }
        #expect(rank == 1)
    }
}
