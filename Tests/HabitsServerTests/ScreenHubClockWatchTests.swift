import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import Logging
import Testing

@testable import HabitsServer

/// A clock that stands still until the test moves it.
final class FixedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ instant: Date) { self.instant = instant }

    func now() -> Date { lock.withLock { instant } }
    func set(_ instant: Date) { lock.withLock { self.instant = instant } }
}

/// The clock follower watches only screens it can rebuild: a calendar recorded as gone or dropped leaves
/// the watch, and past its midnight the hub goes on answering every other screen.
@Suite struct ScreenHubClockWatchTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A hub over the fixture whose clock stands at `start`, looking at it every 20 ms.
    static func hub(byteBudget: Int = ScreenHub.defaultByteBudget) async throws
        -> (ScreenHub, FixedClock, SQLiteHabitStore, users: [String: Int64], habits: [String: Int64])
    {
        let (store, users, habits) = try await screenStore()
        let clock = FixedClock(start)
        let hub = ScreenHub(
            store: store, metrics: ServerMetrics(), logger: Logger(label: "test"), clock: { clock.now() },
            byteBudget: byteBudget, clockCheckInterval: .milliseconds(20))
        return (hub, clock, store, users, habits)
    }

    /// Runs `body` while the hub's clock follower runs, then cancels the follower.
    static func whileFollowing<T>(_ hub: ScreenHub, _ body: (Task<Void, Never>) async throws -> T) async rethrows -> T {
        let follower = Task { await hub.followClock() }
        defer { follower.cancel() }
        return try await body(follower)
    }

    /// Whether the hub answers another screen within five seconds. When it does not, `follower` is cancelled
    /// so that the question is answered at last and the test ends: a follower that never suspends still
    /// checks for cancellation.
    static func answers(_ hub: ScreenHub, viewer: Int64, follower: Task<Void, Never>) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                _ = try? await hub.document(for: ScreenRequest(screen: .home, viewerID: viewer))
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return false
            }
            let first = await group.next() ?? false
            if !first { follower.cancel() }
            group.cancelAll()
            return first
        }
    }

    @Test(.timeLimit(.minutes(1))) func aGoneCalendarLeavesTheWatchAndTheOthersMoveOn() async throws {
        let (hub, clock, store, users, habits) = try await Self.hub()
        let run = try #require(habits["Run"])
        let live = ScreenRequest(screen: .streak, viewerID: try #require(users["user0"]), habitID: run)
        let doomed = ScreenRequest(screen: .streak, viewerID: try #require(users["user3"]), habitID: run)
        let (liveID, liveWake, _) = try await hub.subscribe(live)
        let (doomedID, _, _) = try await hub.subscribe(doomed)
        #expect(await ScreenHubWakeTests.wakes(liveWake, within: 5))
        guard case .document(let first) = try #require(await hub.nextEvent(for: liveID, after: nil)) else {
            Issue.record("no first document")
            return
        }
        let liveEnd = try #require(await hub.watchedDayEnd(of: live))
        let doomedEnd = try #require(await hub.watchedDayEnd(of: doomed))

        // The viewer is deleted; a read records the calendar as gone while its subscriber is still there.
        try await store.deleteUser(id: doomed.viewerID, cascade: true)
        await #expect(throws: HabitsError.self) { _ = try await hub.document(for: doomed) }
        guard case .gone = try #require(await hub.nextEvent(for: doomedID, after: nil)) else {
            Issue.record("the deleted viewer's calendar is not gone")
            return
        }
        #expect(await hub.watchedDayEnd(of: doomed) == nil)
        #expect(await hub.nextDayEnd() == liveEnd)

        // Both days end. The follower rebuilds the live calendar, and the hub answers meanwhile.
        clock.set(max(liveEnd, doomedEnd).addingTimeInterval(1))
        try await Self.whileFollowing(hub) { follower in
            #expect(await ScreenHubWakeTests.wakes(liveWake, within: 5), "the live calendar was not woken")
            // After the rebuild, the follower looks at the clock again, and must leave the hub free.
            try await Task.sleep(for: .milliseconds(100))
            #expect(await Self.answers(hub, viewer: live.viewerID, follower: follower), "the hub stopped answering")
        }
        guard case .changes = try #require(await hub.nextEvent(for: liveID, after: first.revision)).resolved() else {
            Issue.record("the live calendar did not move to the next day")
            return
        }
        let next = try #require(await hub.nextDayEnd())
        #expect(next > clock.now())
        #expect(await hub.clockStep() > .zero)
        await hub.unsubscribe(doomedID)
        await hub.unsubscribe(liveID)
        #expect(await hub.watchedDayEndCount == 0)
        #expect(await !hub.holds(doomed), "a gone screen without subscribers is not kept")
    }

    @Test(.timeLimit(.minutes(1))) func aDroppedCalendarLeavesTheWatch() async throws {
        // A budget of one byte keeps nothing without subscribers.
        let (hub, clock, _, users, habits) = try await Self.hub(byteBudget: 1)
        let viewer = try #require(users["user0"])
        let run: Int64 = try #require(habits["Run"])
        let calendar = ScreenRequest(screen: .streak, viewerID: viewer, habitID: run)
        let (id, wake, _) = try await hub.subscribe(calendar)
        #expect(await ScreenHubWakeTests.wakes(wake, within: 5))
        #expect(await hub.nextEvent(for: id, after: nil) != nil, "a subscribed screen is kept past the budget")
        let end = try #require(await hub.nextDayEnd())
        await hub.unsubscribe(id)
        #expect(await !hub.holds(calendar))
        #expect(await hub.watchedDayEndCount == 0)
        #expect(await hub.nextDayEnd() == nil)

        clock.set(end.addingTimeInterval(1))
        await Self.whileFollowing(hub) { follower in
            try? await Task.sleep(for: .milliseconds(100))
            #expect(await Self.answers(hub, viewer: viewer, follower: follower), "the hub stopped answering")
        }
        #expect(await hub.watchedDayEndCount == 0)
    }

    @Test(.timeLimit(.minutes(1))) func anIdleCalendarIsNotWatched() async throws {
        let (hub, clock, _, users, habits) = try await Self.hub()
        let viewer = try #require(users["user0"])
        let run: Int64 = try #require(habits["Run"])
        let calendar = ScreenRequest(screen: .streak, viewerID: viewer, habitID: run)
        _ = try await hub.document(for: calendar)
        #expect(await hub.holds(calendar))
        #expect(await hub.watchedDayEndCount == 0)
        let (id, _, _) = try await hub.subscribe(calendar)
        let end = try #require(await hub.watchedDayEnd(of: calendar))
        await hub.unsubscribe(id)
        #expect(await hub.holds(calendar), "an idle screen is kept within the budget")
        #expect(await hub.watchedDayEndCount == 0)

        clock.set(end.addingTimeInterval(1))
        #expect(await hub.clockStep() == .milliseconds(20))
        await Self.whileFollowing(hub) { follower in
            try? await Task.sleep(for: .milliseconds(100))
            #expect(await Self.answers(hub, viewer: viewer, follower: follower), "the hub stopped answering")
        }
    }
}
