import Foundation
import HabitsDomain
import HabitsStore
import Testing

/// A fresh database file in a temporary folder, removed when the test ends.
struct TemporaryDatabase: ~Copyable {
    let folder: URL
    var path: String { folder.appendingPathComponent("habits.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

let testNow = Date(timeIntervalSince1970: 1_795_368_015)

func smallContent() -> StoreContent {
    let health = HabitsDomain.Category(name: "Health", color: Color(hue: 0.2, saturation: 0.5, brightness: 0.8))
    let users = (0..<5).map { User(id: "user\($0)", name: "User \($0)", color: Color(hue: 0.1, saturation: 0.2, brightness: 0.3), bio: $0 == 0 ? nil : "Bio \($0)") }
    let habits = ["Run", "Read", "Deep breathing", "Swim"].map { Habit(name: $0, category: health, info: "About \($0)") }
    return StoreContent(users: users, categories: [health], habits: habits, logs: [], images: [:])
}

@Suite struct SQLiteHabitStoreTests {
    @Test func countersEqualARecountAfterRandomLogsAndDeletions() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        let content = smallContent()
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
                ids.append(try await store.log(LoggedHabit(userID: user, habitName: habit, timestamp: testNow.addingTimeInterval(Double(step)))))
            }
        }
        let snapshot = try await store.statisticsSnapshot()
        let counted = Dictionary(uniqueKeysWithValues: try await store.recountFromLogs().map { ("\($0.userID)|\($0.habitName)", $0.count) })
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
            try await store.replaceAll(with: smallContent())
            try await store.log(LoggedHabit(userID: "user1", habitName: "Deep breathing", timestamp: testNow))
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
        try await store.replaceAll(with: smallContent())
        let before = store.currentRevision()
        await #expect(throws: HabitsError.notFound(kind: .user, id: "ghost")) {
            try await store.log(LoggedHabit(userID: "ghost", habitName: "Run", timestamp: testNow))
        }
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "Fly")) {
            try await store.log(LoggedHabit(userID: "user1", habitName: "Fly", timestamp: testNow))
        }
        await #expect(throws: HabitsError.notFound(kind: .log, id: "99")) { try await store.deleteLog(id: 99) }
        #expect(store.currentRevision() == before)
        #expect(try await store.recountFromLogs().isEmpty)
    }

    @Test func eightConcurrentWritersEndWithExactCounts() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        let content = smallContent()
        try await store.replaceAll(with: content)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<1_000 {
                        let habit = content.habits[index % content.habits.count].name
                        try await store.log(LoggedHabit(userID: "user\(task % 5)", habitName: habit, timestamp: testNow))
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
        let content = smallContent()
        try await store.replaceAll(with: content)
        #expect(try await store.users() == content.users.sorted { $0.id < $1.id })
        #expect(try await store.habits() == content.habits.sorted { $0.name < $1.name })
        #expect(try await store.categories() == content.categories)
        #expect(try await store.isEmpty() == false)
    }

    @Test func imagesAreStoredPerUser() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        try await store.replaceAll(with: smallContent())
        #expect(try await store.image(userID: "user1") == nil)
        let image = StoredImage(contentType: "image/jpeg", bytes: Data([0xFF, 0xD8, 0xFF, 1, 2, 3]))
        try await store.setImage(image, userID: "user1")
        #expect(try await store.image(userID: "user1") == image)
        await #expect(throws: HabitsError.notFound(kind: .user, id: "ghost")) { try await store.image(userID: "ghost") }
    }

    @Test func theDemoDataLoadsWithAnAvatarForEveryone() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        #expect(try await store.isEmpty())
        let demo = DemoDataSet(now: testNow)
        try await store.replaceAll(with: StoreContent(demo: demo))
        for user in demo.users {
            #expect(try await store.image(userID: user.id)?.contentType == "image/png")
        }
        #expect(try await store.recountFromLogs().map(\.count).reduce(0, +) == demo.logs.count)
    }

    @Test func aFailedLoadChangesNothing() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        try await store.replaceAll(with: smallContent())
        var broken = smallContent()
        broken.users = []
        broken.logs = [LoggedHabit(userID: "nobody", habitName: "Run", timestamp: testNow)]
        await #expect(throws: HabitsError.self) { try await store.replaceAll(with: broken) }
        #expect(try await store.users().count == 5)
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
        try await Self.checkBatches(on: try await SQLiteHabitStore.inMemory())
    }

    static func checkBatches(on store: any HabitStore) async throws {
        try await store.replaceAll(with: smallContent())
        let before = store.currentRevision()
        let good = LoggedHabit(userID: "user1", habitName: "Run", timestamp: testNow)
        let bad = LoggedHabit(userID: "user1", habitName: "Fly", timestamp: testNow)
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "Fly")) { try await store.log([good, good, bad]) }
        #expect(store.currentRevision() == before)
        #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 0)

        let ids = try await store.log([good, good, LoggedHabit(userID: "user2", habitName: "Swim", timestamp: testNow)])
        #expect(ids.count == 3 && Set(ids).count == 3)
        #expect(store.currentRevision() == before + 1, "one revision per batch")
        let snapshot = try await store.statisticsSnapshot()
        #expect(snapshot.count(userID: "user1", habitName: "Run") == 2)
        #expect(snapshot.count(userID: "user2", habitName: "Swim") == 1)
    }
}
