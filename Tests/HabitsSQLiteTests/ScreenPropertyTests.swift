import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// After every write of a random sequence, SQLite's own tables hold: levels and the rank tree are a
/// recount of the counters, names copied beside counters and follows are current, and what screens read
/// and the feed report equal brute force over those counters. The contract's ScreenPropertyTests makes
/// the same writes on every store and checks screen reads against the logs the `/v1` API lists.
@Suite struct ScreenPropertyTests {
    // A feed that misses a change would wait forever; the limit turns that into a failure.
    // Fifteen seconds alone, but over three minutes beside the CPU-bound property suites on two cores: the
    // limit is there to catch a hang, not to time the test.
    @Test(.timeLimit(.minutes(10))) func levelsStandingsPositionsAndChangesFollowEveryWrite() async {
        await forEachSeedAsync(count: 16 as UInt64) { seed in
            try await Self.check(seed: seed)
        }
    }

    /// What the feed should report for a window of writes: count changes come from the counters at the
    /// window's two ends, with the lowest and highest count seen after each write between; the flags are the
    /// union of each write's own.
    struct Window {
        var start: StoreState
        var favoritesOf = Set<Int64>()
        var followsOf = Set<Int64>()
        var catalogue = false
        /// The revision of the last write in the window that changed something.
        var revision: Int64 = 0
        /// The counts seen after each write of the window.
        var seen = CountRanges()

        func expected(at state: StoreState) -> StoreChange {
            let counts = seen.changes(
                start: { start.counts[StoreState.Pair(userID: $0, habitID: $1)] ?? 0 },
                end: { state.counts[StoreState.Pair(userID: $0, habitID: $1)] ?? 0 })
            return StoreChange(
                revision: revision, counts: counts, favoritesOf: favoritesOf, followsOf: followsOf,
                catalogue: catalogue)
        }
    }

    static func check(seed: UInt64) async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let categoryID = try #require(try await store.categories(page: PageRequest(limit: 10)).items.first).id
        var random = SeededRandom(seed: seed)
        var logIDs: [Int64] = []
        let changes = store.storeChanges()
        var feed = changes.makeAsyncIterator()
        var state = try await StoreState.read(store)
        var window = Window(start: state)
        for step in 0..<60 {
            let operation = StoreOperation.random(
                users: state.users, habits: state.habits, logIDs: logIDs, serial: step, using: &random)
            let succeeded = await operation.apply(to: store, categoryID: categoryID, logIDs: &logIDs)
            let after = try await StoreState.read(store)
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
                let taken = await feed.next()
                expectSame(taken, expected, context: context)
                window = Window(start: state)
            }
        }
        let firstUser = try #require(state.users.keys.min())
        let firstHabit = try #require(state.habits.keys.min())
        var seen = state
        let last = try await StoreOperation.logUntilChanged(
            store, userID: firstUser, habitID: firstHabit, read: { try await StoreState.read(store) }
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

    /// Levels, copied names and every `ScreenSource` read against brute force over `state`.
    static func checkReads(
        _ store: SQLiteHabitStore, _ state: StoreState, context: String, using random: inout SeededRandom
    ) async throws {
        #expect(Set(state.levels) == state.recountedLevels, "\(context): levels are a recount of the counters")
        #expect(state.levels.allSatisfy { $0.users > 0 }, "\(context): no empty level is kept")
        try await checkRankTree(store, state, context: context)
        for counter in state.counters {
            let user = state.users[counter.userID]
            #expect(counter.userName == user?.name && counter.userKey == user?.key, "\(context): \(counter)")
        }
        for follow in state.follows {
            let user = state.users[follow.followedID]
            #expect(follow.followedName == user?.name && follow.followedKey == user?.key, "\(context): \(follow)")
        }
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
        let habitsByName = state.habits.values.sorted { StoreState.bytesPrecede($0.name, $1.name) }.map(\.id)
        #expect(reads.habitList == habitsByName, "\(context)")
    }
}

extension ScreenPropertyTests {
    /// The rank tree against brute force: node n of a habit holds the users whose count lies in
    /// (n - lowbit(n), n], and exactly the nodes holding someone are stored.
    static func checkRankTree(_ store: SQLiteHabitStore, _ state: StoreState, context: String) async throws {
        struct Node: Hashable {
            var habitID: Int64
            var node: Int64
        }
        var expectedNodes = Set<Node>()
        for counter in state.counters {
            // Every node whose range holds the count: the count, then each next node up to the root.
            var node = Int64(counter.count)
            while node <= 1 << 32 {
                expectedNodes.insert(Node(habitID: counter.habitID, node: node))
                node += node & -node
            }
        }
        let stored = try await store.storedRankTree()
        #expect(Set(stored.map { Node(habitID: $0.habitID, node: $0.node) }) == expectedNodes, "\(context): tree nodes")
        let countsByHabit = Dictionary(grouping: state.counters.map { ($0.habitID, Int64($0.count)) }, by: \.0)
        for node in stored {
            let range = (node.node - (node.node & -node.node) + 1)...node.node
            let users = countsByHabit[node.habitID, default: []].filter { range.contains($0.1) }.count
            #expect(node.users == users, "\(context): habit \(node.habitID), node \(node.node)")
        }
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
