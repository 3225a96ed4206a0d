import Foundation
import HabitsDemo
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

// What only SQLite has: the counters table against a recount of the logs (`recountFromLogs`), files that
// are closed and reopened, connection settings and query plans. The rules every store keeps are in
// HabitsStoreContractTests (StoreContentTests holds the ones that were here).

@Suite struct SQLiteHabitStoreTests {
    @Test func countersEqualARecountAfterRandomLogsAndDeletions() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        let content = Fixture.content(withImage: false)
        try await store.replaceAll(with: content)
        var random = SeededRandom(seed: 7)
        var ids: [Int64] = []
        for step in 0..<400 {
            if !ids.isEmpty && Int.random(in: 0..<4, using: &random) == 0 {
                let id = ids.remove(at: Int.random(in: 0..<ids.count, using: &random))
                try await store.deleteLog(id: id)
            } else {
                let user = content.users.randomElement(using: &random)!.id
                let habit = content.habits.randomElement(using: &random)!.name
                ids.append(
                    try await store.log(
                        CourseAPI.LoggedHabit(
                            userID: user, habitName: habit, timestamp: Fixture.now.addingTimeInterval(Double(step)))))
            }
        }
        let snapshot = try await store.statisticsSnapshot()
        let counted = Dictionary(
            uniqueKeysWithValues: try await store.recountFromLogs().map { ("\($0.userID)|\($0.habitName)", $0.count) })
        var kept: [String: Int] = [:]
        for user in content.users {
            for habit in content.habits where snapshot.count(userID: user.id, habitName: habit.name) > 0 {
                kept["\(user.id)|\(habit.name)"] = snapshot.count(userID: user.id, habitName: habit.name)
            }
        }
        #expect(kept == counted)
        #expect(kept.values.reduce(0, +) == ids.count)
        #expect(snapshot.revision == store.currentRevision())
    }

    @Test func anAcknowledgedLogSurvivesClosingAndReopening() async throws {
        let database = try TemporaryDatabase()
        do {
            let store = try SQLiteHabitStore(path: database.path)
            try await store.replaceAll(with: Fixture.content(withImage: false))
            try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Deep breathing",
                timestamp: Fixture.now))
            try store.close()
        }
        let reopened = try SQLiteHabitStore(path: database.path)
        let snapshot = try await reopened.statisticsSnapshot()
        #expect(snapshot.count(userID: "user1", habitName: "Deep breathing") == 1)
        #expect(reopened.currentRevision() == snapshot.revision)
        #expect(snapshot.revision >= 2)
        #expect(try await reopened.users().count == 5)
    }

    @Test func eightConcurrentWritersEndWithExactCounts() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        let content = Fixture.content(withImage: false)
        try await store.replaceAll(with: content)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<1_000 {
                        let habit = content.habits[index % content.habits.count].name
                        try await store.log(
                            CourseAPI.LoggedHabit(userID: "user\(task % 5)", habitName: habit, timestamp: Fixture.now))
                    }
                }
            }
            try await group.waitForAll()
        }
        let snapshot = try await store.statisticsSnapshot()
        // Tasks 0..<8 map onto users 0..<5, so users 0, 1 and 2 have two writers each.
        for user in 0..<5 {
            let writers = user < 3 ? 2 : 1
            for habit in content.habits {
                #expect(snapshot.count(userID: "user\(user)", habitName: habit.name) == writers * 250)
            }
        }
        #expect(try await store.recountFromLogs().map(\.count).reduce(0, +) == 8_000)
    }

    /// Reopening is SQLite's (the protocol neither opens nor closes): the origin is stored with the data.
    @Test func aReopenedDatabaseStillKnowsItsContentIsTheDemos() async throws {
        let database = try TemporaryDatabase()
        var store = try SQLiteHabitStore(path: database.path)
        try await store.replaceAll(with: StoreContent(demo: DemoDataSet(now: Fixture.now)))
        try store.close()
        store = try SQLiteHabitStore(path: database.path)
        #expect(try await store.contentOrigin() == .demo)
        try await store.disownDemoContent()
        try store.close()
        store = try SQLiteHabitStore(path: database.path)
        guard case .other = try await store.contentOrigin() else {
            Issue.record("a disowned demo is someone else's data after reopening too")
            return
        }
        try store.close()
    }
}

@Suite struct SQLiteDurabilitySettingsTests {
    @Test func everyConnectionSyncsFullyInWALMode() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        let settings = try await store.connectionSettings()
        #expect(settings.journalMode == "wal")
        #expect(settings.synchronous == 2, "synchronous = FULL, so an acknowledged write survives power loss")
        #expect(settings.foreignKeys)
    }
}

@Suite struct SQLiteQueryPlanTests {
    /// Every listing the course API serves walks an index instead of sorting a table.
    @Test func listingsUseIndexes() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        for query in [
            "SELECT name FROM categories ORDER BY name",
            "SELECT key FROM users ORDER BY key",
            "SELECT name FROM habits ORDER BY name",
        ] {
            let plan = try await store.queryPlan(query)
            #expect(!plan.contains("USE TEMP B-TREE"), "\(query): \(plan)")
        }
    }

    /// Whether a day was done before a write, or reaches its target, is a walk of at most a few of its logs
    /// in the day's index (`DayRuns.logCount`), however many times the pair was logged that day.
    @Test func aDaysLogsAreCountedInItsIndexUpToALimit() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        let plan = try await store.queryPlan(
            "SELECT COUNT(*) FROM (SELECT 1 FROM logs WHERE user_id = ? AND habit_id = ? AND day = ? LIMIT ?)")
        #expect(plan.contains("logs_user_habit_day"), "\(plan)")
    }
}
