import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// The bound on an account's habits of its own, as every store keeps it: on each creation, under
/// concurrency, and for an import, which writes nothing when it would pass it.
@Suite struct HabitBoundStoreTests {
    let bound = AccountRules.maximumPersonalHabits

    func personal(_ name: String, owner: Int64, category: Int64) -> Habit {
        Habit(id: 0, name: name, categoryID: category, info: "", emoji: nil, ownerID: owner, visibility: .personal)
    }

    /// A catalogue habit `owner` made, as an administrator makes one.
    func shared(_ name: String, owner: Int64, category: Int64) -> Habit {
        Habit(id: 0, name: name, categoryID: category, info: "", emoji: nil, ownerID: owner, visibility: .shared)
    }

    /// Gives `owner` `count` new habits of their own, one creation at a time; their ids.
    func fill(_ store: any HabitStore, owner: Int64, category: Int64, count: Int) async throws -> [Int64] {
        var ids: [Int64] = []
        for index in 0..<count {
            ids.append(try await store.createHabit(personal("Habit \(index)", owner: owner, category: category)).id)
        }
        return ids
    }

    func personalCount(_ store: any HabitStore, owner: Int64) async throws -> Int {
        try await store.ownHabits(ownerID: owner).filter { $0.visibility == .personal }.count
    }

    @Test(arguments: StoreImplementation.allCases)
    func theTwoHundredAndFirstIsRefusedArchivedOnesCountAndTheCataloguesDoNot(
        implementation: StoreImplementation
    ) async throws {
        let store = try await implementation.makeFixture()
        let ada = try await store.createUser(newUser("ada")).id
        let bob = try await store.createUser(newUser("bob")).id
        let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
        // Catalogue habits Ada made as an administrator take no place of hers.
        for index in 0..<3 {
            _ = try await store.createHabit(shared("Catalogue \(index)", owner: ada, category: category))
        }
        let ids = try await fill(store, owner: ada, category: category, count: bound - 1)
        // An archived habit is kept, exported and brought back: it keeps its place.
        _ = try await store.updateHabit(id: ids[0]) { habit in
            var habit = habit
            habit.isArchived = true
            return habit
        }
        let last = try await store.createHabit(personal("Last", owner: ada, category: category))
        await #expect(throws: StoreRefusal.personalHabitLimit) {
            try await store.createHabit(self.personal("One too many", owner: ada, category: category))
        }
        #expect(try await personalCount(store, owner: ada) == bound)
        // At the bound, the catalogue and other accounts are untouched.
        _ = try await store.createHabit(shared("Catalogue 3", owner: ada, category: category))
        _ = try await store.createHabit(personal("One too many", owner: bob, category: category))
        // Deleting one frees its place.
        try await store.deleteHabit(id: last.id, cascade: false)
        _ = try await store.createHabit(personal("One too many", owner: ada, category: category))
        #expect(try await personalCount(store, owner: ada) == bound)
    }

    @Test(arguments: StoreImplementation.allCases)
    func parallelCreationsAroundTheBoundNeverPassIt(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let ada = try await store.createUser(newUser("ada")).id
        let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
        let room = 5
        _ = try await fill(store, owner: ada, category: category, count: bound - room)
        let attempts = 4 * room
        let outcomes = await withTaskGroup(of: HabitsError?.self) { group in
            for index in 0..<attempts {
                let habit = personal("Parallel \(index)", owner: ada, category: category)
                group.addTask {
                    do {
                        _ = try await store.createHabit(habit)
                        return nil
                    } catch let error as HabitsError {
                        return error
                    } catch {
                        return .unavailable(reason: "\(error)")
                    }
                }
            }
            var outcomes: [HabitsError?] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.filter { $0 == nil }.count == room)
        #expect(outcomes.compactMap { $0 }.allSatisfy { $0 == StoreRefusal.personalHabitLimit })
        #expect(try await personalCount(store, owner: ada) == bound)
    }

    @Test(arguments: StoreImplementation.allCases)
    func anImportThatWouldPassTheBoundWritesNothing(implementation: StoreImplementation) async throws {
        let account = try await ImportStoreTests.account(implementation)
        let store = account.store
        _ = try await fill(store, owner: account.user, category: account.category, count: bound - 2)
        func data(new names: [String]) -> AccountImport {
            let drafts = names.map { ImportedHabit.new(ImportStoreTests.stretch(account.category, named: $0)) }
            return AccountImport(
                habits: [.existing(id: account.run)] + drafts,
                logs: [
                    ImportStoreTests.log(0, "2026-11-18T08:00:00Z"), ImportStoreTests.log(1, "2026-11-19T08:00:00Z"),
                ],
                days: [ImportedDay(habit: 0, day: ImportStoreTests.day("2026-11-20"), skipped: false, note: "Rain")],
                favoriteHabitIDs: [account.read])
        }
        let before = try await ImportStoreTests.snapshot(account)
        await #expect(throws: StoreRefusal.importHabitLimit(adding: 3, held: bound - 2)) {
            try await store.importAccountData(
                data(new: ["Stretch", "Walk", "Swim laps"]), userID: account.user, now: ImportStoreTests.now)
        }
        #expect(try await ImportStoreTests.snapshot(account) == before)
        #expect(try await personalCount(store, owner: account.user) == bound - 2)

        // Two fit exactly; then an import making none still runs at the bound.
        let summary = try await store.importAccountData(
            data(new: ["Stretch", "Walk"]), userID: account.user, now: ImportStoreTests.now)
        #expect(summary.habitsCreated == 2 && summary.logsAdded == 2)
        #expect(try await personalCount(store, owner: account.user) == bound)
        let logsOnly = AccountImport(
            habits: [.existing(id: account.run)], logs: [ImportStoreTests.log(0, "2026-11-21T08:00:00Z")], days: [],
            favoriteHabitIDs: [])
        let added = try await store.importAccountData(logsOnly, userID: account.user, now: ImportStoreTests.now)
        #expect(added.logsAdded == 1)
    }
}
