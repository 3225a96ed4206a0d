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

    static func check(seed: UInt64) async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        try await ScreenProperty.run(
            store, seed: seed, read: { try await StoreState.read(store) }, model: \.model,
            extraChecks: { state, context in try await checkTables(store, state, context: context) })
    }

    /// SQLite's own tables: levels and the rank tree are a recount of the counters, and the names copied
    /// beside counters and follows are current.
    static func checkTables(_ store: SQLiteHabitStore, _ state: StoreState, context: String) async throws {
        #expect(Set(state.levels) == state.recountedLevels, "\(context): levels are a recount of the counters")
        #expect(state.levels.allSatisfy { $0.users > 0 }, "\(context): no empty level is kept")
        try await checkRankTree(store, state, context: context)
        for counter in state.counters {
            let user = state.model.users[counter.userID]
            #expect(counter.userName == user?.name && counter.userKey == user?.key, "\(context): \(counter)")
        }
        for follow in state.follows {
            let user = state.model.users[follow.followedID]
            #expect(follow.followedName == user?.name && follow.followedKey == user?.key, "\(context): \(follow)")
        }
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
