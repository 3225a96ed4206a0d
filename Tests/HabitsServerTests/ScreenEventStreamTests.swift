import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import Hummingbird
import Logging
import Testing

@testable import HabitsServer

/// `ScreenService.writeEvents`: what one stream writes as the documents change under it, with its wakes
/// given by the test, so that a stream that fell behind is the same stream on every run.
@Suite struct ScreenEventStreamTests {
    /// The events a stream wrote, by name and data; a keep-alive runs the test's next step instead.
    struct RecordingWriter: ResponseBodyWriter {
        var events: [(name: String, data: String)] = []
        let onKeepAlive: @Sendable () async throws -> Void

        mutating func write(_ buffer: ByteBuffer) async throws {
            let text = String(buffer: buffer)
            if text.hasPrefix(":") {
                try await onKeepAlive()
                return
            }
            let fields = text.split(separator: "\n").compactMap { line -> (Substring, Substring)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon], line[line.index(colon, offsetBy: 2)...])
            }
            let byName = Dictionary(fields, uniquingKeysWith: { first, _ in first })
            events.append((String(byName["event"] ?? ""), String(byName["data"] ?? "")))
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    static func log(_ store: SQLiteHabitStore, _ key: String, _ habit: String) async throws {
        let timestamp = Date(timeIntervalSince1970: 1_795_000_000)
        _ = try await store.log(CourseAPI.LoggedHabit(userID: key, habitName: habit, timestamp: timestamp))
    }

    /// Found by `scripts/live-load.sh` at 5,000 streams: a stream that fell behind was sent the change from
    /// the revision its client held to the newest, and when the documents between undid each other (a
    /// followed person's rank fell and rose again) that change was empty: an event that showed nothing new.
    @Test func aStreamBehindAChangeThatWasUndoneSendsNothingThenTheNextChangeFromWhatItsClientHolds()
        async throws
    {
        let (store, users, _) = try await screenStore()
        let hub = ScreenHub(store: store, metrics: ServerMetrics(), logger: Logger(label: "test"))
        let request = ScreenRequest(screen: .home, viewerID: try #require(users["user0"]))
        // user0 follows user1, who leads Read; user3 passes them, then they tie for first again.
        try await Self.log(store, "user1", "Read")
        let (id, _, _) = try await hub.subscribe(request)
        let shown = try await hub.document(for: request)
        try await Self.log(store, "user3", "Read")
        try await Self.log(store, "user3", "Read")
        let passed = try await hub.document(for: request)
        try await Self.log(store, "user1", "Read")
        let tied = try await hub.document(for: request)
        #expect(!passed.showsTheSame(as: shown))
        #expect(tied.showsTheSame(as: shown) && tied.revision != shown.revision, "the Home came back")

        // The stream sent `shown` and missed the wake for `passed`: the wake it holds is `tied`'s.
        guard case .changes(let undoing) = await hub.nextEvent(for: id, after: passed.revision)?.resolved() else {
            Issue.record("the hub kept no change from \(passed.revision) to \(tied.revision)")
            return
        }
        let (wakes, continuation) = AsyncStream.makeStream(of: ScreenWake.self)
        let subscription = ScreenSubscriptions.Subscription(id: id, wakes: wakes, continuation: continuation)
        continuation.yield(.changed(undoing))
        continuation.yield(.tick)
        // Once the stream has nothing more to say (a keep-alive), a change that shows something new.
        var writer = RecordingWriter {
            try await Self.log(store, "user2", "Swim")
            _ = try await hub.document(for: request)
            guard case .changes(let change) = await hub.nextEvent(for: id, after: tied.revision)?.resolved() else {
                Issue.record("the hub kept no change from \(tied.revision)")
                continuation.finish()
                return
            }
            continuation.yield(.changed(change))
            continuation.finish()
        }
        try await ScreenService.writeEvents(
            subscription, after: shown.revision, hub: hub, to: &writer, encode: ServerSentEvent.encode)
        await hub.unsubscribe(id)

        #expect(writer.events.map(\.name) == ["changes"], "only the change that shows something new")
        let current = try await hub.document(for: request)
        for event in writer.events where event.name == "changes" {
            let change = try JSONDecoder().decode(ScreenChangeset.self, from: Data(event.data.utf8))
            #expect(!change.isEmpty)
            // From the revision the client holds, to what the server shows now.
            #expect(try shown.applying(change) == current)
        }
    }

    /// Seen in CI: a keep-alive queued as the client left was written to the closed connection, and the
    /// write's error ended the stream without the revision its client held, so the instance it resumed on
    /// sent the whole document rather than the changes it missed.
    @Test func aStreamWhoseConnectionWentAnswersTheRevisionItsClientHolds() async throws {
        struct ConnectionGone: Error {}
        let (store, users, _) = try await screenStore()
        let hub = ScreenHub(store: store, metrics: ServerMetrics(), logger: Logger(label: "test"))
        let request = ScreenRequest(screen: .home, viewerID: try #require(users["user0"]))
        let (id, _, _) = try await hub.subscribe(request)
        let shown = try await hub.document(for: request)
        let (wakes, continuation) = AsyncStream.makeStream(of: ScreenWake.self)
        let subscription = ScreenSubscriptions.Subscription(id: id, wakes: wakes, continuation: continuation)
        continuation.yield(.changed(nil))
        continuation.yield(.tick)
        continuation.yield(.tick)
        continuation.finish()
        var writer = RecordingWriter { throw ConnectionGone() }
        let held = try await ScreenService.writeEvents(
            subscription, after: nil, hub: hub, to: &writer, encode: ServerSentEvent.encode)
        await hub.unsubscribe(id)

        #expect(writer.events.map(\.name) == ["document"])
        #expect(held == shown.revision)
    }
}
