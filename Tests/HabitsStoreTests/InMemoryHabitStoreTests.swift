import Foundation
import HabitsDomain
import HabitsStore
import Testing

@Suite struct InMemoryHabitStoreTests {
    /// The in-memory store answers exactly as the SQLite one for the same sequence of writes.
    @Test func agreesWithTheSQLiteStore() async throws {
        let database = try TemporaryDatabase()
        let sqlite = try SQLiteHabitStore(path: database.path)
        let memory = InMemoryHabitStore()
        let content = smallContent()
        try await sqlite.replaceAll(with: content)
        try await memory.replaceAll(with: content)
        var random = SeededRandom(seed: 11)
        for step in 0..<200 {
            let user = Int.random(in: 0..<6, using: &random) == 0 ? "ghost" : content.users.randomElement(using: &random)!.id
            let event = LoggedHabit(userID: user, habitName: content.habits.randomElement(using: &random)!.name, timestamp: testNow.addingTimeInterval(Double(step)))
            let a = await Result(catching: { try await sqlite.log(event) })
            let b = await Result(catching: { try await memory.log(event) })
            #expect((try? a.get()) == (try? b.get()))
            if step % 7 == 0, let id = try? a.get() {
                try await sqlite.deleteLog(id: id)
                try await memory.deleteLog(id: id)
            }
        }
        #expect(try await sqlite.statisticsSnapshot().combined() == memory.statisticsSnapshot().combined())
        #expect(sqlite.currentRevision() == memory.currentRevision())
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
