import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import Logging
import Testing

@testable import HabitsServer

/// Whoever's read records a screen's new document, its subscribers hear of it.
@Suite struct ScreenHubWakeTests {
    /// Whether `wake` delivers within `seconds`. A wait that times out ends the stream (its iterator is
    /// cancelled), so only the last wait on a stream may time out.
    static func wakes(_ wake: AsyncStream<ScreenWake>, within seconds: Double) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in wake { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// A page's read (`GET /v1/screens/…`) that builds the new document before the hub's own rebuild used to
    /// leave the rebuild nothing new, and the open stream was never told (found by the browser tests).
    @Test func aDocumentRecordedByARequestWakesTheSubscribers() async throws {
        let (store, users, _) = try await screenStore()
        // The hub does not follow the store here, as if its rebuild were still to come.
        let hub = ScreenHub(store: store, metrics: ServerMetrics(), logger: Logger(label: "test"))
        let request = ScreenRequest(screen: .home, viewerID: try #require(users["user0"]))
        let (id, wake, _) = try await hub.subscribe(request)
        #expect(await Self.wakes(wake, within: 5))
        let initial = try #require(await hub.nextEvent(for: id, after: nil))
        guard case .document(let first) = initial else {
            Issue.record("first event: \(initial)")
            return
        }
        #expect(await hub.nextEvent(for: id, after: first.revision) == nil)  // it has the current document

        let timestamp = Date(timeIntervalSince1970: 1_795_000_000)
        _ = try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: timestamp))
        let read = try await hub.document(for: request)
        #expect(await Self.wakes(wake, within: 2), "the subscriber was not woken")
        let next = try #require(await hub.nextEvent(for: id, after: first.revision)).resolved()
        guard case .changes(let changeset) = next else {
            Issue.record("next event: \(next)")
            return
        }
        #expect(changeset.revision == read.revision)
        #expect(!changeset.isEmpty)
        await hub.unsubscribe(id)
    }
}
