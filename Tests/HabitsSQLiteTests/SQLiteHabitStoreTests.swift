import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

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
                        LoggedHabit(
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
            try await store.log(LoggedHabit(userID: "user1", habitName: "Deep breathing", timestamp: Fixture.now))
            try store.close()
        }
        let reopened = try SQLiteHabitStore(path: database.path)
        let snapshot = try await reopened.statisticsSnapshot()
        #expect(snapshot.count(userID: "user1", habitName: "Deep breathing") == 1)
        #expect(reopened.currentRevision() == snapshot.revision)
        #expect(snapshot.revision >= 2)
        #expect(try await reopened.users().count == 5)
    }

    @Test func unknownReferencesWriteNothing() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        try await store.replaceAll(with: Fixture.content(withImage: false))
        let before = store.currentRevision()
        await #expect(throws: HabitsError.notFound(kind: .user, id: "ghost")) {
            try await store.log(LoggedHabit(userID: "ghost", habitName: "Run", timestamp: Fixture.now))
        }
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "Fly")) {
            try await store.log(LoggedHabit(userID: "user1", habitName: "Fly", timestamp: Fixture.now))
        }
        await #expect(throws: HabitsError.notFound(kind: .log, id: "99")) { try await store.deleteLog(id: 99) }
        #expect(store.currentRevision() == before)
        #expect(try await store.recountFromLogs().isEmpty)
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
                            LoggedHabit(userID: "user\(task % 5)", habitName: habit, timestamp: Fixture.now))
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

    @Test func readsModelsBackAsWritten() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        let content = Fixture.content(withImage: false)
        try await store.replaceAll(with: content)
        #expect(try await store.users() == content.users.sorted { $0.id < $1.id })
        #expect(try await store.habits() == content.habits.sorted { $0.name < $1.name })
        #expect(try await store.categories() == content.categories)
        #expect(try await store.isEmpty() == false)
    }

    @Test func imagesAreStoredPerUser() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        try await store.replaceAll(with: Fixture.content(withImage: false))
        #expect(try await store.image(userID: "user1") == nil)
        let image = StoredImage(contentType: "image/jpeg", bytes: Data([0xFF, 0xD8, 0xFF, 1, 2, 3]))
        let revision = store.currentRevision()
        try await store.setImage(image, userID: "user1")
        #expect(try await store.image(userID: "user1") == image)
        #expect(store.currentRevision() == revision, "pictures are not in the statistics")
        await #expect(throws: HabitsError.notFound(kind: .user, id: "ghost")) { try await store.image(userID: "ghost") }
    }

    @Test func theDemoDataLoadsWithAnAvatarForEveryone() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        #expect(try await store.isEmpty())
        let demo = DemoDataSet(now: Fixture.now)
        try await store.replaceAll(with: StoreContent(demo: demo))
        for user in demo.users {
            #expect(try await store.image(userID: user.id)?.contentType == "image/png")
        }
        #expect(try await store.recountFromLogs().map(\.count).reduce(0, +) == demo.logs.count)
    }

    @Test func aFailedLoadChangesNothing() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        try await store.replaceAll(with: Fixture.content(withImage: false))
        var broken = Fixture.content(withImage: false)
        broken.users = []
        broken.logs = [LoggedHabit(userID: "nobody", habitName: "Run", timestamp: Fixture.now)]
        await #expect(throws: HabitsError.self) { try await store.replaceAll(with: broken) }
        #expect(try await store.users().count == 5)
    }

    @Test func theStoreRemembersWhetherItsContentIsTheDemos() async throws {
        let database = try TemporaryDatabase()
        var store = try SQLiteHabitStore(path: database.path)
        #expect(try await store.contentOrigin() == .empty)
        try await store.replaceAll(with: StoreContent(demo: DemoDataSet(now: Fixture.now)))
        #expect(try await store.contentOrigin() == .demo)
        // A reopened database still knows.
        try store.close()
        store = try SQLiteHabitStore(path: database.path)
        #expect(try await store.contentOrigin() == .demo)
        try await store.disownDemoContent()
        guard case .other(let users, let habits, let logs) = try await store.contentOrigin() else {
            Issue.record("a disowned demo is someone else's data")
            return
        }
        #expect(users > 0 && habits > 0 && logs > 0)

        try await store.replaceAll(with: StoreContent(demo: DemoDataSet(now: Fixture.now)))
        #expect(try await store.contentOrigin() == .demo)
        try await store.replaceAll(with: Fixture.content(withImage: false))
        #expect(try await store.contentOrigin() == .other(users: 5, habits: 4, logs: 0))
        try store.close()
    }

    @Test func aStoreHoldingOnlyHelpIsNotEmpty() async throws {
        let store = try await SQLiteHabitStore.temporary()
        #expect(try await store.contentOrigin() == .empty)
        _ = try await store.createHelpTag(HelpTagResource(id: 0, name: "Streaks"))
        #expect(try await store.contentOrigin() == .other(users: 0, habits: 0, logs: 0))
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
}

@Suite struct BatchLogTests {
    @Test func aBatchIsAllOrNothingInSQLite() async throws {
        let database = try TemporaryDatabase()
        try await Self.checkBatches(on: try SQLiteHabitStore(path: database.path))
    }

    @Test func aBatchIsAllOrNothingInMemory() async throws {
        try await Self.checkBatches(on: try await SQLiteHabitStore.temporary())
    }

    static func checkBatches(on store: any HabitStore) async throws {
        try await store.replaceAll(with: Fixture.content(withImage: false))
        let before = store.currentRevision()
        let good = LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now)
        let bad = LoggedHabit(userID: "user1", habitName: "Fly", timestamp: Fixture.now)
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "Fly")) { try await store.log([good, good, bad]) }
        #expect(store.currentRevision() == before)
        #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 0)

        let ids = try await store.log([
            good, good, LoggedHabit(userID: "user2", habitName: "Swim", timestamp: Fixture.now),
        ])
        #expect(ids.count == 3 && Set(ids).count == 3)
        #expect(store.currentRevision() == before + 1, "one revision per batch")
        let snapshot = try await store.statisticsSnapshot()
        #expect(snapshot.count(userID: "user1", habitName: "Run") == 2)
        #expect(snapshot.count(userID: "user2", habitName: "Swim") == 1)
    }
}
