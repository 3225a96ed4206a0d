import Foundation
import HabitsDomain
@testable import HabitsPostgres
import HabitsStore
import HabitsTestSupport
import Testing

/// Screen reads share a kept habit list while its version stays (schema v14): a write to `habits` through
/// any instance, committed before a snapshot, is in that snapshot's list.
@Suite(.timeLimit(.minutes(3))) struct HabitListCacheTests {
    static func screenHabits(_ store: PostgresHabitStore) async throws -> [Habit] {
        try await store.readScreens { source in try await source.habits() }
    }

    @Test func aHabitChangedThroughEitherInstanceIsInTheNextScreenReadOfBoth() async throws {
        guard PostgresTestStores.shouldRun else { return }
        let configuration = try PostgresTestStores.newConfiguration()
        let first = try await PostgresHabitStore.connect(configuration)
        let second = try await PostgresHabitStore.connect(configuration)
        defer { Task { await first.close(); await second.close() } }
        try await first.replaceAll(with: Fixture.content(withImage: false))
        let before = try await Self.screenHabits(first)
        #expect(!before.isEmpty)
        #expect(try await Self.screenHabits(second) == before)
        // The list read is kept under the version the snapshot saw.
        let version = try #require(try await first.readScreens { ($0 as? PostgresSnapshotSource)?.habitsVersion })
        #expect(first.habitList.habits(at: version) == before)

        // A rename through the second instance.
        let renamed = try #require(before.first)
        _ = try await second.updateHabit(id: renamed.id) { habit in
            var habit = habit
            habit.name = "Renamed \(habit.id)"
            return habit
        }
        let afterRename = try await Self.screenHabits(first)
        #expect(afterRename.contains { $0.id == renamed.id && $0.name == "Renamed \(renamed.id)" })
        #expect(try await Self.screenHabits(second).contains { $0.name == "Renamed \(renamed.id)" })

        // A new habit through the first, then its deletion.
        let made = try await first.createHabit(Habit(
            id: 0, name: "Stretch at noon", categoryID: renamed.categoryID, info: "Five minutes", emoji: nil))
        #expect(try await Self.screenHabits(second).contains { $0.id == made.id })
        #expect(try await Self.screenHabits(first).contains { $0.id == made.id })
        try await second.deleteHabit(id: made.id, cascade: true)
        #expect(try await !Self.screenHabits(first).contains { $0.id == made.id })
        #expect(try await Self.screenHabits(first).count == before.count)
    }

    @Test func anOlderListNeverReplacesANewerOne() {
        let cache = HabitListCache()
        let old = [Habit(id: 1, name: "Old", categoryID: 1, info: "", emoji: nil)]
        let new = [Habit(id: 1, name: "New", categoryID: 1, info: "", emoji: nil)]
        cache.keep(new, at: 5)
        cache.keep(old, at: 4)
        #expect(cache.habits(at: 5) == new)
        #expect(cache.habits(at: 4) == nil)
        #expect(cache.habits(at: 6) == nil)
    }
}
