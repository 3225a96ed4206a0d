import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// After every write of a random sequence, what screens read equals brute force over what the `/v1`
/// listings hold (users, habits, each user's logs, favourites and follows), and the change feed says
/// exactly what changed. HabitsSQLiteTests runs the same writes against SQLite's own tables.
@Suite struct ScreenPropertyTests {
    // A feed that misses a change would wait forever; the limit turns that into a failure. It is generous:
    // beside the rest of the contract suite on two cores, SQLite's durable commits can take 30× longer
    // than alone (one CI run reached its eighth seed in 10 minutes, against 40 s for all of them alone).
    @Test(.timeLimit(.minutes(20)), arguments: StoreImplementation.allCases)
    func screenReadsAndChangesFollowEveryWrite(implementation: StoreImplementation) async {
        // A step reads every listing and screen read through the store: over a socket, in a debug build,
        // PostgreSQL's seeds cost about 15 s each, so it runs a quarter of them within the same limit.
        let seeds: UInt64 = implementation == .postgres ? 4 : 16
        await forEachSeedAsync(count: seeds) { seed in
            try await Self.check(implementation, seed: seed)
        }
    }

    /// What the feed should report for a window of writes: count changes come from the counts at the
    /// window's two ends, with the lowest and highest count seen after each write between; the flags are
    /// the union of each write's own.
    struct Window {
        var start: ListedState
        var favoritesOf = Set<Int64>()
        var followsOf = Set<Int64>()
        var catalogue = false
        /// The revision of the last write in the window that changed something.
        var revision: Int64 = 0
        /// The counts seen after each write of the window.
        var seen = CountRanges()

        func expected(at state: ListedState) -> StoreChange {
            let counts = seen.changes(
                start: { start.counts[ListedState.Pair(userID: $0, habitID: $1)] ?? 0 },
                end: { state.counts[ListedState.Pair(userID: $0, habitID: $1)] ?? 0 })
            return StoreChange(
                revision: revision, counts: counts, favoritesOf: favoritesOf, followsOf: followsOf,
                catalogue: catalogue)
        }
    }

    static func check(_ implementation: StoreImplementation, seed: UInt64) async throws {
        let store = try await implementation.makeFixture()
        let categoryID = try #require(try await store.categories(page: PageRequest(limit: 10)).items.first).id
        var random = SeededRandom(seed: seed)
        var logIDs: [Int64] = []
        var feed = store.storeChanges().makeAsyncIterator()
        var state = try await ListedState.read(store)
        var window = Window(start: state)
        for step in 0..<60 {
            let operation = StoreOperation.random(
                users: state.users, habits: state.habits, logIDs: logIDs, serial: step, using: &random)
            let succeeded = await operation.apply(to: store, categoryID: categoryID, logIDs: &logIDs)
            let after = try await ListedState.read(store)
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
            store, userID: firstUser, habitID: firstHabit, read: { try await ListedState.read(store) }
        ) { last in
            window.seen.saw(seen.change(to: last).counts)
            seen = last
            window.revision = store.currentRevision()
            return !window.expected(at: last).isEmpty
        }
        expectSame(await feed.next(), window.expected(at: last), context: "seed \(seed), final write")
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

    /// Every `ScreenSource` read against brute force over `state`, all in one `readScreens`.
    static func checkReads(
        _ store: any HabitStore, _ state: ListedState, context: String, using random: inout SeededRandom
    ) async throws {
        let excluded = state.users.keys.randomElement(using: &random)
        let extraCount = Int.random(in: 1...12, using: &random)
        let revision = store.currentRevision()
        let habitIDs = Array(state.habits.keys)
        let userIDs = Array(state.users.keys)
        let positionCounts = Dictionary(uniqueKeysWithValues: habitIDs.map { habitID in
            let counts = state.standings(habitID: habitID).map(\.count)
            return (habitID, Array(Set(counts).union([1, extraCount, (counts.first ?? 0) + 1])))
        })
        let keys = state.users.mapValues(\.key)
        let reads = try await store.readScreens { source in
            var reads = ScreenReads(revision: source.revision)
            for habitID in habitIDs {
                reads.standings[habitID] = try await source.standings(habitID: habitID, limit: nil)
                reads.topTwo[habitID] = try await source.standings(habitID: habitID, limit: 2)
                for count in positionCounts[habitID] ?? [] {
                    reads.positions[ScreenReads.Key(id: habitID, count: count)] =
                        try await source.position(habitID: habitID, count: count)
                }
                reads.habits[habitID] = try await source.habit(id: habitID)
            }
            for userID in userIDs {
                reads.counts[userID] = try await source.counts(userID: userID)
                reads.followed[userID] = try await source.followedUsers(userID: userID)
                reads.favorites[userID] = try await source.favoriteHabitIDs(userID: userID)
                reads.usersByID[userID] = try await source.user(id: userID)
                reads.usersByKey[userID] = try await source.user(key: keys[userID] ?? "")
                for habitID in habitIDs {
                    reads.userRanks[ScreenReads.Pair(userID: userID, habitID: habitID)] =
                        try await source.rank(userID: userID, habitID: habitID)
                }
            }
            reads.usersExcluding = try await source.users(excluding: excluded)
            reads.allUsers = try await source.users(excluding: nil)
            reads.habitList = try await source.habits().map(\.id)
            return reads
        }
        #expect(reads.revision == revision, "\(context)")
        for habitID in habitIDs {
            let standings = state.standings(habitID: habitID)
            #expect(reads.standings[habitID] == standings, "\(context): habit \(habitID)")
            #expect(reads.topTwo[habitID] == Array(standings.prefix(2)), "\(context): habit \(habitID)")
            for count in positionCounts[habitID] ?? [] {
                #expect(
                    reads.positions[ScreenReads.Key(id: habitID, count: count)]
                        == state.position(habitID: habitID, count: count),
                    "\(context): habit \(habitID), count \(count)")
            }
            #expect(reads.habits[habitID] == state.habits[habitID], "\(context)")
        }
        for (userID, user) in state.users {
            let counts = state.counts.filter { $0.key.userID == userID }
            #expect(
                reads.counts[userID] == Dictionary(uniqueKeysWithValues: counts.map { ($0.key.habitID, $0.value) }),
                "\(context): user \(userID)")
            #expect(reads.followed[userID] == state.byName(state.followed[userID] ?? []), "\(context): user \(userID)")
            #expect(reads.favorites[userID] == state.favorites[userID] ?? [], "\(context): user \(userID)")
            #expect(reads.usersByID[userID] == user && reads.usersByKey[userID] == user, "\(context)")
            for habitID in habitIDs {
                let own = counts.first { $0.key.habitID == habitID }?.value ?? 0
                let above = state.counts.filter { $0.key.habitID == habitID && $0.value > own }.count
                #expect(
                    reads.userRanks[ScreenReads.Pair(userID: userID, habitID: habitID)] == 1 + above,
                    "\(context): user \(userID), habit \(habitID)")
            }
        }
        #expect(reads.usersExcluding == state.byName(state.users.keys.filter { $0 != excluded }), "\(context)")
        #expect(reads.allUsers == state.byName(state.users.keys), "\(context)")
        let habitsByName = state.habits.values.sorted { ListedState.bytesPrecede($0.name, $1.name) }.map(\.id)
        #expect(reads.habitList == habitsByName, "\(context)")
    }
}

/// Everything the property reads in one `readScreens`, compared once the read is over.
struct ScreenReads: Sendable {
    struct Key: Hashable, Sendable {
        var id: Int64
        var count: Int
    }

    struct Pair: Hashable, Sendable {
        var userID: Int64
        var habitID: Int64
    }

    var revision: Int64
    var userRanks: [Pair: Int] = [:]
    var standings: [Int64: [Standing]] = [:]
    var topTwo: [Int64: [Standing]] = [:]
    var positions: [Key: RankPosition] = [:]
    var habits: [Int64: Habit?] = [:]
    var counts: [Int64: [Int64: Int]] = [:]
    var followed: [Int64: [User]] = [:]
    var favorites: [Int64: Set<Int64>] = [:]
    var usersByID: [Int64: User?] = [:]
    var usersByKey: [Int64: User?] = [:]
    var usersExcluding: [User] = []
    var allUsers: [User] = []
    var habitList: [Int64] = []
}
