import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Logging
import Testing

@testable import HabitsServer

/// The hub as it runs: writes come faster than it takes them, so its batches join changes, recheck and
/// patch, and open snapshots past a change. However it got there, once it has taken the last write every
/// open Home must be the one a rebuild makes.
@Suite struct LiveHubPropertyTests {
    static let viewerCount = 60
    static let burstCount = 60
    static let burstLength = 6

    @Test func everyOpenHomeCatchesUpWithWritesFasterThanTheHub() async throws {
        for seed in PropertySeeds.current.seeds(defaultCount: 4) {
            var random = SeededRandom(seed: seed)
            let (store, usersByKey, habitsByName) = try await screenStore()
            let people = usersByKey.values.sorted()
            let habits = habitsByName.values.sorted()
            // Viewers who log little, each favouring two habits and following two of the people who log most, so
            // that one log reaches many Homes (the demo's shape).
            var users = people
            for index in 0..<Self.viewerCount {
                let viewer = try await store.createUser(
                    User(
                        id: 0, key: "viewer\(index)", name: "Viewer \(index)", color: nil, bio: nil, timeZone: "UTC",
                        locale: "en_US"))
                users.append(viewer.id)
            }
            for user in users {
                for habit in habits.shuffled(using: &random).prefix(2) {
                    try await store.setFavorite(userID: user, habitID: habit, true)
                }
                for other in people.filter({ $0 != user }).shuffled(using: &random).prefix(2) {
                    try await store.setFollowing(userID: user, followedID: other, true)
                }
            }
            let hub = ScreenHub(store: store, metrics: ServerMetrics(), logger: Logger(label: "test"))
            let follower = Task { await hub.run() }
            // The follower takes the store's changes from when it starts.
            try await Task.sleep(for: .milliseconds(200))
            let requests = users.map { ScreenRequest(screen: .home, viewerID: $0) }
            var subscriptions: [UUID] = []
            for request in requests {
                subscriptions.append(try await hub.subscribe(request).id)
                _ = try await hub.document(for: request)
            }
            var logs: [Int64] = []
            // Writes in bursts, each faster than the hub takes it; after each burst every open Home must catch
            // up, so that a change the hub lost is seen before a later write repairs it.
            for burst in 0..<Self.burstCount {
                for _ in 0..<Int.random(in: 1...Self.burstLength, using: &random) {
                    let writers = Int.random(in: 0..<5, using: &random) == 0 ? users : people
                    try await LivePropertyTests.write(store, &random, users: writers, habits: habits, logs: &logs)
                }
                var behind = requests
                let deadline = ContinuousClock.now + .seconds(10)
                while !behind.isEmpty && ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                    behind = try await Self.behind(requests, of: hub, in: store)
                }
                if let first = behind.first {
                    let kept = await hub.keptDocument(of: first)
                    let rebuilt = try await rebuiltNow([first], in: store)[first]
                    Issue.record(
                        """
                        seed \(seed) burst \(burst): \(behind.count) Homes never caught up, the first of viewer \
                        \(first.viewerID)
                        kept    \(kept.map(Self.outline) ?? "none")
                        rebuilt \(rebuilt.map(Self.outline) ?? "none")
                        """)
                    break
                }
            }
            for id in subscriptions { await hub.unsubscribe(id) }
            follower.cancel()
        }
    }

    /// A document's items as their ids and fallback lines, to show how two documents differ.
    static func outline(_ document: ScreenDocument) -> String {
        "\(document.revision): " + document.sections.flatMap(\.items).map { item in
            "\(item.id)=\(item.fallback.title)|\(item.fallback.subtitle ?? "")"
        }.joined(separator: "; ")
    }

    /// The requests whose kept document is not what a rebuild makes now.
    static func behind(
        _ requests: [ScreenRequest], of hub: ScreenHub, in store: SQLiteHabitStore
    ) async throws -> [ScreenRequest] {
        let rebuilt = try await rebuiltNow(requests, in: store)
        var behind: [ScreenRequest] = []
        for request in requests {
            let kept = await hub.keptDocument(of: request)
            if let kept, let new = rebuilt[request], kept.showsTheSame(as: new) { continue }
            behind.append(request)
        }
        return behind
    }
}
