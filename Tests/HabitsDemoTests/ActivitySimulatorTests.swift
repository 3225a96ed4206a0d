import Foundation
import HabitsDemo
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// The activity simulator against a store: whom it simulates, and how it follows the data and the clock.
@Suite struct ActivitySimulatorTests {
    @Test func theSimulatorNeverLogsForTheActiveUser() async throws {
        // The data set simulates "ava-thompson"; naming her the active user must still keep her untouched.
        let demo = DemoDataSet(activeUserID: "activeUser", now: Fixture.now)
        #expect(demo.rates.contains { $0.userID == "ava-thompson" })
        let store = try await SQLiteHabitStore.temporary(content: StoreContent(demo: demo))
        let simulator = ActivitySimulator(store: store, demo: demo, activeUserID: "ava-thompson", startRunning: true)
        try await simulator.setSpeed(100)
        let before = try await store.statisticsSnapshot()
        await simulator.step(seconds: 3)
        let after = try await store.statisticsSnapshot()
        #expect(after.revision > before.revision)
        for habit in demo.habits {
            #expect(
                after.count(userID: "ava-thompson", habitName: habit.name)
                    == before.count(userID: "ava-thompson", habitName: habit.name))
        }
    }

    @Test func theSimulatorDropsDeletedHabitsAndCapsItsCatchUp() async throws {
        let demo = DemoDataSet(activeUserID: "activeUser", now: Fixture.now)
        let store = try await SQLiteHabitStore.temporary(content: StoreContent(demo: demo))
        let simulator = ActivitySimulator(store: store, demo: demo, activeUserID: "activeUser", startRunning: true)
        // Delete the most simulated habit, as a user of /v1 might.
        let habitName = try #require(
            Dictionary(grouping: demo.rates, by: \.habitName).max { $0.value.count < $1.value.count }?.key)
        let habits = try await store.habits(page: PageRequest(limit: 200)).items
        let habit = try #require(habits.first { $0.name == habitName })
        try await store.deleteHabit(id: habit.id, cascade: true)

        try await simulator.setSpeed(100)
        let before = try await store.statisticsSnapshot().combined().userStatistics.flatMap(\.habitCounts).map(\.count)
        await simulator.step(seconds: 2)
        #expect(await !simulator.simulatedPairs.contains { $0.habitName == habitName })
        let revision = store.currentRevision()
        await simulator.step(seconds: 2)
        #expect(store.currentRevision() == revision + 1, "the next tick is one batch again, not one write per event")

        // Paused for an hour: one tick writes at most the capped catch-up, not 5,400 events at speed 1.
        try await simulator.setSpeed(1)
        let total = {
            try await store.statisticsSnapshot().combined().userStatistics.flatMap(\.habitCounts).map(\.count).reduce(
                0, +)
        }
        let beforePause = try await total()
        await simulator.step(seconds: 3_600)
        #expect(try await total() - beforePause < 60)
        #expect(before.reduce(0, +) > 0)
    }
}
