import Foundation
import GRDB
import HabitsDomain
@testable import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// Concurrent writes share transactions, yet each succeeds or fails on its own.
@Suite struct GroupCommitTests {
    @Test func concurrentWritesEachGetTheirOwnOutcome() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        try await store.replaceAll(with: Fixture.content(withImage: false))
        let before = store.currentRevision()
        // 200 writers at once; every fifth names a habit that does not exist.
        let outcomes = await withTaskGroup(of: (Int, Result<Int64, any Error>).self) { group in
            for index in 0..<200 {
                group.addTask {
                    let habit = index % 5 == 0 ? "Fly" : "Run"
                    let event = CourseAPI.LoggedHabit(userID: "user\(index % 5)", habitName: habit,
                        timestamp: Fixture.now)
                    do { return (index, .success(try await store.log(event))) } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var collected: [Int: Result<Int64, any Error>] = [:]
            for await (index, outcome) in group { collected[index] = outcome }
            return collected
        }
        var ids = Set<Int64>()
        for (index, outcome) in outcomes {
            switch outcome {
            case .success(let id):
                #expect(index % 5 != 0)
                ids.insert(id)
            case .failure(let error):
                #expect(index % 5 == 0)
                #expect(error as? HabitsError == .notFound(kind: .habit, id: "Fly"))
            }
        }
        #expect(ids.count == 160, "every good write has its own log id")
        let snapshot = try await store.statisticsSnapshot()
        let counted = (0..<5).map { snapshot.count(userID: "user\($0)", habitName: "Run") }.reduce(0, +)
        #expect(counted == 160)
        #expect(try await store.recountFromLogs().map(\.count).reduce(0, +) == 160)
        // Fewer commits than writes: at least two writes shared a transaction.
        #expect(store.currentRevision() > before)
        #expect(store.currentRevision() - before <= 160)
    }

    @Test func aFailedWriteLeavesNothingBehindInItsSharedTransaction() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let good = Task {
            try await store.log([CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now)])
        }
        let bad = Task {
            try await store.log([
                CourseAPI.LoggedHabit(userID: "user2", habitName: "Swim", timestamp: Fixture.now),
                CourseAPI.LoggedHabit(userID: "user2", habitName: "Fly", timestamp: Fixture.now),
            ])
        }
        _ = try await good.value
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "Fly")) { _ = try await bad.value }
        let snapshot = try await store.statisticsSnapshot()
        #expect(snapshot.count(userID: "user1", habitName: "Run") == 1)
        #expect(snapshot.count(userID: "user2", habitName: "Swim") == 0, "the failed batch's first log was rolled back")
    }

    /// A write that inserts a row and then fails, beside a good write: its savepoint takes the row back.
    @Test func aWriteThatFailsAfterInsertingLeavesNoRow() async throws {
        struct Refused: Error {}
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let insert = "INSERT INTO categories (name, hue, saturation, brightness) VALUES (?, 0.1, 0.2, 0.3)"
        let bad = Task {
            try await store.commits.write(bumpsRevision: true) { db, _ in
                try db.execute(sql: insert, arguments: ["Half-written"])
                throw Refused()
            }
        }
        let good = Task {
            try await store.commits.write(bumpsRevision: true) { db, _ in
                try db.execute(sql: insert, arguments: ["Kept"])
            }
        }
        await #expect(throws: Refused.self) { try await bad.value }
        try await good.value
        let names = try await store.categories(page: PageRequest(limit: 100)).items.map(\.name)
        #expect(names.contains("Kept"))
        #expect(!names.contains("Half-written"))
    }

    @Test func aDecomposedNameFindsItsComposedHabit() async throws {
        var content = Fixture.content(withImage: false)
        content.habits.append(CourseAPI.Habit(name: "Caf\u{E9}", category: content.categories[0], info: "Coffee"))
        let store = try await SQLiteHabitStore.temporary(content: content)
        try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Cafe\u{301}", timestamp: Fixture.now))
        #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Caf\u{E9}") == 1)
    }

    @Test func namesDifferingOnlyInCaseBeyondASCIICannotCoexist() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let category = try #require(try await store.categories(page: PageRequest(limit: 10)).items.first)
        _ = try await store.createHabit(
            Habit(id: 0, name: "Éclair", categoryID: category.id, info: "", emoji: nil))
        await #expect(throws: HabitsError.self) {
            _ = try await store.createHabit(
                Habit(id: 0, name: "éclair", categoryID: category.id, info: "", emoji: nil))
        }
        await #expect(throws: HabitsError.self) {
            _ = try await store.createCategory(Category(id: 0, name: "HEALTH", color: category.color))
        }
        _ = try await store.createCategory(Category(id: 0, name: "Straße", color: category.color))
        await #expect(throws: HabitsError.self) {
            _ = try await store.createCategory(Category(id: 0, name: "STRASSE", color: category.color))
        }
    }
}
