import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import Logging
import Testing

@testable import HabitsServer

/// A clock the test moves: real time plus an offset.
private final class MovableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    func now() -> Date { lock.withLock { Date().addingTimeInterval(offset) } }
    func set(_ instant: Date) { lock.withLock { offset = instant.timeIntervalSince(Date()) } }
}

/// The streak calendar's "today" moves at the viewer's midnight, with no write to tell the hub.
@Suite struct ScreenHubClockTests {
    /// A hub over the fixture whose clock is `clock`, and an open streak calendar of Run for user0.
    private static func openCalendar(
        at instant: Date, clock: MovableClock
    ) async throws -> (ScreenHub, UUID, AsyncStream<ScreenWake>, ScreenDocument) {
        let (store, users, habits) = try await screenStore()
        clock.set(instant)
        let hub = ScreenHub(
            store: store, metrics: ServerMetrics(), logger: Logger(label: "test"), clock: { clock.now() })
        let run: Int64 = try #require(habits["Run"])
        let request = ScreenRequest(screen: .streak, viewerID: try #require(users["user0"]), habitID: run)
        let (id, wake, _) = try await hub.subscribe(request)
        #expect(await ScreenHubWakeTests.wakes(wake, within: 5))
        guard case .document(let first) = try #require(await hub.nextEvent(for: id, after: nil)) else {
            throw ClockTestFailure.noDocument
        }
        return (hub, id, wake, first)
    }

    private enum ClockTestFailure: Error { case noDocument, noChanges }

    /// The item ids of the calendar's day marked today.
    private static func today(in document: ScreenDocument) -> [String] {
        document.sections.flatMap(\.items).compactMap { item in
            guard let day = item.content.as(CalendarDay.self), day.today else { return nil }
            return item.id
        }
    }

    @Test func aCalendarOpenAtMidnightMovesTodayToTheNextDay() async throws {
        let clock = MovableClock()
        let (hub, id, wake, first) = try await Self.openCalendar(
            at: Date(timeIntervalSince1970: 1_795_000_000), clock: clock)
        let end = try #require(await hub.nextDayEnd())
        #expect(end > clock.now())
        #expect(end.timeIntervalSince(clock.now()) <= 86_400 + 3_600)

        // Before the day ends nothing is rebuilt; after, the subscriber gets the change.
        await hub.rebuildPastDayEnds()
        #expect(await hub.nextEvent(for: id, after: first.revision) == nil)
        clock.set(end.addingTimeInterval(1))
        await hub.rebuildPastDayEnds()
        #expect(await ScreenHubWakeTests.wakes(wake, within: 2), "the calendar was not woken at midnight")
        guard
            case .changes(let changeset) = try #require(await hub.nextEvent(for: id, after: first.revision)).resolved()
        else { throw ClockTestFailure.noChanges }
        let moved = try first.applying(changeset)
        #expect(Self.today(in: first).count == 1)
        #expect(Self.today(in: moved).count == 1)
        #expect(Self.today(in: moved) != Self.today(in: first))
        #expect(try #require(await hub.nextDayEnd()) > end)
        await hub.unsubscribe(id)
    }

    @Test func theHubFollowsTheClockByItself() async throws {
        let clock = MovableClock()
        let (hub, id, wake, _) = try await Self.openCalendar(
            at: Date(timeIntervalSince1970: 1_795_000_000), clock: clock)
        let end = try #require(await hub.nextDayEnd())
        clock.set(end.addingTimeInterval(-0.3))
        let follower = Task { await hub.followClock() }
        defer { follower.cancel() }
        #expect(await ScreenHubWakeTests.wakes(wake, within: 5), "the calendar was not woken at midnight")
        #expect(try #require(await hub.nextDayEnd()) > end)
        await hub.unsubscribe(id)
    }
}
