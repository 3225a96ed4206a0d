import Foundation
import HabitsDomain
import HabitsStore
import Testing

/// The screen property, run on any store: after every write of a random sequence, what screens read
/// equals brute force over a `ScreenModel` of the store, and the change feed says exactly what changed.
/// The contract runs it with the model read from the `/v1` listings; SQLite's own tests with the model read
/// from its tables, adding checks of those tables after each step.
public enum ScreenProperty {
    /// Runs 60 random writes on `store`, reading `State` after each through `read` (its model through
    /// `model`), then checking `extraChecks`, the screen reads and, now and then, the feed.
    public static func run<State>(
        _ store: any HabitStore, seed: UInt64, read: () async throws -> State, model: (State) -> ScreenModel,
        extraChecks: (State, String) async throws -> Void = { _, _ in }
    ) async throws {
        let categoryID = try #require(try await store.categories(page: PageRequest(limit: 10)).items.first).id
        var random = SeededRandom(seed: seed)
        var logIDs: [Int64] = []
        var feed = store.storeChanges().makeAsyncIterator()
        var state = model(try await read())
        var window = Window(start: state)
        for step in 0..<60 {
            let operation = StoreOperation.random(
                users: state.users, habits: state.habits, logIDs: logIDs, serial: step, using: &random)
            let succeeded = await operation.apply(to: store, categoryID: categoryID, logIDs: &logIDs)
            let snapshot = try await read()
            let after = model(snapshot)
            let own = state.change(to: after)
            let changedCatalogue = succeeded && operation.changesCatalogue
            window.seen.saw(own.counts)
            window.favoritesOf.formUnion(own.favoritesOf)
            window.followsOf.formUnion(own.followsOf)
            window.catalogue = window.catalogue || changedCatalogue
            if !own.counts.isEmpty || !own.favoritesOf.isEmpty || !own.followsOf.isEmpty || changedCatalogue {
                window.revision = store.currentRevision()
            }
            state = after
            let context = "seed \(seed), step \(step), \(operation)"
            try await extraChecks(snapshot, context)
            try await checkReads(store, state, context: context, using: &random)

            let expected = window.expected(at: state)
            // Taking only now and then lets several commits merge into one element.
            if !expected.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
                expectSame(await feed.next(), expected, context: context)
                window = Window(start: state)
            }
        }
        let firstUser = try #require(state.users.keys.min())
        let firstHabit = try #require(state.habits.keys.min())
        var seen = state
        let last = try await StoreOperation.logUntilChanged(
            store, userID: firstUser, habitID: firstHabit, read: { model(try await read()) }
        ) { last in
            window.seen.saw(seen.change(to: last).counts)
            seen = last
            window.revision = store.currentRevision()
            return !window.expected(at: last).isEmpty
        }
        expectSame(await feed.next(), window.expected(at: last), context: "seed \(seed), final write")
    }

    /// What the feed should report for a window of writes: count changes come from the counts at the
    /// window's two ends, with the lowest and highest count seen after each write between; the flags are
    /// the union of each write's own.
    struct Window {
        var start: ScreenModel
        var favoritesOf = Set<Int64>()
        var followsOf = Set<Int64>()
        var catalogue = false
        /// The revision of the last write in the window that changed something.
        var revision: Int64 = 0
        /// The counts seen after each write of the window.
        var seen = CountRanges()

        func expected(at state: ScreenModel) -> StoreChange {
            let counts = seen.changes(
                start: { start.counts[ScreenModel.Pair(userID: $0, habitID: $1)] ?? 0 },
                end: { state.counts[ScreenModel.Pair(userID: $0, habitID: $1)] ?? 0 })
            return StoreChange(
                revision: revision, counts: counts, favoritesOf: favoritesOf, followsOf: followsOf,
                catalogue: catalogue)
        }
    }

    static func expectSame(_ taken: StoreChange?, _ expected: StoreChange, context: String) {
        guard let taken else {
            Issue.record("\(context): the feed ended")
            return
        }
        CountRanges.expect(taken.counts, cover: expected.counts, context: context)
        #expect(taken.favoritesOf == expected.favoritesOf, "\(context)")
        #expect(taken.followsOf == expected.followsOf, "\(context)")
        #expect(taken.catalogue == expected.catalogue, "\(context)")
        #expect(taken.revision == expected.revision, "\(context)")
    }
}
