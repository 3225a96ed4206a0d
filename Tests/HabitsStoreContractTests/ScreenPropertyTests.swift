import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// After every write of a random sequence, what screens read equals brute force over what the `/v1`
/// listings hold (users, habits, each user's logs, favourites and follows), and the change feed says
/// exactly what changed. HabitsSQLiteTests runs the same writes against SQLite's own tables; both run
/// `ScreenProperty`.
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

    static func check(_ implementation: StoreImplementation, seed: UInt64) async throws {
        let store = try await implementation.makeFixture()
        try await ScreenProperty.run(
            store, seed: seed, read: { try await ScreenModel.listed(in: store) }, model: { $0 })
    }
}
