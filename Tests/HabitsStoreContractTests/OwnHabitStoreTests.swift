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

    @Test(arguments: StoreImplementation.allCases)
    func reorderingPutsTheNamedHabitsFirstAndRefusesAnyoneElses(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let ada = try await user(store, "ada")
        let bob = try await user(store, "bob")
        let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
        var ids: [Int64] = []
        for name in ["A", "B", "C", "D"] {
            ids.append(try await store.createHabit(personal(name, owner: ada, category: category)).id)
        }
        let bobs = try await store.createHabit(personal("E", owner: bob, category: category))
        let revision = store.currentRevision()

        let reordered = try await store.reorderHabits(ownerID: ada, habitIDs: [ids[2], ids[0]])
        #expect(reordered.map(\.id) == [ids[2], ids[0], ids[1], ids[3]])
        #expect(reordered.map(\.position) == [0, 1, 2, 3])
        #expect(try await store.ownHabits(ownerID: ada) == reordered)
        #expect(store.currentRevision() > revision, "screens that show the order hear of it")

        // Someone else's habit, an unknown one, or one named twice: refused, and nothing moves.
        await #expect(throws: HabitsError.self) { try await store.reorderHabits(ownerID: ada, habitIDs: [bobs.id]) }
        for refused in [[ids[1], 999_999], [ids[1], ids[1]]] {
            await #expect(throws: HabitsError.self) { try await store.reorderHabits(ownerID: ada, habitIDs: refused) }
        }
        #expect(try await store.ownHabits(ownerID: ada) == reordered)
        #expect(try await store.ownHabits(ownerID: bob).map(\.position) == [0])
        // A new habit goes last; an empty order changes nothing.
        let last = try await store.createHabit(personal("F", owner: ada, category: category))
        #expect(last.position == 4)
        #expect(try await store.reorderHabits(ownerID: ada, habitIDs: []).map(\.id) == reordered.map(\.id) + [last.id])
    }

    @Test(arguments: StoreImplementation.allCases)
    func anotherMembersListingOfLogsLeavesPersonalHabitsOut(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let ada = try await user(store, "ada")
        let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
        let run = try await habitID(store, named: "Run")
        let diary = try await store.createHabit(personal("Diary", owner: ada, category: category))
        let logs = try await store.createLogs([
            LogDraft(userID: ada, habitID: diary.id, timestamp: Fixture.now.addingTimeInterval(-20)),
            LogDraft(userID: ada, habitID: run, timestamp: Fixture.now.addingTimeInterval(-10)),
            LogDraft(userID: ada, habitID: diary.id, timestamp: Fixture.now),
        ])
        let all = try await store.logs(userID: ada, in: TimeRange(), page: PageRequest(limit: 10))
        #expect(all.items.map(\.id) == logs.map(\.id))
        // One by one, as a client pages: only the shared habit's log, and no cursor past it.
        let first = try await store.logs(
            userID: ada, in: TimeRange(), page: PageRequest(limit: 1), sharedHabitsOnly: true)
        #expect(first.items.map(\.id) == [logs[1].id] && first.nextCursor == nil)
    }
}
