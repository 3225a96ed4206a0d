import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Habits of one's own as every store keeps them: names per scope, listings per viewer, owners' deletion.
@Suite struct OwnHabitStoreTests {
    func user(_ store: any HabitStore, _ key: String) async throws -> Int64 {
        try await store.createUser(
            User(id: 0, key: key, name: key, color: nil, bio: nil, timeZone: "UTC", locale: "en_US")
        ).id
    }

    func personal(_ name: String, owner: Int64, category: Int64) -> Habit {
        Habit(id: 0, name: name, categoryID: category, info: "", emoji: nil, ownerID: owner, visibility: .personal)
    }

    func all(_ store: any HabitStore, visibleTo viewer: Int64?, archived: Bool = false) async throws -> [Int64] {
        var ids: [Int64] = []
        var page = PageRequest(limit: 2)
        while true {
            let listed = try await store.habits(visibleTo: viewer, archived: archived, page: page)
            ids += listed.items.map(\.id)
            guard listed.nextCursor != nil, let last = listed.items.last else { return ids }
            page = PageRequest(after: PageCursor(id: last.id), limit: 2)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func namesAreUniquePerScopeAndListingsPerViewer(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let ada = try await user(store, "ada")
        let bob = try await user(store, "bob")
        let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
        let run = try await habitID(store, named: "Run")
        let adas = try await store.createHabit(personal("Run", owner: ada, category: category))
        let second = try await store.createHabit(personal("Swim", owner: ada, category: category))
        #expect(adas.position == 0 && second.position == 1)
        let bobs = try await store.createHabit(personal("Run", owner: bob, category: category))
        await #expect(throws: HabitsError.self) {
            try await store.createHabit(self.personal("run", owner: ada, category: category))
        }
        await #expect(throws: HabitsError.self) {
            try await store.createHabit(Habit(id: 0, name: "RUN", categoryID: category, info: "", emoji: nil))
        }
        let everything = try await store.habits(page: PageRequest(limit: 100)).items
        let shared = Set(everything.filter { $0.visibility == .shared }.map(\.id))
        #expect(Set(try await all(store, visibleTo: ada)) == shared.union([adas.id, second.id]))
        #expect(Set(try await all(store, visibleTo: bob)) == shared.union([bobs.id]))
        #expect(Set(try await all(store, visibleTo: nil)) == shared.union([adas.id, second.id, bobs.id]))
        #expect(try await store.habits().filter { $0.name == "Run" }.count == 1)  // the course API's catalogue

        _ = try await store.updateHabit(id: second.id) { habit in
            var habit = habit
            habit.isArchived = true
            habit.reminder = ReminderTime(hour: 21, minute: 5)
            return habit
        }
        #expect(try await all(store, visibleTo: ada, archived: true) == [second.id])
        #expect(!(try await all(store, visibleTo: ada)).contains(second.id))
        #expect(try await store.habit(id: second.id).reminder == ReminderTime(hour: 21, minute: 5))

        // Logging a shared habit and one's own; deleting the owner takes the personal habits along.
        _ = try await store.createLogs([
            LogDraft(userID: ada, habitID: adas.id, timestamp: Fixture.now),
            LogDraft(userID: ada, habitID: run, timestamp: Fixture.now),
        ])
        try await store.deleteUser(id: ada, cascade: true)
        await #expect(throws: HabitsError.self) { try await store.habit(id: adas.id) }
        await #expect(throws: HabitsError.self) { try await store.habit(id: second.id) }
        #expect(try await store.habit(id: bobs.id).ownerID == bob)
    }
}
