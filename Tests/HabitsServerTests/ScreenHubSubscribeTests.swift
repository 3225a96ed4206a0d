import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import Logging
import Testing

@testable import HabitsServer

/// `ScreenHub.subscribe(_:_:)`: a subscription scoped to its closure ends however the closure ends.
@Suite struct ScreenHubSubscribeTests {
    private struct Left: Error {}

    static func hub() async throws -> (ScreenHub, ScreenRequest, ServerMetrics) {
        let (store, users, _) = try await screenStore()
        let metrics = ServerMetrics()
        let hub = ScreenHub(store: store, metrics: metrics, logger: Logger(label: "test"))
        return (hub, ScreenRequest(screen: .home, viewerID: try #require(users["user0"])), metrics)
    }

    /// Whether the hub holds no subscription and no live screen, as after every stream has ended.
    static func isReleased(_ hub: ScreenHub, _ metrics: ServerMetrics) async -> Bool {
        let subscriptions = await hub.subscriptionCount
        let live = await hub.liveCount
        let watched = await hub.watchedDayEndCount
        return subscriptions == 0 && live == 0 && watched == 0
            && metricValue("habits_live_subscribers", in: metrics) == 0
    }

    @Test func aClosureThatReturnsEndsItsSubscription() async throws {
        let (hub, request, metrics) = try await Self.hub()
        let first = try await hub.subscribe(request) { subscription in
            #expect(await hub.subscriptionCount == 1)
            for await _ in subscription.wakes { break }
            return await hub.nextEvent(for: subscription.id, after: nil)?.resolved()
        }
        guard case .document = first else {
            Issue.record("the first event is the document: \(String(describing: first))")
            return
        }
        #expect(await Self.isReleased(hub, metrics))
        #expect(await hub.holds(request), "the screen is kept while the budget allows")
    }

    @Test func aClosureThatThrowsEndsItsSubscription() async throws {
        let (hub, request, metrics) = try await Self.hub()
        await #expect(throws: Left.self) {
            try await hub.subscribe(request) { _ in throw Left() }
        }
        #expect(await Self.isReleased(hub, metrics))
    }

    @Test func aCancelledClosureEndsItsWakesAndItsSubscription() async throws {
        let (hub, request, metrics) = try await Self.hub()
        let stream = Task {
            try await hub.subscribe(request) { subscription in
                var wakes = 0
                for await _ in subscription.wakes { wakes += 1 }
                return wakes
            }
        }
        while await hub.subscriptionCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        stream.cancel()
        #expect(try await stream.value >= 0)
        #expect(await Self.isReleased(hub, metrics))
    }

    @Test func aScreenThatCannotBeBuiltOpensNothing() async throws {
        let (hub, _, metrics) = try await Self.hub()
        await #expect(throws: HabitsError.self) {
            try await hub.subscribe(ScreenRequest(screen: .home, viewerID: 999_999)) { _ in
                Issue.record("the closure ran for a screen that cannot be built")
            }
        }
        #expect(await Self.isReleased(hub, metrics))
        #expect(await hub.entryCount == 0)
    }

    @Test func aSubscriptionAfterARecentReadFindsTheSameDocument() async throws {
        let (hub, request, _) = try await Self.hub()
        let read = try await hub.document(for: request)
        let first = try await hub.subscribe(request) { subscription in
            await hub.nextEvent(for: subscription.id, after: nil)?.resolved()
        }
        guard case .document(let document) = first else {
            Issue.record("the first event is the document")
            return
        }
        #expect(document == read)
    }
}
